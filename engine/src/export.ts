/**
 * Export of results: JSON, NDJSON and CSV, written atomically (temp file + rename). CSV follows
 * RFC 4180 (quotes doubled, fields with `,` `"` CR or LF quoted, CRLF line ends). Cells whose text
 * starts with `=`, `+`, `-`, `@`, a tab or a CR get a leading `'` so spreadsheets do not run them as
 * formulas (on by default; `escapeFormulas: false` turns it off). Numbers from the JSON (`ns: -1`)
 * are data, not text, and are written as they are. Exports hold data only and go to the file
 * asked for, whatever the run's state: CSV and NDJSON the table's records, JSON the result with
 * the run's `status` (`complete`, `partial` or `failed`), its `continue` and, when failed, its
 * `error` (what `--continue` reads back). The state is said beside the file: the command line's
 * stderr, exit status and status file; the editor's notification.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { cellData, cellValue, pickTable, resultTables, runStatus, type ResultTable, type RunStatus, type RunStatusInput } from '../../core/src';

export type ExportFormat = 'json' | 'ndjson' | 'csv';

/** A table to write: columns in order and its rows (records, or plain values read as a `value` column). */
export type Table = Pick<ResultTable, 'name' | 'columns' | 'rows'>;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(v: unknown, escapeFormulas = true): string {
  let t = cellData(v);
  if (escapeFormulas && typeof v !== 'number' && FORMULA.test(t)) t = `'${t}`;
  return /[",\r\n]/.test(t) || t !== t.trim() ? `"${t.replace(/"/g, '""')}"` : t;
}

export function toCsv(table: Table, opts: { escapeFormulas?: boolean } = {}): string {
  const esc = opts.escapeFormulas ?? true;
  const lines = [table.columns.map((c) => csvCell(c, esc)).join(',')];
  for (const r of table.rows) lines.push(table.columns.map((c) => csvCell(cellValue(r, c), esc)).join(','));
  return lines.join('\r\n') + '\r\n';
}

export function toNdjson(rows: unknown[]): string {
  return rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
}

function tempName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes a file atomically: a temp file beside it (flushed to disk), then a rename over the target. */
export function writeAtomic(file: string, content: string | Buffer): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = tempName(file);
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeFileSync(fd, content);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    try {
      fs.unlinkSync(tmp);
    } catch {
      // not written
    }
    throw e;
  }
}

/** Resolves once `stream` has handed its buffered writes on (at once unless it asked for a drain), or has failed or closed. */
export function streamDrained(stream: NodeJS.WritableStream & { writableNeedDrain?: boolean; destroyed?: boolean }): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}

/**
 * A file written as its text arrives (memory stays flat), atomically: the text goes to a temp file
 * beside the target; `commit` renames it into place, `abort` removes it.
 */
export class StreamFileWriter {
  private readonly tmp: string;
  private readonly stream: fs.WriteStream;
  private error?: Error;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.tmp = tempName(file);
    this.stream = fs.createWriteStream(this.tmp);
    this.stream.on('error', (e) => (this.error ??= e));
  }

  writeText(text: string): void {
    this.stream.write(text);
  }

  /** Resolves once the text written so far is handed to the file (the RunSession's `backpressure`). */
  drained(): Promise<void> {
    return this.error ? Promise.resolve() : streamDrained(this.stream);
  }

  /** Finishes the file and renames it into place; returns the path written. */
  async commit(): Promise<string> {
    await new Promise<void>((resolve, reject) => this.stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (this.error) throw this.error;
    fs.renameSync(this.tmp, this.file);
    return this.file;
  }

  async abort(): Promise<void> {
    await new Promise<void>((resolve) => this.stream.end(() => resolve()));
    try {
      fs.unlinkSync(this.tmp);
    } catch {
      // already gone
    }
  }
}

/** An NDJSON file written record by record (a StreamFileWriter). */
export class NdjsonFileWriter extends StreamFileWriter {
  count = 0;

  /** Writes one record (a RecordSink: `(list, record) => writer.write(record)`). */
  write(record: unknown): void {
    this.count++;
    this.writeText(JSON.stringify(record) + '\n');
  }
}

/** The name an export of a run is offered under: `results.csv` → `results.partial.csv` for a partial run (`true` or `'partial'`), `results.failed.csv` for a failed one. */
export function exportName(file: string, status: boolean | RunStatus): string {
  const word = status === true ? 'partial' : status;
  if (!word || word === 'complete') return file;
  const ext = path.extname(file);
  return ext ? `${file.slice(0, -ext.length)}.${word}${ext}` : `${file}.${word}`;
}

export interface ExportInput extends RunStatusInput {
  result: Record<string, unknown>;
  continue: Record<string, string> | null;
  endpoint: string;
  params: Record<string, string>;
}

/** Why a failed run failed, in words (its failure, else the wiki's errors). */
function failureText(input: ExportInput): string {
  const why = typeof input.failure === 'string' ? input.failure : input.failure && 'message' in input.failure ? String(input.failure.message) : undefined;
  const errors = (input.errors ?? []).map((e) => (typeof e === 'object' && e && 'text' in e ? String(e.text) : String(e)));
  return why ?? errors.join('; ');
}

/**
 * One table of a result as CSV or NDJSON: the data only, whatever the run's state (the command
 * line says the state on stderr and in its status file). `table` picks the table (default: the
 * first table of records, see core's results vocabulary).
 */
export function renderTable(result: Record<string, unknown>, format: 'csv' | 'ndjson', opts: { table?: string; escapeFormulas?: boolean } = {}): string {
  const tables = resultTables(result);
  const table = pickTable(tables, opts.table);
  if (!table) throw new Error(opts.table ? `The result has no table '${opts.table}' (it has ${tables.map((t) => t.name).join(', ') || 'none'}).` : 'The result has no list to export: choose JSON.');
  return format === 'ndjson' ? toNdjson(table.rows) : toCsv(table, opts);
}

/** Renders an export: a table's records (CSV, NDJSON), or the result with the run's state (JSON). */
export function renderExport(input: ExportInput, format: ExportFormat, opts: { table?: string; escapeFormulas?: boolean } = {}): string {
  if (format !== 'json') return renderTable(input.result, format, opts);
  const status = runStatus(input);
  const failed = status === 'failed' ? { error: failureText(input) } : {};
  return JSON.stringify({ endpoint: input.endpoint, request: input.params, status, complete: input.complete, ...failed, continue: input.continue, ...input.result }, null, 2) + '\n';
}
