/**
 * `platform.ts` in the web bundle (vscode.dev, github.dev; scripts/webBuild.mjs): the language
 * server in a web worker (`dist/web/server.js`), catalogues kept in its memory; no signed-in wikis,
 * and the sign-in commands say why; exports written through the editor's file system.
 */
import * as vscode from 'vscode';
import type { McpOffer } from './mcpProvider';
import { BaseLanguageClient, LanguageClient, LanguageClientOptions } from 'vscode-languageclient/browser';
import type { InitializationOptions } from '../../common/protocol';
import { readBundledCatalogue, type Catalogue } from '../../core/src';
import type { Environments } from './environments';
import { WikiAuth } from './run/auth';
import type { RunCommands } from './run/commands';
import type { ResultsPanelManager } from './results/panelManager';
import type { RunHistoryCommands } from './results/historyCommands';

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

/**
 * The data of the bundled catalogue, read from the package (dist/bundled-paraminfo.json) with the
 * runtime's `fetch`, as the server's script is read above: no web bundle embeds it.
 */
async function packagedCatalogue(context: vscode.ExtensionContext): Promise<unknown> {
  const file = vscode.Uri.joinPath(context.extensionUri, 'dist', 'bundled-paraminfo.json').toString(true);
  const res = await fetch(file);
  if (!res.ok) throw new Error(`the bundled catalogue ${file} could not be read (HTTP ${res.status})`);
  return res.json();
}

/** The bundled catalogue (running and copying requests), read from the package. */
export async function loadBundledCatalogue(context: vscode.ExtensionContext): Promise<Catalogue> {
  return readBundledCatalogue(await packagedCatalogue(context));
}

/** The language client of the server in a web worker, handed the bundled catalogue; no credentials cross to it. */
export async function languageClient(context: vscode.ExtensionContext, options: LanguageClientOptions & { initializationOptions: InitializationOptions }): Promise<StartedClient> {
  const initializationOptions: InitializationOptions = { ...(options.initializationOptions as InitializationOptions), bundledCatalogue: await packagedCatalogue(context) };
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vscode-languageclient/browser's types name the DOM's Worker, which this Node-typed package lacks
  const worker = await serverWorker(vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js'));
  const client: BaseLanguageClient = new LanguageClient('wikiq', 'wikiq language server', { ...options, initializationOptions }, worker);
  return { client, signedIn: () => Object.assign(new vscode.Disposable(() => undefined), { settled: () => Promise.resolve() }) };
}

/** Signed-in wikis: not in the browser; the commands say why. */
export function wikiAuth(context: vscode.ExtensionContext, environments: Environments): WikiAuth {
  return new WikiAuth(context.secrets, context.globalState, environments, BROWSER_SIGN_IN);
}

/** Why writes are neither previewed nor saved in the browser: the Preview command says it. */
export const BROWSER_WRITES = 'Writes are not previewed or saved in the browser: a save needs a signed-in session, which VS Code in the browser does not offer, and wikiq never saves anonymously. Use VS Code on the desktop (or `wikiq run FILE --dry-run` for a preview).';

/** What writes are offered with: nothing to save with here. */
export interface WritesOffer extends vscode.Disposable {
  readonly writes?: undefined;
}

/** No previews or saves of writes in the browser (no sign-in: see BROWSER_SIGN_IN); ▶ Preview's command says why. The engine's write code stays out of the web bundle. */
export function offerWrites(_run: RunCommands, _panels: ResultsPanelManager, _auth: WikiAuth, _history: RunHistoryCommands): WritesOffer {
  return vscode.commands.registerCommand('wikiq.preview', () => void vscode.window.showInformationMessage(`wikiq: ${BROWSER_WRITES}`));
}

/** No `wikiq mcp` in the browser: there is no process to start. */
export function offerMcp(_context: vscode.ExtensionContext, _log: (line: string) => void): McpOffer | undefined {
  return undefined;
}

/** Writes an export through the editor's file system (the workspace's, wherever it lives). */
export async function writeExport(uri: vscode.Uri, content: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
}
