/**
 * Where `wikiq run` puts what it received: the streamed output (NDJSON or JSON, to stdout or, with
 * --out, atomically into a file), the result written at the end (CSV or the table), the
 * --status-file, and the closing messages with the exit status.
 */
import * as path from 'node:path';
import {
  JsonResultStream, NdjsonFileWriter, NetworkError, StreamFileWriter, apiErrorText, renderTable, runStatus, writeAtomic,
  type ApiMessage, type RecordPlace, type ResolvedRequest, type RunOptions, type RunSession,
} from '../../engine/src';
import type { Io } from './args';
import { formatTables } from './table';
import { forTerminal } from './terminal';
import { resumeHint } from './resumeHint';
import type { RunCommandOptions } from './run';

type RunState = RunSession['state'];

/** Messages with 1-based lines, as every output of the command line counts them. */
const oneBased = (ms: readonly ApiMessage[]) => ms.map((m) => (m.line === undefined ? { ...m } : { ...m, line: m.line + 1 }));
const batchesText = (n: number) => `${n} batch${n === 1 ? '' : 'es'}`;

/** The streamed output of a run: its sink and backpressure for the session, and what is left to finish. */
export interface RunOutput {
  sink: RunOptions['sink'];
  backpressure: RunOptions['backpressure'];
  /** The --out file of a streamed format (NDJSON or JSON). */
  fileOut?: NdjsonFileWriter | StreamFileWriter;
  /** The --out file of NDJSON (it counts its records). */
  ndjsonFile?: NdjsonFileWriter;
  /** NDJSON or JSON without --out. */
  streamToStdout: boolean;
  /** JSON: opens the document, once the session knows its action's member. */
  startJson(session: RunSession, resolved: ResolvedRequest): void;
  /** The JSON document, once started. */
  doc(): JsonResultStream | undefined;
  /** NDJSON to stdout: writes the lines held. */
  flushLines(): void;
}

/**
 * NDJSON and JSON stream records as they arrive, into the file (atomically) or to stdout, waiting
 * for it to take them before asking for the next batch: memory stays flat.
 */
export function openRunOutput(o: RunCommandOptions, io: Io): RunOutput {
  const { format, out, table: picked } = o;
  const streamed = format === 'ndjson' || format === 'json';
  const writer = format === 'ndjson' && out ? new NdjsonFileWriter(path.resolve(io.cwd, out)) : undefined;
  const jsonFile = format === 'json' && out ? new StreamFileWriter(path.resolve(io.cwd, out)) : undefined;
  const streamToStdout = streamed && !out;
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
  const backpressure = streamed
    ? () => {
      doc?.flush();
      flushLines();
      return fileOut ? fileOut.drained() : io.outDrained?.();
    }
    : undefined;
  const startJson = (session: RunSession, resolved: ResolvedRequest) => {
    if (format !== 'json') return;
    doc = new JsonResultStream(jsonFile ? (t) => jsonFile.writeText(`${t}\n`) : io.out, session.state.actionKey, { endpoint: resolved.endpoint, request: resolved.params });
  };
  return { sink, backpressure, fileOut, ndjsonFile: writer, streamToStdout, startJson, doc: () => doc, flushLines };
}

/** JSON: the document's end (the rest of the result, the run's status, its warnings and errors). */
export function finishJson(output: RunOutput, session: RunSession, state: RunState, result: Record<string, unknown>): void {
  const doc = output.doc();
  if (!doc) return;
  const errors: Array<ApiMessage & { code?: string }> = oneBased(state.errors);
  if (state.failure && !(state.failure.kind === 'api' && state.errors.length)) errors.push({ code: state.failure.kind, text: state.failure.message });
  doc.finish(result, session.merger.streamedLists(), { batches: state.keptBatches, status: runStatus(state), complete: state.complete, continue: state.continue, warnings: oneBased(state.warnings), errors });
}

/**
 * --out FILE is FILE, whatever the state: the state is said on stderr, by the exit status and in
 * --status-file. Returns the file written (relative to the working folder), if any.
 */
export async function writeRunResult(o: RunCommandOptions, io: Io, output: RunOutput, result: Record<string, unknown>, state: RunState): Promise<string | undefined> {
  const kept = state.keptBatches;
  let written: string | undefined;
  const wrote = (target: string, records?: number) => {
    written = path.relative(io.cwd, target) || target;
    io.err(`wrote ${records !== undefined ? `${records} records to ` : ''}${written}${state.complete ? '' : ' (partial)'}`);
  };
  const { fileOut } = output;
  if (fileOut) {
    if (kept === 0) await fileOut.abort();
    else wrote(await fileOut.commit(), output.ndjsonFile?.count);
  } else if (!output.streamToStdout && kept > 0) {
    // Left for the non-streamed formats: CSV (exact data) and the table (text for a person).
    const body = o.format === 'csv'
      ? renderTable(result, 'csv', { table: o.table, escapeFormulas: o.escapeFormulas })
      : forTerminal(formatTables(result, o.table, o.layout));
    if (o.out) {
      const target = path.resolve(io.cwd, o.out);
      writeAtomic(target, body);
      wrote(target);
    } else io.out(body.replace(/\n$/, ''));
  }
  return written;
}

/** --status-file: the run's status, where to resume, and what it wrote. */
export function writeStatusFile(statusFile: string, io: Io, resolved: ResolvedRequest, state: RunState, written: string | undefined): void {
  writeAtomic(path.resolve(io.cwd, statusFile), JSON.stringify({
    status: runStatus(state), continue: state.continue, records: state.records, batches: state.keptBatches, ms: Math.round(state.ms), endpoint: resolved.endpoint, request: resolved.params,
    ...(written ? { out: written } : {}), ...(state.failure ? { error: state.failure.message } : {}),
  }, null, 2) + '\n');
}

/** `file:line` of a message of the wiki's. */
export const messagePlace = (file: string, m: ApiMessage) => `${file}${m.line !== undefined ? `:${m.line + 1}` : ''}`;

/** The closing messages on stderr, and the exit status: 0 complete (or the one batch asked for), 2 partial, 1 failed. */
export function finishRun(o: RunCommandOptions, io: Io, resolved: ResolvedRequest, state: RunState, stopped: string | undefined): number {
  const kept = state.keptBatches;
  const resumable = runStatus(state) === 'partial';
  if (state.failure) {
    if (state.failure.kind === 'api' && state.errors.length) {
      for (const e of state.errors) io.err(`wikiq: ${messagePlace(o.file, e)}: the API at ${resolved.endpoint} ${apiErrorText(e.code ?? 'unknown', e.text)}`);
    } else if (state.failure.kind === 'cancelled' && stopped) io.err(`wikiq: Cancelled (${stopped}).`);
    else io.err(`wikiq: ${state.failure.message}${o.verbose && state.failure instanceof NetworkError && state.failure.code ? ` (${state.failure.code})` : ''}`);
    if (resumable) io.err(`wikiq: partial result after ${batchesText(kept)}; resume with ${resumeHint(state.continue)}`);
    else if (kept === 0) io.err('wikiq: nothing was received.');
    return resumable ? 2 : 1;
  }
  if (!state.complete && resumable) {
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
