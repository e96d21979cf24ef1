/**
 * The `??` assertions of the run a results panel shows, as the view draws them above its tabs.
 * Editor-free (tested with Node's runner): `checksOf` reads a request's assertions from its file's
 * text when it runs (with the variables in scope then), `checksView` evaluates them against the
 * run's facts with core's `evaluateAssertions` (as `wikiq test` and the Test Explorer do) and
 * makes the bounded message the view gets: at most MAX_SHOWN_ASSERTIONS rows (the failing ones
 * first, then in file order), each text at most MAX_ASSERTION_TEXT characters.
 */
import {
  requestsOf,
  assertionsOf, evaluateAssertions, lineOf, parse, scopeFor,
  type AssertionNode, type AssertionOutcome, type Environment, type RunFacts, type Scope,
} from '../../../core/src';
import { MAX_ASSERTION_TEXT, MAX_SHOWN_ASSERTIONS, MAX_SHOWN_OFFENDERS, type AssertionRow, type AssertionsView } from '../../shared/messages';

/** A request's assertions as they were when it ran: what the panel checks each time the run stops loading. */
export interface RunChecks {
  readonly assertions: readonly AssertionNode[];
  /** Each assertion's line (1-based) and its text as written. */
  readonly lines: readonly number[];
  readonly texts: readonly string[];
  /** The variables its values may use. */
  readonly scope: Scope;
}

/** The assertions of request `index` of `text` (undefined when it has none, or is not there). */
export function checksOf(text: string, index: number, env?: Environment): RunChecks | undefined {
  const file = parse(text);
  const request = requestsOf(file)[index];
  if (!request || request.assertionCount === 0) return undefined;
  const assertions = assertionsOf(request);
  return {
    assertions,
    lines: assertions.map((a) => lineOf(file, a.span.start) + 1),
    texts: assertions.map((a) => text.slice(a.span.start, a.span.end)),
    scope: scopeFor(file, request, env),
  };
}

/** `s` cut to `max` characters (an ellipsis marks the cut). */
export function shorten(s: string, max = MAX_ASSERTION_TEXT): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function rowOf(o: AssertionOutcome, line: number, text: string): AssertionRow {
  const s = o.assertion.subject;
  const row: AssertionRow = { line, text: shorten(text), pass: o.pass, actual: shorten(o.actual), expected: shorten(o.expected) };
  if (o.error) row.error = shorten(o.error);
  if (s?.kind === 'field' && o.table) {
    row.table = shorten(o.table);
    row.field = shorten(s.text.replace(/^\S+\s+/, ''));
  }
  if (o.offenders?.length) {
    row.offenders = o.offenders.slice(0, MAX_SHOWN_OFFENDERS).map((f) => ({ index: f.index, value: shorten(f.value), ...(f.label ? { label: shorten(f.label) } : {}) }));
  }
  return row;
}

/**
 * The assertions evaluated against the run's facts: every one is evaluated (the counts are of all
 * of them); the rows sent are the failing ones first, up to MAX_SHOWN_ASSERTIONS, then holding
 * ones to fill, shown in file order.
 */
export function checksView(checks: RunChecks, facts: RunFacts, max = MAX_SHOWN_ASSERTIONS): AssertionsView {
  const outcomes = evaluateAssertions(checks.assertions, facts, checks.scope);
  const failing = outcomes.flatMap((o, i) => (o.pass ? [] : [i]));
  const holding = outcomes.flatMap((o, i) => (o.pass ? [i] : []));
  const shown = [...failing, ...holding].slice(0, max).sort((a, b) => a - b);
  return {
    rows: shown.map((i) => rowOf(outcomes[i], checks.lines[i], checks.texts[i])),
    total: outcomes.length,
    failed: failing.length,
  };
}
