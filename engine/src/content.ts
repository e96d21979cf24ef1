/**
 * The engine's content provider (#31): names from the wiki for value completion, and facts (does a
 * page exist, where a redirect leads, a category's members, is a user registered) for hovers and
 * content diagnostics, through the engine's HTTP client (the same User-Agent as runs, maxlag=5).
 * Used by the language server and `wikiq check --content`. Polite and bounded:
 * - one `WikiContent` per wiki (wikiContent.ts) holds its answers, facts, lookup in flight and
 *   pause; `clear(endpoint)` (the "Refresh catalogue" request, changed credentials) drops it;
 * - at most one request in flight per wiki: the `HttpClient`'s `HostScheduler` (hostScheduler.ts),
 *   which the server shares with its catalogue client, so a catalogue load and a lookup wait for
 *   each other too. A completion lookup is urgent: it goes ahead of every facts batch waiting, so it
 *   waits at most for the one request in flight; facts batches wait their turn in order. A newer
 *   completion lookup aborts the older (waiting or in flight, its HTTP request); LSP cancellation
 *   aborts its own lookup or facts batch;
 * - answers are cached by kind, namespace and text, facts by kind and name (a Map per kind), each
 *   for CONTENT_TTL_MS and at most CONTENT_CACHE_ENTRIES per cache;
 * - each completion request asks for CONTENT_LIMIT names, each facts request for at most FACTS_BATCH
 *   names (only those not cached), and an answer is read up to CONTENT_MAX_BYTES;
 * - `suggest` waits at most `waitMs` (CONTENT_WAIT_MS): past it, it answers undefined (completion
 *   is then marked incomplete, so the editor asks again) and the request goes on to fill the cache;
 *   a facts request, once sent, is waited for at most what its caller says (a hover: 1 s), else
 *   `factsWaitMs` (FACTS_WAIT_MS, 10 s: content diagnostics, which nobody waits on);
 * - after a facts request fails or is not answered in time, no facts are asked of that wiki for
 *   FACTS_PAUSE_MS (30 s; `clear` ends the pause): a wiki that is down is not asked at every edit;
 * - nothing is sent when `allowed(endpoint)` says no (an untrusted workspace, `wikiq.contentLookups` off);
 * - a wiki with a session (`sessionFor`, the catalogue provider's) is asked signed in, through one
 *   `SignedInHttpClient` on that session per wiki (one sign-in shared with the catalogue, the same
 *   bounds and scheduler as anonymous lookups), and not at all until the catalogue has signed it
 *   in; URLs are core's `apiUrl`, answers read by `readJson` (depth-limited); an API error
 *   (`readapidenied` of a private wiki) is logged naming the wiki, and not cached.
 */
import type { ContentFact, ContentKind, ContentProvider, ContentSuggestion, ContentToken } from '../../core/src';
import type { WikiSession } from './auth';
import type { HostScheduler } from './hostScheduler';
import { HttpClient, type HttpLogEntry, engineUserAgent } from './http';
import { WikiContent } from './wikiContent';

export { CONTENT_LIMIT, FACTS_BATCH, contentQuery, factsQuery, readContentAnswer, readFactsAnswer } from './contentAnswers';
export { CONTENT_CACHE_ENTRIES, CONTENT_TTL_MS, FACTS_PAUSE_MS } from './wikiContent';

export const CONTENT_WAIT_MS = 1000;
/** How long a facts request, once sent, is waited for unless its caller says (content diagnostics: nobody waits on them). */
export const FACTS_WAIT_MS = 10_000;
export const CONTENT_MAX_BYTES = 1024 * 1024;
/** The longest prefix sent: a value longer than any title is not looked up. */
const MAX_PREFIX = 255;
/** Wikis whose content clients are kept; past it the least recently asked goes. */
const MAX_WIKIS = 100;

export interface WikiContentOptions {
  userAgent?: string;
  /** May a content request be sent to this wiki now? */
  allowed: (endpoint: string) => boolean;
  log?: (m: string) => void;
  /** How long `suggest` waits (CONTENT_WAIT_MS). */
  waitMs?: number;
  /** How long a facts request, once sent, is waited for when its caller does not say (FACTS_WAIT_MS). */
  factsWaitMs?: number;
  /** The client (default: one with the content bounds, on `scheduler`). */
  http?: HttpClient;
  /** The per-host queue shared with the program's other clients (the server's catalogue client): one request in flight per wiki whatever asks. */
  scheduler?: HostScheduler;
  /** Each HTTP exchange, when it ends (`--log-timing`): the test of one request in flight reads these. */
  onExchange?: (e: HttpLogEntry) => void;
  /** The wiki's signed-in session, if any (the catalogue provider's `sessionFor`): its lookups go signed in. */
  sessionFor?: (endpoint: string) => WikiSession | undefined;
}

export class WikiContentProvider implements ContentProvider {
  /** One content client per wiki, by endpoint; `clear` drops it, and at most MAX_WIKIS are kept. */
  private readonly wikis = new Map<string, WikiContent>();
  private readonly http: HttpClient;

  constructor(private readonly options: WikiContentOptions) {
    this.http = options.http ?? new HttpClient({ userAgent: options.userAgent || engineUserAgent('content'), timeoutMs: 15000, maxBytes: CONTENT_MAX_BYTES, scheduler: options.scheduler }, options.onExchange);
  }

  private wiki(endpoint: string): WikiContent {
    let w = this.wikis.get(endpoint);
    if (w) this.wikis.delete(endpoint);
    else w = new WikiContent(endpoint, { http: this.http, log: this.options.log, onExchange: this.options.onExchange, sessionFor: this.options.sessionFor });
    this.wikis.set(endpoint, w);
    if (this.wikis.size > MAX_WIKIS) this.wikis.delete(this.wikis.keys().next().value as string);
    return w;
  }

  /** Forgets a wiki's answers, facts and pause (all wikis' with no endpoint): "Refresh catalogue", changed credentials. */
  clear(endpoint?: string): void {
    if (endpoint === undefined) this.wikis.clear();
    else this.wikis.delete(endpoint);
  }

  /**
   * What the wiki says of each of `names` (full titles, or user names): the cached ones from the
   * cache; those another call is asking already (a hover while the diagnostics' batch is on its
   * way and sent) from that batch's answer, once it ends; the others asked FACTS_BATCH at a time,
   * each batch waiting its turn for the wiki (a hover's, which says how long it waits, ahead of
   * the catalogue's and the content pass's requests; the content pass's behind everything). Each request, once sent (and the wait for
   * another call's batch), is waited for at most `options.waitMs` (a hover's), else `factsWaitMs`.
   * LSP cancellation aborts what is waiting or in flight. A name with no answer is not in the map.
   */
  async facts(endpoint: string, kind: ContentKind, names: readonly string[], token?: ContentToken, options?: { waitMs?: number }): Promise<ReadonlyMap<string, ContentFact>> {
    const out = new Map<string, ContentFact>();
    if (!this.options.allowed(endpoint)) return out;
    const wiki = this.wiki(endpoint);
    // A caller that says how long it waits is waiting on the answer (a hover): its requests are urgent.
    const urgent = options?.waitMs !== undefined;
    const ask: string[] = [];
    const later: string[] = [];
    const others = new Set<Promise<void>>();
    for (const name of new Set(names)) {
      if (!name || name.length > MAX_PREFIX || wiki.cachedFact(kind, name, out)) continue;
      const pending = wiki.pendingFact(kind, name, urgent);
      if (pending) {
        others.add(pending);
        later.push(name);
      } else {
        ask.push(name);
      }
    }
    if ((!ask.length && !later.length) || token?.isCancellationRequested || wiki.isPaused()) return out;
    const waitMs = options?.waitMs ?? this.options.factsWaitMs ?? FACTS_WAIT_MS;
    const abort = new AbortController();
    const cancel = token?.onCancellationRequested(() => abort.abort());
    try {
      await wiki.askInBatches(kind, ask, abort.signal, waitMs, urgent, out);
      if (later.length && !abort.signal.aborted) {
        // Another call's batch: its answer, once it ends (within this call's bound); what it did not answer is asked here.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const bound = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
          abort.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        await Promise.race([Promise.all(others), bound]);
        clearTimeout(timer);
        const still = later.filter((name) => !wiki.cachedFact(kind, name, out) && !wiki.pendingFact(kind, name, false));
        if (!abort.signal.aborted) await wiki.askInBatches(kind, still, abort.signal, waitMs, urgent, out);
      }
    } finally {
      cancel?.dispose();
    }
    return out;
  }

  async suggest(endpoint: string, kind: ContentKind, prefix: string, options: { namespace?: number }, token?: ContentToken): Promise<ContentSuggestion[] | undefined> {
    if (prefix.length > MAX_PREFIX || !this.options.allowed(endpoint)) return [];
    const wiki = this.wiki(endpoint);
    const hit = wiki.cachedAnswer(kind, options.namespace, prefix);
    if (hit) return hit;
    const http = wiki.httpClient();
    if (!http) return undefined;
    const mine = wiki.lookup(http, kind, prefix, options.namespace);
    if (token?.isCancellationRequested) return undefined;
    return new Promise<ContentSuggestion[] | undefined>((resolve) => {
      const timer = setTimeout(() => done(undefined), this.options.waitMs ?? CONTENT_WAIT_MS);
      const cancel = token?.onCancellationRequested(() => {
        mine.abort.abort();
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
}
