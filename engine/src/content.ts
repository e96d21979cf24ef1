/**
 * The server's content provider (#31): names from the wiki for value completion, through the
 * engine's HTTP client (the same User-Agent as runs, maxlag=5). Polite and bounded:
 * - at most one content request in flight per wiki: a newer one aborts the older (its HTTP request);
 *   LSP cancellation aborts it too;
 * - answers are cached by wiki, kind, namespace and text for CONTENT_TTL_MS; `clear` (the
 *   "Refresh catalogue" request) empties a wiki's;
 * - each request asks for CONTENT_LIMIT names, and its answer is read up to CONTENT_MAX_BYTES;
 * - `suggest` waits at most `waitMs` (CONTENT_WAIT_MS): past it, it answers undefined (completion
 *   is then marked incomplete, so the editor asks again) and the request goes on to fill the cache;
 * - nothing is sent when `allowed(endpoint)` says no (an untrusted workspace, `wikiq.contentLookups` off);
 * - a wiki with a session (`sessionFor`, the catalogue provider's) is asked signed in, through a
 *   `SignedInHttpClient` on that session (one sign-in shared with the catalogue, the same bounds as
 *   anonymous lookups), and not at all until the catalogue has signed it in; an API error (`readapidenied` of a private wiki) is logged naming
 *   the wiki, and not cached.
 */
import { type ContentFact, type ContentKind, type ContentProvider, type ContentSuggestion, type ContentToken, isObj } from '../../core/src';
import { SignedInHttpClient, type WikiSession } from './auth';
import { ApiError } from './errors';
import { HttpClient, type HttpLogEntry, type HttpResponse, engineUserAgent } from './http';

export const CONTENT_WAIT_MS = 1000;
export const CONTENT_TTL_MS = 5 * 60 * 1000;
export const CONTENT_LIMIT = 15;
export const CONTENT_MAX_BYTES = 1024 * 1024;
/** The longest prefix sent: a value longer than any title is not looked up. */
const MAX_PREFIX = 255;

export interface WikiContentOptions {
  userAgent?: string;
  /** May a content request be sent to this wiki now? */
  allowed: (endpoint: string) => boolean;
  log?: (m: string) => void;
  waitMs?: number;
  http?: HttpClient;
  /** Each HTTP exchange, when it ends (`--log-timing`): the test of one request in flight reads these. */
  onExchange?: (e: HttpLogEntry) => void;
  /** The wiki's signed-in session, if any (the catalogue provider's `sessionFor`): its lookups go signed in. */
  sessionFor?: (endpoint: string) => WikiSession | undefined;
}

interface InFlight {
  key: string;
  abort: AbortController;
  answer: Promise<ContentSuggestion[]>;
}

/** The query string of a content request (without the endpoint). */
export function contentQuery(kind: ContentKind, prefix: string, namespace: number | undefined): Record<string, string> {
  const base = { action: 'query', format: 'json', formatversion: '2', maxlag: '5' };
  const limit = String(CONTENT_LIMIT);
  switch (kind) {
    case 'user':
      return { ...base, list: 'allusers', auprefix: prefix, auprop: 'editcount|groups', aulimit: limit };
    case 'category':
      return { ...base, list: 'allcategories', acprefix: prefix, acprop: 'size', aclimit: limit };
    case 'file':
      return { ...base, list: 'allimages', aiprefix: prefix, aiprop: 'size', ailimit: limit };
    default: {
      const ns = String(namespace ?? 0);
      // prefixsearch ranks as the wiki's own search box does; it needs some text.
      return prefix
        ? { ...base, generator: 'prefixsearch', gpssearch: prefix, gpsnamespace: ns, gpslimit: limit, prop: 'info' }
        : { ...base, generator: 'allpages', gapnamespace: ns, gaplimit: limit, prop: 'info' };
    }
  }
}

/** The JSON of a lookup's answer; an HTTP failure or an API error (`readapidenied`: a private wiki) is thrown, naming the wiki. */
function answerOf(endpoint: string, res: HttpResponse): unknown {
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const body: unknown = JSON.parse(res.body);
  const e = isObj(body) && isObj(body.error) ? body.error : undefined;
  if (e) throw new ApiError(endpoint, String(e.code ?? 'unknown'), String(e.info ?? ''));
  return body;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, CONTENT_LIMIT) : []);

/** The suggestions in a content answer, in the wiki's order; anything malformed is left out. */
export function readContentAnswer(kind: ContentKind, body: unknown): ContentSuggestion[] {
  const q = isObj(body) && isObj(body.query) ? body.query : {};
  const out: ContentSuggestion[] = [];
  if (kind === 'user') {
    for (const u of list(q.allusers)) {
      const name = isObj(u) ? str(u.name) : undefined;
      if (name && isObj(u)) out.push({ name, editcount: num(u.editcount), groups: list(u.groups).filter((g): g is string => typeof g === 'string' && g !== '*') });
    }
  } else if (kind === 'category') {
    for (const c of list(q.allcategories)) {
      const name = isObj(c) ? str(c.category) : undefined;
      if (name && isObj(c)) out.push({ name, members: num(c.size) });
    }
  } else if (kind === 'file') {
    for (const f of list(q.allimages)) {
      const name = isObj(f) ? str(f.name) : undefined;
      if (name && isObj(f)) out.push({ name, size: num(f.size) });
    }
  } else {
    const pages = list(q.pages).filter(isObj);
    pages.sort((a, b) => (num(a.index) ?? 0) - (num(b.index) ?? 0));
    for (const p of pages) {
      const name = str(p.title);
      if (name) out.push({ name, redirect: p.redirect === true || undefined });
    }
  }
  return out;
}

/** The query string of a facts request (hover): one name. */
export function factsQuery(kind: ContentKind, name: string): Record<string, string> {
  const base = { action: 'query', format: 'json', formatversion: '2', maxlag: '5' };
  return kind === 'user'
    ? { ...base, list: 'users', ususers: name, usprop: 'editcount|groups' }
    : { ...base, titles: name, prop: 'info|categoryinfo', redirects: '1' };
}

/** The fact in a facts answer; undefined when the answer holds none. */
export function readFactsAnswer(kind: ContentKind, name: string, body: unknown): ContentFact | undefined {
  const q = isObj(body) && isObj(body.query) ? body.query : {};
  if (kind === 'user') {
    const u = list(q.users).find(isObj);
    if (!u) return undefined;
    const normal = str(u.name);
    return {
      name, exists: !u.missing && !u.invalid, normalised: normal && normal !== name ? normal : undefined,
      editcount: num(u.editcount), groups: list(u.groups).filter((g): g is string => typeof g === 'string' && g !== '*'),
    };
  }
  const p = list(q.pages).find(isObj);
  if (!p) return undefined;
  const to = (key: string) => str(list(q[key]).filter(isObj).map((r) => r.to).find((t) => typeof t === 'string'));
  const ci = isObj(p.categoryinfo) ? p.categoryinfo : undefined;
  const redirectTo = to('redirects');
  const normal = to('normalized');
  return {
    name, exists: !!redirectTo || !p.missing, redirectTo, normalised: normal && normal !== name ? normal : undefined,
    members: ci ? { pages: num(ci.pages) ?? 0, files: num(ci.files) ?? 0, subcats: num(ci.subcats) ?? 0 } : undefined,
  };
}

export class WikiContentProvider implements ContentProvider {
  /** Answers by `endpoint \n kind \n namespace \n prefix`; each kept CONTENT_TTL_MS. */
  private readonly cache = new Map<string, { at: number; value: ContentSuggestion[] }>();
  /** Facts by `endpoint \n kind \n name`; each kept CONTENT_TTL_MS, cleared with the answers. */
  private readonly factCache = new Map<string, { at: number; value: ContentFact | undefined }>();
  /** The one request in flight per wiki. */
  private readonly inFlight = new Map<string, InFlight>();
  private readonly http: HttpClient;

  constructor(private readonly options: WikiContentOptions) {
    this.http = options.http ?? new HttpClient({ userAgent: options.userAgent || engineUserAgent('content'), timeoutMs: 15000, maxBytes: CONTENT_MAX_BYTES }, options.onExchange);
  }

  /**
   * The client a lookup on `endpoint` goes through: the anonymous one, or for a wiki with a session,
   * one on that session (made per lookup: the session, shared with the catalogue, holds the sign-in
   * and cookies) with the same bounds and User-Agent. None while that session is not signed in (the
   * catalogue signs it in; a refused sign-in stays so): a lookup never signs in itself, since wikis
   * throttle failed logins and every keystroke would be one.
   */
  private httpFor(endpoint: string): HttpClient | undefined {
    const session = this.options.sessionFor?.(endpoint);
    if (!session) return this.http;
    return session.identity ? new SignedInHttpClient(session, this.http.options, this.options.onExchange) : undefined;
  }

  /** Forgets a wiki's answers (all wikis' with no endpoint): "Refresh catalogue". */
  clear(endpoint?: string): void {
    for (const m of [this.cache, this.factCache]) for (const k of [...m.keys()]) if (endpoint === undefined || k.startsWith(`${endpoint}\n`)) m.delete(k);
  }

  /** One request per hover (cached); LSP cancellation aborts it; waits at most `waitMs`. */
  async facts(endpoint: string, kind: ContentKind, name: string, token?: ContentToken): Promise<ContentFact | undefined> {
    if (name.length > MAX_PREFIX || !this.options.allowed(endpoint)) return undefined;
    const key = `${endpoint}\n${kind}\n${name}`;
    const hit = this.factCache.get(key);
    if (hit && Date.now() - hit.at < CONTENT_TTL_MS) return hit.value;
    const http = this.httpFor(endpoint);
    if (!http) return undefined;
    const abort = new AbortController();
    const cancel = token?.onCancellationRequested(() => abort.abort());
    const timer = setTimeout(() => abort.abort(), this.options.waitMs ?? CONTENT_WAIT_MS);
    try {
      const res = await http.get(`${endpoint}?${new URLSearchParams(factsQuery(kind, name)).toString()}`, abort.signal);
      const value = readFactsAnswer(kind, name, answerOf(endpoint, res));
      this.factCache.set(key, { at: Date.now(), value });
      return value;
    } catch (e) {
      if (!abort.signal.aborted) this.options.log?.(`wikiq: a content lookup on ${endpoint} failed: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    } finally {
      clearTimeout(timer);
      cancel?.dispose();
    }
  }

  async suggest(endpoint: string, kind: ContentKind, prefix: string, options: { namespace?: number }, token?: ContentToken): Promise<ContentSuggestion[] | undefined> {
    if (prefix.length > MAX_PREFIX || !this.options.allowed(endpoint)) return [];
    const key = `${endpoint}\n${kind}\n${options.namespace ?? ''}\n${prefix}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CONTENT_TTL_MS) return hit.value;
    if (hit) this.cache.delete(key);
    const http = this.httpFor(endpoint);
    if (!http) return undefined;
    let flight = this.inFlight.get(endpoint);
    if (flight?.key !== key) {
      flight?.abort.abort();
      flight = this.start(http, endpoint, key, kind, prefix, options.namespace);
    }
    const mine = flight;
    if (token?.isCancellationRequested) return undefined;
    return new Promise<ContentSuggestion[] | undefined>((resolve) => {
      const timer = setTimeout(() => done(undefined), this.options.waitMs ?? CONTENT_WAIT_MS);
      const cancel = token?.onCancellationRequested(() => {
        if (this.inFlight.get(endpoint) === mine) mine.abort.abort();
        done(undefined);
      });
      function done(v: ContentSuggestion[] | undefined) {
        clearTimeout(timer);
        cancel?.dispose();
        resolve(v);
      }
      mine.answer.then((v) => done(v), () => done(mine.abort.signal.aborted ? undefined : []));
    });
  }

  private start(http: HttpClient, endpoint: string, key: string, kind: ContentKind, prefix: string, namespace: number | undefined): InFlight {
    const abort = new AbortController();
    const url = `${endpoint}?${new URLSearchParams(contentQuery(kind, prefix, namespace)).toString()}`;
    const answer = http.get(url, abort.signal).then((res) => {
      const value = readContentAnswer(kind, answerOf(endpoint, res));
      this.cache.set(key, { at: Date.now(), value });
      return value;
    });
    const flight: InFlight = { key, abort, answer };
    this.inFlight.set(endpoint, flight);
    answer.catch((e: unknown) => {
      if (!abort.signal.aborted) this.options.log?.(`wikiq: a content lookup on ${endpoint} failed: ${e instanceof Error ? e.message : String(e)}`);
    }).finally(() => {
      if (this.inFlight.get(endpoint) === flight) this.inFlight.delete(endpoint);
    });
    return flight;
  }
}
