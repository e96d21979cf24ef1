/**
 * The difference between two results (merged API answers), table by table in the results
 * vocabulary (./tables): records keyed by the list's identity are added, removed or changed (with
 * the fields that changed). Used by `wikiq diff`, and by the results view's Compare. Pure.
 *
 * Key of a table: the first of `KEY_FIELDS` that every record of both sides has and that is unique
 * on each side (`logid` for logevents, `rcid` for recentchanges, `pageid` for allpages and pages,
 * `title` for allimages…); `key` for key/value tables, `#key` for tables of named records, `path`
 * for paraminfo modules, `module+parameter` for their parameters. A key asked for (`options.key`)
 * wins wherever every record has it. Without any, records are compared whole (only added and
 * removed, `key: null`).
 *
 * Bounded: at most `maxRecords` records of each side of a table are compared (the rest is counted
 * and the table marked `truncated`), and at most `maxListed` of each kind of change are listed
 * (the counts stay exact).
 */
import { isObj } from '../util/json';
import { findTables, tableRows, type TableKind } from './tables';

/** Identity fields, in the order a table's key is chosen from. */
export const KEY_FIELDS = ['logid', 'rcid', 'revid', 'pageid', 'title', 'name', 'userid', 'id'] as const;

export interface DiffOptions {
  /** A field to key every table by, where every record of both sides has it. */
  key?: string;
  /** Records of each side of a table compared (default 200,000). */
  maxRecords?: number;
  /** Added, removed and changed records listed per table, each (default 1,000). */
  maxListed?: number;
}

export interface FieldChange {
  field: string;
  /** Undefined when the field is new. */
  before?: unknown;
  /** Undefined when the field is gone. */
  after?: unknown;
}

export interface RecordChange {
  /** The record's key value (as text). */
  key: string;
  before: unknown;
  after: unknown;
  /** The fields that differ, in the new record's order then the old one's. */
  fields: FieldChange[];
}

export interface TableDiff {
  id: string;
  name: string;
  kind: TableKind;
  /** The field(s) records are keyed by (`module+parameter`), or null when compared whole. */
  key: string | null;
  /** Records on each side, and how many are added, removed, changed and the same. */
  counts: { before: number; after: number; added: number; removed: number; changed: number; same: number };
  added: unknown[];
  removed: unknown[];
  changed: RecordChange[];
  /** Past a limit: some records were not compared (`maxRecords`) or not listed (`maxListed`). */
  truncated: boolean;
  /** Why, in words, when truncated or keyed unusually. */
  note?: string;
}

export interface ResultDiff {
  /** Tables of either side, in the new result's order then the old one's. */
  tables: TableDiff[];
  /** No table has an added, removed or changed record. */
  equal: boolean;
  /** A table was cut at a limit. */
  truncated: boolean;
}

const DEFAULT_MAX_RECORDS = 200_000;
const DEFAULT_MAX_LISTED = 1_000;

/** JSON text with object members sorted: equal for equal values whatever their member order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isObj(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(',')}}`;
  return v === undefined ? 'null' : JSON.stringify(v);
}

const hasField = (r: unknown, f: string) => isObj(r) && r[f] !== undefined && r[f] !== null && !isObj(r[f]) && !Array.isArray(r[f]);

/** The fields a table of `kind` is keyed by when none of the identity fields is. */
function kindKey(kind: TableKind): string[] | undefined {
  if (kind === 'keyvalue') return ['key'];
  if (kind === 'objects') return ['#key'];
  if (kind === 'paraminfo') return ['path'];
  if (kind === 'parameters') return ['module', 'parameter'];
  return undefined;
}

const keyOf = (r: unknown, fields: readonly string[]) => fields.map((f) => String((r as Record<string, unknown>)[f])).join('|');

/** Every record has the fields, and their values are unique on each side. */
function usable(fields: readonly string[], sides: ReadonlyArray<readonly unknown[]>): boolean {
  for (const rows of sides) {
    const seen = new Set<string>();
    for (const r of rows) {
      if (!fields.every((f) => hasField(r, f))) return false;
      const k = keyOf(r, fields);
      if (seen.has(k)) return false;
      seen.add(k);
    }
  }
  return true;
}

/** The key of a table: asked for, its kind's, else the first usable identity field; undefined: compare whole records. */
export function chooseKey(kind: TableKind, before: readonly unknown[], after: readonly unknown[], asked?: string): string[] | undefined {
  const sides = [before, after];
  if (asked && usable([asked], sides)) return [asked];
  const own = kindKey(kind);
  if (own && usable(own, sides)) return own;
  for (const f of KEY_FIELDS) if (usable([f], sides)) return [f];
  return undefined;
}

/** The fields of `b` that differ from `a`'s (new order first, then fields only `a` has). */
export function changedFields(a: unknown, b: unknown): FieldChange[] {
  if (!isObj(a) || !isObj(b)) return canonicalJson(a) === canonicalJson(b) ? [] : [{ field: 'value', before: a, after: b }];
  const out: FieldChange[] = [];
  for (const f of Object.keys(b)) {
    if (!(f in a)) out.push({ field: f, after: b[f] });
    else if (canonicalJson(a[f]) !== canonicalJson(b[f])) out.push({ field: f, before: a[f], after: b[f] });
  }
  for (const f of Object.keys(a)) if (!(f in b)) out.push({ field: f, before: a[f] });
  return out;
}

/** The difference of one table's rows (`before` → `after`). */
export function diffRows(spec: { id: string; name: string; kind: TableKind }, beforeAll: readonly unknown[], afterAll: readonly unknown[], options: DiffOptions = {}): TableDiff {
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_RECORDS;
  const maxListed = options.maxListed ?? DEFAULT_MAX_LISTED;
  const before = beforeAll.slice(0, maxRecords);
  const after = afterAll.slice(0, maxRecords);
  const notes: string[] = [];
  let truncated = before.length < beforeAll.length || after.length < afterAll.length;
  if (truncated) notes.push(`only the first ${maxRecords.toLocaleString('en-US')} records of each side were compared`);
  const fields = chooseKey(spec.kind, before, after, options.key);
  if (options.key && fields?.join('+') !== options.key) notes.push(`not every record has a unique ${options.key}`);
  const key = (r: unknown) => (fields ? keyOf(r, fields) : canonicalJson(r));
  const d: TableDiff = {
    id: spec.id, name: spec.name, kind: spec.kind, key: fields ? fields.join('+') : null,
    counts: { before: beforeAll.length, after: afterAll.length, added: 0, removed: 0, changed: 0, same: 0 },
    added: [], removed: [], changed: [], truncated: false,
  };
  // Whole records as keys may repeat: each occurrence pairs with one on the other side.
  const old = new Map<string, unknown[]>();
  for (const r of before) {
    const k = key(r);
    const list = old.get(k);
    if (list) list.push(r);
    else old.set(k, [r]);
  }
  for (const r of after) {
    const k = key(r);
    const list = old.get(k);
    const was = list?.shift();
    if (list && !list.length) old.delete(k);
    if (was === undefined) {
      if (d.counts.added++ < maxListed) d.added.push(r);
      continue;
    }
    const changes = fields ? changedFields(was, r) : [];
    if (!changes.length) d.counts.same++;
    else if (d.counts.changed++ < maxListed) d.changed.push({ key: k, before: was, after: r, fields: changes });
  }
  for (const list of old.values()) for (const r of list) if (d.counts.removed++ < maxListed) d.removed.push(r);
  if (d.counts.added > maxListed || d.counts.removed > maxListed || d.counts.changed > maxListed) {
    truncated = true;
    notes.push(`at most ${maxListed.toLocaleString('en-US')} of each kind of change are listed`);
  }
  if (!fields) notes.push('no field identifies every record: records compared whole');
  d.truncated = truncated;
  if (notes.length) d.note = notes.join('; ');
  return d;
}

/** The difference between two results, table by table. */
export function diffResults(before: unknown, after: unknown, options: DiffOptions = {}): ResultDiff {
  const a = findTables(before);
  const b = findTables(after);
  const specs = [...b, ...a.filter((t) => !b.some((x) => x.id === t.id))];
  const tables = specs.map((spec) => {
    const inA = a.find((t) => t.id === spec.id);
    const inB = b.find((t) => t.id === spec.id);
    return diffRows(spec, inA ? tableRows(before, inA) : [], inB ? tableRows(after, inB) : [], options);
  });
  return {
    tables,
    equal: tables.every((t) => !t.counts.added && !t.counts.removed && !t.counts.changed),
    truncated: tables.some((t) => t.truncated),
  };
}

/** "2 added, 1 removed, 3 changed" (or "no change") of a table or a whole diff. */
export function diffSummary(d: TableDiff | ResultDiff): string {
  const c = 'counts' in d ? d.counts : d.tables.reduce((s, t) => ({ added: s.added + t.counts.added, removed: s.removed + t.counts.removed, changed: s.changed + t.counts.changed }), { added: 0, removed: 0, changed: 0 });
  const parts = [[c.added, 'added'], [c.removed, 'removed'], [c.changed, 'changed']].filter(([n]) => n).map(([n, w]) => `${Number(n).toLocaleString('en-US')} ${String(w)}`);
  return parts.length ? parts.join(', ') : 'no change';
}
