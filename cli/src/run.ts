/**
 * `wikiq run FILE`: one request of a file, one batch or all, printed or written. Exit 0 complete
 * (or the one batch asked for), 2 partial with a resume point, 1 failed with nothing kept; the
 * wiki's errors go to stderr with the file and line they map to, and stdout gets nothing misleading.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  ExportFormat, ResolveError, RunSession, WikiqError, waitText, errorMessage, listRequests, readResumePoint, selectRequest,
  resolveRequest, type ResolvedRequest, type RunOptions,
} from '../../engine/src';
import { endpointFor, parse, type Catalogue } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { ENDPOINT_HELP, ENV_FLAGS, UsageError, choice, num, readText, str, type Args, type FlagSpec, type Io } from './args';
import { readNetworkFlags, readWikiFlags, type NetworkFlags, type WikiFlags } from './runFlags';
import { stopReasonOf } from './signals';
import type { TableOptions } from './table';
import { cliHttpClient } from './credentials';
import { runWrite } from './write';
import { finishJson, finishRun, messagePlace, openRunOutput, writeRunResult, writeStatusFile } from './runOutput';

export const RUN_FLAGS: FlagSpec = {
  values: [...ENV_FLAGS, '--request', '--max-batches', '--max-records', '--format', '--out', '--status-file', '--table', '--width', '--max-response-mb', '--maxlag', '--continue', '--max-wait', '--summary-tag'],
  switches: ['--all', '--no-escape-formulas', '--wide', '--verbose', '--dry-run', '--yes'],
};

/** What --continue reads, said when it gets something else. */
const CONTINUE_TAKES = 'a continue object (\'{"aicontinue":"…","continue":"-||"}\'), or a file wikiq wrote: the JSON output (--format json) or a --status-file';

function readContinue(arg: string, io: Io): Record<string, string> {
  let text = arg;
  const inline = arg.trim().startsWith('{');
  if (!inline) {
    try {
      text = fs.readFileSync(path.resolve(io.cwd, arg), 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UsageError(`--continue ${arg}: cannot read it (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code ?? 'unreadable'}); --continue takes ${CONTINUE_TAKES}.`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const data = /\.(csv|ndjson|jsonl|tsv)$/i.test(arg) || /^[^{\n]*,/.test(text) || text.trim().includes('\n{');
    throw new UsageError(`--continue ${inline ? 'value' : arg}: not ${CONTINUE_TAKES}${data ? '. CSV and NDJSON hold data only: resume with the --continue wikiq printed on stderr, or write a --status-file' : ''}.`);
  }
  try {
    return readResumePoint(json).continue;
  } catch (e) {
    throw new UsageError(`--continue: ${errorMessage(e)}`);
  }
}

/** Which request of a file: its index (from 0), its name, or (neither) the file's first. */
export type RequestChoice = { index: number } | { name: string } | undefined;

/** `--request N|NAME`: a number counts from 1. */
export const requestChoice = (arg: string | undefined): RequestChoice => (arg === undefined ? undefined : /^\d+$/.test(arg) ? { index: Number(arg) - 1 } : { name: arg });

/**
 * The request `which` names in FILE (default the first), resolved with the file's environment and
 * the catalogue the flags choose; a resolve error names the file and line. `catalogueMs`: the time
 * the catalogue took to load (live), apart from the run's own.
 */
export async function resolveFileRequest(wiki: WikiFlags, io: Io, file: string, which: RequestChoice, allowWrite?: 'preview'): Promise<{ resolved: ResolvedRequest; catalogue?: Catalogue; catalogueMs: number }> {
  const text = readText(file, io);
  const env = wiki.environments.get(file);
  // The command line's rule: --endpoint, then the environment's endpoint, then the file's (loadEnvironment).
  const forced = env?.endpoint;
  const parsed = parse(text);
  const requests = listRequests(parsed);
  if (!requests.length) throw new UsageError(`${file} has no request.`);
  const sel = which ?? { index: requests[0].index };

  let resolved: ResolvedRequest;
  let catalogue: Catalogue | undefined;
  const started = performance.now();
  try {
    // The request the run resolves (sel), not the file's first: its endpoint is the catalogue's.
    const endpointGuess = forced ?? endpointFor(parsed, selectRequest(parsed, sel), env);
    catalogue = wiki.catalogue === 'live' && endpointGuess ? (await wiki.catalogues([endpointGuess])).get(endpointGuess) : undefined;
    // A value read from a file (`text = < ./page.wiki`) is read relative to the `.wikiq` file.
    resolved = resolveRequest(parsed, sel, { env, forceEndpoint: forced, catalogue: catalogue ?? bundledCatalogue(), endpointHelp: ENDPOINT_HELP, allowWrite, files: { base: path.dirname(path.resolve(io.cwd, file)) } });
  } catch (e) {
    if (e instanceof ResolveError) throw new WikiqError('resolve', `${file}${e.line !== undefined ? `:${e.line + 1}` : ''}: ${e.message.replace(/^Line \d+: /, '')}`);
    throw e;
  }
  return { resolved, catalogue, catalogueMs: catalogue ? Math.round(performance.now() - started) : 0 };
}

/** `wikiq run`'s command line, read once when it starts. */
export interface RunCommandOptions {
  file: string;
  request: RequestChoice;
  format: ExportFormat | 'table';
  all: boolean;
  maxRecords?: number;
  out?: string;
  statusFile?: string;
  /** --table: the table written (a result with several). */
  table?: string;
  layout: TableOptions;
  escapeFormulas: boolean;
  verbose: boolean;
  /** --dry-run: preview a write (nothing saved). */
  dryRun: boolean;
  /** --yes: save a write without asking. */
  yes: boolean;
  /** --summary-tag: appended to an edit's summary (before its preview). */
  summaryTag?: string;
  resumeFrom?: Record<string, string>;
  network: NetworkFlags;
  wiki: WikiFlags;
}

export function readRunOptions(args: Args, io: Io): RunCommandOptions {
  const [file] = args.positional;
  if (!file || args.positional.length > 1) throw new UsageError(`wikiq run takes one file${args.positional.length > 1 ? `, not ${args.positional.length}` : ''}.`);
  const format: ExportFormat | 'table' = choice(args, '--format', ['table', 'json', 'ndjson', 'csv'] as const, io.stdoutTty ? 'table' : 'json');
  const maxRecords = num(args, '--max-records', { integer: true, min: 1 });
  const network = readNetworkFlags(args);
  const resume = str(args, '--continue');
  return {
    file, request: requestChoice(str(args, '--request')), format, all: args.flags.has('--all'), maxRecords, network,
    out: str(args, '--out'), statusFile: str(args, '--status-file'), table: str(args, '--table'), layout: tableLayout(args, io),
    escapeFormulas: !args.flags.has('--no-escape-formulas'), verbose: args.flags.has('--verbose'), dryRun: args.flags.has('--dry-run'),
    yes: args.flags.has('--yes'), summaryTag: str(args, '--summary-tag'),
    resumeFrom: resume !== undefined ? readContinue(resume, io) : undefined,
    wiki: readWikiFlags(args, io, [file]),
  };
}

export async function run(args: Args, io: Io): Promise<number> {
  const o = readRunOptions(args, io);
  const { file } = o;
  const network = networkOptions(o.network, io);
  if (o.dryRun && o.yes) throw new UsageError('--dry-run never saves and --yes saves without asking: give one of them.');
  // A write resolves to be previewed (and saved only once confirmed: write.ts); a read runs.
  const { resolved } = await resolveFileRequest(o.wiki, io, file, o.request, 'preview');
  if (resolved.write) return runWrite(resolved, network.http(resolved), { file, dryRun: o.dryRun, yes: o.yes, summaryTag: o.summaryTag, maxBackoffMs: o.network.limits.maxBackoffMs }, io);
  // --yes has nothing to confirm on a read (a CI loop may pass it to every file); --dry-run would mislead.
  if (o.dryRun) throw new UsageError(`--dry-run previews a write; ${file} asks action=${resolved.params.action ?? '(none)'}, a read: run it without --dry-run.`);
  const output = openRunOutput(o, io);
  const session = new RunSession(resolved, network.http(resolved), {
    ...network.options,
    all: o.all,
    maxRecords: o.maxRecords,
    sink: output.sink,
    backpressure: output.backpressure,
  }, o.resumeFrom);
  output.startJson(session, resolved);
  const state = await session.run();
  output.flushLines();
  if (io.tty) io.progress?.('');
  const stopped = stopReasonOf(io.stop);
  if (stopped === 'EPIPE' || io.outClosed?.()) {
    // The reader has what it wanted (`| head`): end quietly.
    await output.fileOut?.abort();
    return 0;
  }
  const result = session.result();
  for (const w of state.warnings) io.err(`warning ${messagePlace(file, w)}: ${w.module ? `[${w.module}] ` : ''}${w.text}`);
  finishJson(output, session, state, result);
  const written = await writeRunResult(o, io, output, result, state);
  if (o.statusFile) writeStatusFile(o.statusFile, io, resolved, state, written);
  return finishRun(o, io, resolved, state, stopped);
}

/**
 * The network's limits and manners, as `run` and `test` read them from their flags: the HTTP
 * client for a request's wiki, and the run options every run of theirs shares (batches, maxlag,
 * waits, the stop signal, no raw bodies kept, progress on a terminal).
 */
export function networkOptions(flags: NetworkFlags, io: Io): { http: (r: ResolvedRequest) => ReturnType<typeof cliHttpClient>; options: RunOptions } {
  const { limits, userAgent } = flags;
  const options: RunOptions = {
    maxBatches: limits.maxBatches,
    maxlag: limits.maxlag,
    maxBackoffMs: limits.maxBackoffMs,
    signal: io.stop,
    keepRaw: 0,
    // Progress on a terminal; waits before a retry always, so a CI log shows why nothing moves.
    onProgress: (p) => (io.tty && io.progress ? io.progress(p.waiting ? waitText(p.waiting) : `batch ${p.batches}, ${p.records} records`) : p.waiting && io.err(`wikiq: ${waitText(p.waiting)}`)),
  };
  return { http: (r) => cliHttpClient(r.endpoint, { timeoutMs: limits.timeoutMs, maxBytes: limits.maxBytes, userAgent }), options };
}

/** The table's layout: the terminal's width, or --width N; piped or redirected without --width, every cell whole. */
function tableLayout(args: Args, io: Io): TableOptions {
  const width = num(args, '--width', { integer: true, min: 10 });
  if (width !== undefined) return { width, wide: args.flags.has('--wide') };
  return { width: io.columns, wide: args.flags.has('--wide') || !io.stdoutTty };
}
