/**
 * One wiki's content client (#31, #40): its completion answers and facts, the completion lookup in
 * flight, the facts pause and its signed-in HTTP client. `WikiContentProvider` (content.ts) keeps
 * one per endpoint and forgets a wiki by dropping its `WikiContent`. Its requests go through the
 * provider's `HttpClient` (or one `SignedInHttpClient` on the wiki's session, made once per
 * session), whose `HostScheduler` keeps one request in flight per host: a completion lookup is
 * urgent (ahead of every facts batch waiting), facts batches wait their turn in order.
 */
import { apiUrl, type ContentFact, type ContentKind, type ContentSuggestion } from '../../core/src';
import { SignedInHttpClient, type WikiSession } from './auth';
import { FACTS_BATCH, answerOf, contentQuery, factsQuery, readContentAnswer, readFactsAnswer } from './contentAnswers';
import type { HttpClient, HttpLogEntry } from './http';

/** Answers and facts kept at most, each cache; past it the oldest go first. */
export const CONTENT_CACHE_ENTRIES = 10_000;
export const CONTENT_TTL_MS = 5 * 60 * 1000;
/** After a facts request fails (or is not answered in time), no facts are asked of that wiki for this long. */
export const FACTS_PAUSE_MS = 30_000;
/** Title namespaces whose answers are kept per wiki; past it the oldest namespace's go. */
const MAX_NAMESPACES = 64;

/** A cache of at most CONTENT_CACHE_ENTRIES values by name, each kept CONTENT_TTL_MS; the oldest dropped first. */
class Recent<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  /** `{ value }` when a fresh entry is kept for `name` (a stale one is dropped). */
  get(name: string): { value: V } | undefined {
    const hit = this.entries.get(name);
    if (hit && Date.now() - hit.at < CONTENT_TTL_MS) return { value: hit.value };
    if (hit) this.entries.delete(name);
    return undefined;
  }

  set(name: string, value: V): void {
    this.entries.delete(name);
    this.entries.set(name, { at: Date.now(), value });
    if (this.entries.size > CONTENT_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/** The shared parts a wiki's client works with (the provider's). */
export interface WikiContentShared {
  http: HttpClient;
  log?: (m: string) => void;
  onExchange?: (e: HttpLogEntry) => void;
  /** The wiki's signed-in session, if any: its lookups go signed in. */
  sessionFor?: (endpoint: string) => WikiSession | undefined;
}

/** A facts request of some names: when it ends, and whether it has been sent. */
interface Batch {
  names: string[];
  ended: () => void;
  promise: Promise<void>;
  sent: boolean;
}

interface InFlight {
  kind: ContentKind;
  namespace: number;
  prefix: string;
  abort: AbortController;
  answer: Promise<ContentSuggestion[]>;
}

export class WikiContent {
  /** Completion answers of titles, by namespace then prefix. */
  private readonly titleAnswers = new Map<number, Recent<ContentSuggestion[]>>();
  /** Completion answers of users, categories and files, by kind then prefix. */
  private readonly answers = new Map<ContentKind, Recent<ContentSuggestion[]>>();
  /** Facts by kind then name (undefined: the wiki said nothing of it). */
  private readonly factsByKind = new Map<ContentKind, Recent<ContentFact | undefined>>();
  /** Names whose facts a call is asking, by kind then name: its batch (when it ends, whether it was sent). Another call waits for it rather than asking again. */
  private readonly pending = new Map<ContentKind, Map<string, Batch>>();
  /** The completion lookup waiting or in flight (a newer one aborts it). */
  private inFlight?: InFlight;
  /** Until when no facts are asked (FACTS_PAUSE_MS after a failed facts request). */
  private pausedUntil = 0;
  /** The client on the wiki's session, made once per session (credentials changed: a new session). */
  private signedIn?: SignedInHttpClient;

  constructor(readonly endpoint: string, private readonly shared: WikiContentShared) {}

  /**
   * The client a lookup goes through: the anonymous one, or for a wiki with a session one on that
   * session with the same bounds, User-Agent and scheduler. None while the session is not signed in
   * (the catalogue signs it in; a refused sign-in stays so): a lookup never signs in itself, since
   * wikis throttle failed logins and every keystroke would be one.
   */
  httpClient(): HttpClient | undefined {
    const session = this.shared.sessionFor?.(this.endpoint);
    if (!session) return this.shared.http;
    if (!session.identity) return undefined;
    if (this.signedIn?.session !== session) this.signedIn = new SignedInHttpClient(session, this.shared.http.options, this.shared.onExchange);
    return this.signedIn;
  }

  isPaused(): boolean {
    return this.pausedUntil > Date.now();
  }

  private answersOf(kind: ContentKind, namespace: number): Recent<ContentSuggestion[]> {
    if (kind !== 'title') return mapGet(this.answers, kind, () => new Recent());
    const cache = mapGet(this.titleAnswers, namespace, () => new Recent());
    if (this.titleAnswers.size > MAX_NAMESPACES) this.titleAnswers.delete(this.titleAnswers.keys().next().value as number);
    return cache;
  }

  private factsOf(kind: ContentKind): Recent<ContentFact | undefined> {
    return mapGet(this.factsByKind, kind, () => new Recent());
  }

  private pendingOf(kind: ContentKind): Map<string, Batch> {
    return mapGet(this.pending, kind, () => new Map<string, Batch>());
  }

  /** The kept answer of a completion lookup, if fresh. */
  cachedAnswer(kind: ContentKind, namespace: number | undefined, prefix: string): ContentSuggestion[] | undefined {
    return this.answersOf(kind, namespaceOf(kind, namespace)).get(prefix)?.value;
  }

  /**
   * The completion lookup of `prefix`: the one waiting or in flight when it asks the same, else a
   * new one (aborting the older, waiting or in flight), urgent in the host's queue.
   */
  lookup(http: HttpClient, kind: ContentKind, prefix: string, namespace: number | undefined): InFlight {
    const ns = namespaceOf(kind, namespace);
    const f = this.inFlight;
    if (f && f.kind === kind && f.namespace === ns && f.prefix === prefix) return f;
    f?.abort.abort();
    const abort = new AbortController();
    const url = apiUrl(this.endpoint, contentQuery(kind, prefix, namespace));
    const answer = http.get(url, abort.signal, { urgent: true }).then((res) => {
      const value = readContentAnswer(kind, answerOf(this.endpoint, res));
      this.answersOf(kind, ns).set(prefix, value);
      return value;
    });
    const flight: InFlight = { kind, namespace: ns, prefix, abort, answer };
    this.inFlight = flight;
    answer.catch((e: unknown) => {
      if (!abort.signal.aborted) this.shared.log?.(`wikiq: a content lookup on ${this.endpoint} failed: ${e instanceof Error ? e.message : String(e)}`);
    }).finally(() => {
      if (this.inFlight === flight) this.inFlight = undefined;
    });
    return flight;
  }

  /** Whether a fresh fact of `name` is kept (put in `out` when it says something). */
  cachedFact(kind: ContentKind, name: string, out: Map<string, ContentFact>): boolean {
    const hit = this.factsOf(kind).get(name);
    if (!hit) return false;
    if (hit.value) out.set(name, hit.value);
    return true;
  }

  /**
   * The end of the batch another call is asking `name` in, if any. An urgent call (a hover) waits
   * only for a batch already sent: one still waiting for the host (behind a catalogue load) is
   * not waited on, the hover asks ahead of it.
   */
  pendingFact(kind: ContentKind, name: string, urgent: boolean): Promise<void> | undefined {
    const b = this.pending.get(kind)?.get(name);
    return b && (b.sent || !urgent) ? b.promise : undefined;
  }

  /**
   * Asks `names` FACTS_BATCH at a time, one batch after another (`urgent`: ahead of the requests
   * waiting for the host that are not); each name is pending until its batch ends.
   */
  async askInBatches(kind: ContentKind, names: string[], signal: AbortSignal, waitMs: number, urgent: boolean, out: Map<string, ContentFact>): Promise<void> {
    const pending = this.pendingOf(kind);
    const batches: Batch[] = [];
    for (let i = 0; i < names.length; i += FACTS_BATCH) {
      let ended!: () => void;
      const promise = new Promise<void>((resolve) => (ended = resolve));
      const batch: Batch = { names: names.slice(i, i + FACTS_BATCH), ended, promise, sent: false };
      for (const name of batch.names) pending.set(name, batch);
      batches.push(batch);
    }
    for (const b of batches) {
      try {
        if (signal.aborted) continue;
        const got = await this.factsBatch(kind, b, signal, waitMs, urgent);
        for (const [name, fact] of got ?? []) out.set(name, fact);
      } finally {
        for (const name of b.names) if (pending.get(name) === b) pending.delete(name);
        b.ended();
      }
    }
  }

  /** One facts request; waited for at most `waitMs` once sent; its answer kept name by name (none: undefined). */
  private async factsBatch(kind: ContentKind, b: Batch, signal: AbortSignal, waitMs: number, urgent: boolean): Promise<Map<string, ContentFact> | undefined> {
    const batch = b.names;
    const http = this.httpClient();
    if (!http) return undefined;
    const bound = new AbortController();
    const onAbort = () => bound.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let late = false;
    const onSent = () => {
      b.sent = true;
      timer = setTimeout(() => {
        late = true;
        bound.abort();
      }, waitMs);
    };
    try {
      const res = await http.get(apiUrl(this.endpoint, factsQuery(kind, batch)), bound.signal, { onSent, urgent });
      const got = readFactsAnswer(kind, batch, answerOf(this.endpoint, res));
      const facts = this.factsOf(kind);
      for (const name of batch) facts.set(name, got.get(name));
      return got;
    } catch (e) {
      const pause = `no facts are asked of it for ${FACTS_PAUSE_MS / 1000} s`;
      if (late) this.shared.log?.(`wikiq: a content lookup on ${this.endpoint} was not answered within ${waitMs / 1000} s: its names are not checked, and ${pause}.`);
      else if (!bound.signal.aborted) this.shared.log?.(`wikiq: a content lookup on ${this.endpoint} failed: ${e instanceof Error ? e.message : String(e)}; ${pause}.`);
      if (late || !bound.signal.aborted) this.pausedUntil = Date.now() + FACTS_PAUSE_MS;
      return undefined;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/** The namespace a completion lookup of `kind` is asked in (only titles have one; 0 by default). */
const namespaceOf = (kind: ContentKind, namespace: number | undefined) => (kind === 'title' ? namespace ?? 0 : 0);

function mapGet<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}
