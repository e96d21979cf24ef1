/**
 * `run_request`'s cursors and the pulls held for them. A cursor is self-sufficient: it names the
 * request (a hash of its endpoint and parameters) and the point its next record is at (the engine's
 * PullPoint: the `continue` its group of batches started from, and the group's records before it),
 * so it works in another server process too (after a restart): the pull is then made afresh and
 * fetches that group again. It also names the pull this server holds for it, the records fetched
 * past the last answer's bound, so that the next page needs no request to the wiki for them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ContinueObject, Pull, PullPoint, ResolvedRequest } from '../../../engine/src';
import { ToolRefusal } from './wikis';

/** The longest cursor taken back. */
export const MAX_CURSOR_CHARS = 20_000;
/** Pulls held at most, the characters of JSON of their records held at most (all of them together), and the longest one is held unused. */
export const HELD_PULLS = 16;
export const HELD_CHARS = 16_000_000;
export const HELD_MS = 10 * 60_000;

interface Cursor {
  /** The request's hash. */
  h: string;
  /** The point: the group's `continue` (null: the first batch) and its records before the next. */
  c: ContinueObject | null;
  s: number;
  /** The key of the pull held for it (gone after a restart, an eviction or its first use: the point is fetched again). */
  k?: string;
}

export const requestHash = (r: ResolvedRequest) => createHash('sha256').update(JSON.stringify([r.endpoint, r.params])).digest('base64url').slice(0, 16);

export function encodeCursor(hash: string, point: PullPoint, key?: string): string {
  const c: Cursor = { h: hash, c: point.from, s: point.skip, ...(key ? { k: key } : {}) };
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

const isContinue = (v: unknown): v is ContinueObject => !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/** The cursor `text` of the request whose hash is `hash`; refused (a tool error) when it is not one run_request gave, or another request's. */
export function decodeCursor(text: string, hash: string): { point: PullPoint; key?: string } {
  const bad = () => new ToolRefusal('The cursor is not one run_request gave: pass the cursor of the previous answer unchanged, with the same request.');
  if (text.length > MAX_CURSOR_CHARS) throw bad();
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw bad();
  }
  if (!c || typeof c !== 'object' || typeof c.h !== 'string' || !Number.isInteger(c.s) || c.s < 0 || !(c.c === null || isContinue(c.c)) || !(c.k === undefined || typeof c.k === 'string')) throw bad();
  if (c.h !== hash) throw new ToolRefusal('The cursor belongs to another request: pass it with the same request (and endpoint) it came with.');
  return { point: { from: c.c, skip: c.s }, key: c.k };
}

/** A new key for a held pull: random, so that no cursor can name another's pull. */
export const newKey = () => randomBytes(12).toString('base64url');

/**
 * The pulls held for their cursors, keyed by the cursor's key and the request's hash. Cleared by
 * its own uses only (no timer): a pull is let go when its cursor is used (taken out), when it is
 * the least recently held and the bounds are passed (HELD_PULLS pulls, HELD_CHARS characters of
 * records), or when it was held longer than HELD_MS (checked at each use).
 */
export class HeldPulls {
  /** In the order they were held: the first is the least recently held. */
  private readonly entries = new Map<string, { pull: Pull; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The pull held for a cursor, taken out: a cursor used again (a retry) fetches again from its point. */
  take(key: string | undefined, hash: string): Pull | undefined {
    this.expire();
    if (key === undefined) return undefined;
    const id = `${key}:${hash}`;
    const e = this.entries.get(id);
    this.entries.delete(id);
    return e?.pull;
  }

  /** Holds `pull` for the cursor key `key`, letting the least recently held go past the bounds; false when it alone is over them. */
  hold(key: string, hash: string, pull: Pull): boolean {
    this.expire();
    if (pull.heldChars() > HELD_CHARS) return false;
    this.entries.set(`${key}:${hash}`, { pull, at: this.now() });
    let chars = 0;
    for (const e of this.entries.values()) chars += e.pull.heldChars();
    for (const [id, e] of this.entries) {
      if (this.entries.size <= HELD_PULLS && chars <= HELD_CHARS) break;
      this.entries.delete(id);
      chars -= e.pull.heldChars();
    }
    return true;
  }

  /** Pulls held now (for the tests' and the server's own account). */
  size(): number {
    return this.entries.size;
  }

  private expire(): void {
    const now = this.now();
    for (const [id, e] of this.entries) if (now - e.at > HELD_MS) this.entries.delete(id);
  }
}
