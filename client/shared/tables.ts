/**
 * The tables of a results model as the view shows them (core's results vocabulary, the same one
 * CSV export and the CLI use), their sort order, and what the webview keeps across reloads. No
 * `vscode`, no DOM: used by the panel (extension host), the webview script (browser) and the unit
 * tests. The model itself and the host/webview contract are in `client/shared/`.
 */
import { cellText, recordCount, resultTables, runStatus, type RunStatus } from '../../core/src';
import { Obj, isObj } from './json';
import type { ResultsMessage, ResultsModel } from './model';

// ---------------------------------------------------------------------------------------------
// Tables, columns and cell text: core's results vocabulary (the same as export and the CLI use)

export {
  ColumnSet, PREFERRED_COLUMNS, TITLE_SEPARATOR, cellData, cellText, cellValue, columnsOf, findTables, preferredColumns, recordCount, resultTables, runStatus, tableRows,
  type RunStatus, type TableKind, type TableSpec,
} from '../../core/src';

// ---------------------------------------------------------------------------------------------
// Sorting

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Sort order of cell values: missing last, numbers numerically, text naturally, nested values by the text their cell shows. */
export function compareCells(a: unknown, b: unknown): number {
  const am = a === undefined || a === null || a === '';
  const bm = b === undefined || b === null || b === '';
  if (am || bm) return am === bm ? 0 : am ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? -1 : 1;
  const as = typeof a === 'string' ? a : cellText(a);
  const bs = typeof b === 'string' ? b : cellText(b);
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
    /** complete, partial or failed (core's runStatus), as the header badge says. */
    state: RunStatus;
    records: number;
    /** A continue remains and the host can fetch it. */
    canContinue: boolean;
    failure?: string;
    errors: ResultsMessage[];
    warnings: ResultsMessage[];
  };
  /** Lists, pages, paraminfo modules and parameters, with the columns the table shows (core's resultTables). */
  tables: Array<{ name: string; columns: string[]; rows: unknown[] }>;
  /** paraminfo module descriptors. */
  modules: unknown[];
  /** The merged result (the JSON tab). */
  json: unknown;
}

export function snapshotOf(m: ResultsModel, canPage = true): PanelSnapshot {
  const all = resultTables(m.result);
  const tables = all.filter((t) => t.kind !== 'keyvalue' && t.kind !== 'objects').map(({ name, columns, rows }) => ({ name, columns, rows }));
  const para = all.find((t) => t.kind === 'paraminfo');
  return {
    header: {
      name: m.requestName, endpoint: m.endpoint, status: m.httpStatus, ms: m.timeMs ?? 0, bytes: m.bytes ?? 0, batches: m.batches, complete: m.complete, state: runStatus(m),
      records: recordCount(m.result), canContinue: canPage && !m.complete && !!m.continue, failure: m.failure, errors: m.errors, warnings: m.warnings,
    },
    tables,
    modules: para ? para.rows : [],
    json: m.result,
  };
}
