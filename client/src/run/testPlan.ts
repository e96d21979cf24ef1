/**
 * The Test Explorer's logic that needs no editor (./testExplorer.ts is its VS Code side): which
 * requests of a document have `??` assertions and their test item ids, a finished run's facts and
 * its assertions evaluated (core's results/assertions.ts, as `wikiq test` does), and the message
 * of each failing assertion, at its line.
 */
import {
  assertionsOf, evaluateAssertions, lineOf, parse, scopeFor,
  type AssertionOutcome, type Environment, type RunFacts,
} from '../../../core/src';
import type { RunState } from '../../../engine/src/index';

/** The most `.wikiq` files the explorer reads for tests, and the largest one it reads. */
export const MAX_TEST_FILES = 500;
export const MAX_TEST_FILE_BYTES = 1_000_000;

/** A request with assertions: what its test item shows. */
export interface TestedRequest {
  /** The item's id: the file's URI and the request's title (a repeated title gets ` (2)`, ` (3)`…). */
  id: string;
  index: number;
  /** Its `###` title, or `request N`. */
  title: string;
  /** The header's line (0-based; the first line of a request without a header). */
  line: number;
  assertions: number;
}

/** The requests of `text` that have assertions, in file order; none for a text over MAX_TEST_FILE_BYTES characters. */
export function testedRequests(uri: string, text: string): TestedRequest[] {
  if (text.length > MAX_TEST_FILE_BYTES) return [];
  const file = parse(text);
  const seen = new Map<string, number>();
  const out: TestedRequest[] = [];
  for (const r of file.requests) {
    if (r.assertionCount === 0) continue;
    const title = r.name || `request ${r.index + 1}`;
    const n = (seen.get(title) ?? 0) + 1;
    seen.set(title, n);
    out.push({ id: requestTestId(uri, n === 1 ? title : `${title} (${n})`), index: r.index, title, line: lineOf(file.lineStarts, r.headerSpan?.start ?? r.span.start), assertions: r.assertionCount });
  }
  return out;
}

/** A request's test item id: its file's URI, then `#` and its title. A file's item id is its URI. */
export function requestTestId(uri: string, title: string): string {
  return `${uri}#${title}`;
}

/** The file's URI of a request's test item id. */
export function fileOfTestId(id: string): string {
  const i = id.indexOf('#');
  return i < 0 ? id : id.slice(0, i);
}

/** What a failing assertion reports: where (0-based line), what, and for a plain `==` the two values to diff. */
export interface FailureMessage {
  line: number;
  message: string;
  expected?: string;
  actual?: string;
}

/** The result of one request's test. */
export interface TestVerdict {
  outcome: 'passed' | 'failed' | 'errored';
  /** Why it failed (one per failing assertion) or errored (the run's failure, at the request's header). */
  messages: FailureMessage[];
}

/** What of a run's state its test reads. */
export type RunOutcomeState = Pick<RunState, 'failure' | 'errors'>;

/**
 * Request `index` of `text` judged on its finished run: errored when the run failed or was
 * cancelled, else passed when every assertion holds and failed with a message per one that does not.
 */
export function verdictOf(text: string, index: number, state: RunOutcomeState, facts: RunFacts, env?: Environment): TestVerdict {
  const file = parse(text);
  const request = file.requests[index];
  if (!request) return { outcome: 'errored', messages: [{ line: 0, message: `The request ${index + 1} is no longer in the file.` }] };
  if (facts.status === 'failed' || state.failure?.kind === 'cancelled') {
    const why = state.failure?.message ?? state.errors.map((e) => `${e.code ?? 'error'}: ${e.text}`).join('; ');
    return { outcome: 'errored', messages: [{ line: lineOf(file.lineStarts, request.headerSpan?.start ?? request.span.start), message: `The run failed: ${why || 'no answer'}` }] };
  }
  const outcomes = evaluateAssertions(assertionsOf(request), facts, scopeFor(file, request, env));
  const messages = outcomes.filter((o) => !o.pass).map((o) => failureMessage(lineOf(file.lineStarts, o.assertion.span.start), o));
  return { outcome: messages.length ? 'failed' : 'passed', messages };
}

/**
 * A failing assertion's message, shown at its line (the editor shows the first line after the
 * assertion itself): why — the actual value against the expected, or the error — then the first
 * records that break it.
 */
export function failureMessage(line: number, o: AssertionOutcome): FailureMessage {
  const a = o.assertion;
  if (o.error) return { line, message: o.error };
  const op = a.operator?.op;
  const lines = [`actual: ${o.actual}${op ? ` (expected ${op}${o.expected !== '' ? ` ${o.expected}` : ''})` : ''}`];
  if (o.offenders?.length) {
    lines.push(`${a.subject?.quantifier === 'some' ? 'first records' : 'first records that break it'} (${o.table ?? 'records'}):`);
    const field = a.subject?.text.replace(/^\S+\s+/, '') ?? '';
    for (const f of o.offenders) lines.push(`  #${f.index + 1}${f.label ? ` ${f.label}` : ''}: ${field} = ${f.value}`);
  }
  // The diff shows both sides alike: a text value as the preview shows the actual one, quoted.
  const diff = op === '==' && a.subject?.kind !== 'field';
  const expected = o.actual.startsWith('"') ? JSON.stringify(o.expected) : o.expected;
  return { line, message: lines.join('\n'), ...(diff ? { expected, actual: o.actual } : {}) };
}
