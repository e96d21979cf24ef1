/**
 * The tables of a results model (which tables a result has, their rows, columns and cell text),
 * their sort order, and what the webview keeps across reloads. No `vscode`, no DOM: used by the
 * panel (extension host), the webview script (browser) and the unit tests. The model itself and
 * the host/webview contract are in `client/shared/`.
 */

import { Obj, getPath, isObj } from '../../shared/json';
import { compact } from '../../shared/format';
import type { ResultsMessage, ResultsModel } from '../../shared/model';

// ---------------------------------------------------------------------------------------------
// Tables found in a merged result

export type TableKind = 'list' | 'pages' | 'paraminfo' | 'objects' | 'keyvalue';

export interface TableSpec {
  /** Unique id: the path joined by '.', e.g. `query.allimages`. */
  id: string;
  /** The member name (`allimages`, `pages`, `modules`): what export's `table` names. */
  name: string;
  path: string[];
  kind: TableKind;
}

/** Members of a result body that are not tables of their own. */
const NOT_TABLES = new Set(['continue', 'batchcomplete', 'warnings', 'errors', 'debuginfo', 'servedby', 'curtimestamp', 'uselang', 'docref', 'limits']);

/**
 * The tables of a merged result: one per list (array of records or values), one for `pages`
 * (formatversion 2 array or formatversion 1 object), the module descriptors of `paraminfo` as a
 * reference, and for objects (meta modules such as siteinfo) a key/value table or, when every
 * value is a record, a table of those records keyed by their member name.
 */
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
      if (top === 'paraminfo' && name === 'modules' && Array.isArray(v)) out.push({ id, name, path, kind: 'paraminfo' });
      else if (name === 'pages' && (Array.isArray(v) || isObj(v))) out.push({ id, name, path, kind: 'pages' });
      else if (Array.isArray(v)) out.push({ id, name, path, kind: 'list' });
      else if (isObj(v) && Object.keys(v).length) {
        const values = Object.values(v);
        out.push({ id, name, path, kind: values.every(isObj) ? 'objects' : 'keyvalue' });
      }
    }
  }
  return out;
}

/** The rows of a table. For lists and fv2 pages this is the array itself (appends show up). */
export function tableRows(result: unknown, spec: TableSpec): unknown[] {
  const v = getPath(result, spec.path);
  if (Array.isArray(v)) return v;
  if (!isObj(v)) return [];
  if (spec.kind === 'keyvalue') return Object.entries(v).map(([key, value]) => ({ key, value }));
  if (spec.kind === 'objects') return Object.entries(v).map(([key, rec]) => (isObj(rec) ? { '#key': key, ...rec } : { '#key': key, value: rec }));
  return Object.values(v); // fv1 pages keyed by id
}

/** Records in the result's tables (paraminfo modules count as records). */
export function recordCount(result: unknown): number {
  let n = 0;
  for (const t of findTables(result)) if (t.kind !== 'keyvalue' && t.kind !== 'objects') n += tableRows(result, t).length;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Columns

/** Column orders for known lists; other fields follow in first-seen order. */
export const PREFERRED_COLUMNS: Record<string, string[]> = {
  allimages: ['name', 'title', 'timestamp', 'user', 'size', 'width', 'height', 'mime', 'url', 'descriptionurl', 'descriptionshorturl', 'ns'],
  logevents: ['logid', 'type', 'action', 'title', 'user', 'timestamp', 'params', 'comment', 'parsedcomment', 'ns', 'pageid', 'logpage', 'revid'],
  pages: ['pageid', 'ns', 'title', 'missing', 'invalid'],
  keyvalue: ['key', 'value'],
};

/** Incrementally collected columns of a table: preferred ones first, then in first-seen order. */
export class ColumnSet {
  private readonly seen = new Set<string>();
  private readonly others: string[] = [];
  private scanned = 0;

  constructor(private readonly preferred: readonly string[] = []) {}

  /** Scans rows from where the last call stopped; returns true when new columns appeared. */
  update(rows: readonly unknown[]): boolean {
    let added = false;
    for (let i = this.scanned; i < rows.length; i++) {
      const r = rows[i];
      if (isObj(r)) {
        for (const k in r) {
          if (!this.seen.has(k)) {
            this.seen.add(k);
            this.others.push(k);
            added = true;
          }
        }
      } else if (!this.seen.has('value')) {
        this.seen.add('value');
        this.others.push('value');
        added = true;
      }
    }
    this.scanned = rows.length;
    return added;
  }

  reset(): void {
    this.seen.clear();
    this.others.length = 0;
    this.scanned = 0;
  }

  get columns(): string[] {
    const pref = this.preferred.filter((c) => this.seen.has(c));
    const p = new Set(pref);
    return [...pref, ...this.others.filter((c) => !p.has(c))];
  }
}

export function columnsOf(rows: readonly unknown[], preferred: readonly string[] = []): string[] {
  const c = new ColumnSet(preferred);
  c.update(rows);
  return c.columns;
}

/** A cell's value: records by column, plain values (lists of strings) as `value`. */
export function cellValue(row: unknown, column: string): unknown {
  if (isObj(row)) return row[column];
  return column === 'value' ? row : undefined;
}

// ---------------------------------------------------------------------------------------------
// Formatting

/** Plain text of a value, for filtering, copying and CSV: strings as is, the rest as JSON. */
export function cellText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

// ---------------------------------------------------------------------------------------------
// Sorting

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Sort order of cell values: missing last, numbers numerically, text naturally, records by their text. */
export function compareCells(a: unknown, b: unknown): number {
  const am = a === undefined || a === null || a === '';
  const bm = b === undefined || b === null || b === '';
  if (am || bm) return am === bm ? 0 : am ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? -1 : 1;
  const as = typeof a === 'string' ? a : compact(a, 200);
  const bs = typeof b === 'string' ? b : compact(b, 200);
  return collator.compare(as, bs);
}

// ---------------------------------------------------------------------------------------------
// State kept by the webview across reloads

/**
 * A copy of the model small enough for the webview's saved state: list arrays beyond `maxRecords`
 * records in all are cut (the copy says from how many), raw bodies dropped past `maxRawChars`.
 */
export function truncateForState(m: ResultsModel, maxRecords = 5000, maxRawChars = 512 * 1024): ResultsModel {
  const total = recordCount(m.result);
  let raw: string[] = [];
  let chars = 0;
  for (const b of m.rawBatches) {
    if (chars + b.length > maxRawChars) break;
    raw.push(b);
    chars += b.length;
  }
  if (total <= maxRecords) return raw.length === m.rawBatches.length ? m : { ...m, rawBatches: raw };
  let budget = maxRecords;
  const cut = (v: unknown, depth: number): unknown => {
    if (Array.isArray(v) && depth === 2) {
      const keep = v.slice(0, Math.max(0, budget));
      budget -= keep.length;
      return keep;
    }
    if (isObj(v) && depth < 2) {
      const o: Obj = {};
      for (const [k, x] of Object.entries(v)) o[k] = cut(x, depth + 1);
      return o;
    }
    return v;
  };
  raw = raw.length ? raw : [];
  return { ...m, result: cut(m.result, 0), rawBatches: raw, truncatedFrom: m.truncatedFrom ?? total };
}

// ---------------------------------------------------------------------------------------------
// What a panel shows, summarised (tests and the extension read it)

export interface PanelSnapshot {
  header: {
    name: string;
    endpoint: string;
    status?: number;
    ms: number;
    bytes: number;
    batches: number;
    complete: boolean;
    records: number;
    /** A continue remains and the host can fetch it. */
    canContinue: boolean;
    failure?: string;
    errors: ResultsMessage[];
    warnings: ResultsMessage[];
  };
  /** Lists, pages and paraminfo modules, with the columns the table shows. */
  tables: Array<{ name: string; columns: string[]; rows: unknown[] }>;
  /** paraminfo module descriptors. */
  modules: unknown[];
  /** The merged result (the JSON tab). */
  json: unknown;
}

export function snapshotOf(m: ResultsModel, canPage = true): PanelSnapshot {
  const specs = findTables(m.result);
  const tables = specs.filter((t) => t.kind === 'list' || t.kind === 'pages' || t.kind === 'paraminfo').map((t) => {
    const rows = tableRows(m.result, t);
    return { name: t.name, columns: columnsOf(rows, PREFERRED_COLUMNS[t.name] ?? []), rows };
  });
  const para = specs.find((t) => t.kind === 'paraminfo');
  return {
    header: {
      name: m.requestName, endpoint: m.endpoint, status: m.httpStatus, ms: m.timeMs ?? 0, bytes: m.bytes ?? 0, batches: m.batches, complete: m.complete,
      records: recordCount(m.result), canContinue: canPage && !m.complete && !!m.continue, failure: m.failure, errors: m.errors, warnings: m.warnings,
    },
    tables,
    modules: para ? tableRows(m.result, para) : [],
    json: m.result,
  };
}
