/**
 * The parser's node classes: requests (kept in the tree), and parameters, values and value parts
 * (made by `paramsOf`, and the values of variables). Parameters, values and parts keep their
 * offsets as numbers and make a span object when one is read: a new object each time, so changing
 * it changes nothing.
 */
import type { Block, ParamNode, RequestNode, Span, ValueNode, ValuePart, VariableDef, VariableRef, UrlLine } from './ast';

/** The empty list most nodes have (no variables, URL lines, pipes…), shared: `readonly`, so nothing can add to it. */
export const NONE: readonly never[] = Object.freeze([]);

/** A span the block scanner extends while it scans a block (readers see it as a read-only `Span`). */
export interface Offsets {
  start: number;
  end: number;
}

/** One `|`-separated value: `[start, end)` trimmed, `[regionStart, regionEnd)` as written between its separators. */
export class Part implements ValuePart {
  constructor(
    readonly raw: string,
    readonly text: string,
    public start: number,
    public end: number,
    public regionStart: number,
    public regionEnd: number,
    readonly variables: readonly VariableRef[],
  ) {}

  /** Set on the one part of a block value (blockValue.ts): its text is lines, one value, never split on `|`. */
  block: true | undefined = undefined;

  get span(): Span {
    return { start: this.start, end: this.end };
  }

  get region(): Span {
    return { start: this.regionStart, end: this.regionEnd };
  }

  toJSON(): ValuePart {
    const { raw, text, start, end, regionStart, regionEnd, variables, block } = this;
    return { raw, text, start, end, regionStart, regionEnd, variables, span: this.span, region: this.region, ...(block ? { block } : {}) };
  }
}

/** A value from `start` (after `=`) to `end` (the end of its last `|` line). */
export class Value implements ValueNode {
  /**
   * Its parts, and the offsets of its pipes (undefined while it has none, as most values). Each
   * list is made with its first item: `[item]` has room for one, where `[]` grows room for 17 at
   * its first `push`, and most values have one part.
   */
  partList: Part[] | undefined = undefined;
  pipeList: number[] | undefined = undefined;
  /** Set on a block value (`name = """` … `"""`, blockValue.ts). */
  block: true | undefined = undefined;
  /** Set on a value read from a file (`name = < path`, blockValue.ts): the path as written, relative to the `.wikiq` file. */
  file: string | undefined = undefined;

  constructor(
    public start: number,
    public end: number,
  ) {}

  get span(): Span {
    return { start: this.start, end: this.end };
  }

  get parts(): readonly Part[] {
    return this.partList ?? NONE;
  }

  get pipes(): readonly number[] {
    return this.pipeList ?? NONE;
  }

  addPart(part: Part): void {
    if (this.partList) this.partList.push(part);
    else this.partList = [part];
  }

  addPipe(at: number): void {
    if (this.pipeList) this.pipeList.push(at);
    else this.pipeList = [at];
  }

  toJSON(): ValueNode {
    const { parts, pipes, start, end, block, file } = this;
    return { parts, pipes, start, end, span: this.span, ...(block ? { block } : {}), ...(file !== undefined ? { file } : {}) };
  }
}

/** A parameter: `[start, end)` the whole of it (its `|` lines included), `[start, nameEnd)` its name. */
export class Param implements ParamNode {
  readonly kind = 'param';

  constructor(
    readonly name: string,
    public start: number,
    public nameEnd: number,
    public end: number,
    readonly equals: number | undefined,
    readonly value: Value | undefined,
    readonly origin: 'line' | 'url',
  ) {}

  get span(): Span {
    return { start: this.start, end: this.end };
  }

  get nameSpan(): Span {
    return { start: this.start, end: this.nameEnd };
  }

  toJSON(): ParamNode {
    const { kind, name, start, nameEnd, end, equals, value, origin } = this;
    return { kind, name, start, nameEnd, end, equals, value, origin, span: this.span, nameSpan: this.nameSpan };
  }
}

/**
 * A request of one tree: its block's request (`block`, shared by the trees of the edits that did
 * not touch it) where this tree's text (`source`) has it, the block starting at `start`. Made when
 * a feature asks for it (`requestOf`, `requestsOf`, `requestAtOffset`: blocks.ts), never by an edit,
 * and never changed: `paramsOf` reads its lines (the block's `lines`) in `source`'s text. The block keeps offsets relative to
 * its own start; the request's spans, variables and URL lines are the block's moved to `start`,
 * made when read (a new object each time, as a parameter's spans). Two views of one request are
 * two objects: the same request is the same `index` and block (`blockOf`).
 */
export class Request implements RequestNode {
  constructor(
    readonly index: number,
    readonly block: Block,
    readonly start: number,
    readonly source: { readonly text: string },
  ) {}

  get name(): string | undefined {
    return this.block.name;
  }

  get paramCount(): number {
    return this.block.paramCount;
  }

  get assertionCount(): number {
    return this.block.assertionCount;
  }

  get span(): Span {
    return moved(this.block.span, this.start);
  }

  get headerSpan(): Span | undefined {
    const h = this.block.headerSpan;
    return h && moved(h, this.start);
  }

  get nameSpan(): Span | undefined {
    const n = this.block.nameSpan;
    return n && moved(n, this.start);
  }

  get variables(): readonly VariableDef[] {
    const { variables } = this.block;
    return this.start === 0 || variables.length === 0 ? variables : variables.map((v) => movedVariable(v, this.start));
  }

  get urls(): readonly UrlLine[] {
    const { urls } = this.block;
    return this.start === 0 || urls.length === 0 ? urls : urls.map((u) => movedUrl(u, this.start));
  }

  /** The request as `RequestNode`'s fields (a header's fields only when written, as parse gives them). */
  toJSON(): RequestNode {
    const { index, name, headerSpan, nameSpan, span, paramCount, assertionCount, variables, urls } = this;
    return { index, span, paramCount, assertionCount, variables, urls, ...(name !== undefined ? { name } : {}), ...(headerSpan ? { headerSpan } : {}), ...(nameSpan ? { nameSpan } : {}) };
  }
}

/** `sp` moved by `d` (a new object). */
export function moved(sp: Span, d: number): Span {
  return { start: sp.start + d, end: sp.end + d };
}

// ---- nodes moved by `d` (new objects; the scanner makes a block's nodes relative to its start) ----

export function movedVariable(v: VariableDef, d: number): VariableDef {
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

export function movedUrl(u: UrlLine, d: number): UrlLine {
  const url: UrlLine = { kind: 'url', url: u.url, urlSpan: moved(u.urlSpan, d), span: moved(u.span, d) };
  const method = u.method === undefined ? {} : { method: u.method, methodSpan: moved(u.methodSpan!, d) };
  const endpoint = u.endpoint === undefined ? {} : { endpoint: u.endpoint, endpointSpan: moved(u.endpointSpan!, d) };
  return { ...url, ...method, ...endpoint };
}
