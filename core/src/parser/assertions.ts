/**
 * Assertions: `?? SUBJECT OPERATOR VALUE` lines of a request (`classify` calls them `assertion`
 * lines). `readAssertion` reads one line into an `AssertionNode`, with the first problem it meets
 * (a malformed assertion: `invalid-assertion` in the code table, reported by validation and
 * refused by `wikiq test`); `assertionsOf(request)` reads a request's assertions from its lines,
 * as `paramsOf` reads its parameters (the tree keeps neither). The operators, the value each
 * takes and the subjects each compares are their entries of `OPERATORS` (assertionOperators.ts).
 * One pass over the line, no regular expression with backtracking: never throws, linear in the line.
 */
import type { AssertionNode, AssertionOperator, AssertionSubject, AssertionValue, PathStep, Quantifier, RequestNode, Span, SyntaxError } from './ast';
import { NONE, Request } from './nodes';
import { classify, isSpace, lineEndOf, skipBlanks } from './scan';
import { variableRefs } from './values';
import { blockLineStarts } from './lines';
import { isOperator, OPERATOR_NAMES, operatorsFor, operatorSpec } from '../assertionOperators';

export const RUN_SUBJECTS = ['status', 'records', 'batches', 'warnings', 'ms'] as const;
export const QUANTIFIERS: readonly Quantifier[] = ['every', 'some', 'no'];
export const STATUS_WORDS = ['complete', 'partial', 'failed'] as const;
/** The flags a `matches /re/` pattern may carry (linear-time engine's: case, multi-line, dot-all, Unicode). */
export const PATTERN_FLAGS = 'imsu';

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const NUMERIC_SUBJECTS = new Set<string>(['records', 'batches', 'warnings', 'ms']);

/** The assertions of a request, in file order (read from its lines; none for a request not made by `parse`). */
export function assertionsOf(request: RequestNode): AssertionNode[] {
  return request instanceof Request ? readAssertions(request) : [];
}

/** The assertions of `request`, read from its block's lines in the text of its tree. */
function readAssertions(request: Request): AssertionNode[] {
  const { text } = request.source;
  const { block, start } = request;
  const lineStarts = blockLineStarts(block, start, start + block.length, text.length);
  const out: AssertionNode[] = [];
  for (let line = 0; line < block.lineCount; line++) {
    const at = lineStarts[line];
    const l = classify(text, at, lineEndOf(text, at, lineStarts[line + 1]));
    if (l.kind === 'assertion') out.push(readAssertion(text, l.start, l.end));
  }
  return out;
}

/** A reader of one line: where it is, and the first problem met. */
class Reader {
  problem: { message: string; span: Span } | undefined;
  constructor(
    readonly text: string,
    public at: number,
    readonly end: number,
  ) {}

  /** The next word: [start, end) up to a blank or the line's end. */
  word(): Span {
    const start = skipBlanks(this.text, this.at, this.end);
    let e = start;
    while (e < this.end && !isSpace(this.text.charCodeAt(e))) e++;
    this.at = e;
    return { start, end: e };
  }

  fail(message: string, start: number, end: number): void {
    this.problem ??= { message, span: { start, end: Math.max(start, end) } };
  }
}

/** The assertion on text[start, end) (a trimmed line starting with `??`). Never throws. */
export function readAssertion(text: string, start: number, end: number): AssertionNode {
  const r = new Reader(text, start + 2, end);
  const node: { -readonly [K in keyof AssertionNode]: AssertionNode[K] } = { kind: 'assertion', span: { start, end } };
  const subject = readSubject(r);
  if (subject) node.subject = subject;
  if (!r.problem) {
    const w = r.word();
    const op = text.slice(w.start, w.end);
    if (w.start === w.end) r.fail(`Expected an operator after the subject: ${OPERATOR_NAMES.join(', ')}.`, w.start, w.end);
    else if (!isOperator(op)) r.fail(`'${op}' is not an operator: use ${OPERATOR_NAMES.join(', ')}.`, w.start, w.end);
    else node.operator = { op, span: w };
  }
  if (!r.problem && node.operator) {
    const value = readValueOf(r, node.operator.op, node.operator.span);
    if (value) node.value = value;
  }
  if (!r.problem && subject && node.operator) checkTypes(r, subject, node.operator.op, node.value);
  if (r.problem) node.problem = r.problem;
  return node;
}

function readSubject(r: Reader): AssertionSubject | undefined {
  const { text } = r;
  const w = r.word();
  const word = text.slice(w.start, w.end);
  if (w.start === w.end) {
    r.fail(`Expected an assertion: '?? SUBJECT OPERATOR VALUE', e.g. '?? records > 0'.`, w.start, w.end);
    return undefined;
  }
  if ((RUN_SUBJECTS as readonly string[]).includes(word)) return { kind: word as AssertionSubject['kind'], text: word, span: w, path: NONE };
  if (text.charCodeAt(w.start) === 36 /* $ */) {
    const path = readPath(r, w.start + 1, w.end, true);
    return { kind: 'path', text: word, span: w, path };
  }
  if ((QUANTIFIERS as readonly string[]).includes(word)) {
    const f = r.word();
    if (f.start === f.end) {
      r.fail(`Expected a field after '${word}', e.g. '${word} ns == 0'.`, f.start, f.end);
      return { kind: 'field', quantifier: word as Quantifier, quantifierSpan: w, text: word, span: w, path: NONE };
    }
    const path = readPath(r, f.start, f.end, false);
    return { kind: 'field', quantifier: word as Quantifier, quantifierSpan: w, fieldSpan: f, text: text.slice(w.start, f.end), span: { start: w.start, end: f.end }, path };
  }
  r.fail(`'${word}' is not a subject: use ${RUN_SUBJECTS.join(', ')}, every FIELD, some FIELD, no FIELD, or a path such as $.query.general.sitename.`, w.start, w.end);
  return undefined;
}

/**
 * A path text[s, e): `.name` and `[n]` steps (a field's path starts with a name, without the dot;
 * a `$` path's after the `$`). A name is any run of characters other than `.` and `[`.
 */
function readPath(r: Reader, s: number, e: number, rooted: boolean): PathStep[] {
  const { text } = r;
  const steps: PathStep[] = [];
  let i = s;
  let first = !rooted;
  while (i < e) {
    const c = text.charCodeAt(i);
    if (c === 91 /* [ */) {
      let j = i + 1;
      while (j < e && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      if (j === i + 1 || j >= e || text.charCodeAt(j) !== 93 /* ] */ || j - i > 10) {
        r.fail(`Expected an index such as [0] in the path '${text.slice(s, e)}'.`, i, Math.min(e, j + 1));
        return steps;
      }
      steps.push(Number(text.slice(i + 1, j)));
      i = j + 1;
    } else if (c === 46 /* . */ || first) {
      const n0 = c === 46 ? i + 1 : i;
      let j = n0;
      while (j < e && text.charCodeAt(j) !== 46 && text.charCodeAt(j) !== 91) j++;
      if (j === n0) {
        r.fail(`Expected a name after '.' in the path '${text.slice(s, e)}'.`, i, Math.min(e, j + 1));
        return steps;
      }
      steps.push(text.slice(n0, j));
      i = j;
    } else {
      r.fail(`Expected '.name' or '[n]' in the path '${text.slice(s, e)}'.`, i, e);
      return steps;
    }
    first = false;
  }
  return steps;
}

function readValueOf(r: Reader, op: AssertionOperator, opSpan: Span): AssertionValue | undefined {
  const { text, end } = r;
  const s = skipBlanks(text, r.at, end);
  r.at = end;
  const takes = operatorSpec(op).value;
  if (takes === 'none') {
    if (s < end) r.fail(`'${op}' takes no value.`, s, end);
    return undefined;
  }
  if (s >= end) {
    r.fail(`Expected a value after '${op}'${takes === 'pattern' ? ', a pattern such as /^File:/' : ''}.`, opSpan.start, opSpan.end);
    return undefined;
  }
  const raw = text.slice(s, end);
  const span = { start: s, end };
  if (takes === 'pattern') return readPattern(r, op, raw, span);
  if (text.charCodeAt(s) === 34 /* " */) return readQuoted(r, raw, span);
  const variables = refsOf(r, s, end);
  return { kind: NUMBER.test(raw) ? 'number' : 'word', raw, text: raw, span, variables };
}

/** `/re/flags` after `op`: the pattern between the first and the last `/`. */
function readPattern(r: Reader, op: AssertionOperator, raw: string, span: Span): AssertionValue | undefined {
  const last = raw.lastIndexOf('/');
  if (raw.charCodeAt(0) !== 47 || last <= 0) {
    r.fail(`'${op}' takes a pattern between slashes, such as /^File:/ or /draft/i.`, span.start, span.end);
    return undefined;
  }
  const flags = raw.slice(last + 1);
  for (let i = 0; i < flags.length; i++) {
    if (!PATTERN_FLAGS.includes(flags[i]) || flags.indexOf(flags[i]) !== i) {
      r.fail(`'${flags}' are not pattern flags: use i, m, s and u, each once.`, span.start + last + 1, span.end);
      return undefined;
    }
  }
  const source = raw.slice(1, last);
  const unsupported = unsupportedIn(source);
  if (unsupported) {
    r.fail(`The pattern /${source}/ uses ${unsupported}, which the linear-time engine patterns run on does not have.`, span.start, span.end);
    return undefined;
  }
  return { kind: 'pattern', raw, text: source, flags, span, variables: NONE };
}

/**
 * What a pattern uses that RE2 (the linear-time engine of results/assertions.ts) does not have:
 * backreferences and lookarounds. Found here, without the engine, so the language server does not
 * bundle it; what else the engine refuses, `wikiq test` finds by compiling before it sends anything.
 */
function unsupportedIn(source: string): string | undefined {
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 92 /* \ */) {
      const n = source.charCodeAt(i + 1);
      if ((n >= 49 && n <= 57) || n === 107 /* k */) return `a backreference ('\\${source[i + 1]}')`;
      i++;
    } else if (c === 40 /* ( */ && source.charCodeAt(i + 1) === 63 /* ? */) {
      const n = source[i + 2];
      const m = source[i + 3];
      if (n === '=' || n === '!' || (n === '<' && (m === '=' || m === '!'))) return `a lookaround ('(?${n}${n === '<' ? m : ''}')`;
    }
  }
  return undefined;
}

/** `"…"` with `\"` and `\\` escapes, closed at the line's end. */
function readQuoted(r: Reader, raw: string, span: Span): AssertionValue | undefined {
  let out = '';
  let i = 1;
  for (; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\' && i + 1 < raw.length) out += raw[++i];
    else if (c === '"') break;
    else out += c;
  }
  if (i >= raw.length) {
    r.fail(`The string ${raw.length > 40 ? raw.slice(0, 40) + '…' : raw} is not closed: end it with '"'.`, span.start, span.end);
    return undefined;
  }
  if (i !== raw.length - 1) {
    r.fail(`Nothing may follow the closing '"' of a string.`, span.start + i + 1, span.end);
    return undefined;
  }
  return { kind: 'string', raw, text: out, span, variables: refsOf(r, span.start, span.end) };
}

function refsOf(r: Reader, s: number, e: number): AssertionValue['variables'] {
  const errors: SyntaxError[] = [];
  const refs = variableRefs(r.text, s, e, errors);
  if (errors.length) r.fail(errors[0].message, errors[0].span.start, errors[0].span.end);
  return refs;
}

/** What a subject can be compared with (the operator's `types`), and with what, when the value is written out (no variables). */
function checkTypes(r: Reader, subject: AssertionSubject, op: AssertionOperator, value: AssertionValue | undefined): void {
  const literal = value !== undefined && value.variables.length === 0;
  const at = value?.span ?? subject.span;
  const { types } = operatorSpec(op);
  if (subject.kind === 'status') {
    if (!types.includes('status')) r.fail(`'status' is compared with ${operatorsFor('status')} (complete, partial or failed).`, subject.span.start, at.end);
    else if (literal && !(STATUS_WORDS as readonly string[]).includes(value.text)) r.fail(`A run's status is complete, partial or failed, not '${value.text}'.`, at.start, at.end);
  } else if (NUMERIC_SUBJECTS.has(subject.kind)) {
    if (!types.includes('number')) r.fail(`'${subject.kind}' is a number: compare it with ${operatorsFor('number')}.`, subject.span.start, at.end);
    else if (literal && value.kind !== 'number') r.fail(`'${subject.kind}' is a number, '${value.text}' is not.`, at.start, at.end);
  }
}
