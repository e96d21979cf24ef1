/**
 * Running a resolved request: one batch at a time ("next") or until no `continue` remains ("all"),
 * with etiquette (maxlag while paging, waiting out maxlag/ratelimited/429/503 with Retry-After and
 * capped backoff, visibly and cancellably), loop detection, caps, and partial results that keep
 * the last `continue` so a run can be resumed.
 */
import { ApiError, CancelledError, HttpError, LoopError, WikiqError, errorMessage } from './errors';
import { HttpClient, HttpResponse } from './http';
import { Merger, RecordSink } from './merge';
import { ApiMessage, locate, readErrors, readWarnings } from './messages';
import type { ResolvedRequest } from './resolve';

export interface RunOptions {
  /** Follow continuation to the end (default: one batch). */
  all?: boolean;
  /** Default 1000. */
  maxBatches?: number;
  /** Stop (partial) once this many records are kept or streamed. */
  maxRecords?: number;
  /** Sent while paging automatically (default 5; 0: not sent). Not sent for single batches. */
  maxlag?: number;
  /** Most retries of one batch (default 5). */
  maxRetries?: number;
  signal?: AbortSignal;
  /** Streams list records out instead of keeping them. */
  sink?: RecordSink;
  /** Keep at most this many raw batch bodies (default 50). */
  keepRaw?: number;
  onProgress?: (p: Progress) => void;
  /** Injectable for tests: waits `ms` unless the signal fires first. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface Progress {
  batches: number;
  records: number;
  /** Set while waiting before a retry. */
  waiting?: { ms: number; reason: string };
}

export interface BatchInfo {
  n: number;
  status: number;
  ms: number;
  bytes: number;
  url: string;
}

export interface RunState {
  request: ResolvedRequest;
  /** The member that holds the action's result (`query`, `paraminfo`…). */
  actionKey: string;
  batches: number;
  complete: boolean;
  /** The `continue` to send next; null when complete. */
  continue: Record<string, string> | null;
  warnings: ApiMessage[];
  errors: ApiMessage[];
  raw: string[];
  batchInfo: BatchInfo[];
  debuginfo?: unknown;
  /** The first fatal error of the run, when it stopped on one. */
  failure?: WikiqError;
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

function stable(o: Record<string, string>): string {
  return JSON.stringify(Object.keys(o).sort().map((k) => [k, o[k]]));
}

export function buildUrl(endpoint: string, params: Record<string, string>): string {
  const u = new URL(endpoint);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** A run of one request, continued batch by batch; the merged result grows as batches arrive. */
export class RunSession {
  readonly state: RunState;
  readonly merger: Merger;
  private readonly seen = new Set<string>();

  constructor(readonly request: ResolvedRequest, private readonly http: HttpClient, private readonly options: RunOptions = {}, resumeFrom?: Record<string, string>) {
    const action = request.params.action ?? 'help';
    const actionKey = action === 'query' ? 'query' : action;
    this.merger = new Merger(actionKey, options.sink);
    this.state = {
      request, actionKey, batches: 0, complete: false, continue: resumeFrom ?? null, warnings: [], errors: [], raw: [], batchInfo: [],
    };
  }

  result(): Record<string, unknown> {
    return this.merger.value();
  }

  /** Fetches the next batch (the first, or the one `continue` points to). */
  async next(opts: { paging?: boolean } = {}): Promise<void> {
    if (this.state.complete) return;
    const params: Record<string, string> = { ...this.request.params, ...(this.state.continue ?? {}) };
    const maxlag = this.options.maxlag ?? 5;
    if (opts.paging && maxlag > 0 && !('maxlag' in this.request.params)) params.maxlag = String(maxlag);
    const url = buildUrl(this.request.endpoint, params);
    const { json, res } = await this.fetchWithRetry(url);
    this.state.batches++;
    this.state.batchInfo.push({ n: this.state.batches, status: res.status, ms: res.ms, bytes: res.bytes, url });
    if (this.state.raw.length < (this.options.keepRaw ?? 50)) this.state.raw.push(res.body);
    for (const w of readWarnings(json)) this.state.warnings.push(locate(w, this.request));
    const errors = readErrors(json);
    if (errors.length) {
      for (const e of errors) this.state.errors.push(locate(e, this.request));
      const first = errors[0];
      throw new ApiError(this.request.endpoint, first.code ?? 'unknown', first.text);
    }
    if ('debuginfo' in json) this.state.debuginfo = json.debuginfo;
    this.merger.add(json);
    const cont = json.continue as Record<string, string> | undefined;
    if (cont && typeof cont === 'object') {
      const key = stable(cont);
      if (this.seen.has(key)) throw new LoopError(cont);
      this.seen.add(key);
      this.state.continue = Object.fromEntries(Object.entries(cont).map(([k, v]) => [k, String(v)]));
    } else {
      this.state.continue = null;
      this.state.complete = true;
    }
    this.options.onProgress?.({ batches: this.state.batches, records: this.merger.records() });
  }

  /** Runs until complete, a cap, cancellation or an error. Never throws: a failure is kept in the state. */
  async run(): Promise<RunState> {
    const maxBatches = this.options.maxBatches ?? 1000;
    try {
      do {
        if (this.options.signal?.aborted) throw new CancelledError();
        await this.next({ paging: !!this.options.all });
        if (!this.options.all) break;
        if (this.state.batches >= maxBatches) break;
        if (this.options.maxRecords !== undefined && this.merger.records() >= this.options.maxRecords) break;
      } while (!this.state.complete);
    } catch (e) {
      this.state.failure = e instanceof WikiqError ? e : new WikiqError('network', errorMessage(e));
    }
    return this.state;
  }

  private async fetchWithRetry(url: string): Promise<{ json: any; res: HttpResponse }> {
    const sleep = this.options.sleep ?? defaultSleep;
    const maxRetries = this.options.maxRetries ?? 5;
    for (let attempt = 0; ; attempt++) {
      const res = await this.http.get(url, this.options.signal);
      let json: any;
      let parsed = true;
      try {
        json = JSON.parse(res.body);
      } catch {
        parsed = false;
      }
      const code = parsed && json?.error ? String(json.error.code ?? '') : Array.isArray(json?.errors) ? String(json.errors[0]?.code ?? '') : '';
      const retryable = res.status === 429 || res.status === 503 || code === 'maxlag' || code === 'ratelimited';
      if (retryable && attempt < maxRetries) {
        const after = Number(res.headers['retry-after']);
        const backoff = Math.min(60000, 1000 * 2 ** attempt);
        let ms = Number.isFinite(after) && after >= 0 ? after * 1000 : backoff;
        if (code === 'maxlag') ms = Math.max(ms, 5000);
        ms = Math.min(ms, 120000);
        const reason = code === 'maxlag' ? 'the wiki is lagged (maxlag)' : code === 'ratelimited' ? 'rate limited' : `HTTP ${res.status}`;
        this.options.onProgress?.({ batches: this.state.batches, records: this.merger.records(), waiting: { ms, reason } });
        await sleep(ms, this.options.signal);
        continue;
      }
      if (!parsed) throw new HttpError(res.url, res.status, res.headers['content-type'] ?? '', res.body, 'not-json');
      if (res.status >= 400 && !json?.error && !json?.errors) throw new HttpError(res.url, res.status, res.headers['content-type'] ?? '', res.body);
      if (!json || typeof json !== 'object' || Array.isArray(json)) throw new HttpError(res.url, res.status, res.headers['content-type'] ?? '', res.body, 'not-json');
      return { json, res };
    }
  }
}
