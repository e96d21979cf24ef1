/**
 * `wikiq run FILE`: one request of a file, one batch or all, printed or written. Exit 0 complete
 * (or the one batch asked for), 2 partial with a resume point, 1 failed with nothing kept; the
 * wiki's errors go to stderr with the file and line they map to, and stdout gets nothing misleading.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  ExportFormat, JsonResultStream, NdjsonFileWriter, NetworkError, ResolveError, StreamFileWriter, RunSession, WikiqError, apiErrorText, waitText, engineUserAgent, errorMessage, listRequests, readResumePoint, selectRequest,
  renderTable, resolveRequest, runStatus, writeAtomic, type ApiMessage, type ResolvedRequest, type RecordPlace, type RunOptions,
} from '../../engine/src';
import { endpointFor, parse, type Catalogue } from '../../core/src';
import { ENDPOINT_HELP, ENV_FLAGS, UsageError, choice, loadEnvironment, num, readText, str, type Args, type FlagSpec, type Io } from './args';
import { catalogueMode, catalogueProvider } from './catalogue';
import { stopReasonOf } from './signals';
import { formatTables, type TableOptions } from './table';
import { forTerminal } from './terminal';
import { cliHttpClient } from './credentials';
import { resumeHint } from './resumeHint';
import { runLimitsOf } from './runFlags';

export const RUN_FLAGS: FlagSpec = {
  values: [...ENV_FLAGS, '--request', '--max-batches', '--max-records', '--format', '--out', '--status-file', '--table', '--width', '--max-response-mb', '--maxlag', '--continue', '--max-wait'],
  switches: ['--all', '--no-escape-formulas', '--wide', '--verbose'],
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

/** Messages with 1-based lines, as every output of the command line counts them. */
const oneBased = (ms: readonly ApiMessage[]) => ms.map((m) => (m.line === undefined ? { ...m } : { ...m, line: m.line + 1 }));
const batchesText = (n: number) => `${n} batch${n === 1 ? '' : 'es'}`;

/**
 * The request `--request` names in FILE (default the first), resolved with the environment and
 * the catalogue the flags choose; a resolve error names the file and line.
 */
export async function resolveFileRequest(args: Args, io: Io, file: string, index?: number): Promise<{ resolved: ResolvedRequest; catalogue?: Catalogue }> {
  const text = readText(file, io);
  const env = loadEnvironment(args, file, io);
  // The command line's rule: --endpoint, then the environment's endpoint, then the file's (loadEnvironment).
  const forced = env?.endpoint;
  const reqArg = str(args, '--request');
  const parsed = parse(text);
  const requests = listRequests(parsed);
  if (!requests.length) throw new UsageError(`${file} has no request.`);
  const sel = index !== undefined ? { index } : reqArg === undefined ? { index: requests[0].index } : /^\d+$/.test(reqArg) ? { index: Number(reqArg) - 1 } : { name: reqArg };

  let resolved: ResolvedRequest;
  let catalogue: Catalogue | undefined;
  try {
    // The request the run resolves (sel), not the file's first: its endpoint is the catalogue's.
    const endpointGuess = forced ?? endpointFor(parsed, selectRequest(parsed, sel), env);
    catalogue = catalogueMode(args) === 'live' && endpointGuess
      ? (await catalogueProvider(args, io, [endpointGuess])).get(endpointGuess)
      : undefined;
    resolved = resolveRequest(parsed, sel, { env, forceEndpoint: forced, catalogue, endpointHelp: ENDPOINT_HELP });
  } catch (e) {
    if (e instanceof ResolveError) throw new WikiqError('resolve', `${file}${e.line !== undefined ? `:${e.line + 1}` : ''}: ${e.message.replace(/^Line \d+: /, '')}`);
    throw e;
  }
  return { resolved, catalogue };
}

export async function run(args: Args, io: Io): Promise<number> {
  const [file] = args.positional;
  if (!file || args.positional.length > 1) throw new UsageError(`wikiq run takes one file${args.positional.length > 1 ? `, not ${args.positional.length}` : ''}.`);
  const format: ExportFormat | 'table' = choice(args, '--format', ['table', 'json', 'ndjson', 'csv'] as const, io.stdoutTty ? 'table' : 'json');
  const maxRecords = num(args, '--max-records', { integer: true, min: 1 });
  const network = networkOptions(args, io);
  const resumeFrom = str(args, '--continue') !== undefined ? readContinue(str(args, '--continue')!, io) : undefined;
  const { resolved } = await resolveFileRequest(args, io, file);
  const out = str(args, '--out');
  // NDJSON and JSON stream records as they arrive, into the file (atomically) or to stdout, waiting
  // for it to take them before asking for the next batch: memory stays flat.
  const streamed = format === 'ndjson' || format === 'json';
  const writer = format === 'ndjson' && out ? new NdjsonFileWriter(path.resolve(io.cwd, out)) : undefined;
  const jsonFile = format === 'json' && out ? new StreamFileWriter(path.resolve(io.cwd, out)) : undefined;
  const streamToStdout = streamed && !out;
  const picked = str(args, '--table');
  let streamedList: string | undefined;
  let doc: JsonResultStream | undefined;
  // NDJSON to stdout: a batch's lines leave in one write (one per record was a million system calls
  // for a million records), before the next batch is asked for.
  let lines: string[] = [];
  const flushLines = () => {
    if (!lines.length) return;
    io.out(lines.join('\n'));
    lines = [];
  };
  const sink = format === 'json'
    ? (list: string, r: unknown, place: RecordPlace) => doc!.sink(list, r, place)
    : writer || streamToStdout
      ? (list: string, r: unknown) => {
        if (picked ? list !== picked : (streamedList ??= list) !== list) return;
        if (writer) writer.write(r);
        else lines.push(JSON.stringify(r));
      }
      : undefined;
  const fileOut = writer ?? jsonFile;
  const session = new RunSession(resolved, network.http(resolved), {
    ...network.options,
    all: args.flags.has('--all'),
    maxRecords,
    sink,
    backpressure: streamed
      ? () => {
        doc?.flush();
        flushLines();
        return fileOut ? fileOut.drained() : io.outDrained?.();
      }
      : undefined,
  }, resumeFrom);
  if (format === 'json') {
    doc = new JsonResultStream(jsonFile ? (t) => jsonFile.writeText(`${t}\n`) : io.out, session.state.actionKey, { endpoint: resolved.endpoint, request: resolved.params });
  }
  const state = await session.run();
  flushLines();
  if (io.tty) io.progress?.('');
  const stopped = stopReasonOf(io.stop);
  if (stopped === 'EPIPE' || io.outClosed?.()) {
    // The reader has what it wanted (`| head`): end quietly.
    await fileOut?.abort();
    return 0;
  }
  const complete = state.complete;
  const kept = state.keptBatches;
  const status = runStatus(state);
  const resumable = status === 'partial';
  const result = session.result();
  const where = (m: ApiMessage) => `${file}${m.line !== undefined ? `:${m.line + 1}` : ''}`;
  for (const w of state.warnings) io.err(`warning ${where(w)}: ${w.module ? `[${w.module}] ` : ''}${w.text}`);
  if (doc) {
    const errors: Array<ApiMessage & { code?: string }> = oneBased(state.errors);
    if (state.failure && !(state.failure.kind === 'api' && state.errors.length)) errors.push({ code: state.failure.kind, text: state.failure.message });
    doc.finish(result, session.merger.streamedLists(), { batches: kept, status, complete, continue: state.continue, warnings: oneBased(state.warnings), errors });
  }
  // --out FILE is FILE, whatever the state: the state is said on stderr, by the exit status and in --status-file.
  let written: string | undefined;
  const wrote = (target: string, records?: number) => {
    written = path.relative(io.cwd, target) || target;
    io.err(`wrote ${records !== undefined ? `${records} records to ` : ''}${written}${complete ? '' : ' (partial)'}`);
  };
  if (fileOut) {
    if (kept === 0) await fileOut.abort();
    else wrote(await fileOut.commit(), writer?.count);
  } else if (!streamToStdout && kept > 0) {
    // Left for the non-streamed formats: CSV (exact data) and the table (text for a person).
    const body = format === 'csv'
      ? renderTable(result, 'csv', { table: picked, escapeFormulas: !args.flags.has('--no-escape-formulas') })
      : forTerminal(formatTables(result, picked, tableLayout(args, io)));
    if (out) {
      const target = path.resolve(io.cwd, out);
      writeAtomic(target, body);
      wrote(target);
    } else io.out(body.replace(/\n$/, ''));
  }
  const statusFile = str(args, '--status-file');
  if (statusFile) {
    writeAtomic(path.resolve(io.cwd, statusFile), JSON.stringify({
      status, continue: state.continue, records: state.records, batches: kept, endpoint: resolved.endpoint, request: resolved.params,
      ...(written ? { out: written } : {}), ...(state.failure ? { error: state.failure.message } : {}),
    }, null, 2) + '\n');
  }
  if (state.failure) {
    if (state.failure.kind === 'api' && state.errors.length) {
      for (const e of state.errors) io.err(`wikiq: ${where(e)}: the API at ${resolved.endpoint} ${apiErrorText(e.code ?? 'unknown', e.text)}`);
    } else if (state.failure.kind === 'cancelled' && stopped) io.err(`wikiq: Cancelled (${stopped}).`);
    else io.err(`wikiq: ${state.failure.message}${args.flags.has('--verbose') && state.failure instanceof NetworkError && state.failure.code ? ` (${state.failure.code})` : ''}`);
    if (resumable) io.err(`wikiq: partial result after ${batchesText(kept)}; resume with ${resumeHint(state.continue)}`);
    else if (kept === 0) io.err('wikiq: nothing was received.');
    return resumable ? 2 : 1;
  }
  if (!complete && resumable) {
    if (state.stopped === 'single') {
      // The one batch asked for: exit 0, and where the rest is.
      io.err(`wikiq: partial: ${batchesText(kept)}, ${state.records} records; more with --all, or resume with ${resumeHint(state.continue)}`);
      return 0;
    }
    io.err(`wikiq: stopped after ${batchesText(kept)} (${state.stopped === 'max-records' ? '--max-records' : '--max-batches'}); resume with ${resumeHint(state.continue)}`);
    return 2;
  }
  return 0;
}

/**
 * The network's limits and manners, as `run` and `test` read them from their flags: the HTTP
 * client for a request's wiki, and the run options every run of theirs shares (batches, maxlag,
 * waits, the stop signal, no raw bodies kept, progress on a terminal).
 */
export function networkOptions(args: Args, io: Io): { http: (r: ResolvedRequest) => ReturnType<typeof cliHttpClient>; options: RunOptions } {
  const limits = runLimitsOf(args); // the engine's one table of run options (runFlags.ts)
  const options: RunOptions = {
    maxBatches: limits.maxBatches,
    maxlag: limits.maxlag,
    maxBackoffMs: limits.maxBackoffMs,
    signal: io.stop,
    keepRaw: 0,
    // Progress on a terminal; waits before a retry always, so a CI log shows why nothing moves.
    onProgress: (p) => (io.tty && io.progress ? io.progress(p.waiting ? waitText(p.waiting) : `batch ${p.batches}, ${p.records} records`) : p.waiting && io.err(`wikiq: ${waitText(p.waiting)}`)),
  };
  const userAgent = str(args, '--user-agent') || engineUserAgent('cli');
  return { http: (r) => cliHttpClient(r.endpoint, { timeoutMs: limits.timeoutMs, maxBytes: limits.maxBytes, userAgent }), options };
}

/** The table's layout: the terminal's width, or --width N; piped or redirected without --width, every cell whole. */
function tableLayout(args: Args, io: Io): TableOptions {
  const width = num(args, '--width', { integer: true, min: 10 });
  if (width !== undefined) return { width, wide: args.flags.has('--wide') };
  return { width: io.columns, wide: args.flags.has('--wide') || !io.stdoutTty };
}
