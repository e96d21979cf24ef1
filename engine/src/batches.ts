/**
 * Multi-value batching: a request whose list parameter (`titles`, `pageids`, `revids`, `ususers`…)
 * has more values than the API takes in one request (its paraminfo `lowlimit`, 50, or `highlimit`,
 * 500, for a user with `apihighlimits`) is sent in batches of at most that many values, in the
 * order given, each followed through its own continuation; the merger makes one result of them (a
 * page listed by two batches is one record).
 *
 * Where a run stands between batches is part of its resume point: the `continue` the run keeps
 * carries a member of wikiq's own, `wikiqbatch`, which is never sent to the wiki: `"titles:50"`
 * between two batches (the parameter and the position of the next batch's first value), and
 * `"titles:50-100"` inside one (its values, which its continuation belongs to). A resumed run
 * starts from there with the limit of its own user. With a record cap (`--max-records`), a batch
 * takes no more values than records are still wanted, so a run of one record per value stops at
 * exactly the cap.
 */
import { joinValues } from '../../core/src';
import type { ContinueObject } from './continuation';
import { WikiqError } from './errors';
import type { ResolvedRequest } from './resolve';

/** wikiq's own member of a `continue` object: the batch of values it belongs to (`name:start`). */
export const BATCH_MEMBER = 'wikiqbatch';

/** A multi-value parameter with more values than an anonymous user may send at once (from resolve). */
export interface OverLimit {
  name: string;
  /** Its values as sent, repeats dropped (the API drops them too). */
  values: string[];
  /** 0-based line of the file that set it. */
  line: number;
  /** Values per request for an anonymous user (`lowlimit`) and for one with `apihighlimits` (`highlimit`). */
  limit: number;
  highlimit: number;
}

/** How a request is sent in batches: the parameter, its values and how many go in each request. */
export interface BatchPlan {
  name: string;
  values: string[];
  size: number;
}

/**
 * The plan for a request sent by a user with or without `apihighlimits`: undefined when every
 * list fits in one request. Two lists over their limits cannot be split together: refused, saying
 * which.
 */
export function planBatches(request: ResolvedRequest, highLimits: boolean): BatchPlan | undefined {
  const over = (request.overLimit ?? [])
    .map((o) => ({ ...o, size: highLimits ? o.highlimit : o.limit }))
    .filter((o) => o.values.length > o.size);
  if (!over.length) return undefined;
  if (over.length > 1) {
    const list = over.map((o) => `'${o.name}' (line ${o.line + 1}: ${o.values.length} values, at most ${o.size})`).join(' and ');
    throw new WikiqError('resolve', `${list} are both over what the API takes in one request: wikiq sends one list in batches, not two. Split the request.`);
  }
  return { name: over[0].name, values: over[0].values, size: over[0].size };
}

/** The request's parameters with the plan's parameter holding the values from `start` to `end` (excluded). */
export function batchParams(params: Record<string, string>, plan: BatchPlan, start: number, end: number): Record<string, string> {
  return { ...params, [plan.name]: joinValues(plan.values.slice(start, end)) };
}

/**
 * The `continue` a run keeps: the API's members and, in a batched run, its batch of values —
 * where the next one starts (no API members: it starts afresh), or the values of the one the
 * API's members belong to.
 */
export function keptContinue(api: ContinueObject, plan: BatchPlan | undefined, start: number, end: number): ContinueObject {
  if (!plan) return api;
  return { ...api, [BATCH_MEMBER]: Object.keys(api).length ? `${plan.name}:${start}-${end}` : `${plan.name}:${start}` };
}

/**
 * A kept `continue` read back: the API's members (null: none, the batch starts afresh) and the
 * batch's start (0 without `wikiqbatch`). A `wikiqbatch` for another parameter, or past the
 * values, is refused: the resume point is not this request's.
 */
export function readKeptContinue(cont: ContinueObject | null, plan: BatchPlan | undefined): { api: ContinueObject | null; start: number; end?: number } {
  if (!cont || !(BATCH_MEMBER in cont)) return { api: cont, start: 0 };
  const { [BATCH_MEMBER]: at, ...rest } = cont;
  const api = Object.keys(rest).length ? rest : null;
  const m = /^(.+):(\d+)(?:-(\d+))?$/.exec(at);
  const start = Number(m?.[2]);
  const end = m?.[3] === undefined ? undefined : Number(m[3]);
  if (!plan || !m || m[1] !== plan.name || start >= plan.values.length || (end !== undefined && (end <= start || end > plan.values.length)) || (api && end === undefined)) {
    const what = plan ? `'${plan.name}' has ${plan.values.length} values` : 'this request is not sent in batches';
    throw new WikiqError('resolve', `The resume point's ${BATCH_MEMBER} "${at}" does not fit this request (${what}): resume it with the request it came from.`);
  }
  return { api, start, end };
}
