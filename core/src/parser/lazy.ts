/**
 * Parameters on demand. A request keeps what every feature reads of every request — its header,
 * its span, its variables and its URL lines — but its parameter nodes, nine objects in ten of a
 * big file's tree, only while it is among the last `HELD` requests whose parameters were asked
 * for; after that, `params` parses them again from the request's own lines (a few microseconds).
 *
 * Why: a tree kept whole for the life of a document is memory the document adds, and a tree that
 * lives through the garbage collector's young-generation passes makes V8 grow its young
 * generation (resident memory a full collection does not give back). Held for a moment instead,
 * parameter nodes die young. What reads every request's parameters (a first validation, the
 * outline) parses them as it goes; an edit asks only for the requests it touched (the validation
 * cache knows the others), completion and hover for one.
 *
 * The parameters are the same nodes, field for field, as a parse of the whole text gives
 * (test/unit/incremental.test.ts); they are not the same objects from one asking to the next once
 * let go, so nothing may compare parameter nodes by identity across other requests' askings.
 */
import type { CommentNode, ParamNode, RequestNode, Span, SyntaxError, UrlLine, VariableDef } from './ast';
import { Strings } from './intern';

/**
 * The empty list most requests and blocks have (no variables, URL lines, comments or errors):
 * shared, frozen; `added` gives a list its own array with its first item.
 */
export const NONE: never[] = Object.freeze([]) as unknown as never[];

export function added<T>(list: T[], item: T): T[] {
  if (list === NONE) return [item];
  list.push(item);
  return list;
}

/** How many requests hold their parameters at once (per file). */
export const HELD = 64;

/** What a file's blocks share: the text they were parsed from (kept up to date by incremental.ts) and the ring of held requests. */
export interface Source {
  text: string;
  lineStarts: number[];
  /** The requests holding their parameters, a ring; `next` is the slot the next one takes. */
  held: Array<Request | undefined>;
  next: number;
  /** Parses a block's lines again and returns its parameters (parser.ts). */
  load(block: Block): ParamNode[];
  /** What `load` parses with: made at the first load, kept for the next (parser.ts `Parser.load`). */
  loader?: { load(block: Block): ParamNode[] };
  /** The short strings its parameters are read into (intern.ts), shared by every parse of its text. */
  strings: Strings;
}

/**
 * A stretch of the file that parses on its own: the preamble (before the first `###`; block 0,
 * possibly empty) or one request from its `###` line to the next. A `###` line resets the parser's
 * state, so a block's tree depends on its own lines only (incremental.ts reparses just the blocks
 * an edit touches; `params` parses one block's lines again).
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
  /** How many parameters the request has (known without them). */
  paramCount: number;
  comments: CommentNode[];
  errors: SyntaxError[];
}

export class Request implements RequestNode {
  index: number;
  name: string | undefined = undefined;
  headerSpan: Span | undefined = undefined;
  nameSpan: Span | undefined = undefined;
  span: Span;
  variables: VariableDef[] = NONE;
  urls: UrlLine[] = NONE;
  /** The parameters while held; undefined once let go. */
  paramList: ParamNode[] | undefined = [];
  /** The block it was parsed from; undefined for a request made whole (it holds its parameters for good). */
  block: Block | undefined = undefined;

  constructor(index: number, start: number) {
    this.index = index;
    this.span = { start, end: start };
  }


  get paramCount(): number {
    return this.paramList !== undefined ? this.paramList.length : this.block!.paramCount;
  }

  /** The request as `RequestNode`'s fields (a header's fields only when written, as parse gives them). */
  toJSON(): RequestNode {
    const { index, name, headerSpan, nameSpan, span, variables, urls } = this;
    const out: RequestNode = { index, span, paramCount: this.paramCount, variables, urls };
    if (name !== undefined) out.name = name;
    if (headerSpan !== undefined) out.headerSpan = headerSpan;
    if (nameSpan !== undefined) out.nameSpan = nameSpan;
    return out;
  }
}

export function newSource(text: string, lineStarts: number[], load: (block: Block) => ParamNode[]): Source {
  return { text, lineStarts, held: new Array<Request | undefined>(HELD).fill(undefined), next: 0, load, loader: undefined, strings: new Strings() };
}

/** `r` holds its parameters now: it takes the ring's next slot, and the request there lets go of its own. */
export function hold(source: Source, r: Request): void {
  const slot = source.next;
  source.next = slot + 1 === HELD ? 0 : slot + 1;
  const out = source.held[slot];
  if (out !== undefined && out !== r) out.paramList = undefined;
  source.held[slot] = r;
}

/** Every request of the source lets go of its parameters (before an edit moves or replaces them). */
export function letGoAll(source: Source): void {
  const held = source.held;
  for (let i = 0; i < held.length; i++) {
    const r = held[i];
    if (r !== undefined) r.paramList = undefined;
    held[i] = undefined;
  }
  source.next = 0;
}

function reload(r: Request): ParamNode[] {
  const b = r.block;
  if (b === undefined) return (r.paramList = []);
  const params = b.source.load(b);
  r.paramList = params;
  hold(b.source, r);
  return params;
}

/** The parameters of a request, in file order (read from its lines). */
export function paramsOf(request: RequestNode): ParamNode[] {
  const r = request as Request;
  return r.paramList ?? reload(r);
}
