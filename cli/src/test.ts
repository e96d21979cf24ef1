/**
 * `wikiq test FILES…`: runs every request that has `??` assertions (continuation followed to the
 * end, bounded by --max-batches, with run's waits and limits), judges it with core's
 * describeOutcome (as the Testing view does) and reports: text for a person, and JUnit, TAP or JSON
 * for CI (testReport.ts). Before anything is sent, the language service checks the files as
 * `wikiq check` does: an assertion's problem (`invalid-assertion`, an `undefined-variable` in an
 * assertion) of a request to run is printed as `check` prints it and stops the command. Exit 0
 * every assertion holds, 1 one fails or a run fails, 2 a wrong command line or a file error.
 */
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RunSession, WikiqError, errorMessage, writeAtomic } from '../../engine/src';
import {
  requestsOf,
  Code, assertionsOf, describeOutcome, lineOf, parse, scopeFor, type RunEnd, type RunFacts, type WikiqFile,
} from '../../core/src';
import { ENV_FLAGS, UsageError, choice, readText, str, type Args, type FlagSpec, type Io } from './args';
import { languageProblems } from './check';
import { networkOptions, resolveFileRequest } from './run';
import { readNetworkFlags, readWikiFlags, type NetworkFlags, type WikiFlags } from './runFlags';
import { textLine } from './sarif';
import { stopReasonOf } from './signals';
import { junitReport, jsonReport, tapReport, textReport, type RequestResult } from './testReport';
import { forTerminal } from './terminal';

export const TEST_FLAGS: FlagSpec = {
  values: [...ENV_FLAGS, '--reporter', '--out', '--grep', '--max-batches', '--max-response-mb', '--maxlag', '--max-wait'],
  switches: [],
};

/** `wikiq test`'s command line, read once when it starts. */
export interface TestCommandOptions {
  files: string[];
  reporter: 'text' | 'junit' | 'tap' | 'json';
  out?: string;
  /** --grep: the requests whose title has it (any case). */
  grep?: string;
  network: NetworkFlags;
  wiki: WikiFlags;
}

export function readTestOptions(args: Args, io: Io): TestCommandOptions {
  if (!args.positional.length) throw new UsageError('wikiq test needs at least one file.');
  return {
    files: args.positional,
    reporter: choice(args, '--reporter', ['text', 'junit', 'tap', 'json'] as const, 'text'),
    out: str(args, '--out'),
    grep: str(args, '--grep'),
    network: readNetworkFlags(args),
    wiki: readWikiFlags(args, io, args.positional),
  };
}

/** A request to test: where it is. */
interface Planned {
  file: string;
  parsed: WikiqFile;
  index: number;
  title: string;
  line: number;
}

const lineAt = (parsed: WikiqFile, offset: number) => lineOf(parsed, offset);

/** The diagnostics that stop a test: a malformed assertion, and a variable an assertion uses but nothing defines. */
const BLOCKING = new Set<string>([Code.InvalidAssertion, Code.UndefinedVariable]);

/**
 * Every request with assertions in the files (picked by --grep), and the language service's
 * problems in their assertions, each as `wikiq check` prints it.
 */
function plan(o: TestCommandOptions, io: Io): { planned: Planned[]; problems: string[] } {
  const grep = o.grep?.toLowerCase();
  const planned: Planned[] = [];
  const problems: string[] = [];
  for (const file of o.files) {
    const text = readText(file, io);
    const parsed = parse(text);
    const assertionLines = new Set<number>();
    for (const r of requestsOf(parsed)) {
      if (r.assertionCount === 0) continue;
      const title = r.name || `request ${r.index + 1}`;
      if (grep !== undefined && !title.toLowerCase().includes(grep)) continue;
      for (const a of assertionsOf(r)) assertionLines.add(lineAt(parsed, a.span.start));
      planned.push({ file, parsed, index: r.index, title, line: lineAt(parsed, r.span.start) + 1 });
    }
    if (!assertionLines.size) continue;
    for (const p of languageProblems(file, text, o.wiki.environments.get(file), io)) {
      const d = p.diagnostic;
      if (BLOCKING.has(String(d.code)) && assertionLines.has(d.range.start.line)) problems.push(textLine(p));
    }
  }
  return { planned, problems };
}

export async function test(args: Args, io: Io): Promise<number> {
  const o = readTestOptions(args, io);
  const network = networkOptions(o.network, io);
  const { planned, problems } = plan(o, io);
  if (problems.length) {
    for (const e of problems) io.err(forTerminal(e));
    io.err(`wikiq: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the assertions: nothing was sent.`);
    return 2;
  }
  if (!planned.length) throw new UsageError(`no request with assertions ('?? …' lines) in ${o.files.join(', ')}${o.grep !== undefined ? ` whose title has '${o.grep}'` : ''}.`);
  const results: RequestResult[] = [];
  for (const p of planned) {
    if (stopReasonOf(io.stop)) break;
    results.push(await runOne(o, io, p, network));
  }
  const stopped = stopReasonOf(io.stop);
  const text = textReport(results, planned.length);
  if (o.reporter === 'text') {
    if (o.out) writeAtomic(path.resolve(io.cwd, o.out), text + '\n');
    else io.out(forTerminal(text));
  } else {
    const body = o.reporter === 'junit' ? junitReport(results) : o.reporter === 'tap' ? tapReport(results) : jsonReport(results);
    // With --out, the report for CI goes to the file and the one for a person to the log.
    if (o.out) {
      writeAtomic(path.resolve(io.cwd, o.out), body);
      io.out(forTerminal(text));
    } else io.out(body.replace(/\n$/, ''));
  }
  if (stopped && stopped !== 'EPIPE') io.err(`wikiq: Cancelled (${stopped}); ${planned.length - results.length} request(s) not run.`);
  return !stopped && results.every((r) => r.verdict === 'passed') ? 0 : 1;
}

/** One request run to the end and judged (core's describeOutcome); a run that fails or is cancelled errors the request. */
async function runOne(o: TestCommandOptions, io: Io, p: Planned, network: ReturnType<typeof networkOptions>): Promise<RequestResult> {
  const base = { file: p.file, title: p.title, line: p.line };
  const request = requestsOf(p.parsed)[p.index];
  const env = o.wiki.environments.get(p.file);
  const started = performance.now();
  let run: RunEnd;
  let catalogueMs = 0;
  try {
    const r = await resolveFileRequest(o.wiki, io, p.file, { index: p.index });
    catalogueMs = r.catalogueMs;
    const session = new RunSession(r.resolved, network.http(r.resolved), { ...network.options, all: true });
    const state = await session.run();
    run = { facts: session.facts(), failure: state.failure, errors: state.errors };
  } catch (e) {
    // Nothing was run (a resolve error, an unreadable file): the request errors with why.
    const facts: RunFacts = { status: 'failed', records: 0, batches: 0, warnings: 0, ms: Math.round(performance.now() - started), result: undefined };
    run = { facts, failure: { kind: 'resolve', message: e instanceof WikiqError || e instanceof UsageError ? e.message : errorMessage(e) } };
  }
  const d = describeOutcome(assertionsOf(request), run, scopeFor(p.parsed, request, env));
  const placed = (a: { span: { start: number; end: number } }) => ({ line: lineAt(p.parsed, a.span.start) + 1, text: p.parsed.text.slice(a.span.start, a.span.end) });
  const { status, records, batches, ms } = run.facts;
  return {
    ...base, status, records, batches, ms, catalogueMs, verdict: d.verdict,
    ...(d.verdict === 'errored' ? { error: d.failures[0].lines[0] } : {}),
    assertions: d.outcomes.map((x) => ({ ...x, ...placed(x.assertion) })),
    failures: d.failures.map((f) => ({ ...f, ...(f.outcome ? placed(f.outcome.assertion) : { line: p.line }) })),
  };
}
