/**
 * `wikiq test`'s reports: text for a person (each request ✓/✗; for each failing assertion its
 * `file:line`, the assertion, the actual value and, for a quantifier, the first records that break
 * it), JUnit XML (one testsuite per file, one testcase per request named by its `###` title),
 * TAP 13 and JSON. The same messages in all of them (`failureLines`).
 */
import type { AssertionOutcome, RunStatus } from '../../core/src';

export interface AssertionResult extends AssertionOutcome {
  /** 1-based. */
  line: number;
  /** The assertion as written. */
  text: string;
}

export interface RequestResult {
  file: string;
  title: string;
  /** The request's first line, 1-based. */
  line: number;
  pass: boolean;
  status: RunStatus;
  records: number;
  batches: number;
  ms: number;
  /** Why the run failed. */
  error?: string;
  assertions: AssertionResult[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : word.endsWith('ch') ? 'es' : 's'}`;

/** What a failing assertion says: where and what, the actual value against the expected, the records that break it. */
export function failureLines(r: RequestResult, a: AssertionResult): string[] {
  const lines = [`${r.file}:${a.line}  ${a.text}`];
  if (a.error) lines.push(`  ${a.error}`);
  else {
    const op = a.assertion.operator?.op;
    lines.push(`  actual: ${a.actual}${op ? `  (expected ${op}${a.expected !== '' ? ` ${a.expected}` : ''})` : ''}`);
    if (a.offenders?.length) {
      lines.push(`  ${a.assertion.subject?.quantifier === 'some' ? 'first records' : 'first records that break it'} (${a.table ?? 'records'}):`);
      for (const o of a.offenders) lines.push(`    #${o.index + 1}${o.label ? ` ${o.label}` : ''}: ${a.assertion.subject?.text.replace(/^\S+\s+/, '') ?? ''} = ${o.value}`);
    }
  }
  return lines;
}

/** The failure messages of a request: its run's error, then each failing assertion's. */
function failures(r: RequestResult): string[][] {
  const out: string[][] = [];
  if (r.error) out.push([`${r.file}:${r.line}  the run failed: ${r.error}`]);
  for (const a of r.assertions) if (!a.pass) out.push(failureLines(r, a));
  return out;
}

function runSummary(r: RequestResult): string {
  return `${r.status}, ${plural(r.batches, 'batch')}, ${plural(r.records, 'record')}, ${r.ms} ms`;
}

export function textReport(results: readonly RequestResult[], planned: number): string {
  const lines: string[] = [];
  let file: string | undefined;
  for (const r of results) {
    if (r.file !== file) lines.push((file = r.file));
    lines.push(`  ${r.pass ? '✓' : '✗'} ${r.title}  (${runSummary(r)})`);
    for (const f of failures(r)) for (const l of f) lines.push(`      ${l}`);
  }
  const passed = results.filter((r) => r.pass).length;
  const assertions = results.flatMap((r) => r.assertions);
  const held = assertions.filter((a) => a.pass).length;
  lines.push('');
  lines.push(`${plural(planned, 'request')}: ${passed} passed, ${results.length - passed} failed${planned > results.length ? `, ${planned - results.length} not run` : ''} (${plural(assertions.length, 'assertion')}: ${held} held, ${assertions.length - held} failed)`);
  return lines.join('\n');
}

/** Text for an XML attribute or element: the five entities, and characters XML 1.0 cannot hold dropped. */
function xml(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function junitReport(results: readonly RequestResult[]): string {
  const byFile = new Map<string, RequestResult[]>();
  for (const r of results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const count = (rs: readonly RequestResult[]) => ({
    tests: rs.length,
    failures: rs.filter((r) => !r.pass && !r.error).length,
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

/** A YAML block scalar's lines, indented. */
const block = (lines: string[], indent: string) => lines.map((l) => `${indent}${l}`).join('\n');

export function tapReport(results: readonly RequestResult[]): string {
  const out = ['TAP version 13', `1..${results.length}`];
  results.forEach((r, i) => {
    out.push(`${r.pass ? 'ok' : 'not ok'} ${i + 1} - ${r.file} › ${r.title.replace(/#/g, '\\#')}`);
    const fs = failures(r);
    if (fs.length) {
      out.push('  ---');
      out.push(`  message: |-\n${block(fs.flat(), '    ')}`);
      out.push(`  at: ${JSON.stringify(`${r.file}:${r.line}`)}`);
      out.push(`  run: ${JSON.stringify(runSummary(r))}`);
      out.push('  ...');
    }
  });
  return out.join('\n') + '\n';
}

export function jsonReport(results: readonly RequestResult[]): string {
  const requests = results.map((r) => ({
    file: r.file, title: r.title, line: r.line, pass: r.pass, status: r.status, records: r.records, batches: r.batches, ms: r.ms,
    ...(r.error ? { error: r.error } : {}),
    assertions: r.assertions.map((a) => ({
      line: a.line, assertion: a.text, pass: a.pass, actual: a.actual, expected: a.expected,
      ...(a.error ? { error: a.error } : {}), ...(a.table ? { table: a.table } : {}), ...(a.offenders ? { offenders: a.offenders } : {}),
    })),
  }));
  const passed = results.filter((r) => r.pass).length;
  return JSON.stringify({ pass: passed === results.length, passed, failed: results.length - passed, requests }, null, 2) + '\n';
}
