/**
 * What the desktop extension does differently from the web one, in one place: the language server
 * as a Node process (IPC) with its catalogue cache on disk, signed-in wikis (credentials sealed to
 * the server), exports written atomically to disk. The web bundle (scripts/webBuild.mjs) takes
 * `platform.web.ts` instead; both export the same names (test/unit/web-bundle.test.ts).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { BaseLanguageClient, LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import type { InitializationOptions } from '../../common/protocol';
import type { Catalogue } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { CREDENTIALS_KEY_ENV, newSealKey, writeAtomic } from '../../engine/src/index';
import type { Environments } from './environments';
import { WikiAuth } from './run/auth';
import { keepServerSignedIn } from './run/serverCredentials';
import { type McpOffer, offerMcpServer } from './mcpProvider';
import { WriteCommands } from './results/writes';
import type { RunCommands } from './run/commands';
import type { ResultsPanelManager } from './results/panelManager';
import type { RunHistoryCommands } from './results/historyCommands';
import { VERSION } from '../../common/version';

/** Where the extension runs: `desktop` (a Node extension host) or `browser` (a web worker). */
export const PLATFORM: 'desktop' | 'browser' = 'desktop';

export interface StartedClient {
  client: BaseLanguageClient;
  /** Signed-in wikis and the promise that the server holds their latest credentials. */
  signedIn(auth: WikiAuth, ready: Promise<void>, output: vscode.LogOutputChannel): vscode.Disposable & { settled(): Promise<unknown> };
}

/** The language client of a Node language server (`dist/server.js`, over IPC), its catalogues cached on disk. */
export function languageClient(context: vscode.ExtensionContext, options: LanguageClientOptions & { initializationOptions: InitializationOptions }): Promise<StartedClient> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const cacheDir = path.join(context.globalStorageUri.fsPath, 'catalogues');
  // The server is plain `node` with the extension host's environment plus the key credentials cross
  // to it under (see run/serverCredentials.ts), given in its environment only.
  const sealKey = newSealKey();
  const env = { ...process.env, [CREDENTIALS_KEY_ENV]: sealKey };
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, args: ['--cache-dir', cacheDir], options: { env } },
    debug: { module: serverModule, transport: TransportKind.ipc, args: ['--cache-dir', cacheDir], options: { env, execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const initializationOptions: InitializationOptions = { ...(options.initializationOptions as InitializationOptions), cacheDir };
  const client = new LanguageClient('wikiq', 'wikiq language server', serverOptions, { ...options, initializationOptions });
  return Promise.resolve({ client, signedIn: (auth, ready, output) => keepServerSignedIn(client, ready, auth, sealKey, output) });
}

/** `wikiq mcp` offered to the editor's agents, where the editor has the API (mcpProvider.ts). */
export function offerMcp(context: vscode.ExtensionContext, log: (line: string) => void): McpOffer | undefined {
  return offerMcpServer(context, VERSION, log);
}

/** Signed-in wikis: offered on the desktop. */
export function wikiAuth(context: vscode.ExtensionContext, environments: Environments): WikiAuth {
  return new WikiAuth(context.secrets, context.globalState, environments);
}

/** The bundled catalogue (running and copying requests): dist/bundled-paraminfo.json, required beside the bundle. */
export function loadBundledCatalogue(_context: vscode.ExtensionContext): Promise<Catalogue> {
  return Promise.resolve(bundledCatalogue());
}

/** What writes are offered with: a preview and its Save (./results/writes), where there is one. */
export interface WritesOffer extends vscode.Disposable {
  readonly writes?: WriteCommands;
}

/** Previews and saves of writes (#39), through the desktop's signed-in sessions. */
export function offerWrites(run: RunCommands, panels: ResultsPanelManager, auth: WikiAuth, history: RunHistoryCommands): WritesOffer {
  const writes = new WriteCommands(run, panels, auth, history);
  return { writes, dispose: () => writes.dispose() };
}

/** Writes an export: atomically on disk for a file, through the editor's file system otherwise. */
export async function writeExport(uri: vscode.Uri, content: string): Promise<void> {
  if (uri.scheme === 'file') writeAtomic(uri.fsPath, content);
  else await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
}
