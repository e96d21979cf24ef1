/** The two one-line forms: the URL the runner sends for the first batch, and a curl command fetching it. */
import { apiUrl } from '../urlForm';

/** Quotes one argument for a POSIX shell. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `curl --compressed -H 'User-Agent: …' '<url>'`. */
export function curlCommand(url: string, userAgent: string): string {
  return `curl --compressed -H ${shellQuote(`User-Agent: ${userAgent}`)} ${shellQuote(url)}`;
}

/**
 * A curl command for a signed-in wiki: never the secret, a placeholder the shell expands instead —
 * `$WIKIQ_TOKEN` for an OAuth token, `$WIKIQ_COOKIE` (the session cookie of a bot-password
 * sign-in) otherwise.
 */
export function signedInCurl(curl: string, kind: 'botpassword' | 'oauth' | undefined): string {
  if (!kind) return curl;
  const header = kind === 'oauth' ? '-H "Authorization: Bearer $WIKIQ_TOKEN"' : '-b "$WIKIQ_COOKIE"';
  return curl.replace(/^curl /, `curl ${header} `);
}

export { apiUrl };
