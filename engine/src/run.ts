/**
 * Running a resolved request: one batch at a time ("next") or until no `continue` remains ("all"),
 * with etiquette (maxlag while paging automatically; waiting out maxlag, ratelimited, HTTP 429 and
 * 503 with Retry-After and capped exponential backoff, visibly and cancellably), loop detection,
 * caps, and partial results that keep the last `continue` so a run can be resumed. A list with more
 * values than the API takes at once is sent in batches of values (batches.ts), one after the other.
 *
 * Events (all optional, for the VS Code client and the CLI): `onProgress` (batch n, records so
 * far, waiting for a retry), `onBatch` (each raw body as received, for a "Raw" tab), and the HTTP
 * log lines come from the HttpClient's `onLog`.
 */
import { SignedInHttpClient } from './auth/session';
import { BatchPlan, batchParams, keptContinue, planBatches, readKeptContinue } from './batches';
import { ContinuationTracker, ContinueObject, RawContinueError, continueOf, continuedParams } from './continuation';
import { ApiError, CancelledError, HttpError, NotApiAnswerError, WikiqError, errorMessage } from './errors';
import { HttpClient, HttpResponse } from './http';
import { arrOf, objOf, readJson } from './json';
import { Merger, RecordSink } from './merge';
import { ApiMessage, locate, readErrors, readWarnings } from './messages';
import type { ResolvedRequest } from './resolve';
import { shorten } from './shorten';
import { isRetryable, retryWait, waitTooLongError } from './waits';
import { RUN_OPTIONS } from './runOptions';
import { apiUrl, isObj, keptBatches, runStatus, type JsonObject, type RunFacts } from '../../core/src';

export interface RunOptions {
  /** Follow continuation to the end (default: one batch). */
  all?: boolean;
  /** Most batches in one run() (default 1000, the wikiq.maxBatches setting). */
  maxBatches?: number;
  /** Stop (partial) once this many records are kept or streamed. */
  maxRecords?: number;
  /** Sent while paging automatically (default 5; 0: not sent). Not sent for single batches. */
  maxlag?: number;
  /** Most retries of one batch (default 5). */
  maxRetries?: number;
  /** First backoff step when the server gives no Retry-After (default 1000 ms; doubles, capped at maxBackoffMs). */
  backoffMs?: number;
  /** Longest single wait (default 120 s; the wikiq.maxWaitSeconds setting, the CLI's --max-wait). A wiki asking for longer is not retried: the run stops at once. */
  maxBackoffMs?: number;
  signal?: AbortSignal;
  /** Streams list records (and pages, once their batch is complete) out instead of keeping them. */
  sink?: RecordSink;
  /** Keep at most this many raw batch bodies in the state (default 50); onBatch sees every one. */
  keepRaw?: number;
  onProgress?: (p: Progress) => void;
  /** Each batch as received (its raw body and its parsed JSON), before merging. */
  onBatch?: (b: BatchEvent) => void;
  /** Awaited after each batch is merged, before the next is asked for: a slow sink (a file) holds the run back, so memory stays flat. */
  backpressure?: () => Promise<void> | void;
  /** Injectable for tests: the time in ms (default `performance.now`), for the run's duration. */
  clock?: () => number;
  /** Injectable for tests: waits `ms` unless the signal fires first (then rejects with CancelledError). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What one `RunSession.run` call asks, beyond the session's options. */
export interface RunCall {
  /** Follow continuation (default: the session's `all`, else one batch). */
  all?: boolean;
  /** Most batches of this call (default: the session's, else RUN_OPTIONS.maxBatches). */
  maxBatches?: number;
  /** Stop (partial) once this many records are kept or streamed; each batch asks for no more than are left. */
  maxRecords?: number;
  signal?: AbortSignal;
  /** Called after each batch is merged (the results view shows the grown result). */
  onBatch?: () => void;
  /** Asked after each batch: true stops the run there, partial (the caller has what it wanted: an agent's page, engine/src/pull.ts). */
  stopWhen?: () => boolean;
}

export interface Progress {
  batches: number;
  records: number;
  /** Set while waiting before a retry. */
  waiting?: { ms: number; reason: string; attempt?: number };
}

export interface BatchInfo {
  n: number;
  status: number;
  ms: number;
  bytes: number;
  url: string;
  batchcomplete: boolean;
}

export interface BatchEvent {
  info: BatchInfo;
  body: string;
  json: unknown;
}

/** Why the last run() stopped. */
export type StopReason = 'complete' | 'single' | 'max-batches' | 'max-records' | 'cancelled' | 'error';

export interface RunState {
  request: ResolvedRequest;
  /** The member that holds the action's result (`query`, `paraminfo`…). */
  actionKey: string;
  batches: number;
  complete: boolean;
  /** The `continue` to send next; null when complete (or before the first batch). */
  continue: Record<string, string> | null;
  warnings: ApiMessage[];
  errors: ApiMessage[];
  raw: string[];
  batchInfo: BatchInfo[];
  debuginfo?: unknown;
  /** The error the last run stopped on, when it did. */
  failure?: WikiqError;
  /** Why the last run() stopped. */
  stopped?: StopReason;
  /** Records kept or streamed so far. */
  records: number;
  /** The batches whose records are in the result (core's `keptBatches`: an API error's batch is not kept). */
  keptBatches: number;
  /**
   * The run's duration in milliseconds: from the first request sent to the last answer read, waits
   * before retries included; a session run again (Load next batch) adds each run's span. Catalogue
   * loads are not in it (they come before the session).
   */
  ms: number;
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new CancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const defaultClock = () => performance.now();

/** Members any Action API answer may have at its top level, whatever the action. */
const API_MEMBERS = ['query', 'continue', 'query-continue', 'batchcomplete', 'error', 'errors', 'warnings', 'servedby', 'curtimestamp', 'requestid', 'docref', 'uselang', 'errorlang', 'debuginfo', 'limits', 'success'];

/** An object answer that has at least one of the API's top-level members, or the action's own (`paraminfo`, `parse`…). */
export function looksLikeApiAnswer(json: object, actionKey: string): boolean {
  return actionKey in json || API_MEMBERS.some((k) => k in json);
}

/** The `…limit` parameter of the one list or generator of a query, if there is exactly one. */
export function limitParam(request: ResolvedRequest): string | undefined {
  const paged = request.modules.filter((m) => m.via === 'list' || m.via === 'generator');
  return paged.length === 1 && paged[0].prefix ? `${paged[0].prefix}limit` : undefined;
}

const messageKey = (m: ApiMessage) => `${m.module ?? ''}\u0000${m.code ?? ''}\u0000${m.text}`;

/** A run of one request, continued batch by batch; the merged result grows as batches arrive. */
export class RunSession {
  readonly state: RunState;
  readonly merger: Merger;
  private readonly tracker: ContinuationTracker;
  private readonly warningKeys = new Set<string>();
  /** How the request's values are sent in batches (undefined: at once); made before the first batch, when the user's rights are known. */
  private plan: BatchPlan | undefined;
  private planned = false;
  /** The current batch of values: the positions of its first value and past its last (fixed when it starts: its continuation belongs to them). */
  private start = 0;
  private end = 0;

  /**
   * @param resumeFrom a `continue` object of an earlier, partial run (see readResumePoint): the
   *   session starts from there; what the earlier run fetched is not fetched again.
   */
  constructor(readonly request: ResolvedRequest, private readonly http: HttpClient, private readonly options: RunOptions = {}, resumeFrom?: ContinueObject) {
    const action = request.params.action ?? 'help'; // the API's default action
    this.merger = new Merger(action, options.sink);
    this.tracker = new ContinuationTracker(resumeFrom);
    this.state = {
      request, actionKey: action, batches: 0, complete: false, continue: resumeFrom ?? null, warnings: [], errors: [], raw: [], batchInfo: [], records: 0, keptBatches: 0, ms: 0,
    };
  }

  /** The merged result so far: `{ query: … }` or the action's own member. */
  result(): Record<string, unknown> {
    return this.merger.value();
  }

  /** The parameters the next batch sends (without maxlag): its batch of values, if any, and the API's `continue`. */
  nextParams(): Record<string, string> {
    const { api } = readKeptContinue(this.state.continue, this.plan);
    return continuedParams(this.plan ? batchParams(this.request.params, this.plan, this.start, this.end) : this.request.params, api);
  }

  /**
   * Plans the batches of values: as many per request as the user may send (`apihighlimits` when
   * signed in with it: the session's identity), and where a resumed run starts.
   */
  private async makePlan(signal?: AbortSignal): Promise<void> {
    if (this.request.overLimit?.length) {
      const high = this.http instanceof SignedInHttpClient ? (await this.http.ready(signal)).highLimits : false;
      this.plan = planBatches(this.request, high);
    }
    const kept = readKeptContinue(this.state.continue, this.plan);
    this.start = kept.start;
    this.end = kept.end ?? this.start;
    this.planned = true;
  }

  /** A batch of values starting: as many values as the user may send, and no more than the records still wanted. */
  private startBatch(maxRecords: number | undefined): void {
    if (!this.plan || this.end > this.start) return;
    const left = maxRecords === undefined ? Infinity : Math.max(1, maxRecords - this.merger.records());
    this.end = Math.min(this.plan.values.length, this.start + Math.min(this.plan.size, left));
  }

  /**
   * Fetches the next batch (the first, or the one `continue` points to) and merges it. Throws the
   * batch's error (the state keeps what was merged before it). `paging`: sent by automatic paging
   * (adds maxlag); `signal` overrides the session's for this batch; `maxRecords`: the batch asks
   * for no more than what is left of it. Private: every surface drives a session through `run`.
   */
  private async next(opts: { paging?: boolean; signal?: AbortSignal; maxRecords?: number } = {}): Promise<void> {
    if (this.state.complete) return;
    const signal = opts.signal ?? this.options.signal;
    if (signal?.aborted) throw new CancelledError();
    if (!this.planned) await this.makePlan(signal);
    this.startBatch(opts.maxRecords);
    const params = this.nextParams();
    this.lowerLimit(params, opts.maxRecords);
    const maxlag = this.options.maxlag ?? RUN_OPTIONS.maxlag.default;
    if (opts.paging && maxlag > 0 && !('maxlag' in this.request.params)) params.maxlag = String(maxlag);
    const url = apiUrl(this.request.endpoint, params); // core's one URL encoder: what "Copy as URL" copies
    const { json, res } = await this.fetchWithRetry(url, signal);
    const n = this.state.batches + 1;
    const info: BatchInfo = { n, status: res.status, ms: res.ms, bytes: res.bytes, url, batchcomplete: !Array.isArray(json) && 'batchcomplete' in json };
    this.options.onBatch?.({ info, body: res.body, json });
    this.state.batches = n;
    this.state.batchInfo.push(info);
    if (this.state.raw.length < (this.options.keepRaw ?? 50)) this.state.raw.push(res.body);
    if (Array.isArray(json)) {
      this.merger.add(json);
      this.finishRun();
      return;
    }
    for (const w of readWarnings(json)) {
      const k = messageKey(w);
      if (this.warningKeys.has(k)) continue;
      this.warningKeys.add(k);
      this.state.warnings.push(locate(w, this.request));
    }
    const errors = readErrors(json);
    if (errors.length) {
      for (const e of errors) this.state.errors.push(locate(e, this.request));
      const first = errors[0];
      throw new ApiError(this.request.endpoint, first.code ?? 'unknown', first.text);
    }
    if ('debuginfo' in json) this.state.debuginfo = json.debuginfo;
    this.merger.add(json);
    this.state.keptBatches = keptBatches(this.state);
    this.noteRepeatedPages();
    this.state.records = this.merger.records();
    const cont = continueOf(json);
    if (cont) {
      const kept = keptContinue(cont, this.plan, this.start, this.end);
      this.tracker.follow(kept);
      this.state.continue = kept;
    } else if ('query-continue' in json) {
      throw new RawContinueError();
    } else if (this.plan && this.end < this.plan.values.length) {
      // This batch of values is done: the next one starts afresh (its own continuation).
      this.start = this.end;
      this.state.continue = keptContinue({}, this.plan, this.start, this.end);
    } else {
      this.finishRun();
    }
    this.options.onProgress?.({ batches: this.state.batches, records: this.state.records });
  }

  /**
   * With `maxRecords`, the batch's `…limit` is lowered to the records still wanted, so a run stops
   * at exactly that many and its `continue` points at the next record (one list or generator only:
   * with several, which one fills the records cannot be told).
   */
  private lowerLimit(params: Record<string, string>, maxRecords: number | undefined): void {
    const name = limitParam(this.request);
    if (maxRecords === undefined || !name) return;
    const left = Math.max(1, maxRecords - this.merger.records());
    // Only ever lowered: unset is the API's usual default (10), `max` at least the plain users' 500.
    const value = params[name];
    const current = value === undefined ? 10 : value === 'max' ? 500 : Number(value);
    if (left < current) params[name] = String(left);
  }

  /** Streamed pages listed again after they were written: said once, in words (see Merger.repeatedPages). */
  private noteRepeatedPages(): void {
    const r = this.merger.repeatedPages.first;
    if (!r || this.warningKeys.has('repeatedpage')) return;
    this.warningKeys.add('repeatedpage');
    const page = r.id !== undefined ? `page ${r.id}${r.title !== undefined ? ` (${shorten(r.title, 100)})` : ''}` : `the page ${shorten(r.title ?? '?', 100)}`;
    this.state.warnings.push({
      code: 'repeatedpage',
      text: `Streaming: ${page} came again in batch ${r.batch} after it had been written; the output keeps the record written first (later repeats are not listed one by one).`,
    });
  }

  private finishRun(): void {
    this.state.continue = null;
    this.state.complete = true;
    this.merger.finish();
    this.state.records = this.merger.records();
    this.state.keptBatches = keptBatches(this.state);
  }

  /**
   * The run's facts as its assertions see them and every surface shows them: core's status, the
   * records, the batches kept, the API's warnings and the duration (`RunState.ms`).
   */
  facts(): RunFacts {
    const s = this.state;
    return { status: runStatus(s), records: s.records, batches: s.keptBatches, warnings: s.warnings.length, ms: Math.round(s.ms), result: this.result() };
  }

  /**
   * Runs until complete, a cap, cancellation or an error; called again it goes on from where the
   * last run stopped (the "Load next batch" / "Load all" of the results view). Never throws: a
   * failure is kept in the state (`failure`, `stopped`), with the merged result so far and the
   * `continue` to resume from. `opts` override the session's options for this run; `maxBatches`
   * counts the batches of this run; `onBatch` is called after each batch is merged (the results
   * view shows the grown result).
   */
  async run(opts: RunCall = {}): Promise<RunState> {
    const all = opts.all ?? this.options.all ?? false;
    const maxBatches = opts.maxBatches ?? this.options.maxBatches ?? RUN_OPTIONS.maxBatches.default;
    const maxRecords = opts.maxRecords ?? this.options.maxRecords;
    const signal = opts.signal ?? this.options.signal;
    this.state.failure = undefined;
    this.state.stopped = undefined;
    const clock = this.options.clock ?? defaultClock;
    const started = clock();
    let n = 0;
    try {
      while (!this.state.complete) {
        if (signal?.aborted) throw new CancelledError();
        await this.next({ paging: all, signal, maxRecords });
        n++;
        opts.onBatch?.();
        await this.options.backpressure?.();
        if (this.state.complete) break;
        if (!all) {
          this.state.stopped = 'single';
          break;
        }
        if (opts.stopWhen?.()) {
          this.state.stopped = 'max-records';
          break;
        }
        if (n >= maxBatches) {
          this.state.stopped = 'max-batches';
          break;
        }
        if (maxRecords !== undefined && this.merger.records() >= maxRecords) {
          this.state.stopped = 'max-records';
          break;
        }
      }
      if (this.state.complete) this.state.stopped = 'complete';
    } catch (e) {
      this.state.failure = e instanceof WikiqError ? e : new WikiqError('network', errorMessage(e));
      this.state.stopped = this.state.failure.kind === 'cancelled' ? 'cancelled' : 'error';
    }
    this.state.ms += clock() - started;
    this.state.keptBatches = keptBatches(this.state);
    // Streamed pages still held belong in the output even when the run stops early (a page whose
    // data would have continued in the next batch is then written as it is).
    if (!this.state.complete && this.options.sink) this.merger.finish();
    this.noteRepeatedPages();
    this.state.records = this.merger.records();
    return this.state;
  }

  private async fetchWithRetry(url: string, signal?: AbortSignal): Promise<{ json: JsonObject | unknown[]; res: HttpResponse }> {
    const sleep = this.options.sleep ?? defaultSleep;
    const maxRetries = this.options.maxRetries ?? RUN_OPTIONS.maxRetries.default;
    const base = this.options.backoffMs ?? RUN_OPTIONS.backoff.default;
    const cap = this.options.maxBackoffMs ?? RUN_OPTIONS.maxWait.default * 1000;
    for (let attempt = 0; ; attempt++) {
      const res = await this.http.get(url, signal);
      const read = readJson(res.body, res.url);
      const parsed = read !== undefined;
      const json = read?.value;
      const obj = objOf(json);
      const code = parsed && obj.error ? String(objOf(obj.error).code ?? '') : parsed && Array.isArray(obj.errors) ? String(objOf(arrOf(obj.errors)[0]).code ?? '') : '';
      const cause = { status: res.status, code, retryAfter: res.headers['retry-after'] };
      if (isRetryable(cause)) {
        const wait = retryWait(cause, attempt, base, cap);
        // Never retried before the wiki's time: asked for longer than the cap, the run stops now.
        if (wait.tooLong) throw waitTooLongError(this.request.endpoint, cause, wait.askedMs!, cap);
        if (attempt < maxRetries) {
          this.options.onProgress?.({ batches: this.state.batches, records: this.merger.records(), waiting: { ms: wait.ms, reason: wait.reason, attempt: attempt + 1 } });
          await sleep(wait.ms, signal);
          continue;
        }
      }
      if (!parsed) throw new HttpError(res.url, res.status, res.headers['content-type'] ?? '', res.body, 'not-json');
      const isApiError = !!(obj.error || Array.isArray(obj.errors));
      if (res.status >= 400 && !isApiError) throw new HttpError(res.url, res.status, res.headers['content-type'] ?? '', res.body);
      if (!isObj(json) && !Array.isArray(json)) throw new HttpError(res.url, res.status, res.headers['content-type'] ?? '', res.body, 'not-json');
      if (isObj(json) && !looksLikeApiAnswer(json, this.state.actionKey)) throw new NotApiAnswerError(res.url, res.status, res.body);
      return { json, res };
    }
  }
}
