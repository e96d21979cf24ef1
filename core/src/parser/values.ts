/**
 * Values: a value split on its unescaped pipes into parts, and the `{{name}}` variables of each.
 * The block scanner (parser.ts) and the parameter reader (params.ts) both read values here: the
 * scanner with an error list (and, for a parameter, no nodes), the reader with none.
 */
import type { SyntaxError, VariableRef } from './ast';
import { SyntaxErrorCode, report } from './errors';
import { NONE, Part, Value } from './nodes';
import { pairIn, skipBlanks, trimBlanksBefore } from './scan';
import { VARIABLE_NAME } from '../words';

/** The value text[start, end) (what follows `=`); the errors of its variables to `errors` when given. */
export function readValue(text: string, start: number, end: number, errors?: SyntaxError[]): Value {
  const value = new Value(start, end);
  splitParts(text, start, end, value, errors);
  return value;
}

/** The `|` line text[bar, end) (`bar` at its `|`) continues `value`. */
export function continueValue(value: Value, text: string, bar: number, end: number, errors?: SyntaxError[]): void {
  value.addPipe(bar);
  splitParts(text, bar + 1, end, value, errors);
  value.end = end;
}

/** The errors of the value text[start, end), without making it (a value's only errors are in its variables). */
export function valueErrors(text: string, start: number, end: number, errors: SyntaxError[]): void {
  if (pairIn(text, 123, start, end) >= 0) splitParts(text, start, end, undefined, errors);
}

/**
 * Splits text[start, end) on unescaped pipes: each part goes to `value` when given (its pipes too),
 * and the errors of the parts' variables to `errors` when given.
 */
function splitParts(text: string, start: number, end: number, value: Value | undefined, errors: SyntaxError[] | undefined): void {
  let partStart = start;
  // What the part holds, seen on the way: an escaped pipe, a `{{` (most parts need no second look).
  let escaped = false;
  let braces = false;
  for (let i = start; i <= end; i++) {
    const c = i < end ? text.charCodeAt(i) : 124; // the end closes the last part as a pipe would
    if (c === 92 /* \ */ && i + 1 < end && text.charCodeAt(i + 1) === 124) {
      escaped = true;
      i++;
    } else if (c === 124 /* | */) {
      const s = skipBlanks(text, partStart, i);
      const e = trimBlanksBefore(text, s, i);
      if (value) {
        const raw = text.slice(s, e);
        value.addPart(new Part(raw, escaped ? raw.replace(/\\\|/g, '|') : raw, s, e, partStart, i, braces ? variableRefs(text, s, e, errors) : NONE));
        if (i < end) value.addPipe(i);
      } else if (braces) {
        readVariables(text, s, e, errors, undefined);
      }
      partStart = i + 1;
      escaped = braces = false;
    } else if (c === 123 /* { */ && text.charCodeAt(i + 1) === 123) {
      braces = true;
    }
  }
}

/** The `{{name}}` variables in text[start, end); their errors to `errors` when given. */
export function variableRefs(text: string, start: number, end: number, errors?: SyntaxError[]): readonly VariableRef[] {
  if (pairIn(text, 123, start, end) < 0) return NONE;
  const refs: VariableRef[] = [];
  readVariables(text, start, end, errors, refs);
  return refs;
}

/** Reads the `{{name}}` variables in text[start, end): each to `refs` and their errors to `errors`, each when given. */
export function readVariables(text: string, start: number, end: number, errors: SyntaxError[] | undefined, refs: VariableRef[] | undefined): void {
  for (let i = pairIn(text, 123, start, end); i >= 0; ) {
    const close = pairIn(text, 125, i + 2, end);
    if (close < 0) {
      if (errors) report(errors, SyntaxErrorCode.UnterminatedVariable, i, end);
      return;
    }
    const ns = skipBlanks(text, i + 2, close);
    const ne = trimBlanksBefore(text, ns, close);
    if (errors) {
      const name = text.slice(ns, ne);
      if (name === '') report(errors, SyntaxErrorCode.EmptyVariableName, i, close + 2);
      else if (!VARIABLE_NAME.test(name)) report(errors, SyntaxErrorCode.InvalidVariableName, ns, ne, name);
    }
    refs?.push({ name: text.slice(ns, ne), span: { start: i, end: close + 2 }, nameSpan: { start: ns, end: ne } });
    i = pairIn(text, 123, close + 2, end);
  }
}
