/**
 * The language server: wires LSP to the pure language core and nothing else. Runs as `node
 * dist/server.js --stdio` (any LSP editor) or under VS Code's client (IPC); `args.ts` reads the
 * command line. Per concern, as VS Code's json-language-features does: `context.ts` (the
 * environment, the providers and the language service), `features.ts` (completion, hover, …),
 * `pipeline.ts` (each open document's state, dropped when it closes), `diagnostics.ts` (when the
 * plain and content passes run), `documents.ts` (edits applied safely, trees), `clientSupport.ts`,
 * `settings.ts`, `credentials.ts`, `catalogueMessages.ts`, `runFields.ts`.
 */
import { type Connection, type InitializeResult, TextDocumentSyncKind, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CatalogueInfoRequest, CatalogueStatusNotification, type EnvironmentParams, type InitializationOptions, RefreshCatalogueRequest, RunFieldsNotification, SetEnvironmentNotification,
} from '../../common/protocol';
import { requestsOf, COMPLETION_TRIGGERS, endpointFor, paramsOf, type WikiqFile } from '../../core/src';
import { VERSION } from '../../engine/src';
import { catalogueFailureMessages } from './catalogueMessages';
import { clientSupport } from './clientSupport';
import { ServerContext, type ServerStart } from './context';
import { listenForCredentials } from './credentials';
import { DiagnosticsScheduler } from './diagnostics';
import { updateSafely } from './documents';
import { registerFeatures } from './features';
import { Pipelines } from './pipeline';
import { readRunFields } from './runFields';
import { SettingsWatcher } from './settings';

export { CONTENT_DELAY_MS } from './diagnostics';
export { CATALOGUE_WAIT_MS } from './features';

export type { ServerStart } from './context';

/** Whether a request of the file reads a value from a file. */
function readsFiles(file: WikiqFile): boolean {
  return requestsOf(file).some((r) => paramsOf(r).some((p) => p.value?.file !== undefined));
}

/** The server's answer to `initialize`: the context set up, the catalogue's status followed, the capabilities. */
function initialize(
  connection: Connection, ctx: ServerContext, documents: TextDocuments<TextDocument>, diagnostics: DiagnosticsScheduler,
  opts: InitializationOptions, support: ReturnType<typeof clientSupport>,
): InitializeResult {
  ctx.initialize(opts, support);
  ctx.provider.onStatus(catalogueFailureMessages(connection));
  ctx.provider.onStatus((status) => {
    void connection.sendNotification(CatalogueStatusNotification, status);
    // Only a newly arrived catalogue changes diagnostics (a failure keeps the one in use).
    if (status.loading || status.error) return;
    for (const doc of documents.all()) {
      const file = ctx.fileOf(doc);
      if (requestsOf(file).some((r) => endpointFor(file, r, ctx.environment) === status.endpoint)) diagnostics.soon(doc);
    }
  });
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: COMPLETION_TRIGGERS.map((t) => t.char), resolveProvider: true },
      hoverProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix', 'refactor.rewrite'] },
      documentSymbolProvider: true,
      foldingRangeProvider: true,
    },
    serverInfo: { name: 'wikiq', version: VERSION },
  };
}

export function startServer(connection: Connection, options: ServerStart): void {
  const pipelines = new Pipelines();
  const logError = (m: string) => connection.console.error(m);
  const documents = new TextDocuments<TextDocument>({
    create: (uri, languageId, version, text) => {
      pipelines.open(uri);
      return TextDocument.create(uri, languageId, version, text);
    },
    update: (doc, changes, version) => updateSafely(doc, changes, version, logError, (c, before) => pipelines.get(doc.uri)?.edited(c, before)),
  });
  const ctx = new ServerContext(connection, options, documents, pipelines);
  const diagnostics = new DiagnosticsScheduler({
    connection, documents, pipelines, ls: () => ctx.ls, contentAllowed: ctx.contentAllowed, debounceMs: options.debounceMs, timing: !!options.logTiming,
  });
  let settings: SettingsWatcher | undefined;
  const setEnvironment = (env: EnvironmentParams) => {
    ctx.environment = env;
    pipelines.environment++;
    diagnostics.all();
  };

  connection.onInitialize((params) => {
    const opts = (params.initializationOptions ?? {}) as InitializationOptions;
    const support = clientSupport(params);
    settings = new SettingsWatcher(connection, support, !!opts.environment, setEnvironment);
    return initialize(connection, ctx, documents, diagnostics, opts, support);
  });
  connection.onInitialized(() => void settings?.initialized());
  registerFeatures(ctx);

  listenForCredentials(connection, () => ctx.provider, () => ctx.environment.trusted, ctx.log, (endpoint, signedIn) => {
    ctx.content.clear(endpoint);
    ctx.signedIn.set(endpoint, signedIn);
    diagnostics.all();
  });
  // A file a value is read from (`text = < ./page.wiki`) made or removed: the documents that read
  // one are validated again (the kept diagnostics ask whether their files exist: validationCache.ts).
  connection.onDidChangeWatchedFiles(() => {
    for (const doc of documents.all()) if (readsFiles(ctx.fileOf(doc))) diagnostics.soon(doc);
  });
  connection.onRequest(CatalogueInfoRequest, (p) => ctx.provider.status(ctx.endpointOf(p.uri)));
  connection.onRequest(RefreshCatalogueRequest, async (p) => {
    const endpoint = p.endpoint ?? ctx.endpointOf(p.uri);
    if (!endpoint) return { source: 'bundled' as const, error: 'No endpoint: set @endpoint in the file or choose an environment.' };
    ctx.content.clear(endpoint);
    return ctx.provider.refresh(endpoint);
  });
  connection.onNotification(SetEnvironmentNotification, (env) => {
    settings?.clientManaged();
    setEnvironment(env);
  });
  connection.onNotification(RunFieldsNotification, (params) => {
    const p = readRunFields(params);
    if (p) pipelines.get(p.uri)?.runFields.set(p.request, p.fields);
  });

  documents.onDidOpen((e) => diagnostics.opened(e.document));
  documents.onDidChangeContent((e) => diagnostics.changed(e.document));
  documents.onDidClose((e) => diagnostics.closed(e.document.uri));
  documents.listen(connection);
  connection.listen();
  ctx.log(`wikiq language server started (catalogue cache: ${ctx.cacheDir})`);
}
