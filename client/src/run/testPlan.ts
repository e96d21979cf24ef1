/**
 * The Test Explorer's logic that needs no editor (./testExplorer.ts is its VS Code side): which
 * requests of a document have `??` assertions and their test item ids, and a finished run judged
 * by core's describeOutcome (as `wikiq test` judges it, with the same text), each failure's
 * message at its line.
 */
import {
  assertionsOf, describeOutcome, lineOf, parse, scopeFor,
  type Environment, type Failure, type OutcomeDescription, type RunFacts, type Verdict,
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
  const request = file.requests[index];
  if (!request) return { outcome: 'errored', messages: [{ line: 0, message: `The request ${index + 1} is no longer in the file.` }] };
  const description = describeOutcome(assertionsOf(request), { facts, failure: state.failure, errors: state.errors }, scopeFor(file, request, env));
  const header = lineOf(file.lineStarts, request.headerSpan?.start ?? request.span.start);
  const messages = description.failures.map((f) => failureMessage(f.outcome ? lineOf(file.lineStarts, f.outcome.assertion.span.start) : header, f));
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
