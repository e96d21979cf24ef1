/**
 * A comparison as the Diff tab draws it, without the DOM: per table its heading (key, counts,
 * summary) and a grid of the records listed — `+` added, `-` removed, `~` changed — whose columns
 * are the key, the title and the fields that changed first, then the records' other fields in the
 * results vocabulary's order (each once); a changed record's
 * changed cells carry their old text. Pure, shared by the view (client/media/src/diffTab.ts) and the tests.
 */
import { PREFERRED_COLUMNS, cellText, cellValue, columnsOf, diffSummary, type ResultDiff, type TableDiff } from '../../core/src';
import type { DiffView } from './messages';
import { formatCount } from './format';

export { diffSummary } from '../../core/src';

/** Longest cell text drawn (the rest is cut with …; the whole value is in the JSON export). */
export const MAX_DIFF_CELL = 300;
/** Most columns drawn per table (the rest are named in the table's note). */
export const MAX_DIFF_COLUMNS = 60;

export interface DiffCell {
  text: string;
  /** The old text of a changed field (absent: unchanged, or not a changed record). */
  before?: string;
  changed: boolean;
}

export interface DiffRow {
  sign: '+' | '-' | '~';
  cells: DiffCell[];
  /** A changed record's changed fields, named ("touched, lastrevid"); '' otherwise. */
  changes: string;
}

export interface DiffGrid {
  id: string;
  name: string;
  /** "by pageid", "whole records". */
  keyText: string;
  /** "1 added, 1 removed, 1 changed · 36 → 36 records". */
  summary: string;
  note?: string;
  columns: string[];
  /** How many columns (the key, the title) come before the "changed" column the view adds. */
  lead: number;
  rows: DiffRow[];
}

const cut = (s: string) => {
  const one = s.replace(/[\r\n\t]+/g, ' ');
  return one.length > MAX_DIFF_CELL ? `${one.slice(0, MAX_DIFF_CELL - 1)}…` : one;
};

/** The grid of one table's diff. */
export function diffGrid(t: TableDiff): DiffGrid {
  const keys = t.key ? t.key.split('+') : [];
  const listed = [...t.added, ...t.removed, ...t.changed.flatMap((c) => [c.after, c.before])];
  // The key, the title, then the fields that changed (what a narrow panel must show), then the table's usual order.
  const changedFields = t.changed.flatMap((c) => c.fields.map((f) => f.field));
  const preferred = [...new Set([...keys, ...(listed.some((r) => cellValue(r, 'title') !== undefined) ? ['title'] : []), ...changedFields, ...(PREFERRED_COLUMNS[t.kind === 'keyvalue' ? 'keyvalue' : t.name] ?? [])])];
  const all = columnsOf(listed, preferred);
  const columns = all.slice(0, MAX_DIFF_COLUMNS);
  const notes = [t.note, all.length > columns.length ? `${all.length - columns.length} more columns not shown: ${all.slice(MAX_DIFF_COLUMNS, MAX_DIFF_COLUMNS + 10).join(', ')}${all.length > MAX_DIFF_COLUMNS + 10 ? '…' : ''}` : undefined].filter(Boolean);
  const lead = columns.findIndex((c) => !keys.includes(c) && c !== 'title');
  const plain = (sign: '+' | '-', r: unknown): DiffRow => ({ sign, changes: '', cells: columns.map((c) => ({ text: cut(cellText(cellValue(r, c))), changed: false })) });
  const rows: DiffRow[] = [
    ...t.added.map((r) => plain('+', r)),
    ...t.removed.map((r) => plain('-', r)),
    ...t.changed.map((c): DiffRow => {
      const changed = new Set(c.fields.map((f) => f.field));
      return {
        sign: '~',
        changes: cut(c.fields.map((f) => f.field).join(', ')),
        cells: columns.map((col) => (changed.has(col)
          ? { text: cut(cellText(cellValue(c.after, col))), before: cut(cellText(cellValue(c.before, col))), changed: true }
          : { text: cut(cellText(cellValue(c.after, col))), changed: false })),
      };
    }),
  ];
  return {
    id: t.id, name: t.name, keyText: t.key ? `by ${t.key}` : 'whole records', ...(notes.length ? { note: notes.join('; ') } : {}), columns, rows, lead: lead < 0 ? columns.length : lead,
    summary: `${diffSummary(t)} · ${formatCount(t.counts.before)} → ${formatCount(t.counts.after)} records`,
  };
}

/** A comparison as the Diff tab's message carries it: labels, summary and each table's grid. */
export function diffViewOf(before: string, after: string, d: ResultDiff): DiffView {
  return { before, after, equal: d.equal, summary: diffSummary(d), tables: d.tables.map(diffGrid) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** A run's time as the History menu and the Diff tab say it: `05:31:02`, or `2026-11-26 05:31` when not on `now`'s day (local time). */
export function timeLabel(iso: string, now: Date = new Date()): string {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return iso.slice(0, 40);
  const sameDay = t.getFullYear() === now.getFullYear() && t.getMonth() === now.getMonth() && t.getDate() === now.getDate();
  const clock = `${two(t.getHours())}:${two(t.getMinutes())}`;
  return sameDay ? `${clock}:${two(t.getSeconds())}` : `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())} ${clock}`;
}

/** A kept run in the History menu: `05:31:02 · complete · 38 records`. */
export function runLabel(r: { time: string; status: string; records: number }, now?: Date): string {
  return `${timeLabel(r.time, now)} · ${r.status} · ${formatCount(r.records)} record${r.records === 1 ? '' : 's'}`;
}
