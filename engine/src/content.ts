/**
 * The engine's content provider (#31): names from the wiki for value completion, and facts (does a
 * page exist, where a redirect leads, a category's members, is a user registered) for hovers and
 * content diagnostics, through the engine's HTTP client (the same User-Agent as runs, maxlag=5).
 * Used by the language server and `wikiq check --content`. Polite and bounded:
 * - at most one content request in flight per wiki (contentLane.ts): a completion lookup goes ahead
 *   of every facts batch waiting, so it waits at most for the one request in flight; facts batches
 *   wait their turn in order. A newer completion lookup aborts the older (waiting or in flight, its
 *   HTTP request); LSP cancellation aborts its own lookup or facts batch;
 * - answers are cached by wiki, kind, namespace and text, facts by wiki, kind and name, each for
 *   CONTENT_TTL_MS and at most CONTENT_CACHE_ENTRIES; `clear` (the "Refresh catalogue" request)
 *   empties a wiki's;
 * - each completion request asks for CONTENT_LIMIT names, each facts request for at most FACTS_BATCH
 *   names (only those not cached), and an answer is read up to CONTENT_MAX_BYTES;
 * - `suggest` waits at most `waitMs` (CONTENT_WAIT_MS): past it, it answers undefined (completion
 *   is then marked incomplete, so the editor asks again) and the request goes on to fill the cache;
 *   a facts request, once sent, is waited for at most what its caller says (a hover: 1 s), else
 *   `factsWaitMs` (FACTS_WAIT_MS, 10 s: content diagnostics, which nobody waits on);
 * - after a facts request fails or is not answered in time, no facts are asked of that wiki for
 *   FACTS_PAUSE_MS (30 s; `clear` ends the pause): a wiki that is down is not asked at every edit;
 * - nothing is sent when `allowed(endpoint)` says no (an untrusted workspace, `wikiq.contentLookups` off);
 * - a wiki with a session (`sessionFor`, the catalogue provider's) is asked signed in, through a
 *   `SignedInHttpClient` on that session (one sign-in shared with the catalogue, the same bounds as
 *   anonymous lookups), and not at all until the catalogue has signed it in; an API error
 *   (`readapidenied` of a private wiki) is logged naming the wiki, and not cached.
 */
import { type ContentFact, type ContentKind, type ContentProvider, type ContentSuggestion, type ContentToken, isObj } from '../../core/src';
import { SignedInHttpClient, type WikiSession } from './auth';
import { ContentLane } from './contentLane';
import { ApiError } from './errors';
import { HttpClient, type HttpLogEntry, type HttpResponse, engineUserAgent } from './http';

export const CONTENT_WAIT_MS = 1000;
/** How long a facts request, once sent, is waited for unless its caller says (content diagnostics: nobody waits on them). */
export const FACTS_WAIT_MS = 10_000;
export const CONTENT_TTL_MS = 5 * 60 * 1000;
export const CONTENT_LIMIT = 15;
export const CONTENT_MAX_BYTES = 1024 * 1024;
/** After a facts request fails (or is not answered in time), no facts are asked of that wiki for this long. */
export const FACTS_PAUSE_MS = 30_000;
/** Names per facts request (the API's limit on `titles` and `ususers` without apihighlimits). */
export const FACTS_BATCH = 50;
/** Answers and facts kept at most, each cache; past it the oldest go first. */
export const CONTENT_CACHE_ENTRIES = 10_000;
/** The longest prefix sent: a value longer than any title is not looked up. */
const MAX_PREFIX = 255;

export interface WikiContentOptions {
  userAgent?: string;
  /** May a content request be sent to this wiki now? */
  allowed: (endpoint: string) => boolean;
  log?: (m: string) => void;
  /** How long `suggest` waits (CONTENT_WAIT_MS). */
  waitMs?: number;
  /** How long a facts request, once sent, is waited for when its caller does not say (FACTS_WAIT_MS). */
  factsWaitMs?: number;
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

/** Sets `key` in a cache of at most CONTENT_CACHE_ENTRIES, the oldest entry dropped first. */
function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > CONTENT_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
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

/** The query string of a facts request: up to FACTS_BATCH names of one kind. */
export function factsQuery(kind: ContentKind, names: readonly string[]): Record<string, string> {
  const base = { action: 'query', format: 'json', formatversion: '2', maxlag: '5' };
  const joined = names.join('|');
  return kind === 'user'
    ? { ...base, list: 'users', ususers: joined, usprop: 'editcount|groups' }
    : { ...base, titles: joined, prop: 'info|categoryinfo|revisions|imageinfo', rvprop: 'timestamp|user', iiprop: 'size|user', redirects: '1' };
}

/** A user name as the wiki reads it: underscores as spaces, spaces collapsed, the first letter upper case. */
const userNormal = (name: string) => {
  const s = name.replace(/_/g, ' ').replace(/ {2,}/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** `from` → `to` of an answer's `normalized`, `converted` or `redirects` list. */
function mapping(v: unknown): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of Array.isArray(v) ? v.slice(0, FACTS_BATCH * 2) : []) {
    const from = isObj(r) ? str(r.from) : undefined;
    const to = isObj(r) ? str(r.to) : undefined;
    if (from !== undefined && to !== undefined) m.set(from, to);
  }
  return m;
}

/** What a facts answer's page says of its size, last edit (`prop=revisions`) and file (`prop=imageinfo`). */
function pageFacts(p: Record<string, unknown>): Pick<ContentFact, 'length' | 'lastEdit' | 'file'> {
  const rev = Array.isArray(p.revisions) && isObj(p.revisions[0]) ? p.revisions[0] : undefined;
  const ii = Array.isArray(p.imageinfo) && isObj(p.imageinfo[0]) ? p.imageinfo[0] : undefined;
  const timestamp = rev ? str(rev.timestamp) : undefined;
  const size = ii ? num(ii.size) : undefined;
  const length = num(p.length);
  return {
    ...(length !== undefined ? { length } : {}),
    ...(timestamp ? { lastEdit: { timestamp, ...(str(rev?.user) ? { user: str(rev?.user) } : {}) } } : {}),
    ...(ii && size !== undefined ? { file: { width: num(ii.width) ?? 0, height: num(ii.height) ?? 0, size, ...(str(ii.user) ? { user: str(ii.user) } : {}) } } : {}),
  };
}

/**
 * The fact of each name asked (`names`) in a facts answer: titles through the answer's `normalized`
 * (and `converted`) then `redirects` lists to their page; users by the name the wiki gives back.
 * A name the answer says nothing of (an interwiki or invalid title) has no fact.
 */
export function readFactsAnswer(kind: ContentKind, names: readonly string[], body: unknown): Map<string, ContentFact> {
  const q = isObj(body) && isObj(body.query) ? body.query : {};
  const out = new Map<string, ContentFact>();
  const groupsOf = (u: Record<string, unknown>) => (Array.isArray(u.groups) ? u.groups.slice(0, 100) : []).filter((g): g is string => typeof g === 'string' && g !== '*');
  if (kind === 'user') {
    const users = new Map<string, Record<string, unknown>>();
    for (const u of Array.isArray(q.users) ? q.users.slice(0, FACTS_BATCH * 2) : []) if (isObj(u) && typeof u.name === 'string') users.set(u.name, u);
    for (const name of names) {
      const u = users.get(name) ?? users.get(userNormal(name));
      if (!u || u.invalid) continue;
      const normal = str(u.name);
      out.set(name, { name, exists: !u.missing, normalised: normal && normal !== name ? normal : undefined, editcount: num(u.editcount), groups: groupsOf(u) });
    }
    return out;
  }
  const normalized = mapping(q.normalized);
  const converted = mapping(q.converted);
  const redirects = mapping(q.redirects);
  const pages = new Map<string, Record<string, unknown>>();
  for (const p of Array.isArray(q.pages) ? q.pages.slice(0, FACTS_BATCH * 2) : []) if (isObj(p) && typeof p.title === 'string') pages.set(p.title, p);
  for (const name of names) {
    const n1 = normalized.get(name) ?? name;
    const normal = converted.get(n1) ?? n1;
    const redirectTo = redirects.get(normal);
    const p = pages.get(redirectTo ?? normal);
    if (!p || p.invalid) continue;
    const ci = isObj(p.categoryinfo) ? p.categoryinfo : undefined;
    // A category is judged by its members: no categoryinfo is none (its page may exist or not).
    const members = ci ? { pages: num(ci.pages) ?? 0, files: num(ci.files) ?? 0, subcats: num(ci.subcats) ?? 0 } : kind === 'category' ? { pages: 0, files: 0, subcats: 0 } : undefined;
    out.set(name, { name, exists: !!redirectTo || !p.missing || p.special === true, redirectTo, normalised: normal !== name ? normal : undefined, members, ...pageFacts(p) });
  }
  return out;
}

export class WikiContentProvider implements ContentProvider {
  /** Answers by `endpoint \n kind \n namespace \n prefix`; each kept CONTENT_TTL_MS. */
  private readonly cache = new Map<string, { at: number; value: ContentSuggestion[] }>();
  /** Facts by `endpoint \n kind \n name`; each kept CONTENT_TTL_MS, cleared with the answers. */
  private readonly factCache = new Map<string, { at: number; value: ContentFact | undefined }>();
  /** The completion lookup of each wiki, waiting in its lane or in flight (a newer one aborts it). */
  private readonly inFlight = new Map<string, InFlight>();
  /** Each wiki's lane: one content request in flight, completion ahead of facts batches. */
  private readonly lanes = new Map<string, ContentLane>();
  /** Names whose facts a call is asking (by the facts cache's key): when its batch ends. Another call waits for it rather than asking again. */
  private readonly pendingFacts = new Map<string, Promise<void>>();
  /** Wikis whose last facts request failed, until when no facts are asked of them (FACTS_PAUSE_MS; `clear` ends it). */
  private readonly pausedUntil = new Map<string, number>();
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
    if (endpoint === undefined) this.pausedUntil.clear();
    else this.pausedUntil.delete(endpoint);
  }

  /**
   * What the wiki says of each of `names` (full titles, or user names): the cached ones from the
   * cache; those another call is asking already (a hover while the diagnostics' batch is on its
   * way) from that batch's answer, once it ends; the others asked FACTS_BATCH at a time, each batch
   * waiting its turn in the wiki's lane behind any completion lookup. Each request, once sent (and
   * the wait for another call's batch), is waited for at most `options.waitMs` (a hover's), else
   * `factsWaitMs`. LSP cancellation aborts what is waiting or in flight. A name with no answer is
   * not in the map.
   */
  async facts(endpoint: string, kind: ContentKind, names: readonly string[], token?: ContentToken, options?: { waitMs?: number }): Promise<ReadonlyMap<string, ContentFact>> {
    const out = new Map<string, ContentFact>();
    if (!this.options.allowed(endpoint)) return out;
    const key = (name: string) => `${endpoint}\n${kind}\n${name}`;
    const ask: string[] = [];
    const later: string[] = [];
    const others = new Set<Promise<void>>();
    for (const name of new Set(names)) {
      if (!name || name.length > MAX_PREFIX) continue;
      if (this.cached(key(name), out, name)) continue;
      const pending = this.pendingFacts.get(key(name));
      if (pending) {
        others.add(pending);
        later.push(name);
      } else {
        ask.push(name);
      }
    }
    if ((!ask.length && !later.length) || token?.isCancellationRequested || (this.pausedUntil.get(endpoint) ?? 0) > Date.now()) return out;
    const waitMs = options?.waitMs ?? this.options.factsWaitMs ?? FACTS_WAIT_MS;
    const abort = new AbortController();
    const cancel = token?.onCancellationRequested(() => abort.abort());
    try {
      await this.askInBatches(endpoint, kind, ask, abort.signal, waitMs, out);
      if (later.length && !abort.signal.aborted) {
        // Another call's batch: its answer, once it ends (within this call's bound); what it did not answer is asked here.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const bound = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
          abort.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        await Promise.race([Promise.all(others), bound]);
        clearTimeout(timer);
        const still = later.filter((name) => !this.cached(key(name), out, name) && !this.pendingFacts.has(key(name)));
        if (!abort.signal.aborted) await this.askInBatches(endpoint, kind, still, abort.signal, waitMs, out);
      }
    } finally {
      cancel?.dispose();
    }
    return out;
  }

  /** Whether the cache holds a fresh answer for `key` (put in `out` under `name` when it says something). */
  private cached(key: string, out: Map<string, ContentFact>, name: string): boolean {
    const hit = this.factCache.get(key);
    if (!hit || Date.now() - hit.at >= CONTENT_TTL_MS) return false;
    if (hit.value) out.set(name, hit.value);
    return true;
  }

  /** Asks `names` FACTS_BATCH at a time, one batch after another; each name is pending (`pendingFacts`) until its batch ends. */
  private async askInBatches(endpoint: string, kind: ContentKind, names: string[], signal: AbortSignal, waitMs: number, out: Map<string, ContentFact>): Promise<void> {
    const batches: Array<{ names: string[]; ended: () => void; promise: Promise<void> }> = [];
    for (let i = 0; i < names.length; i += FACTS_BATCH) {
      let ended!: () => void;
      const promise = new Promise<void>((resolve) => (ended = resolve));
      const batch = { names: names.slice(i, i + FACTS_BATCH), ended, promise };
      for (const name of batch.names) this.pendingFacts.set(`${endpoint}\n${kind}\n${name}`, promise);
      batches.push(batch);
    }
    for (const b of batches) {
      try {
        if (signal.aborted) continue;
        const got = await this.factsBatch(endpoint, kind, b.names, signal, waitMs);
        for (const [name, fact] of got ?? []) out.set(name, fact);
      } finally {
        for (const name of b.names) {
          const k = `${endpoint}\n${kind}\n${name}`;
          if (this.pendingFacts.get(k) === b.promise) this.pendingFacts.delete(k);
        }
        b.ended();
      }
    }
  }

  /** One facts request through the wiki's lane; its answer cached name by name (none: undefined). */
  private async factsBatch(endpoint: string, kind: ContentKind, batch: string[], signal: AbortSignal, waitMs: number): Promise<Map<string, ContentFact> | undefined> {
    const http = this.httpFor(endpoint);
    if (!http) return undefined;
    const url = `${endpoint}?${new URLSearchParams(factsQuery(kind, batch)).toString()}`;
    const bound = new AbortController();
    const onAbort = () => bound.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let late = false;
    try {
      const res = await this.laneOf(endpoint).run(false, bound.signal, () => {
        timer = setTimeout(() => {
          late = true;
          bound.abort();
        }, waitMs);
        return http.get(url, bound.signal);
      });
      const got = readFactsAnswer(kind, batch, answerOf(endpoint, res));
      const at = Date.now();
      for (const name of batch) remember(this.factCache, `${endpoint}\n${kind}\n${name}`, { at, value: got.get(name) });
      return got;
    } catch (e) {
      const pause = `no facts are asked of it for ${FACTS_PAUSE_MS / 1000} s`;
      if (late) this.options.log?.(`wikiq: a content lookup on ${endpoint} was not answered within ${waitMs / 1000} s: its names are not checked, and ${pause}.`);
      else if (!bound.signal.aborted) this.options.log?.(`wikiq: a content lookup on ${endpoint} failed: ${e instanceof Error ? e.message : String(e)}; ${pause}.`);
      if (late || !bound.signal.aborted) this.pausedUntil.set(endpoint, Date.now() + FACTS_PAUSE_MS);
      return undefined;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      this.forgetIdleLane(endpoint);
    }
  }

  private laneOf(endpoint: string): ContentLane {
    let lane = this.lanes.get(endpoint);
    if (!lane) this.lanes.set(endpoint, (lane = new ContentLane()));
    return lane;
  }

  private forgetIdleLane(endpoint: string): void {
    if (this.lanes.get(endpoint)?.isIdle()) this.lanes.delete(endpoint);
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
    const answer = this.laneOf(endpoint).run(true, abort.signal, () => http.get(url, abort.signal)).then((res) => {
      const value = readContentAnswer(kind, answerOf(endpoint, res));
      remember(this.cache, key, { at: Date.now(), value });
      return value;
    });
    const flight: InFlight = { key, abort, answer };
    this.inFlight.set(endpoint, flight);
    answer.catch((e: unknown) => {
      if (!abort.signal.aborted) this.options.log?.(`wikiq: a content lookup on ${endpoint} failed: ${e instanceof Error ? e.message : String(e)}`);
    }).finally(() => {
      if (this.inFlight.get(endpoint) === flight) this.inFlight.delete(endpoint);
      this.forgetIdleLane(endpoint);
    });
    return flight;
  }
}
