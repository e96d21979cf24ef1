/**
 * What the Testing view's Test Results panel shows of a request's test (`TestRun.appendOutput`):
 * the summary line `wikiq test` prints (cli/src/testReport.ts: ✓/✗, the title, the run's status,
 * kept batches, records and duration — the engine's facts, never recomputed here), then each
 * failure at its `file:line`: the assertion as written and the verdict's message (./testPlan.ts).
 * Editor-free; the terminal the panel draws it in wants `\r\n` line ends.
 */
import type { RunFacts } from '../../../core/src';
import type { TestVerdict } from './testPlan';

/** What a test's output is made of. */
export interface TestOutputInput {
  /** The request's title (its RequestRef title). */
  title: string;
  /** The file as the user knows it (its workspace-relative path). */
  file: string;
  /** The document's text as it ran: each failure's line is quoted from it. */
  text: string;
  /** The run's facts (`RunSession.facts()`); undefined when the request did not run. */
  facts?: RunFacts;
  verdict: TestVerdict;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : word.endsWith('ch') ? 'es' : 's'}`;

/** The summary line: `✓/✗ <title>  (<status>, N batches, N records, N ms)`, as `wikiq test` prints it. */
export function testSummary(title: string, passed: boolean, facts: RunFacts | undefined): string {
  const run = facts ? `${facts.status}, ${plural(facts.batches, 'batch')}, ${plural(facts.records, 'record')}, ${facts.ms} ms` : 'not run';
  return `${passed ? '✓' : '✗'} ${title}  (${run})`;
}

/** The test's output: the summary, then each failure (`file:line  assertion`, its message indented), `\r\n`-ended. */
export function testOutput(t: TestOutputInput): string {
  const sourceLines = t.text.split(/\r?\n/);
  const lines = [testSummary(t.title, t.verdict.outcome === 'passed', t.facts)];
  for (const m of t.verdict.messages) {
    const quoted = t.verdict.outcome === 'failed' ? (sourceLines[m.line] ?? '').trim() : '';
    lines.push(`    ${t.file}:${m.line + 1}  ${quoted || m.message.split('\n')[0]}`);
    const rest = quoted ? m.message.split('\n') : m.message.split('\n').slice(1);
    for (const l of rest) lines.push(`      ${l}`);
  }
  return lines.map((l) => `${l}\r\n`).join('');
}
