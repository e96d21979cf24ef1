/**
 * Incremental parsing: an edit scans again only the blocks (blocks.ts: the preamble, or one `###`
 * request) whose lines it touches; the blocks after it keep their requests, their offsets
 * shifted in place by the edit's change of length. The result is the tree `parse` gives for the
 * new text, parameters included (test/unit/incremental.test.ts checks random edit sequences).
 *
 * The previous tree is taken over: its later blocks are shifted, its requests renumbered, its
 * line starts spliced in place and its blocks' shared `source` given the new text (so a kept
 * request's `paramsOf` reads the new text), so it must not be used after `reparse` (the server's
 * parse cache keeps only the newest tree). The tree keeps no parameter nodes, so none is shifted.
 *
 * What a freshly scanned block keeps (its header, variables, URL lines and errors) has strings of
 * its own, not slices of the text they were read from (`detach`): a tree kept through any number
 * of edits holds no text but its own and the one its first full parse was made from.
 */
import type { Span, ValueNode, VariableDef, WikiqFile } from './ast';
import { type Block, assemble, blocksOf, failedParse } from './blocks';
import type { Offsets, Value } from './nodes';
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
  blocksOf.delete(previous);
  try {
    return reparseBlocks(old, table.blocks, table.variables, text, s, e, change.text.length - (e - s));
  } catch (err) {
    try {
      return parse(text);
    } catch {
      return failedParse(text, [0], err);
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

function reparseBlocks(oldText: string, blocks: Block[], variables: readonly VariableDef[], text: string, s: number, e: number, delta: number): WikiqFile {
  let first = blockAt(blocks, s);
  // An edit that unmakes the `###` line starting a block joins its lines to the block before.
  if (first > 0 && !startsHeader(text, blocks[first].start)) first--;
  const after = blockAt(blocks, e) + 1;
  const regionStart = blocks[first].start;
  const oldEnd = after < blocks.length ? blocks[after].start : oldText.length;
  const newEnd = after < blocks.length ? oldEnd + delta : text.length;

  // Line starts, in place: the prefix as it was, the region's computed again, the rest shifted.
  const source = blocks[0].source;
  let lineStarts = source.lineStarts;
  const firstLine = lastAtOrBefore(lineStarts, regionStart);
  const region: number[] = [];
  for (let i = regionStart; i < newEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if ((c === 10 || c === 13) && (i + 1 < newEnd || after >= blocks.length)) region.push(i + 1);
  }
  const restLine = after < blocks.length ? lastAtOrBefore(lineStarts, oldEnd) : lineStarts.length;
  if (delta !== 0) for (let i = restLine; i < lineStarts.length; i++) lineStarts[i] += delta;
  // (A region of many lines, e.g. a big paste, is not spread into one call's arguments.)
  if (region.length <= 4096) lineStarts.splice(firstLine + 1, restLine - firstLine - 1, ...region);
  else lineStarts = lineStarts.slice(0, firstLine + 1).concat(region, lineStarts.slice(restLine));
  const endLine = firstLine + 1 + region.length;

  source.text = text;
  source.lineStarts = lineStarts;
  const scanner = new BlockScanner(source).run(firstLine, endLine);
  const fresh = scanner.blocks;
  for (const b of fresh) detachBlock(b);
  const fileVariables = first === 0 ? scanner.fileVariables : variables;
  if (first === 0) detach(fileVariables);
  if (delta !== 0) for (let i = after; i < blocks.length; i++) shiftBlock(blocks[i], delta);
  // The block list in place too (a paste of many requests is not spread into one call's arguments).
  const all = fresh.length <= 4096 ? (blocks.splice(first, after - first, ...fresh), blocks) : blocks.slice(0, first).concat(fresh, blocks.slice(after));
  return assemble(source, all, fileVariables);
}

/** The last block starting at or before `offset` (the blocks are in order; the first starts at 0). */
function blockAt(blocks: readonly Block[], offset: number): number {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** `detach` for what a block keeps. */
function detachBlock(b: Block): void {
  const r = b.request;
  if (r.name !== undefined) r.name = ownCopy(r.name);
  detach(r.variables);
  detach(r.urls);
  detach(b.errors);
}

/**
 * Gives every string in `node` (what a freshly scanned block keeps: a few lines) a copy of its own:
 * a slice of the text (V8 makes one for 13 characters or more) would keep the whole text of this
 * edit alive for as long as the block is reused.
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

// ---- shifting a block's offsets in place ---------------------------------------------------

/**
 * Moves a span the scanner made by `d`. Every span object in a block is its own (no two nodes
 * share one), so each is moved exactly once; the tree's readers see it as a read-only `Span`.
 */
function shiftSpan(sp: Span | undefined, d: number): void {
  if (sp === undefined) return;
  const o = sp as Offsets;
  o.start += d;
  o.end += d;
}

/** A value's offsets are numbers on its nodes (nodes.ts); its variables' spans are objects. */
function shiftValue(value: ValueNode | undefined, d: number): void {
  if (value === undefined) return;
  const v = value as Value;
  v.start += d;
  v.end += d;
  const pipes = v.pipeList;
  if (pipes !== undefined) for (let i = 0; i < pipes.length; i++) pipes[i] += d;
  for (const part of v.parts) {
    part.start += d;
    part.end += d;
    part.regionStart += d;
    part.regionEnd += d;
    for (const ref of part.variables) {
      shiftSpan(ref.span, d);
      shiftSpan(ref.nameSpan, d);
    }
  }
}

function shiftBlock(b: Block, d: number): void {
  b.start += d;
  b.end += d;
  const r = b.request;
  shiftSpan(r.span, d);
  shiftSpan(r.headerSpan, d);
  shiftSpan(r.nameSpan, d);
  for (const v of r.variables) {
    shiftSpan(v.nameSpan, d);
    shiftSpan(v.span, d);
    shiftValue(v.value, d);
  }
  for (const u of r.urls) {
    shiftSpan(u.span, d);
    shiftSpan(u.urlSpan, d);
    shiftSpan(u.methodSpan, d);
    shiftSpan(u.endpointSpan, d);
  }
  for (const c of b.comments) shiftSpan(c.span, d);
  for (const e of b.errors) shiftSpan(e.span, d);
}
