/**
 * The blocks a file is made of, and the file made of its blocks. The block scanner (parser.ts)
 * makes them, the parameter reader (params.ts) reads a block's lines again, incremental.ts reuses them.
 */
import type { CommentNode, RequestNode, SyntaxError, VariableDef, WikiqFile } from './ast';
import { SyntaxErrorCode } from './errors';
import { Request } from './nodes';

/**
 * The text a file's blocks were scanned from, one object shared by them all. `reparse` gives it
 * the new text and line starts, so a block kept through an edit reads its lines (`paramsOf`)
 * from the text as it is now.
 */
export interface Source {
  text: string;
  lineStarts: number[];
}

/**
 * A stretch of the file that parses on its own: the preamble (before the first `###`; block 0,
 * possibly empty) or one request from its `###` line to the next. A `###` line starts afresh, so
 * a block's tree depends on its own lines only.
 */
export interface Block {
  /** Offset of the block's first line. */
  start: number;
  /** Where the next block starts (or the end of the text). */
  end: number;
  source: Source;
  /** The request it holds: the preamble's (kept even when empty) or the `###` request's. */
  request: Request;
  header: boolean;
  comments: readonly CommentNode[];
  errors: readonly SyntaxError[];
}

/** Blocks as a file remembers them, for incremental.ts (which takes them over: it deletes the entry of the tree it reparses). */
export const blocksOf = new WeakMap<WikiqFile, { blocks: Block[]; variables: readonly VariableDef[] }>();

/** The file made of `blocks`: requests, comments and errors in order, as one pass over the text gives them. */
export function assemble(source: Source, blocks: Block[], variables: readonly VariableDef[]): WikiqFile {
  const requests: RequestNode[] = [];
  const comments: CommentNode[] = [];
  const errors: SyntaxError[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (isRequest(blocks, i)) {
      b.request.index = requests.length;
      requests.push(b.request);
    }
    for (const c of b.comments) comments.push(c);
    for (const e of b.errors) errors.push(e);
  }
  const file: WikiqFile = { text: source.text, variables, requests, comments, errors, lineStarts: source.lineStarts };
  blocksOf.set(file, { blocks, variables });
  return file;
}

/** The preamble is a request when it holds one, or when there is nothing else; a `###` block always is. */
function isRequest(blocks: readonly Block[], i: number): boolean {
  const b = blocks[i];
  return b.header || blocks.length === 1 || b.request.paramCount > 0 || b.request.assertionCount > 0 || b.request.urls.length > 0;
}

/** Defensive: the parser is written not to throw; if it ever does, degrade to an empty tree. */
export function failedParse(text: string, lineStarts: readonly number[], e: unknown): WikiqFile {
  return {
    text, variables: [], requests: [new Request(0, 0)], comments: [], lineStarts,
    errors: [{ code: SyntaxErrorCode.InvalidParameterName, message: `Internal parser error: ${String(e)}`, span: { start: 0, end: 0 }, severity: 'error' }],
  };
}
