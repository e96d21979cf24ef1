/**
 * `wikiq test`'s reports: text for a person (each request ✓/✗; for each failure its `file:line`
 * and core's describeOutcome text: the assertion, its actual value against the expected and, for
 * `every`/`no`, the first records that break it; the run's failure), JUnit XML (one testsuite per
 * file, one testcase per request named by its `###` title), TAP 13 and JSON. The same text in all
 * of them, and in the Testing view (core's results/describe.ts).
 */
import { failureReport, requestReport, runSummary, testSummary, type AssertionOutcome, type Failure, type RunStatus, type Verdict } from '../../core/src';

/** Where an assertion or a failure is: its line (1-based) and, for an assertion, its text as written. */
interface Placed {
  line: number;
  text?: string;
}

export interface AssertionResult extends AssertionOutcome, Placed {
  /** The assertion as written. */
  text: string;
}

export interface RequestResult {
  file: string;
  title: string;
  /** The request's first line, 1-based. */
  line: number;
  verdict: Verdict;
  status: RunStatus;
  records: number;
  batches: number;
  /** The run's duration (the engine's: first request sent to last answer read). */
  ms: number;
  /** The time the live catalogue took to load before the run (0: the bundled one). */
  catalogueMs: number;
  /** Why the run failed or was cancelled (errored). */
  error?: string;
  /** Every assertion judged (none when the run errored). */
  assertions: AssertionResult[];
  /** The run's failure, or each failing assertion's, at its line. */
  failures: Array<Failure & Placed>;
}

/** The failure messages of a request, each as lines: its run's failure, or each failing assertion's. */
function failures(r: RequestResult): string[][] {
  return r.failures.map((f) => failureReport(f, `${r.file}:${f.line}`, f.text));
}

const passed = (r: RequestResult) => r.verdict === 'passed';

export function textReport(results: readonly RequestResult[], planned: number): string {
  const lines: string[] = [];
  let file: string | undefined;
  for (const r of results) {
    if (r.file !== file) lines.push((file = r.file));
    lines.push(...requestReport(r.title, r, r, (f) => ({ where: `${r.file}:${f.line}`, text: f.text })));
  }
  const assertions = results.flatMap((r) => r.assertions);
  const catalogueMs = results.reduce((t, r) => t + r.catalogueMs, 0);
  lines.push('');
  lines.push(testSummary({
    planned, run: results.length, passed: results.filter(passed).length, assertions: assertions.length, held: assertions.filter((a) => a.pass).length,
  }) + (catalogueMs ? `; catalogues loaded in ${catalogueMs} ms` : ''));
  return lines.join('\n');
}

/**
 * What XML 1.0 and YAML cannot hold (C0 controls but tab and line breaks, DEL and C1, U+FEFF,
 * U+FFFE/U+FFFF, a lone surrogate), shown as `\uXXXX`: a hostile wiki's text stays visible and the
 * report stays readable.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const printable = (s: string) => s.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Text for an XML attribute or element: the five entities, and what XML 1.0 cannot hold made printable. */
function xml(s: string): string {
  return printable(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function junitReport(results: readonly RequestResult[]): string {
  const byFile = new Map<string, RequestResult[]>();
  for (const r of results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const count = (rs: readonly RequestResult[]) => ({
    tests: rs.length,
    failures: rs.filter((r) => !passed(r) && !r.error).length,
    errors: rs.filter((r) => r.error).length,
    time: seconds(rs.reduce((t, r) => t + r.ms, 0)),
  });
  const attrs = (c: ReturnType<typeof count>) => `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" time="${c.time}"`;
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="wikiq test" ${attrs(count(results))}>`];
  for (const [file, rs] of byFile) {
    out.push(`  <testsuite name="${xml(file)}" ${attrs(count(rs))}>`);
    for (const r of rs) {
      out.push(`    <testcase name="${xml(r.title)}" classname="${xml(file)}" file="${xml(file)}" line="${r.line}" time="${seconds(r.ms)}">`);
      const fs = failures(r);
      if (fs.length) {
        const tag = r.error ? 'error' : 'failure';
        const first = fs[0].join(' ').replace(/\s+/g, ' ');
        out.push(`      <${tag} message="${xml(first)}" type="${r.error ? 'run' : 'assertion'}">${xml(fs.map((f) => f.join('\n')).join('\n\n'))}</${tag}>`);
      }
      out.push(`      <system-out>${xml(runSummary(r))}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

/** A YAML block scalar's lines, indented: a line break inside a line starts another indented line, so nothing leaves the block. */
const block = (lines: string[], indent: string) => lines.flatMap((l) => printable(l).split(/\r\n|[\r\n\u0085\u2028\u2029]/)).map((l) => `${indent}${l}`).join('\n');

/** A TAP test line's description: one line, printable, `#` escaped (it starts a directive). */
const tapDescription = (s: string) => printable(s).replace(/[\r\n\u0085\u2028\u2029]+/g, ' ').replace(/\\/g, '\\\\').replace(/#/g, '\\#');

export function tapReport(results: readonly RequestResult[]): string {
  const out = ['TAP version 13', `1..${results.length}`];
  results.forEach((r, i) => {
    out.push(`${passed(r) ? 'ok' : 'not ok'} ${i + 1} - ${tapDescription(`${r.file} › ${r.title}`)}`);
    const fs = failures(r);
    if (fs.length) {
      out.push('  ---');
      out.push(`  message: |-\n${block(fs.flat(), '    ')}`);
      out.push(`  at: ${JSON.stringify(printable(`${r.file}:${r.line}`))}`);
      out.push(`  run: ${JSON.stringify(runSummary(r))}`);
      out.push('  ...');
    }
  });
  return out.join('\n') + '\n';
}

export function jsonReport(results: readonly RequestResult[]): string {
  const requests = results.map((r) => ({
    file: r.file, title: r.title, line: r.line, pass: passed(r), verdict: r.verdict, status: r.status, records: r.records, batches: r.batches, ms: r.ms, catalogueMs: r.catalogueMs,
    ...(r.error ? { error: r.error } : {}),
    assertions: r.assertions.map((a) => ({
      line: a.line, assertion: a.text, pass: a.pass, actual: a.actual, expected: a.expected,
      ...(a.error ? { error: a.error } : {}), ...(a.table ? { table: a.table } : {}), ...(a.offenders ? { offenders: a.offenders } : {}),
    })),
  }));
  const held = results.filter(passed).length;
  return JSON.stringify({ pass: held === results.length, passed: held, failed: results.length - held, requests }, null, 2) + '\n';
}
