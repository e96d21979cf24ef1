/**
 * The blocks a file is made of (lazy.ts `Block`), and the file made of its blocks. parser.ts
 * produces them, incremental.ts reuses them.
 */
import type { CommentNode, RequestNode, SyntaxError, VariableDef, WikiqFile } from './ast';
import { SyntaxErrorCode } from './errors';
import { type Block, Request } from './lazy';

export type { Block } from './lazy';

/** Blocks as a file remembers them, for incremental.ts (the tree's own shape stays as it was). */
export const blocksOf = new WeakMap<WikiqFile, { blocks: Block[]; variables: VariableDef[] }>();

/** The file made of `blocks`: requests, comments and errors in order, as one pass over the text gives them. */
export function assemble(text: string, lineStarts: number[], blocks: Block[], variables: VariableDef[]): WikiqFile {
  // The list made at its size (an edit of a big file assembles it again: grown by push, it made
  // three times the memory it keeps).
  let n = 0;
  for (let i = 0; i < blocks.length; i++) if (isRequest(blocks, i)) n++;
  const requests: RequestNode[] = new Array(n);
  const comments: CommentNode[] = [];
  const errors: SyntaxError[] = [];
  n = 0;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (isRequest(blocks, i)) {
      b.request.index = n;
      requests[n++] = b.request;
    }
    for (let k = 0; k < b.comments.length; k++) comments.push(b.comments[k]);
    for (let k = 0; k < b.errors.length; k++) errors.push(b.errors[k]);
  }
  const file: WikiqFile = { text, variables, requests, comments, errors, lineStarts };
  blocksOf.set(file, { blocks, variables });
  return file;
}

/** The preamble is a request when it holds one, or when there is nothing else; a `###` block always is. */
function isRequest(blocks: readonly Block[], i: number): boolean {
  const b = blocks[i];
  return b.header || blocks.length === 1 || b.paramCount > 0 || b.request.urls.length > 0;
}

/** Defensive: the parser is written not to throw; if it ever does, degrade to an empty tree. */
export function failedParse(text: string, lineStarts: number[], e: unknown): WikiqFile {
  return {
    text, variables: [], requests: [new Request(0, 0)], comments: [], lineStarts,
    errors: [{ code: SyntaxErrorCode.InvalidParameterName, message: `Internal parser error: ${String(e)}`, span: { start: 0, end: 0 }, severity: 'error' }],
  };
}
