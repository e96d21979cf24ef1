/**
 * `run_request` with `save_as`: the whole result of a request (to the end, within the run's batches)
 * written into the folder the user named with `wikiq mcp --out-dir DIR`, through the command line's
 * writers (NDJSON and JSON streamed as the batches arrive, CSV at the end), atomically: a run that
 * fails leaves no file, not even half of one. The answer is a summary for a model: the state, the
 * counts, the file, each field with an example, and the first few records, under SUMMARY_CHARS.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  JsonResultStream, NdjsonFileWriter, RunSession, StreamFileWriter, renderTable, shorten, writeAtomic,
  type ExportFormat, type HttpClient, type RecordPlace, type ResolvedRequest, type RunOptions, type RunState,
} from '../../../engine/src';
import { isObj, pickTable, resultTables } from '../../../core/src';
import { ToolRefusal } from './wikis';

/** The largest summary a save_as answer gives (characters of its JSON). */
export const SUMMARY_CHARS = 5000;
/** Records of the summary's sample, fields described, and the characters of a field's example at most. */
const SAMPLE = 3;
const FIELDS = 40;
const EXAMPLE_CHARS = 80;
const WARNING_CHARS = 300;

const FORMATS: Record<string, ExportFormat> = { '.ndjson': 'ndjson', '.jsonl': 'ndjson', '.json': 'json', '.csv': 'csv' };

/** The file `name` in `outDir` and its format (by its extension); refused when save_as is off, or the name leaves the folder. */
export function savePath(outDir: string | undefined, name: string): { file: string; shown: string; format: ExportFormat } {
  if (outDir === undefined) throw new ToolRefusal('save_as is off on this server: the user enables it by starting it with --out-dir DIR (the folder saved results go to). Page through the records with the cursor instead.');
  const leaves = () => new ToolRefusal(`save_as names a file inside the server's folder for results (a relative name such as "members.ndjson"), not '${shorten(name, 200)}'.`);
  if (!name.trim() || name.includes('\0') || path.isAbsolute(name) || path.win32.isAbsolute(name)) throw leaves();
  const file = path.resolve(outDir, name);
  const rel = path.relative(outDir, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) throw leaves();
  const format = FORMATS[path.extname(file).toLowerCase()];
  if (!format) throw new ToolRefusal(`save_as: '${shorten(name, 200)}' should end in .ndjson (or .jsonl), .json or .csv: the extension chooses the format.`);
  // No symbolic link on the way (a link inside the folder may point out of it), the file itself included.
  let at = outDir;
  for (const part of rel.split(path.sep)) {
    at = path.join(at, part);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(at);
    } catch {
      break; // not there yet: made inside the folder
    }
    if (st.isSymbolicLink()) throw new ToolRefusal(`save_as: '${shorten(name, 200)}' goes through a symbolic link (${path.relative(outDir, at)}), which may lead out of the server's folder for results: choose another name.`);
  }
  return { file, shown: rel.split(path.sep).join('/'), format };
}

export interface SaveAnswer {
  status: 'complete' | 'partial' | 'failed';
  /** The first few records. */
  records: unknown[];
  warnings: string[];
  /** What was saved; `batches` kept and `ms` (the run's duration) are the engine's facts. */
  saved?: { path: string; format: ExportFormat; records: number; batches: number; ms: number; fields: Record<string, unknown> };
  error?: string;
}

/** The first records and each field's first example, as the records pass. */
class Sampler {
  readonly sample: unknown[] = [];
  readonly fields = new Map<string, unknown>();
  count = 0;

  see(record: unknown): void {
    this.count++;
    if (this.sample.length < SAMPLE) this.sample.push(record);
    if (!isObj(record) || this.count > 1000) return;
    for (const [k, v] of Object.entries(record)) {
      if (this.fields.size >= FIELDS && !this.fields.has(k)) continue;
      if (!this.fields.has(k) || this.fields.get(k) === '' || this.fields.get(k) === null) this.fields.set(k, example(v));
    }
  }
}

function example(v: unknown): unknown {
  if (typeof v === 'string') return shorten(v, EXAMPLE_CHARS);
  if (v === null || typeof v !== 'object') return v;
  return shorten(JSON.stringify(v), EXAMPLE_CHARS);
}

/** A file the run streams into (NDJSON, JSON) or writes at its end (CSV), with the records' sample. */
function fileOutput(file: string, format: ExportFormat, request: ResolvedRequest, actionKey: string, sampler: Sampler) {
  if (format === 'ndjson') {
    const writer = new NdjsonFileWriter(file);
    let streamed: string | undefined;
    const sink = (list: string, r: unknown) => {
      if ((streamed ??= list) !== list) return; // the first list, as wikiq run --format ndjson writes it
      writer.write(r);
      sampler.see(r);
    };
    return { sink, writer, finish: () => undefined };
  }
  if (format === 'json') {
    const writer = new StreamFileWriter(file);
    const doc = new JsonResultStream((t) => writer.writeText(`${t}\n`), actionKey, { endpoint: request.endpoint, request: request.params });
    const sink = (list: string, r: unknown, place: RecordPlace) => {
      doc.sink(list, r, place);
      sampler.see(r);
    };
    const finish = (session: RunSession) => {
      const s = session.state;
      doc.finish(session.result(), session.merger.streamedLists(), {
        batches: s.keptBatches, status: session.facts().status, complete: s.complete, continue: s.continue,
        warnings: s.warnings.map((w) => (w.line === undefined ? w : { ...w, line: w.line + 1 })), errors: [],
      });
    };
    return { sink, writer, finish, flush: () => doc.flush() };
  }
  return { sink: undefined, writer: undefined, finish: () => undefined };
}

/**
 * Runs `request` to the end (at most `maxBatches` batches) into `file`. A run that stops on an
 * error or is cancelled writes nothing; one stopped by its batches writes what it has (partial).
 */
export async function saveRun(
  request: ResolvedRequest, http: HttpClient, options: Omit<RunOptions, 'sink' | 'all'>, target: { file: string; shown: string; format: ExportFormat },
  call: { maxBatches: number; signal?: AbortSignal; onBatch?: (s: RunState) => void; warnings: readonly string[] },
): Promise<SaveAnswer> {
  const sampler = new Sampler();
  const action = request.params.action ?? 'help';
  const out = fileOutput(target.file, target.format, request, action, sampler);
  const session = new RunSession(request, http, {
    ...options, keepRaw: 0, sink: out.sink,
    backpressure: out.writer ? () => {
      out.flush?.();
      return out.writer.drained();
    } : undefined,
  });
  const state = await session.run({ all: true, maxBatches: call.maxBatches, signal: call.signal, onBatch: () => call.onBatch?.(session.state) });
  const facts = session.facts();
  const warnings = [...call.warnings, ...state.warnings.map((w) => `${w.module ? `[${w.module}] ` : ''}${w.text}`)];
  if (state.failure || facts.status === 'failed') {
    // No half file, whatever the run kept: the status stays the run's own (partial after some batches).
    await out.writer?.abort();
    const kept = facts.batches ? ` (${facts.status} after ${facts.batches} batch${facts.batches === 1 ? '' : 'es'}: save_as keeps no half file)` : '';
    return { status: facts.status, records: [], warnings, error: `Nothing was saved: ${state.failure?.message ?? 'the run kept nothing'}${kept}` };
  }
  if (out.writer) {
    out.finish(session);
    await out.writer.commit();
  } else {
    const table = pickTable(resultTables(session.result()));
    for (const r of table?.rows ?? []) sampler.see(r);
    writeAtomic(target.file, renderTable(session.result(), 'csv', { escapeFormulas: true }));
  }
  return summary({
    status: facts.status, records: sampler.sample, warnings,
    saved: { path: target.shown, format: target.format, records: sampler.count, batches: facts.batches, ms: facts.ms, fields: Object.fromEntries(sampler.fields) },
  });
}

/** The answer cut to SUMMARY_CHARS: each warning to WARNING_CHARS, then the sample's records go first, then fields and warnings. */
function summary(a: SaveAnswer): SaveAnswer {
  a.warnings = a.warnings.map((w) => shorten(w, WARNING_CHARS));
  const size = () => JSON.stringify(a).length;
  while (size() > SUMMARY_CHARS && a.records.length) a.records = a.records.slice(0, -1);
  const fields = Object.entries(a.saved!.fields);
  while (size() > SUMMARY_CHARS && fields.length) {
    fields.pop();
    a.saved!.fields = Object.fromEntries(fields);
  }
  while (size() > SUMMARY_CHARS && a.warnings.length) a.warnings = a.warnings.slice(0, -1);
  return a;
}
