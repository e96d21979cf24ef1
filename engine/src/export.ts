/**
 * Export of results: JSON, NDJSON and CSV (written atomically by `exportFile.ts`). CSV follows
 * RFC 4180 (quotes doubled, fields with `,` `"` CR or LF quoted, CRLF line ends). Cells whose text
 * starts with `=`, `+`, `-`, `@`, a tab or a CR get a leading `'` so spreadsheets do not run them as
 * formulas (on by default; `escapeFormulas: false` turns it off). Numbers from the JSON (`ns: -1`)
 * are data, not text, and are written as they are. Exports hold data only and go to the file
 * asked for, whatever the run's state: CSV and NDJSON the table's records, JSON the result with
 * the run's `status` (`complete`, `partial` or `failed`), its `continue` and, when failed, its
 * `error` (what `--continue` reads back). The state is said beside the file: the command line's
 * stderr, exit status and status file; the editor's notification.
 */
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

/** The name an export of a run is offered under: `results.csv` → `results.partial.csv` for a partial run (`true` or `'partial'`), `results.failed.csv` for a failed one. */
export function exportName(file: string, status: boolean | RunStatus): string {
  const word = status === true ? 'partial' : status;
  if (!word || word === 'complete') return file;
  // The extension as Node's path.extname reads it (the last dot of the name, not a leading one); no `path` here: the web bundles use this file.
  const name = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const ext = name.lastIndexOf('.') > 0 ? name.slice(name.lastIndexOf('.')) : '';
  return ext ? `${file.slice(0, -ext.length)}.${word}${ext}` : `${file}.${word}`;
}

export interface ExportInput extends RunStatusInput {
  result: Record<string, unknown>;
  continue: Record<string, string> | null;
  endpoint: string;
  params: Record<string, string>;
  /** Why the run stopped early: the engine's error or its text. */
  failure?: string | { readonly kind: string; readonly message?: string };
  /** The wiki's errors. */
  errors?: readonly unknown[];
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
