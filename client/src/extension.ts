/**
 * The VS Code client: starts the language server, keeps it told of the active environment and of
 * workspace trust, and shows which catalogue the active file uses. Commands that run requests live
 * in their own modules.
 *
 * A workspace with `.wikiq` files activates the extension at startup (`workspaceContains`), so the
 * Testing view lists their tests; the language server starts only with the first `.wikiq` document
 * (or `startServer`), so an activation with none open starts no process and reads no file.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import type { Catalogue } from '../../core/src';
import {
  CatalogueInfoRequest, CatalogueStatus, CatalogueStatusNotification, InitializationOptions, RefreshCatalogueRequest, RunFieldsNotification, SetEnvironmentNotification,
} from '../../common/protocol';
import { requestRefAt } from '../../common/requestRef';
import { requestsOf, parse } from '../../core/src';
import { completionUntilReady } from './completionUntilReady';
import { Environments } from './environments';
import { RunCommands } from './run/commands';
import type { WikiAuth } from './run/auth';
// The desktop's or the browser's: the web bundle takes platform.web.ts (scripts/webBuild.mjs).
import { PLATFORM, languageClient, loadBundledCatalogue, offerMcp, offerWrites, wikiAuth, type StartedClient } from './platform';
import { checksOf } from './results/checks';
import { ResultsPanelManager } from './results/panelManager';
import type { PanelProbe } from './results/probe';
import { RunDriver } from './results/runDriver';
import { RunHistoryCommands } from './results/historyCommands';
import { runFieldsOf } from './run/runFields';
import { TestExplorer } from './run/testExplorer';

let client: BaseLanguageClient | undefined;

export interface WikiqApi {
  client: BaseLanguageClient;
  environments: Environments;
  /** Resolves once the server has answered `initialize` (it starts with the first `.wikiq` document, or `startServer`). */
  ready: Promise<void>;
  /** Starts the language server if it has not started; resolves once it answered `initialize` (tests, Refresh catalogue). */
  startServer(): Promise<void>;
  /** Whether the language server was started (tests: activation at startup starts none). */
  serverStarted(): boolean;
  /** Run commands (the last run, for tests). */
  run: RunCommands;
  /** Signed-in wikis (tests). */
  auth: WikiAuth;
  /** Resolves once the server holds the latest credentials (tests). */
  serverSignedIn: () => Promise<unknown>;
  /** The open results panels, as the tests see them (only under VS Code's test harness: ./results/probe). */
  resultsPanels: () => PanelProbe[];
  /** Restores a results panel from the state its view saved, as VS Code's serializer does after a reload (tests). */
  reviveResults: (panel: vscode.WebviewPanel, state: unknown) => PanelProbe;
  /** Run history and Compare (tests). */
  history: RunHistoryCommands;
  /** Write previews and their Save (tests: the last state); none in the browser. */
  writes: ReturnType<typeof offerWrites>['writes'];
  /** Which bundle runs: `desktop` (Node extension host) or `browser` (web worker; client/src/platform.web.ts). */
  platform: typeof PLATFORM;
  /** The Test Explorer: its `TestController`, its Run profile's runs (with their reports) and when a file's items change (tests). */
  tests: TestExplorer;
  /** Whether `wikiq mcp` is offered to the editor's agents (the editor has VS Code's MCP API; desktop only). */
  mcpOffered: boolean;
  /** The MCP server definitions offered now (none where nothing is offered). */
  mcpServers(): unknown[];
}

/** A promise with its settle functions, for what another part of activation settles later. */
interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (e: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function activate(context: vscode.ExtensionContext): WikiqApi {
  const output = vscode.window.createOutputChannel('wikiq', { log: true });
  const environments = new Environments(context.workspaceState);
  context.subscriptions.push(output, environments);

  // Registered before the client is made: a completion asked while the server starts waits for it.
  const clientMade = deferred<BaseLanguageClient>();
  context.subscriptions.push(completionUntilReady(clientMade.promise, () => client));
  const mcp = registerMcp(context, output);
  const auth = wikiAuth(context, environments);
  const ready = deferred<void>();
  ready.promise.catch(() => undefined); // a failed start is said once (in startServer); awaiting `ready` still fails
  const status = catalogueStatusBar(context, environments, ready.promise);
  const server = lazyLanguageServer({ context, output, environments, auth, clientMade, ready, status });
  registerEnvironmentCommands(context, environments, server.start, ready.promise, status);
  const results = registerResults(context, environments, output, auth);
  startOnFirstWikiqDocument(context, server.start);
  void status.refresh();
  return {
    // The client made when the server started (read once `ready` resolved).
    get client() {
      return client!;
    },
    environments, ready: ready.promise, startServer: server.start, serverStarted: server.started, run: results.run, auth,
    serverSignedIn: async () => {
      await ready.promise;
      return server.signedIn()?.settled();
    }, resultsPanels: () => results.panels.allProbes(), reviveResults: (panel, state) => results.panels.probeOf(results.panels.revive(panel, state)),
    history: results.history, writes: results.writes, tests: results.tests, platform: PLATFORM, mcpOffered: mcp !== undefined, mcpServers: () => mcp?.definitions() ?? [],
  };
}

/** Offers `wikiq mcp` to the editor's agents where the editor can take it; undefined where nothing is offered. */
function registerMcp(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): ReturnType<typeof offerMcp> {
  const mcp = offerMcp(context, (line) => output.warn(line));
  if (mcp) context.subscriptions.push(mcp);
  return mcp;
}

/** The status bar item: environment and catalogue of the active file. */
interface CatalogueStatusBar {
  /** Shows this catalogue status (undefined: not known yet). */
  show(st: CatalogueStatus | undefined): void;
  /** Asks the server for the active file's catalogue (once it is ready) and shows it. */
  refresh(): Promise<void>;
}

function catalogueStatusBar(context: vscode.ExtensionContext, environments: Environments, ready: Promise<void>): CatalogueStatusBar {
  const status = vscode.window.createStatusBarItem('wikiq.status', vscode.StatusBarAlignment.Left, 50);
  status.name = 'wikiq';
  status.command = 'wikiq.selectEnvironment';
  context.subscriptions.push(status);
  let lastStatus: CatalogueStatus | undefined;
  const render = () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'wikiq') {
      status.hide();
      return;
    }
    const env = environments.activeName();
    const s = lastStatus;
    const cat = !s ? 'catalogue…' : s.loading ? 'loading catalogue…' : s.source === 'cached' ? `cached ${s.fetchedAt ? s.fetchedAt.slice(0, 10) : ''}`.trim() : s.source;
    status.text = `$(globe) ${env ?? 'no environment'} · ${cat}${s?.mwVersion ? ` · MW ${s.mwVersion}` : ''}${s?.error ? ' $(warning)' : ''}`;
    status.tooltip = new vscode.MarkdownString([
      `**wikiq** — environment: ${env ?? '*none*'}`,
      s?.endpoint ? `Endpoint: \`${s.endpoint}\`` : 'No endpoint: the bundled catalogue is used.',
      s ? `Catalogue: ${s.source}${s.fetchedAt ? ` (fetched ${s.fetchedAt})` : ''}${s.mwVersion ? `, MediaWiki ${s.mwVersion}` : ''}${s.user ? `, as ${s.user}` : ''}` : '',
      s?.error ? `⚠ ${s.error}` : '',
      'Click to select an environment.',
    ].filter(Boolean).join('\n\n'));
    status.show();
  };
  const show = (st: CatalogueStatus | undefined) => {
    lastStatus = st;
    render();
  };
  const refresh = async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'wikiq') return render();
    let st: CatalogueStatus | undefined;
    try {
      await ready;
      st = await client!.sendRequest(CatalogueInfoRequest, { uri: editor.document.uri.toString() });
    } catch {
      st = undefined;
    }
    show(st);
  };
  return { show, refresh };
}

interface LanguageServerParts {
  context: vscode.ExtensionContext;
  output: vscode.LogOutputChannel;
  environments: Environments;
  auth: WikiAuth;
  clientMade: Deferred<BaseLanguageClient>;
  ready: Deferred<void>;
  status: CatalogueStatusBar;
}

/** The language server, started once on demand (`start`); `ready` settles with its `initialize`. */
function lazyLanguageServer({ context, output, environments, auth, clientMade, ready, status }: LanguageServerParts) {
  let signedIn: ReturnType<StartedClient['signedIn']> | undefined;
  let starting: Promise<void> | undefined;
  /** Makes and starts the language client, once (its options read then: the environment, the user agent). */
  const start = (): Promise<void> => (starting ??= (async () => {
    const config = vscode.workspace.getConfiguration('wikiq');
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    context.subscriptions.push(watcher);
    const clientOptions: LanguageClientOptions & { initializationOptions: InitializationOptions } = {
      documentSelector: [{ language: 'wikiq' }],
      outputChannel: output,
      // Files made or removed: a value read from one (`text = < ./page.wiki`) is checked again.
      synchronize: { fileEvents: watcher },
      initializationOptions: {
        userAgent: config.get<string>('userAgent') || undefined,
        environment: environments.current(),
        triggerSuggest: true,
        // Which wikis have credentials (endpoints only): a write to one without is an error.
        signedInEndpoints: vscode.workspace.isTrusted ? auth.endpoints() : [],
      } satisfies InitializationOptions,
    };
    try {
      const started = await languageClient(context, clientOptions);
      const c = started.client;
      client = c;
      clientMade.resolve(c);
      c.onNotification(CatalogueStatusNotification, (st) => {
        if (st.error) output.warn(st.error);
        status.show(st);
      });
      signedIn = started.signedIn(auth, ready.promise, output);
      context.subscriptions.push(signedIn);
      await c.start();
      ready.resolve();
      void status.refresh();
    } catch (e) {
      ready.reject(e);
      void vscode.window.showErrorMessage(`wikiq: the language server did not start: ${e instanceof Error ? e.message : String(e)}`);
    }
  })());
  return { start, started: () => starting !== undefined, signedIn: () => signedIn };
}

/** Keeps the status bar and the server told of the active file and environment; Select environment, Refresh catalogue. */
function registerEnvironmentCommands(
  context: vscode.ExtensionContext, environments: Environments, startServer: () => Promise<void>, ready: Promise<void>, status: CatalogueStatusBar,
): void {
  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor(() => void status.refresh()),
    vscode.workspace.onDidSaveTextDocument((d) => { if (d.languageId === 'wikiq') void status.refresh(); }),
    environments.onDidChange(async (env) => {
      await ready;
      await client!.sendNotification(SetEnvironmentNotification, env);
      void status.refresh();
    }),
    vscode.commands.registerCommand('wikiq.selectEnvironment', () => environments.select()),
    vscode.commands.registerCommand('wikiq.refreshCatalogue', async () => {
      const editor = vscode.window.activeTextEditor;
      await startServer();
      await ready;
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'wikiq: refreshing catalogue' },
        () => client!.sendRequest(RefreshCatalogueRequest, { uri: editor?.document.languageId === 'wikiq' ? editor.document.uri.toString() : undefined }),
      );
      status.show(result);
      if (result.error) void vscode.window.showWarningMessage(`wikiq: ${result.error}`);
      else void vscode.window.showInformationMessage(`wikiq: catalogue of ${result.endpoint ?? 'the wiki'} refreshed${result.mwVersion ? ` (MediaWiki ${result.mwVersion})` : ''}.`);
      return result;
    }),
  );
}

/** The results panels, the run commands, the run history and the Test Explorer, wired to each other. */
function registerResults(context: vscode.ExtensionContext, environments: Environments, output: vscode.LogOutputChannel, auth: WikiAuth) {
  const escapeFormulas = () => vscode.workspace.getConfiguration('wikiq').get<boolean>('csv.escapeFormulas') !== false;
  // The results panels (and their serializer); each panel and its engine binding know each other only through ./results/port.
  // Render reports are a test hook: on only under VS Code's test harness.
  const panels = new ResultsPanelManager({
    media: vscode.Uri.joinPath(context.extensionUri, 'dist', 'media'),
    driver: (panel, session, grew) => new RunDriver(panel, session, escapeFormulas, grew),
    reportRenders: context.extensionMode === vscode.ExtensionMode.Test,
  });
  // The bundled catalogue, read on first use (a run, a copy, a pasted URL) and kept while the
  // extension runs (it never changes); the desktop's requires it, the web's reads it from the package.
  let bundled: Promise<Catalogue> | undefined;
  const catalogue = () => (bundled ??= loadBundledCatalogue(context));
  // The request is named once (its RequestRef: panel, history and run fields key on it).
  const run = new RunCommands(environments, output, catalogue, (session, document) => {
    const text = document.getText();
    const ref = requestRefAt(document.uri.toString(), requestsOf(parse(text)), session.request.index);
    if (!ref) return undefined;
    const fields = client?.isRunning() ? runFieldsOf(ref, session.result()) : undefined;
    if (fields) void client!.sendNotification(RunFieldsNotification, fields).catch(() => undefined);
    return panels.showRun(session, ref, checksOf(text, session.request.index, environments.current()));
  }, auth, (document, index) => {
    const ref = requestRefAt(document.uri.toString(), requestsOf(parse(document.getText())), index);
    if (ref) panels.stopRun(ref);
  });
  const history = new RunHistoryCommands(context, environments, run, panels, auth);
  const tests = new TestExplorer(run, environments);
  const writes = offerWrites(run, panels, auth, history);
  context.subscriptions.push(panels, history, tests, writes);
  context.subscriptions.push(run, auth);
  return { panels, run, history, tests, writes: writes.writes };
}

/** The server starts with the first .wikiq document (one open already, or the next one opened). */
function startOnFirstWikiqDocument(context: vscode.ExtensionContext, startServer: () => Promise<void>): void {
  const isWikiq = (d: vscode.TextDocument) => d.languageId === 'wikiq';
  if (vscode.workspace.textDocuments.some(isWikiq)) void startServer();
  else {
    const opened = vscode.workspace.onDidOpenTextDocument((d) => {
      if (!isWikiq(d)) return;
      opened.dispose();
      void startServer();
    });
    context.subscriptions.push(opened);
  }
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
}
