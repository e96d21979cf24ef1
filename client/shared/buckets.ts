/**
 * Counting records for the Timeline and Breakdown views. Pure.
 *
 * Timeline: timestamps are counted in UTC buckets of a minute, an hour, a day or a month (a year
 * when months are too many), the smallest unit that gives at most `maxBuckets` buckets over the
 * data's span; every bucket between the first and the last is there, empty ones with 0.
 * Breakdown: records counted by a field's value, the most frequent first, the rest summed.
 */
import { fieldValues, parseTimestamp, valueKey } from './views';

export const UNITS = ['minute', 'hour', 'day', 'month', 'year'] as const;
export type Unit = (typeof UNITS)[number];

export const MAX_BUCKETS = 240;

const FIXED: Partial<Record<Unit, number>> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** The start of the bucket of `unit` holding `ms`. */
export function floorTo(ms: number, unit: Unit): number {
  const f = FIXED[unit];
  if (f) return Math.floor(ms / f) * f;
  const d = new Date(ms);
  return unit === 'month' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) : Date.UTC(d.getUTCFullYear(), 0, 1);
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: number, unit: Unit): number {
  const f = FIXED[unit];
  if (f) return start + f;
  const d = new Date(start);
  return unit === 'month' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) : Date.UTC(d.getUTCFullYear() + 1, 0, 1);
}

/** How many buckets of `unit` span [min, max]. */
export function bucketsBetween(min: number, max: number, unit: Unit): number {
  const f = FIXED[unit];
  const a = floorTo(min, unit);
  const b = floorTo(max, unit);
  if (f) return Math.round((b - a) / f) + 1;
  const da = new Date(a);
  const db = new Date(b);
  const years = db.getUTCFullYear() - da.getUTCFullYear();
  return unit === 'year' ? years + 1 : years * 12 + db.getUTCMonth() - da.getUTCMonth() + 1;
}

/** The smallest unit that shows [min, max] in at most `maxBuckets` buckets (years whatever the span). */
export function chooseUnit(min: number, max: number, maxBuckets = MAX_BUCKETS): Unit {
  for (const u of UNITS) if (bucketsBetween(min, max, u) <= maxBuckets) return u;
  return 'year';
}

export interface Timeline {
  unit: Unit;
  /** Bucket starts (ms), consecutive. */
  starts: number[];
  counts: number[];
  /** Timestamps counted, and values that were not timestamps. */
  total: number;
  skipped: number;
}

/** Counts the timestamps of `field` in `rows` (a record with several, e.g. revisions, counts each). */
export function timeline(rows: readonly unknown[], field: string, maxBuckets = MAX_BUCKETS): Timeline {
  const times: number[] = [];
  let skipped = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const r of rows) {
    for (const v of fieldValues(r, field)) {
      const t = parseTimestamp(v);
      if (Number.isNaN(t)) {
        skipped++;
        continue;
      }
      times.push(t);
      if (t < min) min = t;
      if (t > max) max = t;
    }
  }
  if (!times.length) return { unit: 'day', starts: [], counts: [], total: 0, skipped };
  const unit = chooseUnit(min, max, maxBuckets);
  const starts: number[] = [];
  for (let s = floorTo(min, unit); s <= max; s = nextBucket(s, unit)) starts.push(s);
  const counts = new Array<number>(starts.length).fill(0);
  const f = FIXED[unit];
  const first = starts[0];
  for (const t of times) {
    const i = f ? Math.floor((t - first) / f) : bucketsBetween(first, t, unit) - 1;
    counts[i]++;
  }
  return { unit, starts, counts, total: times.length, skipped };
}

/** A bucket's label: `2024-03-05 14:07`, `2024-03-05 14:00`, `2024-03-05`, `2024-03`, `2024` (UTC). */
export function bucketLabel(start: number, unit: Unit): string {
  const s = new Date(start).toISOString();
  if (unit === 'minute' || unit === 'hour') return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
  return s.slice(0, unit === 'day' ? 10 : unit === 'month' ? 7 : 4);
}

/**
 * Labels of the timeline's time axis at `ticks` (ms, UTC) spaced `step` ms apart, in the summary's
 * ISO forms and a 24-hour clock: years, `YYYY-MM`, `MM-DD` or `HH:MM`(`:SS`), with the larger part
 * on a second line at the first tick and wherever it changes (the year under days, the date under
 * times).
 */
export function axisLabels(ticks: number[], step: number): string[] {
  const DAY = 86_400_000;
  let prev = '';
  return ticks.map((t, i) => {
    const s = new Date(t).toISOString();
    if (step >= 365 * DAY) return s.slice(0, 4);
    if (step >= 28 * DAY) return s.slice(0, 7);
    const [big, small] = step >= DAY ? [s.slice(0, 4), s.slice(5, 10)] : [s.slice(0, 10), s.slice(11, step >= 60_000 ? 16 : 19)];
    const label = i === 0 || big !== prev ? `${small}\n${big}` : small;
    prev = big;
    return label;
  });
}

export interface Count {
  /** The value's key (`valueKey`; the filter matches on it). */
  key: string;
  count: number;
}

export interface Breakdown {
  /** The most frequent values, most first (ties by value). */
  top: Count[];
  /** Values beyond the top: how many values, how many records. */
  rest: { values: number; count: number };
  /** Records counted (a record with several values counts once per value). */
  total: number;
}

/** Counts records of `rows` by the value of `field`, keeping the `limit` most frequent. */
export function breakdown(rows: readonly unknown[], field: string, limit = 30): Breakdown {
  const counts = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    const vs = fieldValues(r, field);
    if (!vs.length) vs.push(undefined);
    for (const v of vs) {
      const k = valueKey(v);
      counts.set(k, (counts.get(k) ?? 0) + 1);
      total++;
    }
  }
  const all = [...counts].map(([key, count]) => ({ key, count }));
  all.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const top = all.slice(0, limit);
  const rest = all.slice(limit);
  return { top, rest: { values: rest.length, count: rest.reduce((n, c) => n + c.count, 0) }, total };
}
