/**
 * The blocks a file is made of, and the tree made of its blocks. The block scanner (parser.ts)
 * makes blocks, `assemble` makes a tree of them, the parameter reader (params.ts) reads a request's
 * lines again, incremental.ts makes the next tree from the previous one's blocks.
 */
import type { CommentNode, RequestNode, Span, SyntaxError, UrlLine, ValueNode, VariableDef, VariableRef, WikiqFile } from './ast';
import { SyntaxErrorCode } from './errors';
import { NONE, Part, Request, Value, moved } from './nodes';

/** The text a tree was made from, and its line starts: one object per tree, never changed. */
export interface Source {
  readonly text: string;
  readonly lineStarts: Int32Array;
}

/**
 * A stretch of the file that parses on its own: the preamble (before the first `###`; block 0,
 * possibly empty) or one request from its `###` line to the next. A `###` line starts afresh, so
 * a block's tree depends on its own lines only.
 *
 * What the scanner found in it, never changed once the scanner ends it: the trees of successive
 * edits share the blocks an edit did not touch. Its offsets are those of the text it was scanned
 * from, where it started at `origin`; a tree in which it starts elsewhere has copies of its nodes
 * moved by the difference (`assemble`). It holds no text but its own strings.
 */
export interface Block {
  readonly origin: number;
  /** From its first line to where the next block starts (or the end of the text). */
  readonly length: number;
  readonly header: boolean;
  /** Its request: the preamble's (kept even when empty) or the `###` request's, as `RequestNode` has them. */
  readonly name: string | undefined;
  readonly headerSpan: Span | undefined;
  readonly nameSpan: Span | undefined;
  readonly span: Span;
  readonly paramCount: number;
  /** How many `??` assertion lines it holds. */
  readonly assertionCount: number;
  readonly variables: readonly VariableDef[];
  readonly urls: readonly UrlLine[];
  readonly comments: readonly CommentNode[];
  readonly errors: readonly SyntaxError[];
}

/** What a tree is made of besides what `WikiqFile` shows: its blocks, where each starts in its text, its file variables. */
export interface Blocks {
  readonly blocks: readonly Block[];
  readonly starts: readonly number[];
  readonly variables: readonly VariableDef[];
}

/** The blocks of each tree `assemble` made (for incremental.ts): set once, with the tree, and never changed. */
export const blocksOf = new WeakMap<WikiqFile, Blocks>();

/** The tree of `source` made of `blocks` starting at `starts`: requests, comments and errors in order, as one pass over the text gives them. */
export function assemble(source: Source, table: Blocks): WikiqFile {
  const { blocks, starts, variables } = table;
  const requests: RequestNode[] = [];
  const comments: CommentNode[] = [];
  const errors: SyntaxError[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    const d = starts[i] - b.origin;
    if (isRequest(blocks, i)) requests.push(requestOf(requests.length, b, starts[i], source));
    for (const c of b.comments) comments.push(d === 0 ? c : { kind: 'comment', span: moved(c.span, d) });
    for (const e of b.errors) errors.push(d === 0 ? e : { ...e, span: moved(e.span, d) });
  }
  const file: WikiqFile = { text: source.text, variables, requests, comments, errors, lineStarts: source.lineStarts };
  blocksOf.set(file, table);
  return file;
}

/** The preamble is a request when it holds one, or when there is nothing else; a `###` block always is. */
function isRequest(blocks: readonly Block[], i: number): boolean {
  const b = blocks[i];
  return b.header || blocks.length === 1 || b.paramCount > 0 || b.assertionCount > 0 || b.urls.length > 0;
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
export function failedParse(text: string, lineStarts: Int32Array, e: unknown): WikiqFile {
  const empty: Block = {
    origin: 0, length: 0, header: false, name: undefined, headerSpan: undefined, nameSpan: undefined, span: { start: 0, end: 0 },
    paramCount: 0, assertionCount: 0, variables: NONE, urls: NONE, comments: NONE, errors: NONE,
  };
  return {
    text, variables: [], requests: [requestOf(0, empty, 0, { text, lineStarts })], comments: [], lineStarts,
    errors: [{ code: SyntaxErrorCode.InvalidParameterName, message: `Internal parser error: ${String(e)}`, span: { start: 0, end: 0 }, severity: 'error' }],
  };
}

// ---- a block's nodes where a tree has it ---------------------------------------------------

/** The request of `block` in the tree of `source`, where the block starts at `start`. */
function requestOf(index: number, block: Block, start: number, source: Source): Request {
  const d = start - block.origin;
  if (d === 0 || (block.variables.length === 0 && block.urls.length === 0)) return new Request(index, block, start, source, block.variables, block.urls);
  const variables = block.variables.length ? block.variables.map((v) => movedVariable(v, d)) : NONE;
  return new Request(index, block, start, source, variables, block.urls.length ? block.urls.map((u) => movedUrl(u, d)) : NONE);
}

function movedVariable(v: VariableDef, d: number): VariableDef {
  const def: VariableDef = { kind: 'variable', name: v.name, nameSpan: moved(v.nameSpan, d), span: moved(v.span, d) };
  return v.value ? { ...def, value: movedValue(v.value, d) } : def;
}

function movedValue(v: ValueNode, d: number): Value {
  const value = new Value(v.start + d, v.end + d);
  for (const p of v.parts) {
    const refs = p.variables.length ? p.variables.map((r): VariableRef => ({ name: r.name, span: moved(r.span, d), nameSpan: moved(r.nameSpan, d) })) : NONE;
    value.addPart(new Part(p.raw, p.text, p.start + d, p.end + d, p.regionStart + d, p.regionEnd + d, refs));
  }
  for (const at of v.pipes) value.addPipe(at + d);
  return value;
}

function movedUrl(u: UrlLine, d: number): UrlLine {
  const url: UrlLine = { kind: 'url', url: u.url, urlSpan: moved(u.urlSpan, d), span: moved(u.span, d) };
  const method = u.method === undefined ? {} : { method: u.method, methodSpan: moved(u.methodSpan!, d) };
  const endpoint = u.endpoint === undefined ? {} : { endpoint: u.endpoint, endpointSpan: moved(u.endpointSpan!, d) };
  return { ...url, ...method, ...endpoint };
}
