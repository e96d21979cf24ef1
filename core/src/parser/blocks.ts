/**
 * The tree made of blocks (`Block`, ast.ts). The block scanner (parser.ts) makes blocks, `assemble`
 * makes a tree of them, the parameter reader (params.ts) reads a request's lines again,
 * incremental.ts makes the next tree from the previous one's blocks.
 */
import type { Block, CommentNode, RequestNode, SyntaxError, VariableDef, WikiqFile } from './ast';
import { SyntaxErrorCode } from './errors';
import { NONE, Request, moved } from './nodes';

/** The text a tree was made from, and its line starts: one object per tree, never changed. */
export interface Source {
  readonly text: string;
  readonly lineStarts: Int32Array;
}

/**
 * The tree of `source` made of `blocks`, each starting at `starts`: requests, comments and errors
 * in order, as one pass over the text gives them. A request is a view of its block where it starts
 * (`Request`: four fields); comments and errors are the blocks', moved where they start.
 */
export function assemble(source: Source, blocks: readonly Block[], starts: Int32Array, variables: readonly VariableDef[]): WikiqFile {
  // Every block but perhaps the preamble is a request: the list is made at its size.
  const skip = isRequest(blocks, 0) ? 0 : 1;
  const requests = new Array<Request>(blocks.length - skip);
  const comments: CommentNode[] = [];
  const errors: SyntaxError[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    const at = starts[i];
    if (i >= skip) requests[i - skip] = new Request(i - skip, b, at, source);
    if (b.comments.length) for (const c of b.comments) comments.push(at === 0 ? c : { kind: 'comment', span: moved(c.span, at) });
    if (b.errors.length) for (const e of b.errors) errors.push(at === 0 ? e : { ...e, span: moved(e.span, at) });
  }
  return { text: source.text, variables, requests, comments, errors, lineStarts: source.lineStarts, blocks, blockStarts: starts };
}

/** The preamble (block 0) is a request when it holds one, or when there is nothing else; a `###` block always is. */
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
    length: 0, header: false, name: undefined, headerSpan: undefined, nameSpan: undefined, span: { start: 0, end: 0 },
    paramCount: 0, assertionCount: 0, namesContent: false, variables: NONE, urls: NONE, comments: NONE, errors: NONE,
  };
  const file = assemble({ text, lineStarts }, [empty], Int32Array.of(0), NONE);
  return { ...file, errors: [{ code: SyntaxErrorCode.InvalidParameterName, message: `Internal parser error: ${String(e)}`, span: { start: 0, end: 0 }, severity: 'error' }] };
}
