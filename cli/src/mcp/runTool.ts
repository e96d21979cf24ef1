/**
 * `run_request`'s run: a resolved request followed through its continuation until it is complete,
 * or `max_records` records are taken (the last batch asks for no more, as `wikiq run --max-records`
 * does), or the answer reaches its size bound, or the call's batches or time run out. What is left
 * is resumable from an opaque cursor, which names the `continue` the current group of batches
 * started from (a group ends with `batchcomplete`: a list's every batch, a generator's pages once
 * all their data came) and how many of its records were already returned, so that a run followed
 * through its cursors returns every record exactly once.
 */
import { createHash } from 'node:crypto';
import { RunSession, WikiqError, errorMessage, limitParam, type ContinueObject, type HttpClient, type ResolvedRequest } from '../../../engine/src';
import { ToolRefusal } from './wikis';

/** The longest cursor taken back. */
const MAX_CURSOR_CHARS = 20_000;

export interface RunBounds {
  /** Records this call returns at most. */
  maxRecords: number;
  /** Characters (of JSON) of records this call returns at most. */
  maxChars: number;
  /** Batches one call fetches at most. */
  maxBatches: number;
  /** Longest wait before a retry the wiki asks for. */
  maxBackoffMs: number;
  signal?: AbortSignal;
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

interface Cursor {
  /** The request it belongs to: a hash of its endpoint and parameters. */
  h: string;
  /** The `continue` the group started from (null: the first batch). */
  c: ContinueObject | null;
  /** Records of the group already returned. */
  s: number;
  /** The limit the group's first batch was sent with, sent again when resuming inside the group. */
  l?: string;
}

const requestHash = (r: ResolvedRequest) => createHash('sha256').update(JSON.stringify([r.endpoint, r.params])).digest('base64url').slice(0, 16);

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(text: string, request: ResolvedRequest): Cursor {
  const bad = new ToolRefusal('The cursor is not one run_request gave: pass the cursor of the previous answer unchanged, with the same request.');
  if (text.length > MAX_CURSOR_CHARS) throw bad;
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw bad;
  }
  if (!c || typeof c !== 'object' || typeof c.h !== 'string' || typeof c.s !== 'number' || !(c.c === null || typeof c.c === 'object')) throw bad;
  if (c.h !== requestHash(request)) throw new ToolRefusal('The cursor belongs to another request: pass it with the same request (and endpoint) it came with.');
  return c;
}

export async function runRequest(resolved: ResolvedRequest, http: HttpClient, bounds: RunBounds, cursorText?: string): Promise<RunAnswer> {
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText, resolved);
  const limit = limitParam(resolved);
  let skip = cursor?.s ?? 0;
  // Resuming inside a group: its first batch is sent as it was, so that it lists the same records.
  const request = cursor?.l !== undefined && skip > 0 && limit ? { ...resolved, params: { ...resolved.params, [limit]: cursor.l } } : resolved;
  const records: unknown[] = [];
  let chars = 0;
  let full = false;
  let truncated = false;
  // The group being read: the continue it started from, the limit of its first batch, the records it streamed.
  let groupStart: ContinueObject | null = cursor?.c ?? null;
  let groupLimit = cursor?.l;
  let groupRecords = 0;
  const sink = (_list: string, record: unknown) => {
    if (skip > 0) {
      skip--;
      groupRecords++;
      return;
    }
    if (full) return;
    const size = JSON.stringify(record).length + 1;
    if (records.length >= bounds.maxRecords || (records.length > 0 && chars + size > bounds.maxChars)) {
      full = true;
      truncated = records.length < bounds.maxRecords;
      return;
    }
    records.push(record);
    chars += size;
    groupRecords++;
  };
  const session = new RunSession(request, http, { sink, keepRaw: 0, maxBackoffMs: bounds.maxBackoffMs, signal: bounds.signal }, cursor?.c ?? undefined);
  const wanted = (cursor?.s ?? 0) + bounds.maxRecords;
  let failure: string | undefined;
  try {
    // A group's first batch (not a resumed one's) says the limit it was sent with.
    let groupFresh = !(cursor && cursor.s > 0);
    for (let n = 0; !session.state.complete && n < bounds.maxBatches; n++) {
      const first = groupFresh;
      groupFresh = false;
      // The first batch of a resumed group is not lowered: it must list what it listed before.
      await session.next({ paging: true, maxRecords: n === 0 && !first ? undefined : wanted });
      const info = session.state.batchInfo[session.state.batchInfo.length - 1];
      if (first && limit) groupLimit = new URL(info.url).searchParams.get(limit) ?? undefined;
      if (full) break;
      if (info.batchcomplete || session.state.complete) {
        groupStart = session.state.continue;
        groupRecords = 0;
        groupLimit = undefined;
        groupFresh = true;
      }
      if (records.length >= bounds.maxRecords) break;
    }
  } catch (e) {
    failure = e instanceof WikiqError ? e.message : errorMessage(e);
  }
  const state = session.state;
  const warnings = state.warnings.map((w) => `${w.module ? `[${w.module}] ` : ''}${w.text}`);
  const complete = state.complete && !full;
  // Where the rest starts: the group's start, past the records of it already returned.
  const rest = complete ? undefined : encodeCursor({ h: requestHash(resolved), c: groupStart, s: groupRecords, ...(groupLimit !== undefined && groupRecords > 0 ? { l: groupLimit } : {}) });
  const progressed = records.length > 0 || state.batches > (failure ? 1 : 0);
  const answer: RunAnswer = {
    status: complete ? 'complete' : failure && !progressed ? 'failed' : 'partial',
    records,
    ...(rest && !(failure && !progressed) ? { cursor: rest } : {}),
    warnings,
    ...(truncated ? { truncated: true } : {}),
    ...(failure ? { error: failure } : {}),
  };
  // An answer without list records (meta=siteinfo, action=parse…): its merged result, within the bound.
  const result = session.merger.records() === 0 ? session.result() : undefined;
  if (result && Object.keys(result).length) {
    if (JSON.stringify(result).length <= bounds.maxChars) answer.result = result;
    else answer.truncated = true;
  }
  return answer;
}
