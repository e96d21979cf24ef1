/**
 * `wikiq/credentials`: the client's credentials for one endpoint, handed to the catalogue provider
 * so that endpoint's catalogue is fetched as the signed-in user (and its content looked up as them:
 * the content provider asks the catalogue provider for the session; `changed` forgets the answers
 * given to whoever was signed in before). In memory only; never logged
 * (the log names the endpoint and the user, not the secret); none while the workspace is untrusted.
 */
import type { Connection } from 'vscode-languageserver/node';
import { CredentialsParams, SetCredentialsRequest } from '../../common/protocol';
import { CREDENTIALS_KEY_ENV, Credentials, ServerCatalogueProvider, describeCredentials, errorMessage, unsealCredentials } from '../../engine/src';

export function listenForCredentials(
  connection: Connection, provider: () => ServerCatalogueProvider, trusted: () => boolean, log: (m: string) => void,
  changed: (endpoint: string) => void = () => undefined,
  // No `process` in a web worker (the server in the browser), and no credentials there either.
  key: string | undefined = typeof process === 'undefined' ? undefined : process.env[CREDENTIALS_KEY_ENV],
): void {
  connection.onRequest(SetCredentialsRequest, (p: CredentialsParams) => {
    try {
      if (p.credentials && !trusted()) return { error: 'Credentials are not used in an untrusted workspace.' };
      const c = p.credentials;
      const creds: Credentials | undefined = !c ? undefined : 'sealed' in c ? unsealCredentials(c.sealed, key) : c;
      provider().setCredentials(p.endpoint, creds);
      changed(p.endpoint);
      log(creds ? `wikiq: the catalogue of ${p.endpoint} is fetched with ${describeCredentials(creds)}` : `wikiq: the catalogue of ${p.endpoint} is fetched anonymously`);
      return {};
    } catch (e) {
      return { error: errorMessage(e) };
    }
  });
}
