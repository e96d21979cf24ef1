/**
 * Merging continuation batches into one result.
 *
 * - List modules' arrays are concatenated in order.
 * - `pages` (formatversion 2 array or formatversion 1 object) are merged by page id, or by title
 *   for missing and invalid pages, so that a page's `categories`, `images`, `revisions`… collected
 *   across batches end up on one record in the order the API gave them. Within one generator
 *   batch (between two `batchcomplete`s) arrays are appended; a page the generator lists again
 *   in a later batch arrives with its data complete again, so its arrays are replaced, not doubled.
 * - Arrays the API repeats in every batch (`normalized`, `redirects`, `pageids`…) are kept once.
 * - `batchcomplete` boundaries are recorded (the batch numbers that carried it).
 * - Non-query actions (`paraminfo`, `parse`…): the action's own member, merged the same way.
 * - With a record sink, list records are streamed out (with the member and, for formatversion 1
 *   pages, the key they belong at) as they arrive and pages once their
 *   generator batch is complete (`batchcomplete`), and not kept: memory stays flat (but for the
 *   keys of pages written). A page listed again after it was written is not written twice: it is
 *   counted in `repeatedPages` for the run to report.
 * - A list is a list whatever shape a batch gives it: records keyed by id in an object (old
 *   formats, odd wikis) and an array in another batch are read as records of the same list.
 */

import { isObj, type JsonObject } from '../../core/src';

export type Json = JsonObject;

/** Arrays the API repeats in every batch of a continued run: kept once. */
const REPEATED = new Set(['normalized', 'redirects', 'converted', 'interwiki', 'badrevids', 'pageids']);

/** Top-level members that are about the response, not the result. */
export const META_MEMBERS = new Set(['batchcomplete', 'continue', 'query-continue', 'warnings', 'errors', 'error', 'debuginfo', 'servedby', 'curtimestamp', 'requestid', 'docref', 'uselang', 'errorlang', 'limits']);

/** Where a streamed record belongs: the top-level member holding its list (none: a list at the top level) and, for pages of formatversion 1, the page's key in the `pages` object. */
export interface RecordPlace {
  member?: string;
  key?: string;
}

/** A list streamed to the sink (even with no record): where it is, and whether it is an object (formatversion 1 pages). */
export interface StreamedList extends RecordPlace {
  list: string;
  object: boolean;
}

/** Receives streamed records: `list` is the list name (`allimages`…) or `pages`. */
export type RecordSink = (list: string, record: unknown, place: RecordPlace) => void;

function pageKey(p: Json, fallbackKey?: string): string {
  const id = typeof p.pageid === 'number' ? p.pageid : typeof p.pageid === 'string' && /^\d+$/.test(p.pageid) ? Number(p.pageid) : undefined;
  if (id !== undefined && id > 0) return `#${id}`;
  if (typeof p.title === 'string') return `t:${p.title}`;
  if (p.revid !== undefined) return `r:${String(p.revid)}`;
  return `k:${fallbackKey ?? JSON.stringify(p)}`;
}

/** Appends `src` into `target`: arrays concatenated, objects merged member by member, the first scalar kept. */
export function mergeValue(target: unknown, src: unknown): unknown {
  if (Array.isArray(target) && Array.isArray(src)) {
    for (const x of src) target.push(x);
    return target;
  }
  if (isObj(target) && isObj(src)) {
    for (const [k, v] of Object.entries(src)) target[k] = k in target ? mergeValue(target[k], v) : copy(v);
    return target;
  }
  return target === undefined ? copy(src) : target;
}

/** A copy deep enough that merging into it never changes the batch it came from. */
function copy(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice();
  if (isObj(v)) {
    const o: Json = {};
    for (const [k, x] of Object.entries(v)) o[k] = copy(x);
    return o;
  }
  return v;
}

/** An object whose members are all records (`{ "12": {…}, "13": {…} }`): a list keyed by id. */
function isRecordMap(v: unknown): v is Json {
  if (!isObj(v)) return false;
  const values = Object.values(v);
  return values.length > 0 && values.every(isObj);
}

interface PageEntry {
  /** What identifies the page (id, else title…). */
  id: string;
  rec: Json;
  /** The generator batch (segment) in which it was last seen. */
  segment: number;
  /** formatversion 1: the key of the `pages` object. */
  key: string;
}

export class Merger {
  private readonly result: Json = {};
  private readonly pageIndex = new Map<string, PageEntry>();
  private pageOrder: PageEntry[] = [];
  private pagesAsObject = false;
  private pagesSeen = false;
  private readonly repeatedSeen = new Map<string, Set<string>>();
  private missingKeys = 0;
  /** Records per list name (streamed or kept); `pages` counts distinct pages. */
  readonly counts: Record<string, number> = {};
  /** Batch numbers that carried `batchcomplete`. */
  readonly batchcomplete: number[] = [];
  private batches = 0;
  /** Pages already streamed to the sink. */
  private pagesStreamed = 0;
  /** With a sink: the pages written, by id. */
  private readonly written = new Set<string>();
  /** With a sink: pages listed again after they were written (not written twice); the first of them. */
  readonly repeatedPages: { count: number; first?: { id?: string; title?: string; batch: number } } = { count: 0 };
  /** With a sink: the lists streamed (or that would be, had they records), by member and name. */
  private readonly streamed = new Map<string, StreamedList>();

  /** @param actionKey the member holding the action's result (`query`, `paraminfo`, `parse`…). */
  constructor(private readonly actionKey: string, private readonly sink?: RecordSink) {}

  /** Merges one batch (a parsed API response). */
  add(batch: Json | unknown[]): void {
    this.batches++;
    const segment = this.batchcomplete.length;
    if (Array.isArray(batch)) {
      // A bare array answer (opensearch): nothing to merge, the last one is the result.
      this.result[this.actionKey] = batch;
      return;
    }
    const members = this.actionKey in batch ? [this.actionKey] : Object.keys(batch).filter((k) => !META_MEMBERS.has(k));
    for (const member of members) {
      const body = batch[member];
      if (!isObj(body)) {
        if (body !== undefined) {
          if (Array.isArray(body)) this.addList(this.result, member, body, undefined);
          else this.result[member] = body;
        }
        continue;
      }
      const target = (isObj(this.result[member]) ? this.result[member] : (this.result[member] = {}));
      for (const [k, v] of Object.entries(body)) {
        if (k === 'pages' && member === 'query') this.addPages(v, segment);
        else if (Array.isArray(v) && REPEATED.has(k)) this.addRepeated(target, k, v);
        else if (Array.isArray(v)) this.addList(target, k, v, member);
        else if (k in this.counts && isRecordMap(v)) this.addList(target, k, Object.values(v), member);
        else target[k] = k in target ? mergeValue(target[k], v) : copy(v);
      }
    }
    if ('batchcomplete' in batch && batch.batchcomplete !== false) {
      this.batchcomplete.push(this.batches);
      if (this.sink) this.flushPages();
    }
  }

  private addList(target: Json, k: string, v: unknown[], member: string | undefined): void {
    const held = target[k];
    if (isRecordMap(held)) {
      // Sent as records keyed by id in an earlier batch: the same list.
      delete target[k];
      this.addList(target, k, Object.values(held), member);
    }
    this.counts[k] = (this.counts[k] ?? 0) + v.length;
    if (this.sink) {
      const place = { member };
      this.noteStreamed(k, place);
      for (const r of v) this.sink(k, r, place);
      return;
    }
    const have = target[k];
    if (Array.isArray(have)) for (const r of v) have.push(r);
    else target[k] = v.slice();
  }

  private addRepeated(target: Json, k: string, v: unknown[]): void {
    const have = (Array.isArray(target[k]) ? target[k] : (target[k] = [])) as unknown[];
    let seen = this.repeatedSeen.get(k);
    if (!seen) this.repeatedSeen.set(k, (seen = new Set()));
    for (const x of v) {
      const s = JSON.stringify(x);
      if (!seen.has(s)) {
        seen.add(s);
        have.push(x);
      }
    }
  }

  private noteStreamed(list: string, place: RecordPlace, object = false): void {
    const id = `${place.member ?? ''}\u0000${list}`;
    const had = this.streamed.get(id);
    if (had) had.object ||= object;
    else this.streamed.set(id, { list, member: place.member, object });
  }

  /** With a sink: every list streamed, in the order first seen, records or none (an empty list is still a member of the result). */
  streamedLists(): StreamedList[] {
    return [...this.streamed.values()];
  }

  private addPages(v: unknown, segment: number): void {
    this.pagesSeen = true;
    let list: Array<[string | undefined, Json]>;
    if (Array.isArray(v)) list = v.filter(isObj).map((p) => [undefined, p]);
    else if (isObj(v)) {
      this.pagesAsObject = true;
      list = Object.entries(v).filter((e): e is [string, Json] => isObj(e[1]));
    } else list = [];
    if (this.sink) this.noteStreamed('pages', { member: 'query' }, this.pagesAsObject);
    for (const [objKey, p] of list) {
      const key = pageKey(p, objKey);
      const have = this.pageIndex.get(key);
      if (!have) {
        let k = objKey ?? String(p.pageid ?? '');
        if (objKey !== undefined && Number(objKey) < 0) k = String(-++this.missingKeys);
        const entry: PageEntry = { id: key, rec: copy(p) as Json, segment, key: k };
        this.pageIndex.set(key, entry);
        this.pageOrder.push(entry);
        continue;
      }
      if (have.segment !== segment) {
        // Listed again by a later generator batch: its data arrives whole again.
        for (const [k, x] of Object.entries(p)) {
          if (Array.isArray(x)) have.rec[k] = x.slice();
          else have.rec[k] = k in have.rec ? mergeValue(have.rec[k], x) : copy(x);
        }
        have.segment = segment;
      } else mergeValue(have.rec, p);
    }
    this.counts.pages = this.pagesStreamed + this.pageOrder.length;
  }

  /** Streams the pages held so far to the sink and forgets them. */
  private flushPages(): void {
    if (!this.sink || !this.pageOrder.length) return;
    for (const e of this.pageOrder) {
      if (this.written.has(e.id)) {
        this.repeatedPages.count++;
        this.repeatedPages.first ??= { id: e.id.startsWith('#') ? e.id.slice(1) : undefined, title: typeof e.rec.title === 'string' ? e.rec.title : undefined, batch: this.batches };
        continue;
      }
      this.written.add(e.id);
      this.sink('pages', e.rec, { member: 'query', key: this.pagesAsObject ? e.key : undefined });
      this.pagesStreamed++;
    }
    this.pageOrder = [];
    this.pageIndex.clear();
    this.counts.pages = this.pagesStreamed;
  }

  /** With a sink: streams pages still held (at the end of a run, complete or not). */
  finish(): void {
    this.flushPages();
  }

  /** The merged result: `{ [actionKey]: … }` with pages in first-seen order. */
  value(): Json {
    const out: Json = { ...this.result };
    if (this.pagesSeen && (this.pageOrder.length || !this.sink)) {
      const q = { ...((out.query as Json) ?? {}) };
      if (this.pagesAsObject) {
        const o: Json = {};
        for (const e of this.pageOrder) o[e.key] = e.rec;
        q.pages = o;
      } else q.pages = this.pageOrder.map((e) => e.rec);
      out.query = q;
    }
    return out;
  }

  /** Batches merged so far. */
  get batchCount(): number {
    return this.batches;
  }

  /** Records kept or streamed so far (list records and distinct pages). */
  records(): number {
    let n = 0;
    for (const v of Object.values(this.counts)) n += v;
    return n;
  }
}
