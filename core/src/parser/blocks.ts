/**
 * The tree made of blocks (`Block`, ast.ts). The block scanner (parser.ts) makes blocks, `assemble`
 * makes a tree of them, the parameter reader (params.ts) reads a request's lines again,
 * incremental.ts makes the next tree from the previous one's blocks.
 *
 * A tree holds its blocks, where each starts and which line is its first, nothing per request or line: the blocks (and the requests,
 * variables, URL lines, comments and errors they hold, relative to their start) are shared between
 * the trees of successive edits. Positions are worked out when a feature asks, through the tree:
 * `requestOf(file, i)` is a view of request `i` where `file` has it, `requestAtOffset` finds one by
 * a binary search over the blocks, `commentsOf` and `errorsOf` move the blocks' own.
 */
import type { Block, CommentNode, RequestNode, SyntaxError, VariableDef, WikiqFile } from './ast';
import { lastAtOrBefore } from '../util/search';
import { SyntaxErrorCode } from './errors';
import { NONE, Request, moved } from './nodes';
import { computeLineStarts } from './scan';

/**
 * The tree of `text` made of `blocks`, each starting at `starts` and line `firstLines`. Nothing is made for the blocks:
 * its requests, comments and errors are worked out from them when asked (`requestOf`, `commentsOf`,
 * `errorsOf`), so a tree shares its blocks, and what they hold, with the trees of other edits.
 */
export function assemble(text: string, blocks: readonly Block[], starts: Int32Array, firstLines: Int32Array, variables: readonly VariableDef[]): WikiqFile {
  return { text, variables, blocks, blockStarts: starts, blockLines: firstLines };
}

/** The preamble (block 0) is a request when it holds one, or when there is nothing else; a `###` block always is. */
function isRequest(blocks: readonly Block[], i: number): boolean {
  const b = blocks[i];
  return b.header || blocks.length === 1 || b.paramCount > 0 || b.assertionCount > 0 || b.urls.length > 0;
}

/** The block of `file`'s first request: 0 when the preamble is one, else 1 (every block but the preamble is a request). */
function firstRequestBlock(file: WikiqFile): number {
  return file.blocks.length === 0 || isRequest(file.blocks, 0) ? 0 : 1;
}

/** How many requests `file` has. */
export function requestCount(file: WikiqFile): number {
  return file.blocks.length - firstRequestBlock(file);
}

/**
 * `file`'s request `i` (from 0; `i` < `requestCount(file)`): a view of its block where `file` has
 * it (`Request`, nodes.ts), made when asked: each call makes a new one (four fields).
 */
export function requestOf(file: WikiqFile, i: number): RequestNode {
  const b = i + firstRequestBlock(file);
  return new Request(i, file.blocks[b], file.blockStarts[b], file);
}

/** Every request of `file`, in order: `requestOf` of each, made when asked (as many views as requests). */
export function requestsOf(file: WikiqFile): RequestNode[] {
  const skip = firstRequestBlock(file);
  const out = new Array<RequestNode>(file.blocks.length - skip);
  for (let b = skip; b < file.blocks.length; b++) out[b - skip] = new Request(b - skip, file.blocks[b], file.blockStarts[b], file);
  return out;
}

/** The requests of `file` whose blocks `keep` says yes to, in order: a view is made for these only. */
export function requestsWhere(file: WikiqFile, keep: (block: Block) => boolean): RequestNode[] {
  const skip = firstRequestBlock(file);
  const out: RequestNode[] = [];
  for (let b = skip; b < file.blocks.length; b++) if (keep(file.blocks[b])) out.push(new Request(b - skip, file.blocks[b], file.blockStarts[b], file));
  return out;
}

/**
 * The request at `offset`: the last one whose span starts at or before it (a binary search over the
 * blocks), else the preamble's request when it has no header; undefined when there is none.
 */
export function requestAtOffset(file: WikiqFile, offset: number): RequestNode | undefined {
  const { blocks, blockStarts } = file;
  const skip = firstRequestBlock(file);
  if (blocks.length <= skip) return undefined;
  const spanStart = (b: number) => blockStarts[b] + blocks[b].span.start;
  let lo = skip;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (spanStart(mid) <= offset) lo = mid;
    else hi = mid - 1;
  }
  if (spanStart(lo) <= offset) return requestOf(file, lo - skip);
  return blocks[skip].headerSpan === undefined ? requestOf(file, 0) : undefined;
}

/** `file`'s comments in order, moved where their blocks start: made when asked. */
export function commentsOf(file: WikiqFile): CommentNode[] {
  const out: CommentNode[] = [];
  file.blocks.forEach((b, i) => {
    const at = file.blockStarts[i];
    for (const c of b.comments) out.push(at === 0 ? c : { kind: 'comment', span: moved(c.span, at) });
  });
  return out;
}

/** `file`'s syntax errors in order, moved where their blocks start: made when asked. */
export function errorsOf(file: WikiqFile): SyntaxError[] {
  const out: SyntaxError[] = [];
  file.blocks.forEach((b, i) => {
    const at = file.blockStarts[i];
    for (const e of b.errors) out.push(at === 0 ? e : { ...e, span: moved(e.span, at) });
  });
  return out;
}

/**
 * The comment on the line [from, to] of `file`: the last starting at or before `to`, if it reaches
 * `from`. Only the comments of the block holding the line are looked at (a line is in one block).
 */
export function commentOn(file: WikiqFile, from: number, to: number): CommentNode | undefined {
  const i = lastAtOrBefore(file.blockStarts, from);
  if (i < 0) return undefined;
  const at = file.blockStarts[i];
  let found: CommentNode | undefined;
  for (const c of file.blocks[i].comments) if (c.span.start + at <= to) found = c;
  return found && found.span.end + at >= from ? { kind: 'comment', span: moved(found.span, at) } : undefined;
}

/**
 * The block a request was read from (undefined for a request not made by `parse`). A block is never
 * changed once scanned and a tree has it only where its text is unchanged: two requests of one
 * block have the same text.
 */
export function blockOf(request: RequestNode): Block | undefined {
  return request instanceof Request ? request.block : undefined;
}

/** Defensive: the parser is written not to throw; if it ever does, degrade to an empty tree. */
export function failedParse(text: string, e: unknown): WikiqFile {
  const lineStarts = Int32Array.from(computeLineStarts(text));
  const error: SyntaxError = { code: SyntaxErrorCode.InvalidParameterName, message: `Internal parser error: ${String(e)}`, span: { start: 0, end: 0 }, severity: 'error' };
  const empty: Block = {
    length: text.length, header: false, name: undefined, headerSpan: undefined, nameSpan: undefined, span: { start: 0, end: 0 }, 
    lineStarts, linesAt: 0, lineCount: lineStarts.length,
    paramCount: 0, assertionCount: 0, namesContent: false, variables: NONE, urls: NONE, comments: NONE, errors: [error],
  };
  return assemble(text, [empty], Int32Array.of(0), Int32Array.of(0), NONE);
}
