/**
 * Host side of the results view's updates: turns each new model into the fewest messages.
 *
 * - The first model (or a new run) becomes one `render` carrying at most `firstChunk` list records,
 *   followed by `append` messages of at most `chunk` records, so the first rows show as fast for
 *   100,000 records as for 100 and no single message is huge.
 * - Later models of the same run (Load next batch, Load all) send only the records appended to each
 *   list, the members that changed (merged `pages`…), new raw bodies and the header.
 * - Raw bodies are capped; `debuginfo` is redacted before it leaves the host.
 * Pure: no `vscode`.
 */
import { formatCount } from '../../shared/format';
import { isObj } from '../../shared/json';
import type { AppendMessage, HostMessage } from '../../shared/messages';
import { ModelHeader, ResultsModel, headerOf } from '../../shared/model';
import { redactDebuginfo } from '../../shared/redact';

/**
 * After a `render` that more records follow, the host waits this long before the appends, so the
 * webview paints the first rows before it spends time receiving the rest.
 */
export const FIRST_PAINT_GRACE_MS = 40;

/** A run's updates reach the view at most this often (a few a second), whatever the pace of its batches. */
export const UPDATE_INTERVAL_MS = 150;

/**
 * Coalesces the updates of a run: `request()` after each batch sends at once when the last send was
 * `interval` ms ago or more, else once that much time has passed — one send for any number of
 * requests in between (a result only grows, so the newest model carries every batch since). An
 * `immediate` request sends now.
 */
export class UpdateCoalescer {
  private last = -Infinity;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly send: () => void, private readonly interval = UPDATE_INTERVAL_MS) {}

  request(immediate = false): void {
    const wait = this.interval - (Date.now() - this.last);
    if (immediate || wait <= 0) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), wait);
  }

  /** Sends now (and cancels the pending send). */
  flush(): void {
    this.dispose();
    this.last = Date.now();
    this.send();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

export interface PlanOptions {
  /** List records in the `render` message (default 500). */
  firstChunk?: number;
  /** List records per `append` message (default 5000). */
  chunk?: number;
  /** Characters kept of one raw body (default 256 KiB). */
  rawCap?: number;
  /** Characters of raw bodies sent in all (default 2 MiB). */
  rawTotal?: number;
  /** Raw bodies sent at most (default 50). */
  rawMax?: number;
}

interface Sent {
  identity: string;
  batches: number;
  lists: Map<string, { length: number; first: string }>;
  others: Map<string, string>;
  raw: number;
  rawChars: number;
}

const keyOf = (path: string[]) => JSON.stringify(path);

/** The members of a result: lists (depth-2 arrays other than `pages`) and everything else. */
function members(result: unknown): { lists: Array<{ path: string[]; value: unknown[] }>; others: Array<{ path: string[]; value: unknown }> } {
  const lists: Array<{ path: string[]; value: unknown[] }> = [];
  const others: Array<{ path: string[]; value: unknown }> = [];
  if (!isObj(result)) return { lists, others };
  for (const [top, body] of Object.entries(result)) {
    if (!isObj(body)) {
      others.push({ path: [top], value: body });
      continue;
    }
    for (const [name, v] of Object.entries(body)) {
      if (Array.isArray(v) && name !== 'pages') lists.push({ path: [top, name], value: v });
      else others.push({ path: [top, name], value: v });
    }
  }
  return { lists, others };
}

function fingerprint(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch {
    return String(v);
  }
}

export class UpdatePlanner {
  private sent?: Sent;
  private readonly o: Required<PlanOptions>;

  constructor(options: PlanOptions = {}) {
    this.o = { firstChunk: 500, chunk: 5000, rawCap: 256 * 1024, rawTotal: 2 * 1024 * 1024, rawMax: 50, ...options };
  }

  /** Forget what was sent (the webview was recreated): the next plan is a full render. */
  reset(): void {
    this.sent = undefined;
  }

  private header(m: ResultsModel): ModelHeader {
    const h = headerOf(m);
    if (h.debuginfo !== undefined) h.debuginfo = redactDebuginfo(h.debuginfo);
    return h;
  }

  private capRaw(bodies: string[], sent: Sent): string[] {
    const out: string[] = [];
    for (const b of bodies) {
      if (sent.raw >= this.o.rawMax) break;
      const kept = b.length > this.o.rawCap ? b.slice(0, this.o.rawCap) : b;
      let body = kept.length < b.length ? `${kept}\n… [${formatCount(b.length - kept.length)} more characters not shown; export the result to keep everything]` : b;
      if (sent.rawChars + kept.length > this.o.rawTotal) body = `[body of ${formatCount(b.length)} characters not shown: the Raw tab keeps ${formatCount(this.o.rawTotal)} characters in all; export the result to keep everything]`;
      else sent.rawChars += kept.length;
      sent.raw++;
      out.push(body);
    }
    return out;
  }

  /** The messages that bring the webview from what it was sent to `model`. */
  plan(model: ResultsModel, view: { pinned: boolean; thumbnails: boolean }): HostMessage[] {
    const identity = fingerprint([model.requestName, model.endpoint, model.params]);
    const { lists, others } = members(model.result);
    const prev = this.sent;
    let full = !prev || prev.identity !== identity || model.batches < prev.batches;
    if (!full && prev) {
      for (const l of lists) {
        const p = prev.lists.get(keyOf(l.path));
        if (p && (l.value.length < p.length || (p.length > 0 && fingerprint(l.value[0]) !== p.first))) full = true;
      }
    }
    return full ? this.planFull(model, identity, lists, others, view) : this.planDelta(model, prev!, lists, others);
  }

  private planFull(model: ResultsModel, identity: string, lists: ReturnType<typeof members>['lists'], others: ReturnType<typeof members>['others'], view: { pinned: boolean; thumbnails: boolean }): HostMessage[] {
    const sent: Sent = { identity, batches: model.batches, lists: new Map(), others: new Map(), raw: 0, rawChars: 0 };
    // A copy of the result's two top levels with long lists cut to the first chunk.
    const result: Record<string, unknown> = {};
    if (isObj(model.result)) for (const [top, body] of Object.entries(model.result)) result[top] = isObj(body) ? { ...body } : body;
    let budget = this.o.firstChunk;
    const rest: Array<{ path: string[]; items: unknown[] }> = [];
    for (const l of lists) {
      const take = Math.min(l.value.length, Math.max(0, budget));
      budget -= take;
      (result[l.path[0]] as Record<string, unknown>)[l.path[1]] = take === l.value.length ? l.value : l.value.slice(0, take);
      if (take < l.value.length) rest.push({ path: l.path, items: l.value.slice(take) });
      sent.lists.set(keyOf(l.path), { length: l.value.length, first: l.value.length ? fingerprint(l.value[0]) : '' });
    }
    for (const o of others) sent.others.set(keyOf(o.path), fingerprint(o.value));
    const raw = this.capRaw(model.rawBatches, sent);
    const header = this.header(model);
    const first: HostMessage = {
      type: 'render', model: { ...header, result: isObj(model.result) ? result : model.result, rawBatches: raw }, pinned: view.pinned, thumbnails: view.thumbnails, more: rest.length > 0,
    };
    this.sent = sent;
    return [first, ...this.chunks(rest, [], [], header)];
  }

  private planDelta(model: ResultsModel, sent: Sent, lists: ReturnType<typeof members>['lists'], others: ReturnType<typeof members>['others']): HostMessage[] {
    const appends: Array<{ path: string[]; items: unknown[] }> = [];
    for (const l of lists) {
      const k = keyOf(l.path);
      const p = sent.lists.get(k);
      const from = p?.length ?? 0;
      if (l.value.length > from) appends.push({ path: l.path, items: l.value.slice(from) });
      sent.lists.set(k, { length: l.value.length, first: l.value.length ? fingerprint(l.value[0]) : '' });
    }
    const replace: Array<{ path: string[]; value: unknown }> = [];
    for (const o of others) {
      const k = keyOf(o.path);
      const f = fingerprint(o.value);
      if (sent.others.get(k) !== f) {
        replace.push({ path: o.path, value: o.value });
        sent.others.set(k, f);
      }
    }
    sent.batches = model.batches;
    const raw = this.capRaw(model.rawBatches.slice(sent.raw), sent);
    return this.chunks(appends, replace, raw, this.header(model), true);
  }

  /** `append` messages of at most `chunk` records; the header, replacements and raw bodies ride on the last. */
  private chunks(items: Array<{ path: string[]; items: unknown[] }>, replace: AppendMessage['replace'], raw: string[], header: ModelHeader, always = false): AppendMessage[] {
    const out: AppendMessage[] = [];
    let cur: AppendMessage['lists'] = [];
    let n = 0;
    const flush = () => {
      out.push({ type: 'append', header, lists: cur, replace: [], raw: [], more: true });
      cur = [];
      n = 0;
    };
    for (const l of items) {
      for (let i = 0; i < l.items.length; ) {
        const take = Math.min(this.o.chunk - n, l.items.length - i);
        cur.push({ path: l.path, items: l.items.slice(i, i + take) });
        n += take;
        i += take;
        if (n >= this.o.chunk) flush();
      }
    }
    if (cur.length || replace.length || raw.length || always || out.length) {
      if (cur.length || replace.length || raw.length || always) out.push({ type: 'append', header, lists: cur, replace, raw, more: false });
      else out[out.length - 1].more = false;
    }
    return out;
  }
}
