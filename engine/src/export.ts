/**
 * Export of results: JSON, NDJSON and CSV, written atomically (temp file + rename). CSV follows
 * RFC 4180 (quotes doubled, fields with `,` `"` CR or LF quoted, CRLF line ends). Cells whose text
 * starts with `=`, `+`, `-`, `@`, a tab or a CR get a leading `'` so spreadsheets do not run them as
 * formulas (on by default; `escapeFormulas: false` turns it off). Numbers from the JSON (`ns: -1`)
 * are data, not text, and are written as they are. The editor's exports (renderExport) mark
 * partial runs in the file name (`name.partial.ext`) and the content (JSON `partial: true` with `continue`; a last NDJSON line
 * `{"_partial":true,"continue":…}`; a last CSV
 * record, one quoted cell `# partial: continue=…`). A failed run (nothing received, see core's
 * `runStatus`) is marked the same way with `failed` (`name.failed.ext`, JSON `failed: true`,
 * `{"_failed":true,…}`, `# failed: …`). The command line writes data only (renderTable, and the
 * writers' plain `commit()`): the run's state goes to stderr, the exit status and its status file.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { cellText, cellValue, pickTable, resultTables, runStatus, type ResultTable, type RunStatus, type RunStatusInput } from '../../core/src';

export type ExportFormat = 'json' | 'ndjson' | 'csv';

/** A table to write: columns in order and its rows (records, or plain values read as a `value` column). */
export type Table = Pick<ResultTable, 'name' | 'columns' | 'rows'>;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(v: unknown, escapeFormulas = true): string {
  let t = cellText(v);
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
 * beside the target; `commit` renames it into place (as `name.partial.ext` when the run is
 * partial), `abort` removes it.
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

  /** Finishes the file and renames it into place (`name.partial.ext` when `partial`); returns the path written. */
  async commit(partial = false): Promise<string> {
    await new Promise<void>((resolve, reject) => this.stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (this.error) throw this.error;
    const target = exportName(this.file, partial);
    fs.renameSync(this.tmp, target);
    return target;
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

/** An NDJSON file written record by record (a StreamFileWriter); a partial one ends with a `{"_partial":true,"continue":…}` line. */
export class NdjsonFileWriter extends StreamFileWriter {
  count = 0;

  /** Writes one record (a RecordSink: `(list, record) => writer.write(record)`). */
  write(record: unknown): void {
    this.count++;
    this.writeText(JSON.stringify(record) + '\n');
  }

  /** `partial` with the `continue` to resume from: the file ends with the partial line. */
  override commit(partial: { continue: Record<string, string> | null } | boolean = false): Promise<string> {
    if (typeof partial === 'object') this.writeText(JSON.stringify({ _partial: true, continue: partial.continue }) + '\n');
    return super.commit(!!partial);
  }
}

/** `results.csv` → `results.partial.csv` for a partial run (`true` or `'partial'`), `results.failed.csv` for a failed one. */
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

/** The marker of an export that is not complete: what a partial run can resume from, or why a failed one failed. */
function marker(input: ExportInput, status: RunStatus): Record<string, unknown> {
  if (status === 'partial') return { continue: input.continue };
  const why = typeof input.failure === 'string' ? input.failure : input.failure && 'message' in input.failure ? String(input.failure.message) : undefined;
  const errors = (input.errors ?? []).map((e) => (typeof e === 'object' && e && 'text' in e ? String((e).text) : String(e)));
  return { error: why ?? errors.join('; ') };
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

/** Renders an export (the editor's): the table's data with the marker of a partial or failed run. */
export function renderExport(input: ExportInput, format: ExportFormat, opts: { table?: string; escapeFormulas?: boolean } = {}): string {
  const status = runStatus(input);
  if (format === 'json') {
    const failed = status === 'failed' ? { failed: true, ...marker(input, status) } : {};
    return JSON.stringify({ endpoint: input.endpoint, request: input.params, complete: input.complete, partial: status === 'partial', ...failed, continue: input.continue, ...input.result }, null, 2) + '\n';
  }
  const body = renderTable(input.result, format, opts);
  if (status === 'complete') return body;
  if (format === 'ndjson') return body + JSON.stringify({ [`_${status}`]: true, ...marker(input, status) }) + '\n';
  const [key, value] = Object.entries(marker(input, status))[0];
  return `${body}${csvCell(`# ${status}: ${key}=${JSON.stringify(value)}`, false)}\r\n`;
}

/** Renders and writes an export atomically, naming it partial or failed when the run is; returns the path written. */
export function exportToFile(file: string, input: ExportInput, format: ExportFormat, opts: { table?: string; escapeFormulas?: boolean } = {}): string {
  const body = renderExport(input, format, opts);
  const target = exportName(file, runStatus(input));
  writeAtomic(target, body);
  return target;
}
