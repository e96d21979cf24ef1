/**
 * What a request's test says, in one place for every surface (`wikiq test`'s reports, the Testing
 * view): whether it passed, failed or errored (the one rule: a run that failed or was cancelled is
 * not judged), and the text of each failure — a failing assertion's actual value against the
 * expected and, for `every`/`no`, the first records that break it (a `some` that fails says that
 * none of the records holds it: no record breaks a `some`); a run's failure in one line. Also the
 * lines of the text report a person reads. Pure.
 */
import type { AssertionNode } from '../parser/ast';
import { operatorSpec } from '../assertionOperators';
import type { Scope } from '../variables';
import { evaluateAssertions, type AssertionOutcome, type RunFacts } from './assertions';

/** How a finished run ended, as its test reads it: the engine's facts, its failure, the API's errors. */
export interface RunEnd {
  facts: RunFacts;
  /** What stopped it (the engine's error: its kind and message). */
  failure?: { readonly kind: string; readonly message: string };
  /** The API's errors, when the failure is the wiki's refusal. */
  errors?: ReadonlyArray<{ readonly code?: string; readonly text: string }>;
}

export type Verdict = 'passed' | 'failed' | 'errored';

/** One failure's text: for an assertion (`outcome`), why it does not hold; else the run's failure. */
export interface Failure {
  outcome?: AssertionOutcome;
  /** The first line says why; the others (indented by two spaces) list the records that break it. */
  lines: string[];
}

export interface OutcomeDescription {
  verdict: Verdict;
  /** Every assertion's outcome; none when the run errored (its assertions are not judged). */
  outcomes: AssertionOutcome[];
  /** The run's failure (errored), else one per failing assertion, in the file's order. */
  failures: Failure[];
}

/** The one errored rule: a run that failed, or that was cancelled (even with batches kept), is not judged. */
export function runErrored(run: Pick<RunEnd, 'facts' | 'failure'>): boolean {
  return run.facts.status === 'failed' || run.failure?.kind === 'cancelled';
}

/** Why a run errored, in one line. */
export function runFailureText(run: Omit<RunEnd, 'facts'>): string {
  if (run.failure?.kind === 'cancelled') return 'the run was cancelled';
  const why = run.failure?.message ?? (run.errors ?? []).map((e) => `${e.code ?? 'error'}: ${e.text}`).join('; ');
  return `the run failed: ${why || 'no answer'}`;
}

/** `n record(s)`. */
const records = (n: number) => `${n} record${n === 1 ? '' : 's'}`;

/** The condition a quantifier's field is held to, as words (the operator's `condition`): `has name matching /x/`, `has size > 0`. */
function condition(o: AssertionOutcome): string {
  const a = o.assertion;
  const field = a.subject?.text.replace(/^\S+\s+/, '') ?? '';
  return a.operator ? operatorSpec(a.operator.op).condition(field, o.expected) : `has ${field}`;
}

/** The lines that say why an assertion failed (none for one that holds). */
export function failureLines(o: AssertionOutcome): string[] {
  if (o.pass) return [];
  if (o.error) return [o.error];
  const a = o.assertion;
  const op = a.operator?.op;
  if (a.subject?.quantifier === 'some') {
    return [`none of the ${records(o.total ?? 0)}${o.table ? ` of ${o.table}` : ''} ${condition(o)}`];
  }
  const lines = [`actual: ${o.actual}${op ? `  (expected ${op}${o.expected !== '' ? ` ${o.expected}` : ''})` : ''}`];
  if (o.offenders?.length) {
    lines.push(`first records that break it (${o.table ?? 'records'}):`);
    const field = a.subject?.text.replace(/^\S+\s+/, '') ?? '';
    for (const f of o.offenders) lines.push(`  #${f.index + 1}${f.label ? ` ${f.label}` : ''}: ${field} = ${f.value}`);
  }
  return lines;
}

/**
 * A request's test on its finished run: errored (the run's failure) when {@link runErrored}, else
 * its assertions evaluated (`scope` expands `{{variables}}`), failed with a failure per one that
 * does not hold, or passed.
 */
export function describeOutcome(assertions: readonly AssertionNode[], run: RunEnd, scope?: Scope): OutcomeDescription {
  if (runErrored(run)) return { verdict: 'errored', outcomes: [], failures: [{ lines: [runFailureText(run)] }] };
  const outcomes = evaluateAssertions(assertions, run.facts, scope);
  const failures = outcomes.filter((o) => !o.pass).map((o) => ({ outcome: o, lines: failureLines(o) }));
  return { verdict: failures.length ? 'failed' : 'passed', outcomes, failures };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : word.endsWith('ch') ? 'es' : 's'}`;

/** A run in a few words: `complete, 3 batches, 140 records, 812 ms`. */
export function runSummary(facts: Pick<RunFacts, 'status' | 'batches' | 'records' | 'ms'>): string {
  return `${facts.status}, ${plural(facts.batches, 'batch')}, ${plural(facts.records, 'record')}, ${facts.ms} ms`;
}

/**
 * A failure as the text report prints it: `where` (`file:line`), then the assertion as written and
 * its lines below it, or the run's failure on the same line.
 */
export function failureReport(f: Failure, where: string, assertionText?: string): string[] {
  if (!f.outcome) return [`${where}  ${f.lines.join(' ')}`];
  return [`${where}  ${assertionText ?? ''}`, ...f.lines.map((l) => `  ${l}`)];
}

/** A request's lines in the text report: ✓ or ✗, its title and run, then its failures (`where` gives each one's `file:line` and text). */
export function requestReport<F extends Failure>(
  title: string, d: { verdict: Verdict; failures: readonly F[] }, facts: Pick<RunFacts, 'status' | 'batches' | 'records' | 'ms'>,
  where: (f: F) => { where: string; text?: string },
): string[] {
  const lines = [`  ${d.verdict === 'passed' ? '✓' : '✗'} ${title}  (${runSummary(facts)})`];
  for (const f of d.failures) {
    const w = where(f);
    for (const l of failureReport(f, w.where, w.text)) lines.push(`      ${l}`);
  }
  return lines;
}

/** The text report's last line: the requests and assertions counted. */
export function testSummary(c: { planned: number; run: number; passed: number; assertions: number; held: number }): string {
  const notRun = c.planned > c.run ? `, ${c.planned - c.run} not run` : '';
  return `${plural(c.planned, 'request')}: ${c.passed} passed, ${c.run - c.passed} failed${notRun} (${plural(c.assertions, 'assertion')}: ${c.held} held, ${c.assertions - c.held} failed)`;
}
