/**
 * `wikiq/credentials`: the client's credentials for one endpoint, handed to the catalogue provider
 * so that endpoint's catalogue is fetched as the signed-in user (and its content looked up as them:
 * the content provider asks the catalogue provider for the session; `changed` forgets the answers
 * given to whoever was signed in before, and has the write diagnostics made again). In memory only; never logged
 * (the log names the endpoint and the user, not the secret); none while the workspace is untrusted.
 */
import type { Connection } from 'vscode-languageserver/node';
import { CredentialsParams, SetCredentialsRequest } from '../../common/protocol';
import { CREDENTIALS_KEY_ENV, Credentials, ServerCatalogueProvider, credentialKey, describeCredentials, errorMessage, unsealCredentials } from '../../engine/src';

/**
 * Which endpoints the client holds credentials for (by credential key), as it said at `initialize`
 * (`signedInEndpoints`) and with each `wikiq/credentials` since: the language service's `signedIn`
 * fact, a yes or no, never a secret. Unknown (undefined) while the client has said neither.
 */
export class SignedInEndpoints {
  private keys: Set<string> | undefined;

  /** What the client said at `initialize`. */
  reset(endpoints: readonly string[] | undefined): void {
    this.keys = endpoints ? new Set(endpoints.map(keyOf).filter((k) => k !== undefined)) : undefined;
  }

  set(endpoint: string, signedIn: boolean): void {
    const key = keyOf(endpoint);
    if (key === undefined) return;
    this.keys ??= new Set();
    if (signedIn) this.keys.add(key);
    else this.keys.delete(key);
  }

  has(endpoint: string): boolean | undefined {
    const key = keyOf(endpoint);
    return this.keys && key !== undefined ? this.keys.has(key) : undefined;
  }
}

/** The credential key of an endpoint; undefined for what is no URL (`{{wiki}}/api.php`). */
function keyOf(endpoint: string): string | undefined {
  try {
    return credentialKey(endpoint);
  } catch {
    return undefined;
  }
}

export function listenForCredentials(
  connection: Connection, provider: () => ServerCatalogueProvider, trusted: () => boolean, log: (m: string) => void,
  changed: (endpoint: string, signedIn: boolean) => void = () => undefined,
  // No `process` in a web worker (the server in the browser), and no credentials there either.
  key: string | undefined = typeof process === 'undefined' ? undefined : process.env[CREDENTIALS_KEY_ENV],
): void {
  connection.onRequest(SetCredentialsRequest, (p: CredentialsParams) => {
    try {
      if (p.credentials && !trusted()) return { error: 'Credentials are not used in an untrusted workspace.' };
      const c = p.credentials;
      const creds: Credentials | undefined = !c ? undefined : 'sealed' in c ? unsealCredentials(c.sealed, key) : c;
      provider().setCredentials(p.endpoint, creds);
      changed(p.endpoint, !!creds);
      log(creds ? `wikiq: the catalogue of ${p.endpoint} is fetched with ${describeCredentials(creds)}` : `wikiq: the catalogue of ${p.endpoint} is fetched anonymously`);
      return {};
    } catch (e) {
      return { error: errorMessage(e) };
    }
  });
}
