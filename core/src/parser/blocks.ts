/**
 * The blocks a file is made of, and the file made of its blocks (see `Block`). parser.ts produces
 * them, incremental.ts reuses them.
 */
import type { CommentNode, ParamNode, RequestNode, Span, SyntaxError, VariableDef, WikiqFile } from './ast';

/** Every offset in a block, in flat lists (gathered by incremental.ts the first time it shifts the block). */
export interface BlockOffsets {
  /** Each span object once. */
  spans: Span[];
  /** The `pipes` arrays of its values. */
  pipes: number[][];
  /** Its parameters with an `=`. */
  equals: ParamNode[];
}

/**
 * A stretch of the file that parses on its own: the preamble (before the first `###`; block 0,
 * possibly empty) or one request from its `###` line to the next. A `###` line resets the parser's
 * state, so a block's tree depends on its own lines only (incremental.ts reparses just the blocks
 * an edit touches).
 */
export interface Block {
  /** Offset of the block's first line; the next block's start (or the end of the text) ends it. */
  start: number;
  /** The request it holds: the preamble's (kept even when empty) or the `###` request's. */
  request: RequestNode;
  header: boolean;
  comments: CommentNode[];
  errors: SyntaxError[];
  offsets?: BlockOffsets;
}

/** Blocks as a file remembers them, for incremental.ts (the tree's own shape stays as it was). */
export const blocksOf = new WeakMap<WikiqFile, { blocks: Block[]; variables: VariableDef[]; reparses: number }>();

/** The file made of `blocks`: requests, comments and errors in order, as one pass over the text gives them. */
export function assemble(text: string, lineStarts: number[], blocks: Block[], variables: VariableDef[]): WikiqFile {
  const requests: RequestNode[] = [];
  const comments: CommentNode[] = [];
  const errors: SyntaxError[] = [];
  for (const b of blocks) {
    const r = b.request;
    // The preamble is a request when it holds one, or when there is nothing else.
    if (b.header || blocks.length === 1 || r.params.length > 0 || r.urls.length > 0) {
      r.index = requests.length;
      requests.push(r);
    }
    for (const c of b.comments) comments.push(c);
    for (const e of b.errors) errors.push(e);
  }
  const file: WikiqFile = { text, variables, requests, comments, errors, lineStarts };
  blocksOf.set(file, { blocks, variables, reparses: 0 });
  return file;
}
