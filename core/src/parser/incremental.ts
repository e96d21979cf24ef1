/**
 * Incremental parsing: an edit scans again only the blocks (blocks.ts: the preamble, or one `###`
 * request) whose lines it touches; the new tree shares the other blocks with the previous one.
 * The result is the tree `parse` gives for the new text, parameters included
 * (test/unit/incremental.test.ts checks random edit sequences).
 *
 * The previous tree is left as it was, so a tree a handler still holds after later edits arrived
 * answers as a parse of its own text does (test/unit/incremental-kept.test.ts). Nothing is moved
 * in place: a block is never changed once scanned, and keeps the offsets of the text it was
 * scanned from; the new tree has its own line starts, and its own requests, comments and errors,
 * which are copies moved by the edit's change of length where a block now starts elsewhere
 * (`assemble`). An unchanged block stays the same object, which is how incremental validation
 * knows a request's text is unchanged (`blockOf`).
 *
 * What a freshly scanned block keeps (its header, variables, URL lines and errors) has strings of
 * its own, not slices of the text they were read from (`detach`): a tree kept through any number
 * of edits holds no text but its own and the one its first full parse was made from.
 */
import type { WikiqFile } from './ast';
import { type Blocks, assemble, blocksOf, failedParse } from './blocks';
import { BlockScanner, parse } from './parser';
import { isHeaderAt, skipBlanks } from './scan';
import { lastAtOrBefore } from '../util/search';
import { ownCopy } from '../util/strings';

/** A change of the text: [start, end) of the text as it was, replaced by `text`. */
export interface TextChange {
  start: number;
  end: number;
  text: string;
}

/**
 * The tree of `previous.text` with `change` applied; never throws (a failure falls back to a full
 * parse). `newText`, when given, is that text as the caller already has it (the editor's document):
 * it is used rather than built again, so that one string is kept and scanned, not two.
 */
export function reparse(previous: WikiqFile, change: TextChange, newText?: string): WikiqFile {
  const old = previous.text;
  const s = clamp(change.start, 0, old.length);
  const e = clamp(change.end, s, old.length);
  // The caller's text is taken when it is what the change makes, as far as can be seen cheaply
  // (its length, and the inserted text in its place); else the text is made here.
  const fits = newText !== undefined && newText.length === old.length - (e - s) + change.text.length && newText.startsWith(change.text, s);
  const text = fits ? newText : old.slice(0, s) + change.text + old.slice(e);
  const table = blocksOf.get(previous);
  if (!table) return parse(text);
  try {
    return reparseBlocks(old, previous.lineStarts, table, text, s, e, change.text.length - (e - s));
  } catch (err) {
    try {
      return parse(text);
    } catch {
      return failedParse(text, Int32Array.of(0), err);
    }
  }
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, Math.floor(n))) : lo;
}

/** Whether `at` starts a line of `text` that is a `###` line. */
function startsHeader(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  if (!(before === 10 || (before === 13 && text.charCodeAt(at) !== 10))) return false;
  return isHeaderAt(text, skipBlanks(text, at, text.length));
}

function reparseBlocks(oldText: string, oldLines: ArrayLike<number>, table: Blocks, text: string, s: number, e: number, delta: number): WikiqFile {
  const { blocks, starts } = table;
  let first = blockAt(starts, s);
  // An edit that unmakes the `###` line starting a block joins its lines to the block before.
  if (first > 0 && !startsHeader(text, starts[first])) first--;
  const after = blockAt(starts, e) + 1;
  const regionStart = starts[first];
  const oldEnd = after < blocks.length ? starts[after] : oldText.length;
  const newEnd = after < blocks.length ? oldEnd + delta : text.length;

  // Line starts, the tree's own: the prefix as it was, the region's computed again, the rest moved.
  const firstLine = lastAtOrBefore(oldLines, regionStart);
  const restLine = after < blocks.length ? lastAtOrBefore(oldLines, oldEnd) : oldLines.length;
  const region: number[] = [];
  for (let i = regionStart; i < newEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if ((c === 10 || c === 13) && (i + 1 < newEnd || after >= blocks.length)) region.push(i + 1);
  }
  const endLine = firstLine + 1 + region.length;
  const lineStarts = new Int32Array(endLine + oldLines.length - restLine);
  for (let i = 0; i <= firstLine; i++) lineStarts[i] = oldLines[i];
  lineStarts.set(region, firstLine + 1);
  for (let i = restLine, j = endLine; i < oldLines.length; i++, j++) lineStarts[j] = oldLines[i] + delta;

  const source = { text, lineStarts };
  const scanner = new BlockScanner(source).run(firstLine, endLine);
  const fresh = scanner.blocks;
  for (const b of fresh) detach(b);
  const variables = first === 0 ? scanner.fileVariables : table.variables;
  if (first === 0) detach(variables);
  // The blocks before and after the region are shared; those after it start `delta` further.
  const newStarts = starts.slice(0, first).concat(fresh.map((b) => b.origin), starts.slice(after));
  if (delta !== 0) for (let i = first + fresh.length; i < newStarts.length; i++) newStarts[i] += delta;
  return assemble(source, { blocks: blocks.slice(0, first).concat(fresh, blocks.slice(after)), starts: newStarts, variables });
}

/** The last block starting at or before `offset` (the blocks are in order; the first starts at 0). */
function blockAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Gives every string in `node` (what a freshly scanned block keeps: a few lines) a copy of its own,
 * before any tree has the block: a slice of the text (V8 makes one for 13 characters or more)
 * would keep the whole text of this edit alive for as long as the block is shared.
 */
function detach(node: object): void {
  const o = node as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    const v = o[key];
    if (typeof v === 'string') {
      o[key] = ownCopy(v);
    } else if (v !== null && typeof v === 'object') {
      detach(v);
    }
  }
}
