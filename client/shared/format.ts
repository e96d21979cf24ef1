/** How values read in the view: one-line renderings, sizes, times, counts, and which fields hold wiki HTML. Pure. */
import { Obj, isObj } from './json';

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
      const x: unknown = v[i];
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
