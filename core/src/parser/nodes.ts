/**
 * The classes behind parameter nodes and values (`ParamNode`, `ValueNode`, `ValuePart` in ast.ts).
 * A file's first validation makes every request's parameters (lazy.ts), and what it allocates
 * is what V8's young generation must hold: its pages, once touched, stay resident (the memory
 * opening a big file adds). So a node keeps its offsets as numbers on itself and makes a span
 * object only when one is read (`span`, `nameSpan`, `region`): validation reads offsets, and
 * makes a span only for what it reports. A span read this way is a new object each time, and
 * changing it changes nothing: a node's offsets change through its own fields (the parser's `|`
 * lines, incremental.ts's shifting of the variables a reused block keeps).
 */
import type { ParamNode, Span, ValueNode, ValuePart, VariableRef } from './ast';

/** One `|`-separated value: `[start, end)` trimmed, `[regionStart, regionEnd)` as written between its separators. */
export class Part implements ValuePart {
  constructor(
    public raw: string,
    public text: string,
    public start: number,
    public end: number,
    public regionStart: number,
    public regionEnd: number,
    public variables: VariableRef[],
  ) {}

  get span(): Span {
    return { start: this.start, end: this.end };
  }

  get region(): Span {
    return { start: this.regionStart, end: this.regionEnd };
  }

  toJSON(): ValuePart {
    return { ...this, span: this.span, region: this.region };
  }
}

/** A value from `start` (after `=`) to `end` (the end of its last `|` line). */
export class Value implements ValueNode {
  constructor(
    public parts: ValuePart[],
    public start: number,
    public end: number,
    public pipes: number[],
  ) {}

  get span(): Span {
    return { start: this.start, end: this.end };
  }

  toJSON(): ValueNode {
    return { ...this, span: this.span };
  }
}

/** A parameter: `[start, end)` the whole of it (its `|` lines included), `[start, nameEnd)` its name. */
export class Param implements ParamNode {
  declare readonly kind: 'param';

  constructor(
    public name: string,
    public start: number,
    public nameEnd: number,
    public end: number,
    public equals: number | undefined,
    public value: Value | undefined,
    public origin: 'line' | 'url',
  ) {}

  get span(): Span {
    return { start: this.start, end: this.end };
  }

  get nameSpan(): Span {
    return { start: this.start, end: this.nameEnd };
  }

  toJSON(): ParamNode {
    return { ...this, kind: this.kind, span: this.span, nameSpan: this.nameSpan };
  }
}
// On the prototype: one field less on each of a file's thousands of nodes.
(Param.prototype as { kind: string }).kind = 'param';
