/**
 * Export of results: JSON, NDJSON and CSV, written atomically (temp file + rename). CSV follows
 * RFC 4180 (quotes doubled, fields with `,` `"` CR or LF quoted, CRLF line ends); cells starting
 * with `= + - @`, tab or CR get a leading `'` so spreadsheets do not run them as formulas (on by
 * default). Partial runs are marked in the file name and the content.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export type ExportFormat = 'json' | 'ndjson' | 'csv';

export interface Table {
  name: string;
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

/** The tables of a merged result: one per list (array of records), one for `pages`. */
export function tablesOf(result: Record<string, unknown>): Table[] {
  const out: Table[] = [];
  for (const body of Object.values(result)) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) continue;
    for (const [name, v] of Object.entries(body as Record<string, unknown>)) {
      let rows: unknown[] | undefined;
      if (Array.isArray(v)) rows = v;
      else if (name === 'pages' && v && typeof v === 'object') rows = Object.values(v);
      if (!rows || !rows.every((r) => r && typeof r === 'object' && !Array.isArray(r))) continue;
      const records = rows as Array<Record<string, unknown>>;
      out.push({ name, columns: columnsOf(records), rows: records });
    }
  }
  return out;
}

/** Columns in first-seen order over all records, so an unknown list still gets a table. */
export function columnsOf(rows: Array<Record<string, unknown>>): string[] {
  const cols: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) if (!seen.has(k)) {
    seen.add(k);
    cols.push(k);
  }
  return cols;
}

export function cellText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(v: unknown, escapeFormulas = true): string {
  let t = cellText(v);
  if (escapeFormulas && FORMULA.test(t)) t = `'${t}`;
  return /[",\r\n]/.test(t) || t !== t.trim() ? `"${t.replace(/"/g, '""')}"` : t;
}

export function toCsv(table: Table, opts: { escapeFormulas?: boolean } = {}): string {
  const esc = opts.escapeFormulas ?? true;
  const lines = [table.columns.map((c) => csvCell(c, esc)).join(',')];
  for (const r of table.rows) lines.push(table.columns.map((c) => csvCell(r[c], esc)).join(','));
  return lines.join('\r\n') + '\r\n';
}

export function toNdjson(rows: unknown[]): string {
  return rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
}

/** Writes a file atomically: a temp file beside it, then a rename. */
export function writeAtomic(file: string, content: string | Buffer): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    fs.writeFileSync(tmp, content);
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

/** `results.csv` → `results.partial.csv` for a partial run. */
export function exportName(file: string, partial: boolean): string {
  if (!partial) return file;
  const ext = path.extname(file);
  return ext ? `${file.slice(0, -ext.length)}.partial${ext}` : `${file}.partial`;
}

export interface ExportInput {
  result: Record<string, unknown>;
  complete: boolean;
  continue: Record<string, string> | null;
  endpoint: string;
  params: Record<string, string>;
}

/** Renders an export; for CSV/NDJSON `table` picks the list (default: the first). */
export function renderExport(input: ExportInput, format: ExportFormat, opts: { table?: string; escapeFormulas?: boolean } = {}): string {
  if (format === 'json') {
    return JSON.stringify({ endpoint: input.endpoint, request: input.params, complete: input.complete, partial: !input.complete, continue: input.continue, ...input.result }, null, 2) + '\n';
  }
  const tables = tablesOf(input.result);
  const table = opts.table ? tables.find((t) => t.name === opts.table) : tables[0];
  if (!table) throw new Error(opts.table ? `The result has no table '${opts.table}' (it has ${tables.map((t) => t.name).join(', ') || 'none'}).` : 'The result has no list to export: choose JSON.');
  if (format === 'ndjson') {
    const body = toNdjson(table.rows);
    return input.complete ? body : body + JSON.stringify({ _partial: true, continue: input.continue }) + '\n';
  }
  const csv = toCsv(table, opts);
  return input.complete ? csv : `${csv}# partial: continue=${JSON.stringify(input.continue)}\r\n`;
}
