/**
 * Views chosen by the data's shape (Images, Timeline, Breakdown): which of them apply to a result,
 * the fields each can show, and the filter a timeline range or a breakdown bar puts on a table.
 * Pure: no DOM. A *field* is a record's member (`timestamp`) or a member of the records of an
 * array member (`revisions.timestamp`, `imageinfo.user`), so a page's revisions have a timeline.
 */
import { isObj } from './json';
import { imageOf } from './images';
import { findTables, tableRows, type TableSpec } from './tables';

export const VIEWS = ['images', 'timeline', 'breakdown'] as const;
export type ViewId = (typeof VIEWS)[number];

/** A field of a table a view can show. */
export interface ViewSource {
  table: string;
  /** The table's name (`allimages`, `pages`). */
  tableName: string;
  field: string;
}

/** What each view can show of a result; a view with no source does not apply. */
export type ViewSources = Record<ViewId, ViewSource[]>;

/** Rows read per table to decide what applies (the views themselves read every row). */
export const SAMPLE_ROWS = 2000;
/** A breakdown column has at most this many distinct values in the sample. */
export const MAX_DISTINCT = 40;

/** The number written by the `n` digits of `s` at `i`, or -1. */
function digits(s: string, i: number, n: number): number {
  let x = 0;
  for (let k = i; k < i + n; k++) {
    const c = s.charCodeAt(k) - 48;
    if (c < 0 || c > 9) return -1;
    x = x * 10 + c;
  }
  return x;
}

/**
 * Milliseconds since the epoch of an ISO 8601 UTC timestamp as the API writes it
 * (`2024-03-05T14:07:00Z`, optionally with fractions of a second), else NaN. Read digit by digit:
 * a timeline parses every record's, 100,000 of them.
 */
export function parseTimestamp(v: unknown): number {
  if (typeof v !== 'string' || v.length < 20 || v.length > 30) return NaN;
  // 2024-03-05T14:07:00Z: separators at 4, 7, 10, 13, 16; fractions of a second between 19 and Z.
  if (v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45 || v.charCodeAt(10) !== 84 || v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58 || v.charCodeAt(v.length - 1) !== 90) return NaN;
  if (v.length > 20 && (v.charCodeAt(19) !== 46 || v.length === 21 || digits(v, 20, v.length - 21) < 0)) return NaN;
  const y = digits(v, 0, 4);
  const mo = digits(v, 5, 2);
  const d = digits(v, 8, 2);
  const h = digits(v, 11, 2);
  const mi = digits(v, 14, 2);
  const s = digits(v, 17, 2);
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60) return NaN;
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The values of `field` in a record: one for a member, one per record for `array.member`. */
export function fieldValues(row: unknown, field: string): unknown[] {
  if (!isObj(row)) return field === 'value' ? [row] : [];
  const dot = field.indexOf('.');
  if (dot < 0) return field in row ? [row[field]] : [];
  const arr = row[field.slice(0, dot)];
  const key = field.slice(dot + 1);
  if (!Array.isArray(arr)) return [];
  const out: unknown[] = [];
  for (const x of arr) if (isObj(x) && key in x) out.push(x[key]);
  return out;
}

/** Breakdown columns come first in this order when a table has several. */
const PREFERRED = ['user', 'type', 'action', 'ns', 'namespace', 'mime', 'mediatype', 'tags', 'minor', 'bot', 'new', 'contentmodel'];
/** Members that identify a record: never a breakdown. */
const IDS = /(^|\.)(\w*id|title|name|comment|parsedcomment|sha1|url|descriptionurl|descriptionshorturl|timestamp|size|width|height|length|sortkey|\*)$/;

const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The fields of `rows` (members, and members of records in array members), in first-seen order. */
function fieldsOf(rows: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    if (!isObj(r)) continue;
    for (const [k, v] of Object.entries(r)) {
      if (Array.isArray(v)) {
        for (const x of v.slice(0, 5)) if (isObj(x)) for (const kk of Object.keys(x)) seen.add(`${k}.${kk}`);
      } else seen.add(k);
    }
  }
  return [...seen];
}

function isTimestampField(rows: readonly unknown[], field: string): boolean {
  let found = 0;
  for (const r of rows) {
    for (const v of fieldValues(r, field)) {
      if (Number.isNaN(parseTimestamp(v))) return false;
      found++;
    }
  }
  return found > 0;
}

function isBreakdownField(rows: readonly unknown[], field: string): boolean {
  if (field.includes('.') || IDS.test(field)) return false;
  const distinct = new Set<string>();
  let n = 0;
  for (const r of rows) {
    for (const v of fieldValues(r, field)) {
      if (!scalar(v)) return false;
      distinct.add(String(v));
      n++;
      if (distinct.size > MAX_DISTINCT) return false;
    }
  }
  // At least two values, and some repeat (a column of distinct values is no breakdown).
  return distinct.size >= 2 && distinct.size < n;
}

const byPreference = (a: string, b: string) => {
  const ia = PREFERRED.indexOf(a);
  const ib = PREFERRED.indexOf(b);
  return (ia < 0 ? PREFERRED.length : ia) - (ib < 0 ? PREFERRED.length : ib);
};

/** The tables whose records a view can show: lists and pages (not paraminfo, not key/value members). */
export function recordTables(result: unknown): TableSpec[] {
  return findTables(result).filter((s) => s.kind === 'list' || s.kind === 'pages');
}

/** What each view can show of `result`, from the first `SAMPLE_ROWS` records of each table. */
export function viewSources(result: unknown): ViewSources {
  const out: ViewSources = { images: [], timeline: [], breakdown: [] };
  for (const spec of recordTables(result)) {
    const rows = tableRows(result, spec).slice(0, SAMPLE_ROWS);
    if (!rows.length) continue;
    const src = (field: string): ViewSource => ({ table: spec.id, tableName: spec.name, field });
    if (rows.some((r) => imageOf(r) !== undefined)) out.images.push(src(''));
    const fields = fieldsOf(rows);
    for (const f of fields) if (isTimestampField(rows, f)) out.timeline.push(src(f));
    for (const f of fields.filter((x) => isBreakdownField(rows, x)).sort(byPreference)) out.breakdown.push(src(f));
  }
  return out;
}

/** The views that apply to `result`, in tab order. */
export function applicableViews(result: unknown): ViewId[] {
  const s = viewSources(result);
  return VIEWS.filter((v) => s[v].length > 0);
}

/** A source's label in a chooser: the field, with its table's name when several tables offer fields. */
export function sourceLabel(s: ViewSource, all: readonly ViewSource[]): string {
  const field = s.field || s.tableName;
  return all.some((o) => o.table !== s.table) ? `${s.tableName} · ${field}` : field;
}

// ---------------------------------------------------------------------------------------------
// The filter a view puts on a table

export type ViewFilter =
  /** Records with a timestamp of `field` in [from, to) (ms since the epoch). */
  | { kind: 'range'; table: string; field: string; from: number; to: number }
  /** Records whose `field` has the value of key `value` (see `valueKey`). */
  | { kind: 'value'; table: string; field: string; value: string };

/** The key a breakdown counts a value under: missing and empty values together. */
export const NONE_KEY = '\u0000none';
export function valueKey(v: unknown): string {
  if (v === undefined || v === null || v === '') return NONE_KEY;
  return typeof v === 'string' ? v : scalar(v) ? String(v) : JSON.stringify(v);
}

export const valueLabel = (key: string) => (key === NONE_KEY ? '(none)' : key);

/** Does `row` pass the filter? */
export function filterMatches(row: unknown, f: ViewFilter): boolean {
  const values = fieldValues(row, f.field);
  if (f.kind === 'range') {
    return values.some((v) => {
      const t = parseTimestamp(v);
      return t >= f.from && t < f.to;
    });
  }
  if (!values.length) return f.value === NONE_KEY;
  return values.some((v) => valueKey(v) === f.value);
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/:00\.000Z$/, 'Z').replace('T', ' ');

/** The filter in words, e.g. `user = Alice` or `timestamp 2024-01-01 10:00Z – 2024-01-01 12:00Z`. */
export function describeFilter(f: ViewFilter): string {
  if (f.kind === 'value') return `${f.field} = ${valueLabel(f.value)}`;
  return `${f.field} ${iso(f.from)} – ${iso(f.to)}`;
}

/** Is `f` a well-formed filter (it is read back from saved state)? */
export function isViewFilter(f: unknown): f is ViewFilter {
  if (!isObj(f) || typeof f.table !== 'string' || typeof f.field !== 'string') return false;
  if (f.kind === 'range') return Number.isFinite(f.from) && Number.isFinite(f.to);
  return f.kind === 'value' && typeof f.value === 'string';
}
