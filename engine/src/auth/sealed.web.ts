/**
 * `sealed.ts` in the web bundles (scripts/webBuild.mjs): in the browser no credentials cross to the
 * language server, because signed-in wikis are not offered there (see client/src/platform.web.ts),
 * so there is nothing to seal; a call says so instead of failing silently.
 */
import { WikiqError } from '../errors';
import type { Credentials } from './credentials';

export const CREDENTIALS_KEY_ENV = 'WIKIQ_CREDENTIALS_KEY';

const refused = () => new WikiqError('refused', 'Signed-in wikis are not available in the browser: credentials are not sealed nor sent to the language server there.');

export function newSealKey(): string {
  throw refused();
}

export function sealCredentials(_c: Credentials, _key: string): string {
  throw refused();
}

export function unsealCredentials(_sealed: string, _key: string | undefined): Credentials {
  throw refused();
}
