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
  const requests: RequestNode[] = [];
  const comments: CommentNode[] = [];
  const errors: SyntaxError[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    const r = b.request;
    // The preamble is a request when it holds one, or when there is nothing else.
    if (b.header || blocks.length === 1 || b.paramCount > 0 || r.urls.length > 0) {
      r.index = requests.length;
      requests.push(r);
    }
    for (let k = 0; k < b.comments.length; k++) comments.push(b.comments[k]);
    for (let k = 0; k < b.errors.length; k++) errors.push(b.errors[k]);
  }
  const file: WikiqFile = { text, variables, requests, comments, errors, lineStarts };
  blocksOf.set(file, { blocks, variables });
  return file;
}

/** Defensive: the parser is written not to throw; if it ever does, degrade to an empty tree. */
export function failedParse(text: string, lineStarts: number[], e: unknown): WikiqFile {
  return {
    text, variables: [], requests: [new Request(0, 0)], comments: [], lineStarts,
    errors: [{ code: SyntaxErrorCode.InvalidParameterName, message: `Internal parser error: ${String(e)}`, span: { start: 0, end: 0 }, severity: 'error' }],
  };
}
