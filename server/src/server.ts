/**
 * The language server: wires LSP to the pure language core and nothing else. Every handler is
 * wrapped so an error is logged and answered, cancellation is honoured; edits are kept inside the
 * document and parses cached by version and text (documents.ts). Runs as `node dist/server.js
 * --stdio` (any LSP editor) or under VS Code's client (IPC). Options: `--cache-dir DIR` (catalogue cache), `--catalogue-timeout-ms N` (default 15000).
 */
import {
  CancellationToken, Connection, DidChangeConfigurationNotification, LSPErrorCodes, ProposedFeatures, ResponseError,
  TextDocumentSyncKind, TextDocuments, createConnection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CatalogueInfoRequest, CatalogueStatusNotification, EnvironmentParams, RefreshCatalogueRequest, SetEnvironmentNotification,
} from '../../common/protocol';
import { endpointFor, getLanguageService, type WikiqFile } from '../../core/src';
import { ParseCache, updateSafely } from './documents';
import { createLiveProvider } from './live/liveProvider';

export function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i >= 0 && i + 1 < argv.length) return argv[i + 1];
  const pre = argv.find((a) => a.startsWith(name + '='));
  return pre ? pre.slice(name.length + 1) : undefined;
}

export function startServer(connection: Connection, argv: string[]): void {
  const logError = (m: string) => connection.console.error(m);
  const documents = new TextDocuments<TextDocument>({
    create: TextDocument.create,
    update: (doc, changes, version) => updateSafely(doc, changes, version, logError),
  });
  /** `--log-timing`: log how long parsing and validation take (benchmarks, diagnosis). */
  const timing = argv.includes('--log-timing');
  const log = (m: string) => connection.console.log(m);
  let environment: EnvironmentParams = { trusted: true };
  let cacheDir = argValue(argv, '--cache-dir');
  let userAgent: string | undefined;
  const timeoutArg = Number(argValue(argv, '--catalogue-timeout-ms'));
  let timeoutMs = Number.isFinite(timeoutArg) && timeoutArg > 0 ? timeoutArg : 15000;
  let provider = createLiveProvider({ cacheDir, log, timeoutMs });
  let itemDefaults: readonly string[] = [];
  const service = () => getLanguageService({
    catalogues: provider,
    completionItemDefaults: itemDefaults,
    environment: () => environment,
    onError: (feature, e) => connection.console.error(`wikiq: ${feature} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`),
  });
  let ls = service();

  const parsed = new ParseCache();
  const fileOf = (doc: TextDocument): WikiqFile => parsed.get(doc);

  /** Wraps a handler: unknown documents and errors answer `fallback`; cancellation answers the LSP cancel error. */
  function handle<P extends { textDocument: { uri: string } }, R>(name: string, fallback: R, f: (doc: TextDocument, file: WikiqFile, p: P) => R) {
    return (p: P, token: CancellationToken): R | ResponseError<void> => {
      if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
      const doc = documents.get(p.textDocument.uri);
      if (!doc) return fallback;
      try {
        return f(doc, fileOf(doc), p);
      } catch (e) {
        connection.console.error(`wikiq: ${name} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        return fallback;
      }
    };
  }

  connection.onInitialize((params) => {
    const opts = (params.initializationOptions ?? {}) as { cacheDir?: string; userAgent?: string; environment?: EnvironmentParams; catalogueTimeoutMs?: number };
    if (opts.cacheDir) cacheDir = opts.cacheDir;
    itemDefaults = params.capabilities.textDocument?.completion?.completionList?.itemDefaults ?? [];
    if (opts.catalogueTimeoutMs && opts.catalogueTimeoutMs > 0) timeoutMs = opts.catalogueTimeoutMs;
    if (opts.userAgent) userAgent = opts.userAgent;
    if (opts.environment) environment = opts.environment;
    provider = createLiveProvider({ cacheDir, userAgent, log, timeoutMs });
    provider.setFetchAllowed((endpoint) => environment.trusted || endpoint === environment.endpoint);
    provider.onStatus((status) => {
      connection.sendNotification(CatalogueStatusNotification, status);
      // Only a newly arrived catalogue changes diagnostics (a failure keeps the one in use).
      if (status.loading || status.error) return;
      for (const doc of documents.all()) {
        const file = fileOf(doc);
        if (file.requests.some((r) => endpointFor(file, r, environment) === status.endpoint)) validateSoon(doc);
      }
    });
    ls = service();
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['=', '|', '{', ' '], resolveProvider: true },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix', 'refactor.rewrite'] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
      },
      serverInfo: { name: 'wikiq', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    connection.client.register(DidChangeConfigurationNotification.type, undefined).catch(() => undefined);
  });

  connection.onCompletion(handle('completion', { isIncomplete: false, items: [] }, (doc, file, p) => ls.doComplete(doc, p.position, file)));
  connection.onCompletionResolve((item, token) => {
    if (token.isCancellationRequested) return item;
    try {
      return ls.doResolve(item);
    } catch (e) {
      connection.console.error(`wikiq: completion resolve failed: ${String(e)}`);
      return item;
    }
  });
  connection.onHover(handle('hover', null, (doc, file, p) => ls.doHover(doc, p.position, file)));
  connection.onCodeAction(handle('codeAction', [], (doc, file, p) => ls.doCodeActions(doc, p.range, p.context, file)));
  connection.onDocumentSymbol(handle('documentSymbol', [], (doc, file) => ls.findDocumentSymbols(doc, file)));
  connection.onFoldingRanges(handle('foldingRange', [], (doc, file) => ls.getFoldingRanges(doc, file)));

  connection.onRequest(CatalogueInfoRequest, (p) => {
    const doc = documents.get(p.uri);
    const file = doc ? fileOf(doc) : undefined;
    const endpoint = file ? endpointFor(file, file.requests[0], environment) : environment.endpoint;
    return provider.status(endpoint);
  });
  connection.onRequest(RefreshCatalogueRequest, async (p) => {
    const doc = p.uri ? documents.get(p.uri) : undefined;
    const file = doc ? fileOf(doc) : undefined;
    const endpoint = p.endpoint ?? (file ? endpointFor(file, file.requests[0], environment) : environment.endpoint);
    if (!endpoint) return { source: 'bundled' as const, error: 'No endpoint: set @endpoint in the file or choose an environment.' };
    return provider.refresh(endpoint);
  });
  connection.onNotification(SetEnvironmentNotification, (env) => {
    environment = env;
    for (const doc of documents.all()) validateSoon(doc);
  });

  // Diagnostics: pushed after each change, debounced per document so typing stays fluid.
  const timers = new Map<string, NodeJS.Timeout>();
  /** What was last validated: its version and text (a change may reuse a version number). */
  const validated = new Map<string, { version: number; text: string }>();
  function validate(doc: TextDocument): void {
    validated.set(doc.uri, { version: doc.version, text: doc.getText() });
    try {
      const t0 = timing ? performance.now() : 0;
      const file = fileOf(doc);
      const t1 = timing ? performance.now() : 0;
      const diagnostics = ls.doValidation(doc, file);
      if (timing) connection.console.log(`wikiq: parsed ${doc.uri} in ${(t1 - t0).toFixed(1)} ms, validated in ${(performance.now() - t1).toFixed(1)} ms`);
      connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    } catch (e) {
      connection.console.error(`wikiq: validation failed: ${String(e)}`);
    }
  }
  function validateSoon(doc: TextDocument, delay = 120): void {
    const t = timers.get(doc.uri);
    if (t) clearTimeout(t);
    timers.set(doc.uri, setTimeout(() => {
      timers.delete(doc.uri);
      const current = documents.get(doc.uri);
      if (current) validate(current);
    }, delay));
  }
  documents.onDidOpen((e) => validate(e.document));
  documents.onDidChangeContent((e) => {
    const last = validated.get(e.document.uri);
    if (last?.version !== e.document.version || last.text !== e.document.getText()) validateSoon(e.document);
  });
  documents.onDidClose((e) => {
    parsed.delete(e.document.uri);
    validated.delete(e.document.uri);
    const t = timers.get(e.document.uri);
    if (t) clearTimeout(t);
    connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  documents.listen(connection);
  connection.listen();
  log(`wikiq language server started${cacheDir ? ` (catalogue cache: ${cacheDir})` : ''}`);
}

if (require.main === module) {
  process.on('uncaughtException', (e) => {
    process.stderr.write(`wikiq server: uncaught error: ${e instanceof Error ? e.stack : String(e)}\n`);
  });
  startServer(createConnection(ProposedFeatures.all), process.argv);
}
