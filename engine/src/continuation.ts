/**
 * Continuation, as the API defines it: the next batch is the original parameters plus every member
 * of the last `continue` object, unchanged; nothing else changes between batches. A `continue`
 * identical to one already followed in the same run means the run would never end: it stops with
 * a LoopError. A run can be resumed later from the last `continue` (kept with partial results).
 */
import { WikiqError } from './errors';
import { shorten } from './shorten';

export type ContinueObject = Record<string, string>;

/** A `continue` came back that was already followed: the run would never end. */
export class LoopError extends WikiqError {
  constructor(readonly cont: ContinueObject) {
    super('loop', `The API sent the same continuation twice (${shorten(JSON.stringify(cont))}): stopped to avoid an endless loop.`);
  }
}

/** The old `query-continue` form (`rawcontinue`) is not followed: its generator rules differ. */
export class RawContinueError extends WikiqError {
  constructor() {
    super('api', 'The answer uses the old "query-continue" form (the request sets rawcontinue): wikiq follows only the "continue" form. Remove rawcontinue to page through the results.');
  }
}

/** The parameters of the next batch: the original ones plus every member of `cont`, unchanged. */
export function continuedParams(original: Record<string, string>, cont: ContinueObject | null | undefined): Record<string, string> {
  return cont ? { ...original, ...cont } : { ...original };
}

/**
 * The `continue` member of a batch as strings (the API sends strings; numbers are stringified the
 * way PHP would read them back), or null when the batch has none.
 */
export function continueOf(batch: unknown): ContinueObject | null {
  const c = (batch as { continue?: unknown } | null)?.continue;
  if (!c || typeof c !== 'object' || Array.isArray(c)) return null;
  const out: ContinueObject = {};
  for (const [k, v] of Object.entries(c as Record<string, unknown>)) {
    out[k] = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  }
  return out;
}

function key(c: ContinueObject): string {
  return JSON.stringify(Object.keys(c).sort().map((k) => [k, c[k]]));
}

export function sameContinue(a: ContinueObject | null, b: ContinueObject | null): boolean {
  if (!a || !b) return a === b;
  return key(a) === key(b);
}

/** Remembers every `continue` followed in a run; a repeat throws LoopError. */
export class ContinuationTracker {
  private readonly seen = new Set<string>();

  constructor(start?: ContinueObject | null) {
    if (start) this.seen.add(key(start));
  }

  /** Records `cont` as the next one to follow; throws LoopError if the run already followed it. */
  follow(cont: ContinueObject): void {
    const k = key(cont);
    if (this.seen.has(k)) throw new LoopError(cont);
    this.seen.add(k);
  }

  get size(): number {
    return this.seen.size;
  }
}

/** Reads a resume point back from a partial JSON export, the CLI's JSON output or status file, or a bare `continue` object. */
export function readResumePoint(json: unknown): { continue: ContinueObject; endpoint?: string; params?: Record<string, string> } {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new WikiqError('resolve', 'A resume point is a JSON object: a partial export, wikiq run --format json output, or a continue object.');
  const o = json as Record<string, unknown>;
  if ('continue' in o && (o.continue === null || typeof o.continue === 'object')) {
    if (o.continue === null && (o.complete === false || o.status === 'failed')) {
      const first = Array.isArray(o.errors) ? (o.errors[0] as { text?: unknown } | undefined)?.text : o.error;
      throw new WikiqError('resolve', `That run failed before anything was fetched${typeof first === 'string' ? ` (${shorten(first)})` : ''}: there is nothing to resume; run it again without --continue.`);
    }
    if (o.continue === null) throw new WikiqError('resolve', 'That run was complete (its continue is null): there is nothing to resume.');
    const cont = continueOf(o);
    if (!cont) throw new WikiqError('resolve', 'The resume point has no continue object.');
    const params = o.request && typeof o.request === 'object' ? (o.request as Record<string, string>) : undefined;
    return { continue: cont, endpoint: typeof o.endpoint === 'string' ? o.endpoint : undefined, params };
  }
  const cont = continueOf({ continue: o });
  if (!cont || !Object.keys(cont).length) throw new WikiqError('resolve', 'The resume point has no continue members.');
  return { continue: cont };
}
