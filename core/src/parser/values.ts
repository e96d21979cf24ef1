/**
 * Values: a value split on its unescaped pipes into parts, the `{{name}}` variables of each, and a
 * pasted URL's percent-decoding. The part of the parser (parser.ts) that reads what follows `=`.
 */
import type { Span, VariableRef } from './ast';
import { SyntaxErrorCode } from './errors';
import { type Strings, VALUE_MAX } from './intern';
import { NONE } from './lazy';
import { Part, Value } from './nodes';
import { hasChar, hasOpenBraces, skipBlanks, trimBlanksBefore } from './scan';
import { VARIABLE_NAME } from '../words';

export function addPipe(value: Value, at: number): void {
  if (value.pipes === NONE) value.pipes = [at];
  else value.pipes.push(at);
}

export abstract class ValueReader {
  constructor(protected text: string, protected readonly strings: Strings) {}

  /** Reports a syntax error at `span` (parser.ts). */
  abstract error(code: SyntaxErrorCode, span: Span, arg?: string, severity?: 'error' | 'warning'): void;

  protected valueOf(start: number, end: number): Value {
    const value = new Value(NONE, start, end, NONE);
    this.scanParts(value, start, end);
    return value;
  }

  /**
   * What a value's first line found, before it is copied into the value: its parts and the
   * offsets of its pipes, with how many of each. Filled by index and copied into arrays of exactly
   * their size, never emptied by `length = 0` (V8 then drops an array's room, and the next value
   * made a new list with room for 17: 150 bytes per value of a big file's first validation).
   */
  private readonly scratch: Array<Part | undefined> = [];
  private readonly pipeScratch: number[] = [];
  private parts = 0;
  private pipes = 0;

  /**
   * Splits text[start, end) on unescaped pipes and gives the value its parts. A value's first
   * line gives it arrays of exactly their number (a `|` line appends to them in place: copying
   * would make `|` lines quadratic).
   */
  protected scanParts(value: Value, start: number, end: number): void {
    if (value.parts !== NONE) {
      this.scanInto(value, false, start, end);
      return;
    }
    this.parts = this.pipes = 0;
    this.scanInto(value, true, start, end);
    const scratch = this.scratch;
    value.parts = scratch.slice(0, this.parts) as Part[];
    if (this.pipes > 0) value.pipes = this.pipeScratch.slice(0, this.pipes);
    for (let i = 0; i < this.parts; i++) scratch[i] = undefined; // keeps no node alive
  }

  /**
   * `value` undefined (`scan`): the parts' errors only (those of their variables), no nodes.
   * `first`: the value's first line (its parts go to the scratch lists).
   */
  protected scanInto(value: Value | undefined, first: boolean, start: number, end: number): void {
    const text = this.text;
    let partStart = start;
    // What the part holds, seen on the way: an escaped pipe, a `{{` (so most parts need no second scan).
    let escaped = false;
    let braces = false;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === 92 /* \ */ && text.charCodeAt(i + 1) === 124 && i + 1 < end) {
        escaped = true;
        i++;
      } else if (c === 124 /* | */) {
        if (value) {
          this.keep(value, first, this.part(partStart, i, escaped, braces));
          if (first) this.pipeScratch[this.pipes++] = i;
          else addPipe(value, i);
        } else if (braces) {
          this.partVariables(partStart, i);
        }
        partStart = i + 1;
        escaped = braces = false;
      } else if (c === 123 /* { */ && text.charCodeAt(i + 1) === 123) {
        braces = true;
      }
    }
    if (value) this.keep(value, first, this.part(partStart, end, escaped, braces));
    else if (braces) this.partVariables(partStart, end);
  }

  private keep(value: Value, first: boolean, part: Part): void {
    if (first) this.scratch[this.parts++] = part;
    else value.parts.push(part);
  }

  /** The errors of the variables in the part at [start, end) (trimmed as `part` trims it), without nodes. */
  private partVariables(start: number, end: number): void {
    const s = skipBlanks(this.text, start, end);
    this.variableRefs(s, trimBlanksBefore(this.text, s, end), false);
  }

  private part(start: number, end: number, escaped: boolean, braces: boolean): Part {
    const text = this.text;
    const s = skipBlanks(text, start, end);
    const e = trimBlanksBefore(text, s, end);
    const raw = this.strings.get(text, s, e, VALUE_MAX);
    return new Part(raw, escaped ? raw.replace(/\\\|/g, '|') : raw, s, e, start, end, braces ? this.variableRefs(s, e) : NONE);
  }

  /** `keep` false: the errors only (the list stays empty). */
  protected variableRefs(start: number, end: number, keep = true): VariableRef[] {
    const text = this.text;
    // Most values use no variable: share one empty list instead of allocating one per value.
    if (!hasOpenBraces(this.text, start, end)) return NONE;
    const refs: VariableRef[] = [];
    // Search only inside [start, end): an unbounded indexOf would scan the rest of the file.
    const local = (needle: string, from: number) => {
      const k = text.slice(from, end).indexOf(needle);
      return k < 0 ? -1 : from + k;
    };
    if (end - start < 2) return refs;
    let i = local('{{', start);
    while (i >= 0 && i < end - 1) {
      const close = local('}}', i + 2);
      if (close < 0 || close + 2 > end) {
        this.error(SyntaxErrorCode.UnterminatedVariable, { start: i, end });
        break;
      }
      const ns = skipBlanks(text, i + 2, close);
      const ne = trimBlanksBefore(text, ns, close);
      const name = text.slice(ns, ne);
      const span = { start: i, end: close + 2 };
      if (name === '') {
        this.error(SyntaxErrorCode.EmptyVariableName, span);
      } else if (!VARIABLE_NAME.test(name)) {
        this.error(SyntaxErrorCode.InvalidVariableName, { start: ns, end: ne }, name);
      }
      if (keep) refs.push({ name, span, nameSpan: { start: ns, end: ne } });
      i = local('{{', close + 2);
    }
    return refs;
  }

  protected decode(s: number, e: number): string {
    const text = this.text;
    // Without a `%` or a `+` the text decodes to itself.
    if (!hasChar(text, 37, s, e) && !hasChar(text, 43, s, e)) return text.slice(s, e);
    const raw = text.slice(s, e).replace(/\+/g, ' ');
    try {
      return decodeURIComponent(raw);
    } catch {
      this.error(SyntaxErrorCode.InvalidPercentEncoding, { start: s, end: e }, this.text.slice(s, e), 'warning');
      return raw;
    }
  }
}
