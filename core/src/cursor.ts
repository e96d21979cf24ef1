/**
 * Where the cursor is, read from the parse tree: which request, which of its lines' nodes (the
 * header, a comment, a variable definition, a pasted URL, a parameter), and in it which piece (a
 * name, a value part, a `{{…}}` variable reference). Completion and hover both start here.
 *
 * A cursor sits between two characters (as an editor's caret does): it is on a node from the
 * node's first offset to its last, both included. The node is looked for on the cursor's line
 * (a `|` line belongs to the parameter or variable it continues), so a cursor in a line's
 * trailing blanks still belongs to what the line holds. Lines the parser makes no node for are
 * `blank` (nothing but blanks) or `none` (a `|` line continuing nothing, a line without a name).
 */
import { requestAt } from './analysis';
import type { CommentNode, ParamNode, RequestNode, Span, UrlLine, ValueNode, ValuePart, VariableDef, VariableRef, WikiqFile } from './parser/ast';
import { paramsOf } from './parser/params';
import { classify } from './parser/scan';
import { firstAtOrAfter } from './util/search';
import { lineCount, lineOf, lineStart as lineStartOf } from './parser/lines';
import { commentOn } from './parser/blocks';

interface On {
  /** The request the cursor's line belongs to; undefined before the first `###` when no request starts there. */
  request: RequestNode | undefined;
  offset: number;
}

/** On the `###` line. */
export interface HeaderCursor extends On { kind: 'header'; request: RequestNode }

export interface CommentCursor extends On { kind: 'comment'; comment: CommentNode }

/** On a line of nothing but blanks: where a parameter can start. `span` is empty, at the cursor. */
export interface BlankCursor extends On { kind: 'blank'; span: Span }

/** A parameter's name (or the blanks before it on its line). `span` is what a name typed here replaces. */
export interface ParamNameCursor extends On {
  kind: 'paramName';
  request: RequestNode;
  param: ParamNode;
  span: Span;
  /** The text of `span` before the cursor. */
  prefix: string;
  /** An `=` follows the name. */
  hasEquals: boolean;
}

/** After a parameter's `=` (its first line or a `|` line): the value part `part`. */
export interface ParamValueCursor extends On {
  kind: 'paramValue';
  request: RequestNode;
  param: ParamNode;
  part: ValuePart;
  /** `part`'s index in `param.value.parts`. */
  partIndex: number;
  /** What a value typed here replaces: from the part's start (or the cursor) to the end of its word. */
  span: Span;
  prefix: string;
}

/** Inside `{{…}}` (after `{{`, before its last `}`) in a parameter's or variable's value, or after a `{{` not closed yet. */
export interface VariableRefCursor extends On {
  kind: 'variableRef';
  /** The reference, when closed. */
  ref: VariableRef | undefined;
  /** What a name typed here replaces: from after `{{` to after `}}` (or the end of the name typed). */
  span: Span;
  /** The text of `span` before the cursor (of the name at most). */
  prefix: string;
  /** Where the reference is: a parameter's value or a variable definition's. */
  in: ParamNode | VariableDef;
}

/** On a variable definition's line (`@name = value`, or its `|` lines). */
export interface VariableDefCursor extends On {
  kind: 'variableDef';
  def: VariableDef;
  /** `name`: on `@name`; `value`: in the value part `part`; `other`: between them. */
  piece: 'name' | 'value' | 'other';
  part?: ValuePart;
}

/** On a pasted URL line: its method, its endpoint, a query parameter's name or value part, or elsewhere. */
export interface UrlCursor extends On {
  kind: 'url';
  request: RequestNode;
  line: UrlLine;
  piece: 'method' | 'endpoint' | 'name' | 'value' | 'other';
  /** The query parameter, for `name` and `value`. */
  param?: ParamNode;
  /** The value part and its index, for `value`. */
  part?: ValuePart;
  partIndex?: number;
}

/** On a line's text that is none of the above: between a name and its `=`, a `|` line continuing nothing… */
export interface NoneCursor extends On { kind: 'none' }

/** On a `??` assertion line: [lineStart, lineEnd) is the line without its blanks around. */
export interface AssertionCursor extends On { kind: 'assertion'; lineStart: number; lineEnd: number }

export type Cursor =
  | AssertionCursor | HeaderCursor | CommentCursor | BlankCursor | ParamNameCursor | ParamValueCursor | VariableRefCursor | VariableDefCursor | UrlCursor | NoneCursor;

/** The characters of a name being typed after `{{`, read on past the cursor. */
const NAME_CHAR = /[A-Za-z0-9_.-]/;

/**
 * The cursor at `offset`. `params` reads a request's parameters: a feature passes its context's
 * analysis (`(r) => ctx.analysis(r).params`), so the parameters it goes on to analyse are read once
 * per call, not twice (each read of a 2 MB value makes some 200,000 parts).
 */
export function cursorAt(file: WikiqFile, offset: number, params: (request: RequestNode) => readonly ParamNode[] = paramsOf): Cursor {
  const { text } = file;
  const line = lineOf(file, offset);
  const lineStart = lineStartOf(file, line);
  let lineEnd = line + 1 < lineCount(file) ? lineStartOf(file, line + 1) : text.length;
  while (lineEnd > lineStart && (text[lineEnd - 1] === '\n' || text[lineEnd - 1] === '\r')) lineEnd--;
  const request = requestAt(file, lineEnd);
  const on = { request, offset };

  const header = request?.headerSpan;
  if (request && header && lineStart <= header.start && header.start <= lineEnd) return { kind: 'header', ...on, request };
  const comment = commentOn(file, lineStart, lineEnd);
  if (comment) return { kind: 'comment', ...on, comment };
  const def = over(file.variables, lineStart, lineEnd, spanStart, spanEnd) ?? (request && over(request.variables, lineStart, lineEnd, spanStart, spanEnd));
  if (def) return variableDefCursor(text, on, def, lineStart);
  const param = request && over(params(request), lineStart, lineEnd, (p) => p.start, (p) => p.end);
  // A block value's lines are text: whatever they look like (`?? x`, `name = v`), the value's.
  if (request && param?.value?.block && param.start < lineStart) return paramCursor(text, { ...on, request }, param, lineStart, lineEnd);
  const l = classify(text, lineStart, lineEnd);
  if (l.kind === 'assertion') return { kind: 'assertion', ...on, lineStart: l.start, lineEnd: l.end };
  if (!request) return blankOrNone(text, on, lineStart, lineEnd);
  const url = over(request.urls, lineStart, lineEnd, spanStart, spanEnd);
  if (url) return urlCursor({ ...on, request }, url);
  if (param) return paramCursor(text, { ...on, request }, param, lineStart, lineEnd);
  return blankOrNone(text, on, lineStart, lineEnd);
}

/** A line the parser made no node for: blank, or text that is none of the language's (a `|` line continuing nothing, `= x`). */
function blankOrNone(text: string, on: On, lineStart: number, lineEnd: number): BlankCursor | NoneCursor {
  if (text.slice(lineStart, lineEnd).trim() !== '') return { kind: 'none', ...on };
  return { kind: 'blank', ...on, span: { start: on.offset, end: on.offset } };
}

/** The `|` that starts a value's line beginning at `lineStart`. */
function pipeOf(value: ValueNode, lineStart: number): number | undefined {
  return value.pipes[firstAtOrAfter(value.pipes, lineStart)];
}

function paramCursor(text: string, on: On & { request: RequestNode }, param: ParamNode, lineStart: number, lineEnd: number): Cursor {
  const { offset } = on;
  const value = param.value;
  if (param.start >= lineStart) {
    // The parameter's first line.
    if (offset <= param.nameEnd) {
      const span = { start: Math.min(offset, param.start), end: param.nameEnd };
      return { kind: 'paramName', ...on, param, span, prefix: text.slice(span.start, offset), hasEquals: param.equals !== undefined };
    }
    if (value === undefined || param.equals === undefined || offset <= param.equals) return { kind: 'none', ...on };
    if (value.block) return { kind: 'none', ...on };
  } else if (value?.block) {
    // A block value's line: a `{{name}}` in it is a variable; the rest is text (nothing to complete).
    const line: ValuePart = { ...value.parts[0], variables: value.parts[0].variables, regionStart: lineStart, regionEnd: lineEnd, span: { start: lineStart, end: lineEnd }, region: { start: lineStart, end: lineEnd } };
    const ref = refAt(text, line, offset, param);
    return ref ? { ...ref, ...on } : { kind: 'none', ...on };
  } else {
    // A `|` line of its value: the cursor is after the line's `|`.
    const pipe = value && pipeOf(value, lineStart);
    if (value === undefined || pipe === undefined || offset <= pipe) return { kind: 'none', ...on };
  }
  const partIndex = partAt(value, offset);
  const part = value.parts[partIndex];
  const ref = refAt(text, part, offset, param);
  if (ref) return { ...ref, ...on };
  // Replace the word being typed: from the start of the part to the end of the value word.
  const span = { start: Math.max(part.regionStart, Math.min(part.start, offset)), end: Math.min(lineEnd, Math.max(offset, part.end)) };
  return { kind: 'paramValue', ...on, param, part, partIndex, span, prefix: text.slice(span.start, offset) };
}

function variableDefCursor(text: string, on: On, def: VariableDef, lineStart: number): Cursor {
  const { offset } = on;
  if (def.nameSpan.start >= lineStart && offset <= def.nameSpan.end) return { kind: 'variableDef', ...on, def, piece: offset >= def.nameSpan.start ? 'name' : 'other' };
  const value = def.value;
  const pipe = value && def.span.start < lineStart ? pipeOf(value, lineStart) : undefined;
  if (!value || offset < value.start || (pipe !== undefined && offset <= pipe)) return { kind: 'variableDef', ...on, def, piece: 'other' };
  const part = value.parts[partAt(value, offset)];
  const ref = refAt(text, part, offset, def);
  if (ref) return { ...ref, ...on };
  return { kind: 'variableDef', ...on, def, piece: 'value', part };
}

function urlCursor(on: On & { request: RequestNode }, line: UrlLine): UrlCursor {
  const { offset } = on;
  const has = (s: Span | undefined) => s !== undefined && s.start <= offset && offset <= s.end;
  if (has(line.methodSpan)) return { kind: 'url', ...on, line, piece: 'method' };
  if (has(line.endpointSpan)) return { kind: 'url', ...on, line, piece: 'endpoint' };
  const param = over(paramsOf(on.request), offset, offset, (p) => p.start, (p) => p.end);
  if (param && param.origin === 'url') {
    if (offset <= param.nameEnd) return { kind: 'url', ...on, line, piece: 'name', param };
    if (param.value && param.equals !== undefined && offset > param.equals) {
      const partIndex = partAt(param.value, offset);
      return { kind: 'url', ...on, line, piece: 'value', param, part: param.value.parts[partIndex], partIndex };
    }
  }
  return { kind: 'url', ...on, line, piece: 'other' };
}

/** The index of the value part the cursor is in: the first whose stretch holds it, else the last before it. */
function partAt(value: ValueNode, offset: number): number {
  const parts = value.parts;
  let last = 0;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].regionStart > offset) break;
    if (offset <= parts[i].regionEnd) return i;
    last = i;
  }
  return last;
}

/** A `variableRef` when the cursor is inside a `{{…}}` of `part`, or after a `{{` in it not closed yet. */
function refAt(text: string, part: ValuePart, offset: number, within: ParamNode | VariableDef): Omit<VariableRefCursor, keyof On> | undefined {
  for (const ref of part.variables) {
    // From after `{{` to before its last `}`.
    if (ref.span.start + 2 <= offset && offset < ref.span.end) {
      const start = ref.span.start + 2;
      return { kind: 'variableRef', ref, span: { start, end: ref.span.end }, prefix: text.slice(start, Math.min(offset, ref.nameSpan.end)), in: within };
    }
  }
  const before = text.slice(part.regionStart, offset);
  const open = before.lastIndexOf('{{');
  // Not after a `{{` that is closed (the cursor is then in or after its `}}`).
  if (open < 0 || open < before.lastIndexOf('}}') || part.variables.some((r) => r.span.start === part.regionStart + open)) return undefined;
  const start = part.regionStart + open + 2;
  let end = offset;
  while (end < part.regionEnd && NAME_CHAR.test(text[end])) end++;
  return { kind: 'variableRef', ref: undefined, span: { start, end }, prefix: text.slice(start, offset), in: within };
}

const spanStart = (n: { span: Span }) => n.span.start;
const spanEnd = (n: { span: Span }) => n.span.end;

/**
 * The node of `nodes` (in file order, none overlapping another) on the stretch [from, to]: the
 * last starting at or before `to`, if it reaches `from` (a binary search).
 */
function over<T>(nodes: readonly T[], from: number, to: number, start: (n: T) => number, end: (n: T) => number): T | undefined {
  let lo = 0;
  let hi = nodes.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (start(nodes[mid]) <= to) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found >= 0 && end(nodes[found]) >= from ? nodes[found] : undefined;
}
