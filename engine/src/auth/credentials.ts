/**
 * Credentials and where they may go. A credential belongs to one endpoint (its exact origin and
 * path, the key it is stored under) and is sent only to that endpoint's origin, only over https
 * (plain http for loopback addresses only), and never across a redirect (see `http.ts`).
 */
import { WikiqError } from '../errors';

/** A bot password (Special:BotPasswords, user `User@BotName`) or an OAuth 2 owner-only access token. */
export type Credentials =
  | { kind: 'botpassword'; user: string; password: string }
  | { kind: 'oauth'; token: string };

/** The key credentials are stored under: the endpoint's exact origin and path (no query, no fragment). */
export function credentialKey(endpoint: string): string {
  const u = new URL(endpoint);
  return `${u.origin}${u.pathname}`;
}

/** 127.0.0.0/8, ::1 and `localhost`: the only hosts plain http may carry credentials to. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Why credentials may not be used for `endpoint`, or undefined when they may. */
export function credentialRefusal(endpoint: string): string | undefined {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return `${endpoint} is not a valid URL`;
  }
  if (u.protocol === 'https:') return undefined;
  if (u.protocol === 'http:' && isLoopback(u.hostname)) return undefined;
  return `credentials are sent only over https (plain http only to a loopback address), and ${u.origin} is ${u.protocol.replace(':', '')}`;
}

/** Throws when credentials may not be used for `endpoint`. */
export function assertCredentialsAllowed(endpoint: string): void {
  const why = credentialRefusal(endpoint);
  if (why) throw new WikiqError('refused', `Not signing in to ${endpoint}: ${why}.`);
}

/** Whether `url` is on the origin credentials for `endpoint` may be sent to. */
export function sameOrigin(url: string, endpoint: string): boolean {
  try {
    return new URL(url).origin === new URL(endpoint).origin;
  } catch {
    return false;
  }
}

/** The secrets of `c` (to search for in logs and exports, or to mask). */
export function secretsOf(c: Credentials): string[] {
  return c.kind === 'oauth' ? [c.token] : [c.password];
}

/** `text` with every secret of `c` replaced by `***`. */
export function maskSecrets(text: string, c: Credentials | undefined): string {
  if (!c) return text;
  let out = text;
  for (const s of secretsOf(c)) if (s) out = out.split(s).join('***');
  return out;
}

/** Who the credentials name, for a status bar or a log line (never the secret). */
export function describeCredentials(c: Credentials): string {
  return c.kind === 'oauth' ? 'an OAuth access token' : `the bot password of ${c.user}`;
}
