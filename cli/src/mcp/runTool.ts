/**
 * `run_request`'s page: the engine's Pull (engine/src/pull.ts) taken once, at full batches (the
 * request's own limit: the wiki is asked for as many batches as `wikiq run --all` asks), up to
 * `max_records` records or the answer's size bound. The records fetched past the bound are held for
 * the next cursor (pulls.ts): its page needs no request for them. A cursor whose pull is not held
 * (a restart, an eviction, a retry) fetches its point again. Every record comes once.
 */
import { Pull, type HttpClient, type ResolvedRequest, type RunOptions, type RunState } from '../../../engine/src';
import { HeldPulls, decodeCursor, encodeCursor, newKey, requestHash } from './pulls';

export interface RunBounds {
  /** Records this call returns at most. */
  maxRecords: number;
  /** Characters (of JSON) of records this call returns at most. */
  maxChars: number;
  /** Batches one call fetches at most. */
  maxBatches: number;
  signal?: AbortSignal;
  onBatch?: (state: RunState) => void;
}

export interface RunAnswer {
  status: 'complete' | 'partial' | 'failed';
  records: unknown[];
  cursor?: string;
  warnings: string[];
  /** The records were cut at the answer's size bound (more may follow through the cursor). */
  truncated?: boolean;
  /** What the answer holds besides list records (siteinfo's general, a parse…), when it is small enough. */
  result?: unknown;
  error?: string;
}

/** How a page's pull is made when none is held: the run options and the wiki's HTTP client. */
export interface PullMaker {
  options: Omit<RunOptions, 'sink' | 'all' | 'maxRecords'>;
  http: () => HttpClient;
}

export async function runRequest(resolved: ResolvedRequest, maker: PullMaker, held: HeldPulls, bounds: RunBounds, cursorText?: string): Promise<RunAnswer> {
  const hash = requestHash(resolved);
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText, hash);
  const pull = held.take(cursor?.key, hash) ?? new Pull(resolved, maker.http(), maker.options, cursor?.point);
  const state = pull.session.state;
  const warningsBefore = state.warnings.length;
  const page = await pull.take({ maxRecords: bounds.maxRecords, maxChars: bounds.maxChars, maxBatches: bounds.maxBatches, signal: bounds.signal, onBatch: bounds.onBatch });
  let key: string | undefined;
  if (page.next && pull.heldRecords() > 0 && pull.resumable()) {
    key = newKey();
    if (!held.hold(key, hash, pull)) key = undefined;
  }
  const answer: RunAnswer = {
    status: page.status,
    records: page.records,
    ...(page.next && page.status !== 'failed' ? { cursor: encodeCursor(hash, page.next, key) } : {}),
    warnings: state.warnings.slice(warningsBefore).map((w) => `${w.module ? `[${w.module}] ` : ''}${w.text}`),
    ...(page.truncated ? { truncated: true } : {}),
    ...(page.failure ? { error: page.failure.message } : {}),
  };
  // An answer without list records (meta=siteinfo, action=parse…): its merged result, within the bound.
  const result = pull.session.merger.records() === 0 ? pull.session.result() : undefined;
  if (result && Object.keys(result).length) {
    if (JSON.stringify(result).length <= bounds.maxChars) answer.result = result;
    else answer.truncated = true;
  }
  return answer;
}
