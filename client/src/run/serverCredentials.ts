/**
 * Keeps the language server told of the credentials in SecretStorage, so each signed-in wiki's
 * catalogue is fetched as its user: every stored endpoint once the server is up, then each sign-in
 * and sign-out, and all of them when the workspace becomes trusted (none before). What crosses is
 * sealed with this session's key (`engine/src/auth/sealed.ts`): a verbose trace shows no secret.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SetCredentialsRequest } from '../../../common/protocol';
import { sealCredentials } from '../../../engine/src/index';
import type { WikiAuth } from './auth';

export function keepServerSignedIn(client: LanguageClient, ready: Promise<void>, auth: WikiAuth, key: string, output: vscode.LogOutputChannel): vscode.Disposable & { settled(): Promise<unknown> } {
  const send = async (endpoint: string) => {
    await ready;
    const creds = await auth.credentials(endpoint);
    const r = await client.sendRequest(SetCredentialsRequest, { endpoint, credentials: creds ? { sealed: sealCredentials(creds, key) } : undefined });
    if (r.error) output.warn(`wikiq: the catalogue of ${endpoint} is not fetched signed in: ${r.error}`);
  };
  const sendAll = () => Promise.all(auth.endpoints().map((e) => send(e).catch((err) => output.warn(`wikiq: ${String(err)}`))));
  /** Resolves once the server holds every stored endpoint's credentials (tests wait for it). */
  let latest: Promise<unknown> = vscode.workspace.isTrusted ? sendAll() : Promise.resolve();
  const disposables = [
    auth.onDidChangeCredentials((endpoint) => (latest = send(endpoint).catch((err) => output.warn(`wikiq: ${String(err)}`)))),
    vscode.workspace.onDidGrantWorkspaceTrust(() => (latest = sendAll())),
  ];
  return Object.assign(vscode.Disposable.from(...disposables), { settled: () => latest });
}
