/**
 * "Copy as curl" for a wiki you are signed in to: never the secret, a placeholder the shell
 * expands instead — `$WIKIQ_TOKEN` for an OAuth token, `$WIKIQ_COOKIE` (the session cookie of a
 * bot-password sign-in) otherwise.
 */
export type CredentialKind = 'botpassword' | 'oauth';

export { signedInCurl } from '../../../core/src';

/** The status bar text for an endpoint: who you are there, or that you are not signed in. */
export function signedInLabel(kind: CredentialKind | undefined, name: string | undefined): string {
  if (!kind) return '$(account) not signed in';
  return `$(account) ${name ?? (kind === 'oauth' ? 'OAuth token' : 'bot password')}`;
}
