/**
 * `wikiq test FILES…`: runs every request that has `??` assertions (continuation followed to the
 * end, bounded by --max-batches, with run's waits and limits), evaluates them (core's
 * results/assertions.ts) and reports: text for a person, and JUnit, TAP or JSON for CI
 * (testReport.ts). Every assertion is read (and its pattern compiled) before anything is sent: a
 * malformed one is a file error. Exit 0 every assertion holds, 1 one fails or a run fails, 2 a
 * wrong command line or a file error.
 */
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RunSession, WikiqError, errorMessage, writeAtomic } from '../../engine/src';
import {
  Code, assertionsOf, compilePattern, evaluateAssertions, lineOf, messages, parse, scopeFor, type AssertionNode, type AssertionOutcome, type WikiqFile,
} from '../../core/src';
import { ENV_FLAGS, UsageError, choice, loadEnvironment, readText, str, type Args, type FlagSpec, type Io } from './args';
import { networkOptions, resolveFileRequest } from './run';
import { stopReasonOf } from './signals';
import { junitReport, jsonReport, tapReport, textReport, type RequestResult } from './testReport';
import { forTerminal } from './terminal';

export const TEST_FLAGS: FlagSpec = {
  values: [...ENV_FLAGS, '--reporter', '--out', '--grep', '--max-batches', '--max-response-mb', '--maxlag', '--max-wait'],
  switches: [],
};

/** A request to test: where it is and its assertions. */
interface Planned {
  file: string;
  parsed: WikiqFile;
  index: number;
  title: string;
  line: number;
  assertions: AssertionNode[];
}

const lineAt = (parsed: WikiqFile, offset: number) => lineOf(parsed.lineStarts, offset);

/** Every request with assertions in FILES (picked by --grep), each assertion read; the file errors found, each as `file:line:col code message`. */
function plan(args: Args, io: Io): { planned: Planned[]; errors: string[] } {
  const grep = str(args, '--grep')?.toLowerCase();
  const planned: Planned[] = [];
  const errors: string[] = [];
  for (const file of args.positional) {
    const parsed = parse(readText(file, io));
    const env = loadEnvironment(args, file, io);
    for (const r of parsed.requests) {
      if (r.assertionCount === 0) continue;
      const title = r.name || `request ${r.index + 1}`;
      if (grep !== undefined && !title.toLowerCase().includes(grep)) continue;
      const assertions = assertionsOf(r);
      const where = (offset: number) => {
        const l = lineAt(parsed, offset);
        return `${file}:${l + 1}:${offset - parsed.lineStarts[l] + 1}`;
      };
      let scope: ReturnType<typeof scopeFor> | undefined;
      for (const a of assertions) {
        const problem = a.problem ?? (a.value?.kind === 'pattern' ? patternProblem(a) : undefined);
        if (problem) errors.push(`${where(problem.span.start)} error ${Code.InvalidAssertion} ${messages[Code.InvalidAssertion](problem.message)}`);
        for (const ref of a.value?.variables ?? []) {
          scope ??= scopeFor(parsed, r, env);
          if (!scope.has(ref.name)) errors.push(`${where(ref.span.start)} error ${Code.UndefinedVariable} ${messages[Code.UndefinedVariable](ref.name)}`);
        }
      }
      planned.push({ file, parsed, index: r.index, title, line: lineAt(parsed, r.span.start) + 1, assertions });
    }
  }
  return { planned, errors };
}

/** What the linear-time engine refuses in a `matches` pattern (beyond what the language service finds). */
function patternProblem(a: AssertionNode): AssertionNode['problem'] {
  const p = compilePattern(a.value!.text, a.value!.flags);
  return typeof p === 'string' ? { message: p, span: a.value!.span } : undefined;
}

export async function test(args: Args, io: Io): Promise<number> {
  if (!args.positional.length) throw new UsageError('wikiq test needs at least one file.');
  const reporter = choice(args, '--reporter', ['text', 'junit', 'tap', 'json'] as const, 'text');
  const out = str(args, '--out');
  const network = networkOptions(args, io);
  const { planned, errors } = plan(args, io);
  if (errors.length) {
    for (const e of errors) io.err(forTerminal(e));
    io.err(`wikiq: ${errors.length} problem${errors.length === 1 ? '' : 's'} in the assertions: nothing was sent.`);
    return 2;
  }
  if (!planned.length) throw new UsageError(`no request with assertions ('?? …' lines) in ${args.positional.join(', ')}${str(args, '--grep') !== undefined ? ` whose title has '${str(args, '--grep')}'` : ''}.`);
  const results: RequestResult[] = [];
  for (const p of planned) {
    if (stopReasonOf(io.stop)) break;
    results.push(await runOne(args, io, p, network));
  }
  const stopped = stopReasonOf(io.stop);
  const text = textReport(results, planned.length);
  if (reporter === 'text') {
    if (out) writeAtomic(path.resolve(io.cwd, out), text + '\n');
    else io.out(forTerminal(text));
  } else {
    const body = reporter === 'junit' ? junitReport(results) : reporter === 'tap' ? tapReport(results) : jsonReport(results);
    // With --out, the report for CI goes to the file and the one for a person to the log.
    if (out) {
      writeAtomic(path.resolve(io.cwd, out), body);
      io.out(forTerminal(text));
    } else io.out(body.replace(/\n$/, ''));
  }
  if (stopped && stopped !== 'EPIPE') io.err(`wikiq: Cancelled (${stopped}); ${planned.length - results.length} request(s) not run.`);
  return !stopped && results.every((r) => r.pass) ? 0 : 1;
}

/** One request run to the end and its assertions evaluated; a run that fails fails the request. */
async function runOne(args: Args, io: Io, p: Planned, network: ReturnType<typeof networkOptions>): Promise<RequestResult> {
  const base = { file: p.file, title: p.title, line: p.line };
  const lineOfAssertion = (a: AssertionNode) => lineAt(p.parsed, a.span.start) + 1;
  const started = performance.now();
  try {
    const { resolved } = await resolveFileRequest(args, io, p.file, p.index);
    const session = new RunSession(resolved, network.http(resolved), { ...network.options, all: true });
    const state = await session.run();
    const facts = session.facts();
    const { status, ms } = facts;
    const env = loadEnvironment(args, p.file, io);
    const request = p.parsed.requests[p.index];
    const outcomes: AssertionOutcome[] = evaluateAssertions(p.assertions, facts, scopeFor(p.parsed, request, env));
    const failed = status === 'failed' || !!(state.failure && state.failure.kind === 'cancelled');
    const error = failed ? state.failure?.message ?? state.errors.map((e) => `${e.code ?? 'error'}: ${e.text}`).join('; ') : undefined;
    return {
      ...base, ms, status, records: facts.records, batches: facts.batches, ...(error ? { error } : {}),
      pass: !failed && outcomes.every((o) => o.pass),
      assertions: outcomes.map((o) => ({ ...o, line: lineOfAssertion(o.assertion), text: p.parsed.text.slice(o.assertion.span.start, o.assertion.span.end) })),
    };
  } catch (e) {
    const ms = Math.round(performance.now() - started);
    const error = e instanceof WikiqError || e instanceof UsageError ? e.message : errorMessage(e);
    return { ...base, ms, status: 'failed', records: 0, batches: 0, error, pass: false, assertions: [] };
  }
}
