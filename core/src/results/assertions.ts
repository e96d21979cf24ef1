/**
 * Evaluating a request's assertions (`?? SUBJECT OPERATOR VALUE`, parser/assertions.ts) against a
 * finished run: its facts (status, records, batches, warnings, duration) and its merged answer.
 * Pure and bounded: nothing is sent; a `matches` pattern runs on RE2JS, a linear-time engine (no
 * backtracking, so a pattern cannot hang on the wiki's data); a quantifier reads each record once
 * and keeps the first few that break it; values are shown through a bounded preview. Used by
 * `wikiq test`, the Test Explorer and the results view alike.
 */
import { RE2JS } from 're2js';
import type { AssertionNode, PathStep } from '../parser/ast';
import { operatorSpec, toNumber, type Expected } from '../assertionOperators';
import { expand, type Scope } from '../variables';
import { isObj } from '../util/json';
import type { RunStatus } from './status';
import { findTables, pickTable, tableRows } from './tables';

/** What a finished run gives its assertions. */
export interface RunFacts {
  status: RunStatus;
  /** Merged records (as the run counts them). */
  records: number;
  batches: number;
  /** The API's warnings. */
  warnings: number;
  /** The run's duration in milliseconds. */
  ms: number;
  /** The merged answer. */
  result: unknown;
}

/** A record that breaks a quantifier: its place in the table (from 0) and the field's value. */
export interface Offender {
  index: number;
  value: string;
  /** The record's title, name or id, when it has one. */
  label?: string;
}

export interface AssertionOutcome {
  assertion: AssertionNode;
  pass: boolean;
  /** The actual value, as text for a person (a quantifier's: how many records break it). */
  actual: string;
  /** The value compared with, variables expanded. */
  expected: string;
  /** For a quantifier: the table read, how many records it has, and (`every`, `no`) the first records that break it; no record breaks a `some`. */
  table?: string;
  total?: number;
  offenders?: Offender[];
  /** Why it could not be evaluated (malformed, an undefined variable, an unsupported pattern). */
  error?: string;
}

/** How many breaking records an outcome keeps. */
export const MAX_OFFENDERS = 5;
/** The longest preview of a value. */
const PREVIEW = 200;

/** The flags of a pattern in RE2JS's terms. */
function patternFlags(flags: string): number {
  let f = 0;
  if (flags.includes('i')) f |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) f |= RE2JS.MULTILINE;
  if (flags.includes('s')) f |= RE2JS.DOTALL;
  return f;
}

/** The pattern compiled, or why it cannot be (RE2 has no backreferences or lookarounds). */
export function compilePattern(source: string, flags = ''): RE2JS | string {
  try {
    return RE2JS.compile(source, patternFlags(flags));
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : String(e);
    return `The pattern /${source}/ cannot be used: ${why} (patterns run on a linear-time engine: no backreferences or lookarounds).`;
  }
}

/** Why the linear-time engine refuses a pattern, or undefined when it compiles (LanguageServiceParams `checkPattern`). */
export function patternProblem(source: string, flags = ''): string | undefined {
  const p = compilePattern(source, flags);
  return typeof p === 'string' ? p : undefined;
}

/** The assertions of one request evaluated against a run; `scope` expands `{{variables}}` in values. */
export function evaluateAssertions(assertions: readonly AssertionNode[], facts: RunFacts, scope?: Scope): AssertionOutcome[] {
  return assertions.map((a) => evaluateOne(a, facts, scope));
}

function evaluateOne(a: AssertionNode, facts: RunFacts, scope: Scope | undefined): AssertionOutcome {
  const fail = (error: string, expected = ''): AssertionOutcome => ({ assertion: a, pass: false, actual: '', expected, error });
  if (a.problem || !a.subject || !a.operator) return fail(a.problem?.message ?? 'Not an assertion.');
  const op = a.operator.op;
  let text = a.value?.text ?? '';
  if (a.value && a.value.variables.length) {
    if (!scope) return fail(`The variables of '${a.value.raw}' are not defined here.`);
    const x = expand(text, scope);
    const problem = x.undefinedNames.length ? `undefined variable '${x.undefinedNames[0]}'` : x.cyclic.length ? `cyclic variable '${x.cyclic[0]}'` : x.exceeded.length ? 'a variable too large to expand' : '';
    if (problem) return fail(`'${a.value.raw}' cannot be expanded: ${problem}.`);
    text = x.text;
  }
  let pattern: RE2JS | undefined;
  if (operatorSpec(op).value === 'pattern') {
    const p = compilePattern(text, a.value?.flags);
    if (typeof p === 'string') return fail(p, a.value?.raw ?? '');
    pattern = p;
  }
  const num = a.value?.kind === 'string' ? undefined : toNumber(text);
  const expected: Expected = { text, num, pattern };
  const shown = a.value?.kind === 'pattern' ? a.value.raw : text;
  const s = a.subject;
  if (s.kind === 'field') return quantify(a, facts, expected, shown);
  const actual = s.kind === 'path' ? at(facts.result, s.path) : facts[s.kind];
  return { assertion: a, pass: operatorSpec(op).holds(actual, expected), actual: s.kind === 'path' ? preview(actual) : String(actual), expected: shown };
}

/** `every`, `some` or `no` record's field: one pass over the first table of records. */
function quantify(a: AssertionNode, facts: RunFacts, expected: Expected, shown: string): AssertionOutcome {
  const s = a.subject!;
  const op = a.operator!.op;
  const spec = pickTable(findTables(facts.result));
  const rows = spec ? tableRows(facts.result, spec) : [];
  const field = s.path;
  const offenders: Offender[] = [];
  let count = 0;
  const q = s.quantifier;
  const { holds } = operatorSpec(op);
  for (let i = 0; i < rows.length; i++) {
    const value = at(rows[i], field);
    const ok = holds(value, expected);
    // every: the records where it does not hold; no: where it does; some: none (it fails only when no record holds it).
    if (q === 'some') {
      if (ok) return { assertion: a, pass: true, actual: `record ${i + 1} of ${rows.length}: ${preview(value)}`, expected: shown, table: spec?.id, total: rows.length };
      continue;
    }
    if (q === 'no' ? ok : !ok) {
      count++;
      if (offenders.length < MAX_OFFENDERS) offenders.push({ index: i, value: preview(value), ...labelOf(rows[i]) });
    }
  }
  const total = `${rows.length} record${rows.length === 1 ? '' : 's'}`;
  const pass = q === 'some' ? false : count === 0;
  const actual = pass
    ? `${q === 'every' ? 'all' : 'none'} of ${total}`
    : q === 'some' ? `none of ${total}` : `${count} of ${total} break it`;
  return { assertion: a, pass, actual, expected: shown, table: spec?.id, total: rows.length, ...(pass || q === 'some' ? {} : { offenders }) };
}

const LABELS = ['title', 'name', 'logid', 'rcid', 'revid', 'pageid', 'userid', 'key', '#key'];

function labelOf(record: unknown): { label?: string } {
  if (!isObj(record)) return {};
  for (const k of LABELS) {
    const v = record[k];
    if (typeof v === 'string' || typeof v === 'number') return { label: `${k} ${preview(v)}` };
  }
  return {};
}

/** The value at `path` in `root`; undefined where a step is missing. */
export function at(root: unknown, path: readonly PathStep[]): unknown {
  let v = root;
  for (const step of path) {
    if (typeof step === 'number') v = Array.isArray(v) ? v[step] : isObj(v) ? v[String(step)] : undefined;
    else v = isObj(v) && Object.prototype.hasOwnProperty.call(v, step) ? v[step] : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

/** A value as text for a person, at most PREVIEW characters: stops walking a large value early. */
export function preview(v: unknown): string {
  if (v === undefined) return '(absent)';
  const out: string[] = [];
  let len = 0;
  const push = (s: string): boolean => {
    out.push(s);
    len += s.length;
    return len <= PREVIEW;
  };
  const walk = (x: unknown, depth: number): boolean => {
    if (x === null || typeof x !== 'object') return push(typeof x === 'string' ? JSON.stringify(x.length > PREVIEW ? x.slice(0, PREVIEW) : x) : String(x));
    if (depth > 20) return push('…');
    const arr = Array.isArray(x);
    if (!push(arr ? '[' : '{')) return false;
    // A list by index: a preview of 500,000 records reads the first few.
    if (arr) {
      for (let i = 0; i < x.length; i++) if ((i > 0 && !push(', ')) || !walk(x[i], depth + 1)) return false;
      return push(']');
    }
    let first = true;
    for (const k in x) {
      if (!Object.prototype.hasOwnProperty.call(x, k)) continue;
      if ((!first && !push(', ')) || !push(`${JSON.stringify(k)}: `) || !walk((x as Record<string, unknown>)[k], depth + 1)) return false;
      first = false;
    }
    return push('}');
  };
  walk(v, 0);
  const s = out.join('');
  return s.length > PREVIEW ? `${s.slice(0, PREVIEW)}…` : s;
}
