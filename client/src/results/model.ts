/**
 * The results view's data model and its pure helpers. No `vscode`, no DOM: shared by the panel
 * (extension host), the webview script (browser) and the unit tests.
 *
 * The panel's input is a plain `ResultsModel`, so the view does not depend on engine internals;
 * `fromEngine.ts` builds one from an engine run. Which tables a result has, their columns and cell
 * text come from core's results vocabulary, so the view, CSV export and the CLI agree.
 */
import { isObj, recordCount, resultTables } from '../../../core/src';

export interface ResultsMessage {
  code?: string;
  module?: string;
  text: string;
  /** The text is wiki HTML (errorformat=html): shown through the sanitiser, never as markup otherwise. */
  html?: boolean;
}

export interface RequestInfo {
  n: number;
  url: string;
  status: number;
  ms: number;
  bytes: number;
}

export interface ResultsModel {
  requestName: string;
  endpoint: string;
  params: Record<string, string>;
  httpStatus?: number;
  timeMs?: number;
  bytes?: number;
  batches: number;
  complete: boolean;
  /** Stopped before the end (cancel, error, cap) with results kept. */
  partial: boolean;
  continue: Record<string, string> | null;
  errors: ResultsMessage[];
  warnings: ResultsMessage[];
  /** The merged result: `{ query: {...} }`, `{ paraminfo: {...} }`… */
  result: unknown;
  /** Bodies as received (the panel caps them before sending). */
  rawBatches: string[];
  debuginfo?: unknown;
  /** One line per HTTP request of the run (Debug tab). */
  requests?: RequestInfo[];
  /** Why the run stopped before the end, when it did (network error, cap…). */
  failure?: string;
  /** Set when the view shows fewer records than the run has (state restored after a reload). */
  truncatedFrom?: number;
}

/** The model without its bulky members: what an incremental update carries as its header. */
export type ModelHeader = Omit<ResultsModel, 'result' | 'rawBatches'>;

export function headerOf(m: ResultsModel): ModelHeader {
  const { result: _r, rawBatches: _b, ...header } = m;
  return header;
}

type Obj = Record<string, unknown>;
export { isObj };
export const isNested = (v: unknown): boolean => typeof v === 'object' && v !== null;

// ---------------------------------------------------------------------------------------------
// Tables, columns and cell text: core's results vocabulary (the same as export and the CLI use)

export {
  ColumnSet, PREFERRED_COLUMNS, cellText, cellValue, columnsOf, findTables, getPath, preferredColumns, recordCount, resultTables, tableRows,
  type TableKind, type TableSpec,
} from '../../../core/src';

/** Sets a value at a path, creating objects on the way. */
export function setPath(root: Obj, path: readonly string[], value: unknown): void {
  let o = root;
  for (const p of path.slice(0, -1)) {
    if (!isObj(o[p])) o[p] = {};
    o = o[p] as Obj;
  }
  o[path[path.length - 1]] = value;
}

// ---------------------------------------------------------------------------------------------
// Formatting

const LABEL_KEYS = ['title', 'name', '*', 'value', 'user', 'timestamp'];

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, Math.max(0, max - 1))}…` : s;
}

/**
 * A short one-line rendering of a value for a table cell. Arrays show their count and a few items
 * (records by their title or name), objects their members; nesting deeper than two levels is `{…}`.
 */
export function compact(v: unknown, max = 120, depth = 0): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (typeof v === 'string') return clip(v.replace(/\s+/g, ' '), max);
  if (typeof v !== 'object') return String(v);
  if (depth >= 2) return Array.isArray(v) ? `[${v.length}]` : '{…}';
  let out = '';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    out = `(${v.length}) `;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      let label: string;
      if (isObj(x)) {
        const k = LABEL_KEYS.find((key) => typeof x[key] === 'string' || typeof x[key] === 'number');
        label = k ? String(x[k]) : compact(x, max, depth + 1);
      } else label = compact(x, max, depth + 1);
      out += (i ? ', ' : '') + label;
      if (out.length > max) break;
    }
    return clip(out, max);
  }
  const entries = Object.entries(v as Obj);
  if (entries.length === 0) return '{}';
  for (let i = 0; i < entries.length; i++) {
    const [k, x] = entries[i];
    out += `${i ? ', ' : ''}${k}: ${compact(x, max, depth + 1)}`;
    if (out.length > max) break;
  }
  return clip(out, max);
}

export function formatBytes(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

// ---------------------------------------------------------------------------------------------
// Which fields hold wiki HTML (shown through the sanitiser; everything else is text)

export const HTML_FIELDS = new Set(['parsedcomment', 'parseddescription', 'parsedsummary', 'parsedtext']);

/** True when a string looks like markup (worth sanitising rather than showing as text). */
export function looksLikeHtml(s: string): boolean {
  return /<[a-z!/]/i.test(s);
}

/** Cells whose value is wiki HTML: `parsed*` fields, and log event `params` values holding markup. */
export function htmlColumn(tableName: string, column: string): 'html' | 'params' | null {
  if (HTML_FIELDS.has(column)) return 'html';
  if (tableName === 'logevents' && column === 'params') return 'params';
  return null;
}

// ---------------------------------------------------------------------------------------------
// URLs

/** The http(s) URL `s`, normalised (spaces encoded), or undefined: no other scheme, no credentials, no control characters. */
export function safeHttpUrl(s: unknown, base?: string): string | undefined {
  if (typeof s !== 'string' || s.length === 0 || s.length > 8192) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(s.trim())) return undefined;
  let u: URL;
  try {
    u = base ? new URL(s.trim(), base) : new URL(s.trim());
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  if (u.username || u.password) return undefined;
  return u.href;
}

/** `scheme://host[:port]` of an http(s) endpoint, or undefined. */
export function originOf(endpoint: string): string | undefined {
  const u = safeHttpUrl(endpoint);
  if (!u) return undefined;
  const origin = new URL(u).origin;
  return /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(origin) ? origin : undefined;
}

export function isHttpUrlText(s: string): boolean {
  return /^https?:\/\/\S+$/i.test(s) && safeHttpUrl(s) !== undefined;
}

/** The image URL to show as a thumbnail of a record: only http(s) and only from the endpoint's origin. */
export function thumbnailUrl(record: unknown, endpoint: string): string | undefined {
  if (!isObj(record)) return undefined;
  const origin = originOf(endpoint);
  if (!origin) return undefined;
  for (const k of ['thumburl', 'url']) {
    const u = safeHttpUrl(record[k]);
    if (u && new URL(u).origin === origin) return u;
  }
  return undefined;
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
// Redaction of debuginfo

/** Header and member names whose values are secrets wherever they appear. */
const SECRET_KEY = /^(cookie|set-cookie|authorization|proxy-authorization|lgpassword|password|x-api-key|api-key|apikey)$|token|secret/i;
/** `Cookie: …` and similar header lines inside strings (debug logs). */
const SECRET_LINE = /^((?:cookie|set-cookie|authorization|proxy-authorization)\s*:\s*).*$/gim;
/** `token=…`, `password=…` in query strings. */
const SECRET_QUERY = /([?&;](?:[a-z_]*token|[a-z_]*password|key)=)[^&#\s"']*/gi;
export const REDACTED = '[redacted]';

/**
 * A copy of `debuginfo` (or anything) with cookies, authorization and other secret-looking members
 * replaced by `[redacted]` at any depth, and such header lines and query parameters inside strings
 * masked. The input is not modified. Runs on the host before anything reaches the webview.
 */
export function redactDebug(v: unknown, depth = 0): unknown {
  if (depth > 20) return '…';
  if (Array.isArray(v)) return v.map((x) => redactDebug(x, depth + 1));
  if (v && typeof v === 'object') {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v as Obj)) out[k] = SECRET_KEY.test(k) ? REDACTED : redactDebug(x, depth + 1);
    return out;
  }
  if (typeof v === 'string') return v.replace(SECRET_LINE, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
  return v;
}

/** Alias of `redactDebug` for `debuginfo`. */
export const redactDebuginfo = redactDebug;

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
      name: m.requestName, endpoint: m.endpoint, status: m.httpStatus, ms: m.timeMs ?? 0, bytes: m.bytes ?? 0, batches: m.batches, complete: m.complete,
      records: recordCount(m.result), canContinue: canPage && !m.complete && !!m.continue, failure: m.failure, errors: m.errors, warnings: m.warnings,
    },
    tables,
    modules: para ? para.rows : [],
    json: m.result,
  };
}
