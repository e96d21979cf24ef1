/**
 * What the server's handlers share: the environment (from exactly one place: the client's
 * `wikiq/setEnvironment`, when it passed `environment` at start, or the `wikiq` settings), the
 * catalogue provider, the content provider and the language service over them. The catalogue and
 * content clients share one `HostScheduler` (#40): one request in flight per wiki from this server,
 * whatever asks, signed in or not. `initialize` remakes them with what the client said.
 */
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { EnvironmentParams, InitializationOptions } from '../../common/protocol';
import { requestCount, requestOf, requestsOf, endpointFor, getLanguageService, type LanguageService, type WikiqFile } from '../../core/src';
import { HostScheduler, type HttpLogEntry, type ServerCatalogueProvider, WikiContentProvider, createLiveProvider, fileExistsAt } from '../../engine/src';
import type { ServerOptions } from './args';
import type { Catalogue } from '../../core/src';
import type { ClientSupport } from './clientSupport';
import { SignedInEndpoints } from './credentials';
import type { Pipelines } from './pipeline';
import { requestRefAt } from '../../common/requestRef';

/**
 * How the server starts: its options, and where its bundled catalogue comes from — read by the Node
 * server itself (main.ts), handed over by the web extension in `initializationOptions` (browserServer.ts).
 */
export interface ServerStart extends ServerOptions {
  bundled(init: InitializationOptions): Catalogue;
}

export class ServerContext {
  environment: EnvironmentParams = { trusted: true };
  cacheDir: string | undefined;
  support?: ClientSupport;
  /** One request in flight per wiki: shared by the catalogue and content clients. */
  readonly hosts = new HostScheduler();
  /** Made at `initialize` (no request comes before it), from the client's options and the bundled catalogue. */
  provider!: ServerCatalogueProvider;
  content!: WikiContentProvider;
  ls!: LanguageService;
  /** The endpoints the client holds credentials for (a fact for the write diagnostics, no secret). */
  readonly signedIn = new SignedInEndpoints();
  private userAgent?: string;
  private timeoutMs: number | undefined;

  constructor(
    readonly connection: Connection, readonly options: ServerStart,
    readonly documents: TextDocuments<TextDocument>, readonly pipelines: Pipelines,
  ) {
    this.cacheDir = options.cacheDir;
    this.timeoutMs = options.catalogueTimeoutMs;
  }

  readonly log = (m: string) => this.connection.console.log(m);
  readonly logError = (m: string) => this.connection.console.error(m);
  /** Content lookups: only in a trusted workspace, with the setting on. */
  readonly contentAllowed = () => this.environment.contentLookups !== false && this.environment.trusted;

  /** What `initialize` said: the catalogue and content providers and the language service made again with it. */
  initialize(opts: InitializationOptions, support: ClientSupport): void {
    if (opts.cacheDir) this.cacheDir = opts.cacheDir;
    this.support = support;
    if (opts.catalogueTimeoutMs && opts.catalogueTimeoutMs > 0) this.timeoutMs = opts.catalogueTimeoutMs;
    if (opts.userAgent) this.userAgent = opts.userAgent;
    if (opts.environment) this.environment = opts.environment;
    this.signedIn.reset(opts.signedInEndpoints);
    this.provider = this.catalogues(this.options.bundled(opts));
    this.content = this.contentProvider();
    this.provider.setFetchAllowed((endpoint) => this.environment.trusted || endpoint === this.environment.endpoint);
    this.ls = this.service();
  }

  /** The document's tree (its pipeline's; a document without one, parsed afresh). */
  fileOf(doc: TextDocument): WikiqFile {
    const p = this.pipelines.get(doc.uri);
    return p ? p.tree.get(doc) : this.ls.parse(doc);
  }

  /** The endpoint of a document's first request (else the environment's). */
  endpointOf(uri: string | undefined): string | undefined {
    const doc = uri ? this.documents.get(uri) : undefined;
    const file = doc ? this.fileOf(doc) : undefined;
    return file ? endpointFor(file, requestCount(file) > 0 ? requestOf(file, 0) : undefined, this.environment) : this.environment.endpoint;
  }

  private catalogues(bundled: Catalogue): ServerCatalogueProvider {
    return createLiveProvider({ bundled, cacheDir: this.cacheDir, userAgent: this.userAgent, log: this.log, timeoutMs: this.timeoutMs, scheduler: this.hosts });
  }

  private contentProvider(): WikiContentProvider {
    /** `--log-timing`: each content lookup's exchange, with when it started and ended (ms since the epoch). */
    const onExchange = this.options.logTiming ? (e: HttpLogEntry) => this.log(`wikiq: content lookup ${e.status} from ${Date.now() - e.ms} to ${Date.now()}: ${e.url}`) : undefined;
    return new WikiContentProvider({
      allowed: this.contentAllowed, log: this.log, userAgent: this.userAgent, onExchange, scheduler: this.hosts,
      // Content lookups on a wiki signed in to go signed in, on the catalogue's session.
      sessionFor: (endpoint) => this.provider.sessionFor(endpoint),
    });
  }

  private service(): LanguageService {
    return getLanguageService({
      catalogues: this.provider,
      content: this.content,
      completionItemDefaults: this.support?.itemDefaults ?? [],
      completionTriggerCommand: this.support?.triggerCommand,
      completionResolve: this.support?.resolve ?? true,
      environment: () => this.environment,
      runFields: (uri, request) => {
        const doc = this.documents.get(uri);
        const ref = doc && requestRefAt(uri, requestsOf(this.fileOf(doc)), request.index);
        return ref && this.pipelines.get(uri)?.runFields.get(ref.title);
      },
      // Values read from files (`text = < ./page.wiki`): a missing file is `missing-file`.
      fileExists: fileExistsAt,
      // Writes (#39): whether the wiki has credentials, and the signed-in session's rights (its
      // identity, once signed in: a bot password's grants included), never its groups.
      signedIn: (endpoint) => (this.environment.trusted ? this.signedIn.has(endpoint) : false),
      accountRights: (endpoint) => this.provider.sessionFor(endpoint)?.identity?.rights,
      incremental: true,
      onError: (feature, e) => this.logError(`wikiq: ${feature} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`),
    });
  }
}
