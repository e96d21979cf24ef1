/**
 * `platform.ts` in the web bundle (vscode.dev, github.dev; scripts/webBuild.mjs): the language
 * server in a web worker (`dist/web/server.js`), catalogues kept in its memory; no signed-in wikis,
 * and the sign-in commands say why; exports written through the editor's file system.
 */
import * as vscode from 'vscode';
import type { McpOffer } from './mcpProvider';
import { BaseLanguageClient, LanguageClient, LanguageClientOptions } from 'vscode-languageclient/browser';
import type { InitializationOptions } from '../../common/protocol';
import type { Environments } from './environments';
import { WikiAuth } from './run/auth';

/** The worker global of the browser (this package is type-checked with Node's types, not the DOM's). */
declare const Worker: new (url: string) => ConstructorParameters<typeof LanguageClient>[3];

export const PLATFORM: 'desktop' | 'browser' = 'browser';

/** Why signing in is not offered in the browser, and what works instead: the sign-in commands show it. */
export const BROWSER_SIGN_IN = 'Signing in is not available in the browser: use VS Code on the desktop for signed-in wikis. MediaWiki\'s cookie sessions work across sites only for page origins the wiki lists in $wgCrossSiteAJAXdomains, and the origin of vscode.dev or github.dev is not one a wiki can list (it is not fixed). MediaWiki 1.44 and later also take an OAuth 2 access token with crossorigin requests, which wikiq does not offer in the browser yet. Anonymous requests work here.';

export interface StartedClient {
  client: BaseLanguageClient;
  signedIn(auth: WikiAuth, ready: Promise<void>, output: vscode.LogOutputChannel): vscode.Disposable & { settled(): Promise<unknown> };
}

/**
 * The server's worker. A web extension installed on a remote (code-server, Codespaces) lives at a
 * `vscode-remote:` location, from which VS Code's worker extension host starts no worker; its
 * `fetch` reads such locations, so the script is read and started from a blob. Elsewhere (vscode.dev:
 * an https location) the worker starts from the script's own URL.
 */
async function serverWorker(script: vscode.Uri): Promise<ConstructorParameters<typeof LanguageClient>[3]> {
  if (script.scheme !== 'vscode-remote') return new Worker(script.toString(true));
  const res = await fetch(script.toString(true));
  if (!res.ok) throw new Error(`the language server's script ${script.toString(true)} could not be read (HTTP ${res.status})`);
  return new Worker(URL.createObjectURL(new Blob([await res.text()], { type: 'application/javascript' })));
}

/** The language client of the server in a web worker; no credentials cross to it. */
export async function languageClient(context: vscode.ExtensionContext, options: LanguageClientOptions & { initializationOptions: InitializationOptions }): Promise<StartedClient> {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vscode-languageclient/browser's types name the DOM's Worker, which this Node-typed package lacks
  const worker = await serverWorker(vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js'));
  const client: BaseLanguageClient = new LanguageClient('wikiq', 'wikiq language server', options, worker);
  return { client, signedIn: () => Object.assign(new vscode.Disposable(() => undefined), { settled: () => Promise.resolve() }) };
}

/** Signed-in wikis: not in the browser; the commands say why. */
export function wikiAuth(context: vscode.ExtensionContext, environments: Environments): WikiAuth {
  return new WikiAuth(context.secrets, context.globalState, environments, BROWSER_SIGN_IN);
}

/** No `wikiq mcp` in the browser: there is no process to start. */
export function offerMcp(_context: vscode.ExtensionContext, _log: (line: string) => void): McpOffer | undefined {
  return undefined;
}

/** Writes an export through the editor's file system (the workspace's, wherever it lives). */
export async function writeExport(uri: vscode.Uri, content: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
}
