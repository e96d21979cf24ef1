/**
 * Incremental parsing: an edit scans again only the blocks (blocks.ts: the preamble, or one `###`
 * request) whose lines it touches; the new tree shares the other blocks with the previous one.
 * The result is the tree `parse` gives for the new text, parameters included
 * (test/unit/incremental.test.ts checks random edit sequences).
 *
 * The previous tree is left as it was, so a tree a handler still holds after later edits arrived
 * answers as a parse of its own text does (test/unit/incremental-kept.test.ts). Nothing is moved
 * in place: a block is never changed once scanned, and holds its length and offsets relative to
 * its own start, so a block after the edit is the same object in the new tree, where it starts
 * elsewhere. The new tree has its own block starts and blocks' first lines (numbers: the prefix as
 * it was, the region's scanned again, the rest moved by the edit's change of length and of lines)
 * and its list of blocks (the shared ones and the region's new ones); nothing per line, request,
 * comment or error: a block holds its own line starts (lines.ts), the rest is worked out from the
 * blocks when asked (blocks.ts). So an edit makes new nodes only for the blocks it touches. An unchanged block stays the same object, which is how incremental
 * validation knows a request's text is unchanged (`blockOf`).
 *
 * What a freshly scanned block keeps (its header, variables, URL lines and errors) has strings of
 * its own, not slices of the text they were read from (`detach`): a tree kept through any number
 * of edits holds no text but its own and the one its first full parse was made from.
 */
import type { WikiqFile } from './ast';
import { assemble, failedParse } from './blocks';
import { lineCount } from './lines';
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
  try {
    return reparseBlocks(previous, text, s, e, change.text.length - (e - s));
  } catch (err) {
    try {
      return parse(text);
    } catch {
      return failedParse(text, err);
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

function reparseBlocks(previous: WikiqFile, text: string, s: number, e: number, delta: number): WikiqFile {
  const { blocks, blockStarts: starts, blockLines } = previous;
  let first = lastAtOrBefore(starts, s);
  // An edit that unmakes the `###` line starting a block joins its lines to the block before.
  if (first > 0 && !startsHeader(text, starts[first])) first--;
  const after = lastAtOrBefore(starts, e) + 1;
  const last = after >= blocks.length;
  const regionStart = starts[first];
  const newEnd = last ? text.length : starts[after] + delta;

  // The region's lines, then where the block after it starts (`Source`, parser.ts).
  const lineStarts = regionLineStarts(text, regionStart, newEnd, last);
  const endLine = last ? lineStarts.length : lineStarts.length - 1;
  const scanner = new BlockScanner({ text, lineStarts }).run(0, endLine);
  const fresh = scanner.blocks;
  for (const b of fresh) detach(b);
  const variables = first === 0 ? scanner.fileVariables : previous.variables;
  if (first === 0) detach(variables);
  // The blocks before and after the region are shared (the same objects); those after it start
  // `delta` characters and `lineDelta` lines further.
  const firstLine = blockLines[first];
  const lineDelta = endLine - ((last ? lineCount(previous) : blockLines[after]) - firstLine);
  const newStarts = movedStarts(starts, first, scanner.starts, after, delta);
  const newLines = movedStarts(blockLines, first, scanner.firstLines.map((l) => l + firstLine), after, lineDelta);
  return assemble(text, joined(blocks, first, fresh, after), newStarts, newLines, variables);
}

/** `old`'s first `keep` blocks, then `middle`, then `old`'s from `rest` on: one list made at its size. */
function joined<T>(old: readonly T[], keep: number, middle: readonly T[], rest: number): T[] {
  const out = new Array<T>(keep + middle.length + old.length - rest);
  for (let i = 0; i < keep; i++) out[i] = old[i];
  for (let i = 0; i < middle.length; i++) out[keep + i] = middle[i];
  for (let i = rest, j = keep + middle.length; i < old.length; i++, j++) out[j] = old[i];
  return out;
}

/**
 * The line starts in text[from, to) (`from` starts a line), then `to` unless the region runs to the
 * end of the text (`last`: then a break at its end starts a line).
 */
function regionLineStarts(text: string, from: number, to: number, last: boolean): number[] {
  const region: number[] = [from];
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if ((c === 10 || c === 13) && (i + 1 < to || last)) region.push(i + 1);
  }
  if (!last) region.push(to);
  return region;
}

/** `old`'s first `keep` numbers, then `middle`, then `old`'s from `rest` on moved by `delta`: a list of ascending starts after an edit. */
function movedStarts(old: ArrayLike<number>, keep: number, middle: readonly number[], rest: number, delta: number): Int32Array {
  const out = new Int32Array(keep + middle.length + old.length - rest);
  if (old instanceof Int32Array) {
    out.set(old.subarray(0, keep));
  } else {
    for (let i = 0; i < keep; i++) out[i] = old[i];
  }
  out.set(middle, keep);
  for (let i = rest, j = keep + middle.length; i < old.length; i++, j++) out[j] = old[i] + delta;
  return out;
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
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      detach(v);
    }
  }
}
