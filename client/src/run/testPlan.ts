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
import { parseRequestKey, requestKey, requestRefs, type RequestRef } from '../../../common/requestRef';

/** The most `.wikiq` files the explorer reads for tests, and the largest one it reads. */
export const MAX_TEST_FILES = 500;
export const MAX_TEST_FILE_BYTES = 1_000_000;

/** A request with assertions: what its test item shows. Its id is its `requestKey` (common/requestRef.ts). */
export interface TestedRequest extends RequestRef {
  /** The item's id: `requestKey` — the file's URI, `#`, the request's title (a repeated title numbered ` (2)`, ` (3)`…). */
  id: string;
  /** The header's line (0-based; the first line of a request without a header). */
  line: number;
  assertions: number;
}

/** The requests of `text` that have assertions, in file order; none for a text over MAX_TEST_FILE_BYTES characters. */
export function testedRequests(uri: string, text: string): TestedRequest[] {
  if (text.length > MAX_TEST_FILE_BYTES) return [];
  const file = parse(text);
  const refs = requestRefs(uri, file.requests);
  return file.requests.flatMap((r, i) => (r.assertionCount === 0 ? [] : [{
    ...refs[i], id: requestKey(refs[i]), line: lineOf(file.lineStarts, r.headerSpan?.start ?? r.span.start), assertions: r.assertionCount,
  }]));
}

/** The file's URI of a test item id (a request's `requestKey`, or a file's item id: its URI). */
export function fileOfTestId(id: string): string {
  return parseRequestKey(id).uri;
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
