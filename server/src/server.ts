/**
 * The language server: wires LSP to the pure language core and nothing else. Every handler is
 * wrapped so an error is logged and answered, cancellation is honoured; edits are kept inside the
 * document and parses cached by version and text (documents.ts). Runs as `node dist/server.js
 * --stdio` (any LSP editor) or under VS Code's client (IPC); `args.ts` reads the command line,
 * `clientSupport.ts` what the client supports, `settings.ts` the `wikiq` settings of other editors.
 */
import {
  CancellationToken, CancellationTokenSource, CompletionList, CompletionParams, Connection, Diagnostic, Hover, HoverParams, LSPErrorCodes, ResponseError,
  TextDocumentPositionParams, TextDocumentSyncKind, TextDocuments,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CatalogueInfoRequest, CatalogueStatusNotification, EnvironmentParams, InitializationOptions, RefreshCatalogueRequest, RunFieldsNotification, SetEnvironmentNotification,
} from '../../common/protocol';
import { COMPLETION_TRIGGERS, endpointFor, getLanguageService, requestAt, withContentDiagnostics, type Catalogue, type LanguageService, type WikiqFile } from '../../core/src';
import { type HttpLogEntry, type ServerCatalogueProvider, VERSION, WikiContentProvider, createLiveProvider } from '../../engine/src';
import type { ServerOptions } from './args';
import { catalogueFailureMessages } from './catalogueMessages';
import { listenForCredentials } from './credentials';
import { ClientSupport, clientSupport } from './clientSupport';
import { RunFields } from './runFields';
import { requestRefAt } from '../../common/requestRef';

import { ParseCache, updateSafely } from './documents';
import { SettingsWatcher } from './settings';

/**
 * How long a completion or hover waits for a wiki's catalogue being fetched for the first time
 * (as the JSON language service waits for a schema); past it, completion answers from the bundled
 * catalogue with `isIncomplete: true`, so the editor asks again.
 */
export const CATALOGUE_WAIT_MS = 2000;

/** `f` on the next turn of the event loop: Node's setImmediate, or a timer of 0 in a web worker (the server in the browser). */
function nextTurn(f: () => void): { cancel(): void } {
  if (typeof setImmediate === 'function') {
    const i = setImmediate(f);
    return { cancel: () => clearImmediate(i) };
  }
  const t = setTimeout(f, 0);
  return { cancel: () => clearTimeout(t) };
}

/** How long after a document's diagnostics its content pass starts (#31): an edit within it cancels the pass unstarted. */
export const CONTENT_DELAY_MS = 300;

/** A document's content pass: for which version, text and environment, the plain diagnostics it publishes with, its delay. */
interface ContentPass {
  source: CancellationTokenSource;
  version: number;
  text: string;
  env: string;
  plain: Diagnostic[];
  delay?: { cancel(): void };
}

/** `f` after `ms` (a timer, in Node and in a web worker). */
function nextTurnAfter(ms: number, f: () => void): { cancel(): void } {
  const t = setTimeout(f, ms);
  return { cancel: () => clearTimeout(t) };
}

/**
 * How the server starts: its options, and where its bundled catalogue comes from — read by the Node
 * server itself (main.ts), handed over by the web extension in `initializationOptions` (browserServer.ts).
 */
export interface ServerStart extends ServerOptions {
  bundled(init: InitializationOptions): Catalogue;
}

export function startServer(connection: Connection, options: ServerStart): void {
  const logError = (m: string) => connection.console.error(m);
  const parsed = new ParseCache();
  const documents = new TextDocuments<TextDocument>({
    create: TextDocument.create,
    update: (doc, changes, version) => updateSafely(doc, changes, version, logError, (c) => parsed.changed(doc.uri, c)),
  });
  /** `--log-timing`: log how long parsing and validation take (benchmarks, diagnosis). */
  const timing = options.logTiming;
  const log = (m: string) => connection.console.log(m);
  let environment: EnvironmentParams = { trusted: true };
  let cacheDir = options.cacheDir;
  let userAgent: string | undefined;
  let timeoutMs = options.catalogueTimeoutMs;
  /** Made at `initialize` (no request comes before it), from the client's options and the bundled catalogue. */
  let provider!: ServerCatalogueProvider;
  /** Content lookups: only in a trusted workspace, with the setting on. */
  const contentAllowed = () => environment.contentLookups !== false && environment.trusted;
  /** `--log-timing`: each content lookup's exchange, with when it started and ended (ms since the epoch). */
  const onExchange = timing ? (e: HttpLogEntry) => log(`wikiq: content lookup ${e.status} from ${Date.now() - e.ms} to ${Date.now()}: ${e.url}`) : undefined;
  /** Content lookups on a wiki signed in to go signed in, on the catalogue's session. */
  const sessionFor = (endpoint: string) => provider.sessionFor(endpoint);
  let content = new WikiContentProvider({ allowed: contentAllowed, log, onExchange, sessionFor });
  let support: ClientSupport | undefined;
  let settings: SettingsWatcher | undefined;
  /** The record fields of each request's last run (the client tells them; cleared as documents close). */
  const runFields = new RunFields();
  const service = () => getLanguageService({
    catalogues: provider,
    content,
    completionItemDefaults: support?.itemDefaults ?? [],
    completionTriggerCommand: support?.triggerCommand,
    completionResolve: support?.resolve ?? true,
    environment: () => environment,
    runFields: (uri, request) => {
      const doc = documents.get(uri);
      const ref = doc && requestRefAt(uri, fileOf(doc).requests, request.index);
      return ref && runFields.get(ref);
    },
    incremental: true,
    onError: (feature, e) => connection.console.error(`wikiq: ${feature} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`),
  });
  let ls!: LanguageService;

  const fileOf = (doc: TextDocument): WikiqFile => parsed.get(doc);

  /** Wraps a handler: unknown documents and errors answer `fallback`; cancellation answers the LSP cancel error. */
  function handle<P extends { textDocument: { uri: string } }, R>(name: string, fallback: R, f: (doc: TextDocument, file: WikiqFile, p: P, token: CancellationToken) => R) {
    return (p: P, token: CancellationToken): R | ResponseError<void> => {
      if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
      const doc = documents.get(p.textDocument.uri);
      if (!doc) return fallback;
      try {
        return f(doc, fileOf(doc), p, token);
      } catch (e) {
        connection.console.error(`wikiq: ${name} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        return fallback;
      }
    };
  }

  /**
   * Waits (at most CATALOGUE_WAIT_MS, or until cancelled) for the first catalogue of the endpoint of
   * the request at `position`; true when it is still on its way.
   */
  async function catalogueStillComing(p: TextDocumentPositionParams, token: CancellationToken): Promise<boolean> {
    const doc = documents.get(p.textDocument.uri);
    if (!doc || token.isCancellationRequested) return false;
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      const file = fileOf(doc);
      const endpoint = endpointFor(file, requestAt(file, doc.offsetAt(p.position)), environment);
      return (await provider.waitForFirst(endpoint, CATALOGUE_WAIT_MS, abort.signal)) === 'pending';
    } catch (e) {
      logError(`wikiq: waiting for the catalogue failed: ${String(e)}`);
      return false;
    } finally {
      cancelled.dispose();
    }
  }

  connection.onInitialize((params) => {
    const opts = (params.initializationOptions ?? {}) as InitializationOptions;
    if (opts.cacheDir) cacheDir = opts.cacheDir;
    support = clientSupport(params);
    settings = new SettingsWatcher(connection, support, !!opts.environment, setEnvironment);
    if (opts.catalogueTimeoutMs && opts.catalogueTimeoutMs > 0) timeoutMs = opts.catalogueTimeoutMs;
    if (opts.userAgent) userAgent = opts.userAgent;
    if (opts.environment) environment = opts.environment;
    provider = createLiveProvider({ bundled: options.bundled(opts), cacheDir, userAgent, log, timeoutMs });
    content = new WikiContentProvider({ allowed: contentAllowed, log, userAgent, onExchange, sessionFor });
    provider.setFetchAllowed((endpoint) => environment.trusted || endpoint === environment.endpoint);
    provider.onStatus(catalogueFailureMessages(connection));
    provider.onStatus((status) => {
      void connection.sendNotification(CatalogueStatusNotification, status);
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
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS.map((t) => t.char), resolveProvider: true },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix', 'refactor.rewrite'] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
      },
      serverInfo: { name: 'wikiq', version: VERSION },
    };
  });

  connection.onInitialized(() => void settings?.initialized());

  const complete = handle('completion', Promise.resolve<CompletionList>({ isIncomplete: false, items: [] }), (doc, file, p: CompletionParams, token: CancellationToken) => ls.doCompleteContent(doc, p.position, file, token));
  connection.onCompletion(async (p, token) => {
    const stillComing = await catalogueStillComing(p, token);
    const list = await complete(p, token);
    // Answered from a stand-in catalogue: the editor asks again as the user types.
    if (stillComing && !(list instanceof ResponseError)) list.isIncomplete = true;
    return list;
  });
  connection.onCompletionResolve((item, token) => {
    if (token.isCancellationRequested) return item;
    try {
      return ls.doResolve(item);
    } catch (e) {
      connection.console.error(`wikiq: completion resolve failed: ${String(e)}`);
      return item;
    }
  });
  const hover = handle('hover', Promise.resolve<Hover | null>(null), (doc, file, p: HoverParams, token: CancellationToken) => ls.doHoverContent(doc, p.position, file, token));
  connection.onHover(async (p, token) => {
    await catalogueStillComing(p, token);
    return hover(p, token);
  });
  connection.onCodeAction(handle('codeAction', [], (doc, file, p) => ls.doCodeActions(doc, p.range, p.context, file)));
  connection.onDocumentSymbol(handle('documentSymbol', [], (doc, file) => ls.findDocumentSymbols(doc, file)));
  connection.onFoldingRanges(handle('foldingRange', [], (doc, file) => ls.getFoldingRanges(doc, file)));

  listenForCredentials(connection, () => provider, () => environment.trusted, log, (endpoint) => content.clear(endpoint));
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
    content.clear(endpoint);
    return provider.refresh(endpoint);
  });
  function setEnvironment(env: EnvironmentParams): void {
    environment = env;
    for (const doc of documents.all()) validateSoon(doc);
  }
  connection.onNotification(SetEnvironmentNotification, (env) => {
    settings?.clientManaged();
    setEnvironment(env);
  });
  connection.onNotification(RunFieldsNotification, (p) => { runFields.set(p); });

  // Diagnostics: pushed after each change, debounced per document so typing stays fluid.
  const timers = new Map<string, { cancel(): void }>();
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
      // The same text in the same environment (a catalogue arrived, a change that changed nothing):
      // its content diagnostics stay with the plain ones until the pass below publishes again.
      const kept = contentPublished.get(doc.uri);
      const same = kept && kept.text === doc.getText() && kept.env === JSON.stringify(environment);
      void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: same ? withContentDiagnostics(diagnostics, kept.content) : diagnostics });
      validateContent(doc, file, diagnostics);
    } catch (e) {
      connection.console.error(`wikiq: validation failed: ${String(e)}`);
    }
  }
  /**
   * Content diagnostics (#31), after the plain ones were sent (which never wait for the wiki): the
   * wiki asked about the names the document sends; published with the plain ones again, for the
   * same version, when the document has not changed meanwhile. A newer edit (or closing the
   * document) cancels the pass, and with it its HTTP request; validating the same text again in the
   * same environment (a catalogue arrived) keeps the pass, which then publishes with the newer plain
   * diagnostics. No pass where lookups are not allowed.
   */
  const contentPasses = new Map<string, ContentPass>();
  /** The content diagnostics a finished pass found, by document, with the text and environment they are of; replaced by the next pass, dropped on close. */
  const contentPublished = new Map<string, { text: string; env: string; content: Diagnostic[] }>();
  function validateContent(doc: TextDocument, file: WikiqFile, plain: Diagnostic[]): void {
    const { uri, version } = doc;
    const text = doc.getText();
    const env = JSON.stringify(environment);
    const running = contentPasses.get(uri);
    if (running && running.version === version && running.text === text && running.env === env) {
      running.plain = plain;
      return;
    }
    cancelContent(uri);
    if (!contentAllowed()) {
      // `--log-timing`: said, so a test can tell the pass was left out (rather than not yet started).
      if (timing) log(`wikiq: no content pass for ${uri} (content lookups not allowed)`);
      return;
    }
    const pass: ContentPass = { source: new CancellationTokenSource(), version, text, env, plain };
    contentPasses.set(uri, pass);
    const current = () => {
      const d = documents.get(uri);
      return contentPasses.get(uri) === pass && !!d && d.version === version && d.getText() === text;
    };
    // CONTENT_DELAY_MS after the plain diagnostics: while the user types, each edit cancels the
    // pass before it has cost anything (reading the values, a lookup for half a word).
    pass.delay = nextTurnAfter(CONTENT_DELAY_MS, () => {
      if (!current()) return;
      void ls.doValidateContent(doc, file, pass.source.token).then((content) => {
        const still = current();
        if (contentPasses.get(uri) === pass) {
          contentPasses.delete(uri);
          pass.source.dispose();
        }
        if (!still) return;
        contentPublished.set(uri, { text, env, content });
        if (content.length) void connection.sendDiagnostics({ uri, version, diagnostics: withContentDiagnostics(pass.plain, content) });
      });
    });
  }
  function cancelContent(uri: string): void {
    const pass = contentPasses.get(uri);
    contentPasses.delete(uri);
    pass?.delay?.cancel();
    pass?.source.cancel();
    pass?.source.dispose();
  }
  function validateSoon(doc: TextDocument, delay = options.debounceMs): void {
    cancelValidation(doc.uri);
    const run = () => {
      timers.delete(doc.uri);
      const current = documents.get(doc.uri);
      if (current) validate(current);
    };
    // No debounce: as soon as the request read with the change is answered (a timer of 0 would
    // wait a millisecond). vscode-jsonrpc handles one message per turn of the event loop and
    // writes each answer on a turn of its own (its write semaphore), so waiting three turns lets a
    // completion or hover sent right behind an edit be answered and written first: the user waits
    // for that answer, and diagnostics follow it within the same millisecond.
    if (delay > 0) {
      const t = setTimeout(run, delay);
      timers.set(doc.uri, { cancel: () => clearTimeout(t) });
      return;
    }
    const turn = (left: number) => timers.set(doc.uri, nextTurn(left > 1 ? () => turn(left - 1) : run));
    turn(3);
  }
  function cancelValidation(uri: string): void {
    timers.get(uri)?.cancel();
    timers.delete(uri);
  }
  documents.onDidOpen((e) => validate(e.document));
  documents.onDidChangeContent((e) => {
    const last = validated.get(e.document.uri);
    if (last?.version !== e.document.version || last.text !== e.document.getText()) {
      cancelContent(e.document.uri);
      validateSoon(e.document);
    }
  });
  documents.onDidClose((e) => {
    parsed.delete(e.document.uri);
    ls.forget(e.document.uri);
    runFields.forget(e.document.uri);
    validated.delete(e.document.uri);
    cancelValidation(e.document.uri);
    cancelContent(e.document.uri);
    contentPublished.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  documents.listen(connection);
  connection.listen();
  log(`wikiq language server started (catalogue cache: ${cacheDir})`);
}
