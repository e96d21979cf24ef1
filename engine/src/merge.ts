/**
 * Merging continuation batches into one result: list arrays are concatenated in order; `pages`
 * (formatversion 2 array or formatversion 1 object) are merged by page id — or by title for
 * missing pages — so a page's categories, images, revisions… collected across batches end up on
 * one record, in the order the API gave them. With a record sink, list records are streamed out
 * and not kept, so memory stays flat whatever the count.
 */

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Arrays the API repeats in every batch of a generator run: kept once. */
const REPEATED = new Set(['normalized', 'redirects', 'converted', 'interwiki', 'badrevids']);

export type RecordSink = (list: string, record: unknown) => void;

function pageKey(p: Json): string {
  const id = typeof p.pageid === 'number' ? p.pageid : undefined;
  if (id !== undefined && id > 0) return `#${id}`;
  return `t:${String(p.title ?? JSON.stringify(p))}`;
}

function mergeValue(target: unknown, src: unknown): unknown {
  if (Array.isArray(target) && Array.isArray(src)) return target.concat(src);
  if (isObj(target) && isObj(src)) {
    for (const [k, v] of Object.entries(src)) target[k] = k in target ? mergeValue(target[k], v) : v;
    return target;
  }
  return target === undefined ? src : target;
}

export class Merger {
  private readonly result: Json = {};
  private readonly pageIndex = new Map<string, Json>();
  private pageOrder: Json[] = [];
  private pagesAsObject = false;
  /** Records per list name (streamed or kept). */
  readonly counts: Record<string, number> = {};
  /** Batch numbers after which `batchcomplete` was set. */
  readonly batchcomplete: number[] = [];
  private batches = 0;

  /** @param actionKey the member holding the action's result (`query`, `paraminfo`, `parse`…). */
  constructor(private readonly actionKey: string, private readonly sink?: RecordSink) {}

  add(batch: Json): void {
    this.batches++;
    if ('batchcomplete' in batch) this.batchcomplete.push(this.batches);
    const body = batch[this.actionKey];
    if (!isObj(body)) {
      if (body !== undefined) this.result[this.actionKey] = body;
      return;
    }
    const target = (this.result[this.actionKey] ??= {}) as Json;
    for (const [k, v] of Object.entries(body)) {
      if (k === 'pages' && this.actionKey === 'query') {
        this.addPages(v);
      } else if (Array.isArray(v) && REPEATED.has(k)) {
        const have = (target[k] ??= []) as unknown[];
        const seen = new Set(have.map((x) => JSON.stringify(x)));
        for (const x of v) if (!seen.has(JSON.stringify(x))) have.push(x);
      } else if (Array.isArray(v)) {
        this.counts[k] = (this.counts[k] ?? 0) + v.length;
        if (this.sink) for (const r of v) this.sink(k, r);
        else target[k] = k in target && Array.isArray(target[k]) ? (target[k] as unknown[]).concat(v) : v.slice();
      } else {
        target[k] = k in target ? mergeValue(target[k], v) : v;
      }
    }
  }

  private addPages(v: unknown): void {
    const list: Json[] = Array.isArray(v) ? (v.filter(isObj) as Json[]) : isObj(v) ? (Object.values(v).filter(isObj) as Json[]) : [];
    if (isObj(v)) this.pagesAsObject = true;
    for (const p of list) {
      const key = pageKey(p);
      const have = this.pageIndex.get(key);
      if (have) mergeValue(have, p);
      else {
        const copy = { ...p };
        this.pageIndex.set(key, copy);
        this.pageOrder.push(copy);
      }
    }
    this.counts.pages = this.pageOrder.length;
  }

  /** The merged result: `{ [actionKey]: … }` with pages in first-seen order. */
  value(): Json {
    const out: Json = { ...this.result };
    if (this.pageOrder.length) {
      const q = { ...((out.query as Json) ?? {}) };
      if (this.pagesAsObject) q.pages = Object.fromEntries(this.pageOrder.map((p) => [String(p.pageid ?? p.title), p]));
      else q.pages = this.pageOrder;
      out.query = q;
    }
    return out;
  }

  /** Records kept or streamed so far. */
  records(): number {
    return Object.values(this.counts).reduce((a, b) => a + b, 0);
  }
}
