/**
 * What the Testing view's Test Results panel shows of a request's test (`TestRun.appendOutput`):
 * what `wikiq test` prints of it — its file, then core's `requestReport` (✓/✗, the title, the run's
 * status, kept batches, records and duration from the engine's facts; each failure at its
 * `file:line` with the assertion as written and core's `describeOutcome` text). A request that did
 * not run says so with the reason. Editor-free; the panel is a terminal, so lines end in `\r\n`.
 */
import { requestReport, type RunFacts } from '../../../core/src';
import type { TestVerdict } from './testPlan';

/** What a test's output is made of. */
export interface TestOutputInput {
  /** The request's title (its RequestRef title). */
  title: string;
  /** The file as the user knows it (its workspace-relative path). */
  file: string;
  /** The document's text as it ran: each failing assertion is quoted from it. */
  text: string;
  /** The run's facts (`RunSession.facts()`); undefined when the request did not run. */
  facts?: RunFacts;
  verdict: TestVerdict;
}

/** The test's output: the file, then the request's report as `wikiq test` prints it, `\r\n`-ended lines. */
export function testOutput(t: TestOutputInput): string {
  const d = t.verdict.description;
  const lines = d && t.facts
    ? requestReport(t.title, d, t.facts, (f) => {
      const at = `${t.file}:${(t.verdict.messages[d.failures.indexOf(f)]?.line ?? 0) + 1}`;
      return f.outcome ? { where: at, text: t.text.slice(f.outcome.assertion.span.start, f.outcome.assertion.span.end) } : { where: at };
    })
    : [`  ✗ ${t.title}  (not run)`, ...t.verdict.messages.map((m) => `      ${t.file}:${m.line + 1}  ${m.message}`)];
  return [t.file, ...lines].map((l) => `${l}\r\n`).join('');
}
