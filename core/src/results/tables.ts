/**
 * Which tables a merged result has, and their rows: the one results vocabulary shared by the
 * results view, CSV/NDJSON export and the CLI's `--format table`. Pure.
 *
 * - every list (an array, of records or of plain values) is a table;
 * - `pages` is one table, a row per page (formatversion 2 array or formatversion 1 object keyed
 *   by id), whose props (`revisions`, `categories`…) are columns holding their nested value;
 * - `paraminfo.modules` is a table of module descriptors (shown as a reference by the view), and
 *   `parameters` a table of every module's parameters (`module`, `parameter` as written in a request);
 * - other objects (meta modules such as siteinfo) are a key/value table or, when every member is a
 *   record, a table of those records keyed by their member name (`#key`).
 */
import { isObj, type JsonObject } from '../util/json';
import { PREFERRED_COLUMNS, columnsOf } from './cells';

export type TableKind = 'list' | 'pages' | 'paraminfo' | 'parameters' | 'objects' | 'keyvalue';

export interface TableSpec {
  /** Unique id: the path joined by '.', e.g. `query.allimages`. */
  id: string;
  /** The member name (`allimages`, `pages`, `modules`, `parameters`): what export's `table` names. */
  name: string;
  /** Where the table's data is in the result. */
  path: string[];
  kind: TableKind;
}

/** A table with its rows and columns. */
export interface ResultTable extends TableSpec {
  columns: string[];
  rows: unknown[];
}

/** Members of a result that are not tables of their own. */
const NOT_TABLES = new Set(['continue', 'batchcomplete', 'warnings', 'errors', 'debuginfo', 'servedby', 'curtimestamp', 'uselang', 'docref', 'limits']);

/** The tables of a merged result, in the result's member order. */
export function findTables(result: unknown): TableSpec[] {
  const out: TableSpec[] = [];
  if (!isObj(result)) return out;
  for (const [top, body] of Object.entries(result)) {
    if (NOT_TABLES.has(top)) continue;
    if (Array.isArray(body)) {
      out.push({ id: top, name: top, path: [top], kind: 'list' });
      continue;
    }
    if (!isObj(body)) continue;
    for (const [name, v] of Object.entries(body)) {
      const path = [top, name];
      const id = path.join('.');
      if (top === 'paraminfo' && name === 'modules' && Array.isArray(v)) {
        out.push({ id, name, path, kind: 'paraminfo' });
        if (v.some((m) => isObj(m) && Array.isArray(m.parameters))) out.push({ id: `${top}.parameters`, name: 'parameters', path, kind: 'parameters' });
      } else if (name === 'pages' && (Array.isArray(v) || isObj(v))) out.push({ id, name, path, kind: 'pages' });
      else if (Array.isArray(v)) out.push({ id, name, path, kind: 'list' });
      else if (isObj(v) && Object.keys(v).length) {
        out.push({ id, name, path, kind: Object.values(v).every(isObj) ? 'objects' : 'keyvalue' });
      }
    }
  }
  return out;
}

export function getPath(root: unknown, path: readonly string[]): unknown {
  let v = root;
  for (const p of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as JsonObject)[p];
  }
  return v;
}

/** The parameters of every paraminfo module, one row each: its module, its name with the module's prefix, its descriptor. */
function parameterRows(modules: unknown[]): unknown[] {
  const rows: unknown[] = [];
  for (const m of modules) {
    if (!isObj(m) || !Array.isArray(m.parameters)) continue;
    const module = String(m.path ?? m.name ?? '');
    const prefix = typeof m.prefix === 'string' ? m.prefix : '';
    for (const p of m.parameters) if (isObj(p)) rows.push({ module, parameter: `${prefix}${String(p.name ?? '')}`, ...p });
  }
  return rows;
}

/** The rows of a table. For lists and fv2 pages this is the array itself (appends show up). */
export function tableRows(result: unknown, spec: TableSpec): unknown[] {
  const v = getPath(result, spec.path);
  if (spec.kind === 'parameters') return Array.isArray(v) ? parameterRows(v) : [];
  if (Array.isArray(v)) return v;
  if (!isObj(v)) return [];
  if (spec.kind === 'keyvalue') return Object.entries(v).map(([key, value]) => ({ key, value }));
  if (spec.kind === 'objects') return Object.entries(v).map(([key, rec]) => (isObj(rec) ? { '#key': key, ...rec } : { '#key': key, value: rec }));
  return Object.values(v); // fv1 pages keyed by id
}

/** The preferred columns of a table (its usual order). */
export function preferredColumns(spec: TableSpec): readonly string[] {
  return PREFERRED_COLUMNS[spec.kind === 'keyvalue' ? 'keyvalue' : spec.name] ?? [];
}

/** Tables of records (lists, pages, paraminfo modules), as opposed to derived ones and members shown as key/value. */
export const isRecordTable = (spec: TableSpec): boolean => spec.kind === 'list' || spec.kind === 'pages' || spec.kind === 'paraminfo';

/** Every table of a result with its rows and columns. */
export function resultTables(result: unknown): ResultTable[] {
  return findTables(result).map((spec) => {
    const rows = tableRows(result, spec);
    return { ...spec, rows, columns: columnsOf(rows, preferredColumns(spec)) };
  });
}

/** The table a single-table export or view starts with: `name` when given, else the first table of records. */
export function pickTable<T extends TableSpec>(tables: readonly T[], name?: string): T | undefined {
  if (name) return tables.find((t) => t.name === name || t.id === name);
  return tables.find(isRecordTable) ?? tables[0];
}

/** Records in the result's tables (paraminfo modules count as records, their parameters do not add to them). */
export function recordCount(result: unknown): number {
  let n = 0;
  for (const t of findTables(result)) if (isRecordTable(t)) n += tableRows(result, t).length;
  return n;
}
