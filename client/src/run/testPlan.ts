/**
 * The Test Explorer's logic that needs no editor (./testExplorer.ts is its VS Code side): which
 * requests of a document have `??` assertions and their test item ids, and a finished run judged
 * by core's describeOutcome (as `wikiq test` judges it, with the same text), each failure's
 * message at its line.
 */
import {
  requestsOf,
  assertionsOf, describeOutcome, lineOf, parse, scopeFor,
  type Environment, type Failure, type OutcomeDescription, type RunFacts, type Verdict,
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
  const requests = requestsOf(file);
  const refs = requestRefs(uri, requests);
  return requests.flatMap((r, i) => (r.assertionCount === 0 ? [] : [{
    ...refs[i], id: requestKey(refs[i]), line: lineOf(file, r.headerSpan?.start ?? r.span.start), assertions: r.assertionCount,
  }]));
}

/** The file's URI of a test item id (a request's `requestKey`, or a file's item id: its URI). */
export function fileOfTestId(id: string): string {
  return parseRequestKey(id).uri;
}

/** What a failing assertion reports: where (0-based line), what (core's describeOutcome text), and for a plain `==` the two values to diff. */
export interface FailureMessage {
  line: number;
  message: string;
  expected?: string;
  actual?: string;
}

/** The result of one request's test. */
export interface TestVerdict {
  outcome: Verdict;
  /** Why it failed (one per failing assertion) or errored (the run's failure, at the request's header). */
  messages: FailureMessage[];
  /** What core's describeOutcome said: the outcomes and failures, for the text report (core's requestReport). */
  description?: OutcomeDescription;
}

/** What of a run's state its test reads. */
export type RunOutcomeState = Pick<RunState, 'failure' | 'errors'>;

/**
 * Request `index` of `text` judged on its finished run by core's describeOutcome (errored when the
 * run failed or was cancelled, else passed or failed), each failure's message at its line: an
 * assertion's at the assertion, the run's at the request's header.
 */
export function verdictOf(text: string, index: number, state: RunOutcomeState, facts: RunFacts, env?: Environment): TestVerdict {
  const file = parse(text);
  const request = requestsOf(file)[index];
  if (!request) return { outcome: 'errored', messages: [{ line: 0, message: `The request ${index + 1} is no longer in the file.` }] };
  const description = describeOutcome(assertionsOf(request), { facts, failure: state.failure, errors: state.errors }, scopeFor(file, request, env));
  const header = lineOf(file, request.headerSpan?.start ?? request.span.start);
  const messages = description.failures.map((f) => failureMessage(f.outcome ? lineOf(file, f.outcome.assertion.span.start) : header, f));
  return { outcome: description.verdict, messages, description };
}

/**
 * A failure's message at its line (the editor shows it below the assertion): core's text, and for
 * a plain `==` the expected and actual values to diff, both sides alike (a text value quoted as the
 * preview shows the actual one).
 */
export function failureMessage(line: number, f: Failure): FailureMessage {
  const o = f.outcome;
  const message = f.lines.join('\n');
  if (!o || o.error || o.assertion.operator?.op !== '==' || o.assertion.subject?.kind === 'field') return { line, message };
  return { line, message, expected: o.actual.startsWith('"') ? JSON.stringify(o.expected) : o.expected, actual: o.actual };
}
