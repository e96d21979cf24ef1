/**
 * The catalogue provider the server and the CLI use: per endpoint, the best catalogue available *now* — live
 * (fetched this session), cached on disk, or bundled — while the wiki's own is fetched in the
 * background. `get` never blocks and never does network I/O itself; status changes are announced
 * so diagnostics can be refreshed when a catalogue arrives.
 *
 * Signed in (`setCredentials`): that endpoint's catalogue is fetched through a `SignedInHttpClient`
 * (credentials to the endpoint's origin only, never across a redirect), asking who the user is, and
 * cached as that user's; setting or clearing credentials forgets the endpoint's catalogue in memory.
 * `sessionFor` hands the session to the content lookups (engine/src/content.ts), so they go signed in too.
 */
import type { CatalogueStatus } from '../../../common/protocol';
import type { Catalogue, CatalogueProvider } from '../../../core/src';
import { Credentials, SignedInHttpClient, WikiSession, credentialKey } from '../auth';
import type { HostScheduler } from '../hostScheduler';
import { redactUrl } from '../http';
import { shorten } from '../shorten';
import { CatalogueCache } from './cache';
import { EndpointDebouncer, isCompleteEndpoint } from './typing';
import { CatalogueFetchError, WikiCatalogueData, catalogueHttpClient, catalogueOf, fetchWikiCatalogue } from './fetch';

export interface LiveProviderOptions {
  /** The bundled catalogue: what `get` gives until (or unless) a wiki's own is in (the caller's: core/src/bundled.ts, or read from the package). */
  bundled: Catalogue;
  /** Where cache files go; undefined: no disk cache. */
  cacheDir?: string;
  userAgent?: string;
  timeoutMs?: number;
  log?: (message: string) => void;
  /** Called with each URL fetched (tests, logs). */
  onRequest?: (url: string) => void;
  /** The per-host queue shared with the content lookups (the server's): one request in flight per wiki whatever asks. */
  scheduler?: HostScheduler;
  /** Quiet time before an endpoint a file names is fetched automatically (default 500 ms; see typing.ts). */
  debounceMs?: number;
}

export interface ServerCatalogueProvider extends CatalogueProvider {
  status(endpoint: string | undefined): CatalogueStatus;
  refresh(endpoint: string): Promise<CatalogueStatus>;
  onStatus(listener: (status: CatalogueStatus) => void): { dispose(): void };
  /** In an untrusted workspace, endpoints chosen by files are not fetched. */
  setFetchAllowed(allowed: (endpoint: string) => boolean): void;
  /** Resolves when no fetch is under way (tests, CLI). */
  idle(): Promise<void>;
  /**
   * For a request that needs the catalogue now (completion, hover): when `endpoint` has no catalogue
   * yet (none fetched, none cached) but will be fetched, starts the fetch at once (without the typing
   * quiet time) and waits for it, at most `boundMs` or until `signal` aborts. `'pending'`: the wiki's
   * own catalogue is still on its way, so what `get` gives now is a stand-in; `'ready'`: `get` gives
   * the best catalogue there will be (it arrived, failed, or is never fetched automatically).
   */
  waitForFirst(endpoint: string | undefined, boundMs: number, signal?: AbortSignal): Promise<'ready' | 'pending'>;
  /**
   * Signs the catalogue of `endpoint` (its exact origin and path) in with `credentials`, or back
   * out with undefined. Kept in memory only. Throws (`refused`) for plain http to a non-loopback host.
   */
  setCredentials(endpoint: string, credentials: Credentials | undefined): void;
  /** The signed-in session of `endpoint` (its origin and path, `setCredentials`), if any: content lookups use it too. */
  sessionFor(endpoint: string): WikiSession | undefined;
}

interface Entry {
  catalogue?: Catalogue;
  status: CatalogueStatus;
  loading?: Promise<CatalogueStatus>;
  /** A failed automatic fetch is not retried on every keystroke; refresh retries. */
  failed?: boolean;
}

export function isFetchableEndpoint(endpoint: string): boolean {
  try {
    const u = new URL(endpoint);
    // Credentials in a URL (user:pass@) are never sent.
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !endpoint.includes('{{');
  } catch {
    return false;
  }
}

/** Who is told when an endpoint's catalogue status changes. */
class StatusEvents {
  private readonly listeners = new Set<(s: CatalogueStatus) => void>();

  emit(s: CatalogueStatus): void {
    this.listeners.forEach((l) => l(s));
  }

  on(listener: (s: CatalogueStatus) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}

/** The signed-in clients, by credential key (origin and path); in memory only, cleared by `set(…, undefined)`. */
class SignedInSessions {
  private readonly clients = new Map<string, SignedInHttpClient>();

  constructor(private readonly httpOptions: SignedInHttpClient['options']) {}

  clientFor(endpoint: string): SignedInHttpClient | undefined {
    return this.clients.get(credentialKey(endpoint));
  }

  /** Signs `endpoint`'s key in or out; false when nothing changed (signed out before and after). */
  set(endpoint: string, credentials: Credentials | undefined): boolean {
    const key = credentialKey(endpoint);
    const before = this.clients.get(key);
    if (credentials) this.clients.set(key, new SignedInHttpClient(new WikiSession(endpoint, credentials), this.httpOptions));
    else this.clients.delete(key);
    return !!before || !!credentials;
  }
}

type CatalogueHttpClient = ReturnType<typeof catalogueHttpClient>;

/** Waits until the current turn is over. (setImmediate is Node's; a web worker, where the server also runs, has only timers.) */
const nextTurn = () => new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** Each endpoint's entry (keyed on the endpoint; `forget` clears one) and its fetch: cached, signed in, or plain. */
class EndpointCatalogues {
  private readonly entries = new Map<string, Entry>();
  private readonly cache: CatalogueCache | undefined;

  constructor(private readonly options: LiveProviderOptions, private readonly log: (message: string) => void, private readonly http: CatalogueHttpClient, private readonly sessions: SignedInSessions, private readonly events: StatusEvents) {
    this.cache = options.cacheDir ? new CatalogueCache(options.cacheDir, log) : undefined;
  }

  entryOf(endpoint: string): Entry {
    let e = this.entries.get(endpoint);
    if (e) return e;
    e = { status: { endpoint, source: 'bundled' } };
    this.entries.set(endpoint, e);
    // A signed-in user's cache is read once the wiki has said who they are (in load).
    const cached = this.sessions.clientFor(endpoint) ? undefined : this.cache?.read(endpoint);
    if (cached) {
      e.catalogue = catalogueOf(cached, 'cached');
      e.status = { endpoint, source: 'cached', mwVersion: cached.mwVersion, fetchedAt: cached.fetchedAt };
    }
    return e;
  }

  /** The endpoints in memory. */
  endpoints(): string[] {
    return [...this.entries.keys()];
  }

  forget(endpoint: string): void {
    this.entries.delete(endpoint);
  }

  /** The fetches under way. */
  loading(): Promise<CatalogueStatus>[] {
    return [...this.entries.values()].map((e) => e.loading).filter((p) => p !== undefined);
  }

  load(endpoint: string, force = true): Promise<CatalogueStatus> {
    const e = this.entryOf(endpoint);
    if (e.loading) return e.loading;
    e.status = { ...e.status, loading: true, error: undefined };
    e.loading = this.run(endpoint, e, force);
    return e.loading;
  }

  private async run(endpoint: string, e: Entry, force: boolean): Promise<CatalogueStatus> {
    // Never inside the caller's turn: the fetch starts after the current handler returns.
    await nextTurn();
    this.events.emit(e.status);
    try {
      const client = this.sessions.clientFor(endpoint);
      const data: WikiCatalogueData & { cached?: boolean } = client
        ? await this.fetchSignedIn(endpoint, client, force)
        : await fetchWikiCatalogue(endpoint, { http: this.http, onRequest: this.options.onRequest });
      if (this.entries.get(endpoint) !== e) return e.status; // signed in or out meanwhile: a new entry is in charge
      this.loaded(endpoint, e, data);
    } catch (err) {
      if (this.entries.get(endpoint) !== e) return e.status;
      this.failed(endpoint, e, err);
    } finally {
      e.loading = undefined;
      e.status = { ...e.status, loading: false };
    }
    this.events.emit(e.status);
    return e.status;
  }

  /** The signed-in user's cached catalogue (unless `force`), else the wiki's, fetched as them. */
  private async fetchSignedIn(endpoint: string, client: SignedInHttpClient, force: boolean): Promise<WikiCatalogueData & { cached?: boolean }> {
    const who = await client.ready();
    const cached = force ? undefined : this.cache?.read(endpoint, who.name);
    if (cached) return { ...cached, cached: true };
    return fetchWikiCatalogue(endpoint, { http: client, onRequest: this.options.onRequest, userinfo: true });
  }

  private loaded(endpoint: string, e: Entry, data: WikiCatalogueData & { cached?: boolean }): void {
    const source = data.cached ? 'cached' : 'live';
    e.catalogue = catalogueOf(data, source);
    e.failed = false;
    e.status = { endpoint, source, mwVersion: data.mwVersion, fetchedAt: data.fetchedAt, user: data.user?.name };
    try {
      if (!data.cached) this.cache?.write(data);
    } catch (err) {
      this.log(`wikiq: could not write the catalogue cache: ${(err as Error).message}`);
    }
    this.log(`wikiq: loaded the catalogue of ${endpoint}${data.user ? ` as ${data.user.name}` : ''} (MediaWiki ${data.mwVersion ?? '?'}, ${data.modules.length} modules, ${data.cached ? 'from the cache' : `${data.requests} requests, ${data.strategy}`})`);
  }

  private failed(endpoint: string, e: Entry, err: unknown): void {
    e.failed = true;
    const reason = err instanceof CatalogueFetchError ? err.message : `Could not load the catalogue of ${endpoint}: ${(err as Error).message}`;
    const fallback = e.catalogue ? `the cached catalogue from ${e.status.fetchedAt?.slice(0, 10) ?? 'before'}` : 'the bundled catalogue';
    e.status = { ...e.status, loading: false, error: `${reason}. Using ${fallback}.` };
    this.log(`wikiq: ${e.status.error}`);
  }
}

/** `'ready'` when `loading` settles, `'pending'` after `boundMs` or when `signal` aborts. */
async function readyWithin(loading: Promise<unknown>, boundMs: number, signal?: AbortSignal): Promise<'ready' | 'pending'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const gaveUp = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), boundMs);
    onAbort = () => resolve('pending');
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([loading.then((): 'ready' => 'ready'), gaveUp]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

export function createLiveProvider(options: LiveProviderOptions): ServerCatalogueProvider {
  // One client for every catalogue: one request at a time per host, the engine's rules throughout.
  const http = catalogueHttpClient({ userAgent: options.userAgent, timeoutMs: options.timeoutMs, scheduler: options.scheduler });
  const events = new StatusEvents();
  const sessions = new SignedInSessions(http.options);
  const catalogues = new EndpointCatalogues(options, options.log ?? (() => undefined), http, sessions, events);
  let allowed: (endpoint: string) => boolean = () => true;
  // Automatic fetches wait until the endpoint has stopped changing: one fetch after the typing stops.
  const debouncer = new EndpointDebouncer(options.debounceMs ?? 500, (endpoint) => {
    const e = catalogues.entryOf(endpoint);
    if (!e.catalogue && !e.loading && !e.failed && allowed(endpoint)) void catalogues.load(endpoint, false);
  });

  return {
    get(endpoint: string | undefined): Catalogue {
      if (!endpoint || !isFetchableEndpoint(endpoint)) return options.bundled;
      const e = catalogues.entryOf(endpoint);
      if (!e.catalogue && !e.loading && !e.failed && isCompleteEndpoint(endpoint) && allowed(endpoint)) debouncer.ask(endpoint);
      return e.catalogue ?? options.bundled;
    },
    status(endpoint) {
      if (!endpoint || !isFetchableEndpoint(endpoint)) return { endpoint, source: 'bundled' };
      return catalogues.entryOf(endpoint).status;
    },
    refresh(endpoint) {
      if (!isFetchableEndpoint(endpoint)) return Promise.resolve({ endpoint, source: 'bundled', error: `'${shorten(redactUrl(endpoint))}' is not an http(s) URL without user:pass@.` });
      return catalogues.load(endpoint);
    },
    onStatus: (listener) => events.on(listener),
    setFetchAllowed(f) {
      allowed = f;
    },
    setCredentials(endpoint, credentials) {
      if (!sessions.set(endpoint, credentials)) return;
      const key = credentialKey(endpoint);
      // What was fetched as someone else is not this user's: start again for every endpoint of this key.
      for (const ep of catalogues.endpoints().filter((k) => isFetchableEndpoint(k) && credentialKey(k) === key)) {
        catalogues.forget(ep);
        const e = catalogues.entryOf(ep);
        events.emit(e.status);
        if (!e.catalogue && allowed(ep)) void catalogues.load(ep, false);
      }
    },
    sessionFor(endpoint) {
      return isFetchableEndpoint(endpoint) ? sessions.clientFor(endpoint)?.session : undefined;
    },
    async waitForFirst(endpoint, boundMs, signal) {
      if (!endpoint || !isFetchableEndpoint(endpoint) || !isCompleteEndpoint(endpoint) || !allowed(endpoint)) return 'ready';
      const e = catalogues.entryOf(endpoint);
      if (e.catalogue || e.failed) return 'ready';
      const loading = e.loading ?? catalogues.load(endpoint, false);
      if (signal?.aborted) return 'pending';
      return readyWithin(loading, boundMs, signal);
    },
    async idle() {
      for (;;) {
        const pending = [debouncer.whenQuiet(), ...catalogues.loading()].filter((p) => p !== undefined);
        if (!pending.length) return;
        await Promise.all(pending);
      }
    },
  };
}
