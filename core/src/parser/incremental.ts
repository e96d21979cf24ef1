/**
 * Incremental parsing: an edit reparses only the blocks (lazy.ts `Block`: the preamble, or one
 * `###` request) whose lines it touches; the blocks after it keep their requests, their offsets
 * shifted in place by the edit's change of length. The result is the tree `parse` gives for the
 * new text, node for node (test/unit/incremental.test.ts checks random edit sequences).
 *
 * The previous tree is taken over: its later blocks are shifted, its requests renumbered, its
 * line starts spliced in place and its source given the new text, so it must not be used after
 * `reparse` (the server's parse cache keeps only the newest tree). Every request lets go of its
 * parameters first (lazy.ts): they are parsed again from the new text when asked for, so no
 * parameter node is ever shifted, and none keeps an older text alive.
 *
 * Memory: the names and values a reused block keeps (its header, variables, URL lines and
 * errors) are strings of their own, not slices of the text they were read from (`detach`), so a
 * tree kept through any number of edits holds no text but its own and the one its first full
 * parse was made from.
 */
import type { Span, ValueNode, VariableDef, WikiqFile } from './ast';
import { assemble, blocksOf, failedParse } from './blocks';
import { Block, letGoAll } from './lazy';
import type { Part, Value } from './nodes';
import { Parser, parse } from './parser';
import { skipBlanks } from './scan';
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
    return reparseBlocks(previous, table.blocks, table.variables, text, s, e, change.text.length - (e - s));
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
  return text.startsWith('###', skipBlanks(text, at, text.length));
}

function reparseBlocks(previous: WikiqFile, blocks: Block[], variables: VariableDef[], text: string, s: number, e: number, delta: number): WikiqFile {
  let first = blockAt(blocks, s);
  // An edit that unmakes the `###` line starting a block joins its lines to the block before.
  if (first > 0 && !startsHeader(text, blocks[first].start)) first--;
  const after = blockAt(blocks, e) + 1;
  const regionStart = blocks[first].start;
  const oldEnd = after < blocks.length ? blocks[after].start : previous.text.length;
  const newEnd = after < blocks.length ? oldEnd + delta : text.length;

  // Line starts, in place: the prefix as it was, the region's computed again, the rest shifted.
  let lineStarts = previous.lineStarts;
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

  const source = blocks[0].source;
  letGoAll(source);
  source.text = text;
  source.lineStarts = lineStarts;
  const parser = new Parser(text, lineStarts, source, 'edit');
  const fresh = parser.run(firstLine, endLine);
  for (const b of fresh) detachBlock(b);
  const fileVariables = first === 0 ? parser.fileVariables : variables;
  if (first === 0) detach(fileVariables);
  if (delta !== 0) for (let i = after; i < blocks.length; i++) shiftBlock(blocks[i], delta);
  // The block list in place too (a paste of many requests is not spread into one call's arguments).
  const all = fresh.length <= 4096 ? (blocks.splice(first, after - first, ...fresh), blocks) : blocks.slice(0, first).concat(fresh, blocks.slice(after));
  return assemble(text, lineStarts, all, fileVariables);
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

/** `detach` for what a block keeps (its parameters are let go before the next edit). */
function detachBlock(b: Block): void {
  const r = b.request;
  if (r.name !== undefined) r.name = ownCopy(r.name);
  detach(r.variables);
  detach(r.urls);
  detach(b.errors);
}

/**
 * Gives every string in `node` (what a freshly parsed block keeps: a few lines) a copy of its own:
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
// What a reused block keeps is few objects: its request's header spans, its variables and URL
// lines, its comments and errors (its parameters were let go: they are parsed again, at their new
// offsets, when asked for). Every span object is a node's own, shifted once; a value's offsets are
// numbers on its nodes. Plain functions, no closures: an edit shifts every later block.

function shiftSpan(sp: Span | undefined, d: number): void {
  if (sp === undefined) return;
  sp.start += d;
  sp.end += d;
}

/** A value's offsets are numbers on its nodes (nodes.ts): its span objects are made when read. */
function shiftValue(value: ValueNode | undefined, d: number): void {
  if (value === undefined) return;
  const v = value as Value;
  v.start += d;
  v.end += d;
  const pipes = v.pipes;
  for (let i = 0; i < pipes.length; i++) pipes[i] += d;
  for (const p of v.parts) {
    const part = p as Part;
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
  const { variables, urls } = r;
  for (let i = 0; i < variables.length; i++) {
    const v = variables[i];
    shiftSpan(v.nameSpan, d);
    shiftSpan(v.span, d);
    shiftValue(v.value, d);
  }
  for (let i = 0; i < urls.length; i++) {
    const u = urls[i];
    shiftSpan(u.span, d);
    shiftSpan(u.urlSpan, d);
    shiftSpan(u.methodSpan, d);
    shiftSpan(u.endpointSpan, d);
  }
  const { comments, errors } = b;
  for (let i = 0; i < comments.length; i++) shiftSpan(comments[i].span, d);
  for (let i = 0; i < errors.length; i++) shiftSpan(errors[i].span, d);
}
