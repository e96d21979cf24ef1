/**
 * A merged result written as JSON while it arrives, laid out as `JSON.stringify(value, null, 2)`
 * lays it out, so memory stays flat however many records a run brings: the head members first,
 * then the action's member (`query`…) with the first list streamed record by record (a RecordSink
 * of the RunSession; pages arrive once their generator batch is complete), then what the merge
 * kept — other lists of the action (held until the end), the action's other members, the other
 * top-level members — and the tail members last. The document parses to the value of the
 * non-streamed merge; only the order of keys differs (the tail after the result).
 */
import { isObj } from '../../core/src';
import type { Json, RecordPlace, StreamedList } from './merge';

/** Pretty JSON written as it is built. Text goes out in whole lines, a chunk per `flush`. */
class PrettyWriter {
  private depth = 0;
  /** The last item written: its comma is known only when the next item (or the close) comes. */
  private pending?: string;
  private lines: string[] = [];

  constructor(private readonly write: (text: string) => void) {}

  private prefix(key: string | undefined): string {
    return '  '.repeat(this.depth) + (key === undefined ? '' : `${JSON.stringify(key)}: `);
  }

  private item(text: string): void {
    if (this.pending !== undefined) this.lines.push(`${this.pending},`);
    this.pending = text;
  }

  open(key: string | undefined, bracket: '{' | '['): void {
    this.item(this.prefix(key) + bracket);
    this.lines.push(this.pending!);
    this.pending = undefined;
    this.depth++;
  }

  close(bracket: '}' | ']'): void {
    if (this.pending !== undefined) this.lines.push(this.pending);
    this.depth--;
    this.pending = '  '.repeat(this.depth) + bracket;
  }

  value(key: string | undefined, v: unknown): void {
    const text = JSON.stringify(v, null, 2);
    if (text !== undefined) this.item(this.prefix(key) + text.replace(/\n/g, `\n${'  '.repeat(this.depth)}`));
  }

  /** Writes the lines completed so far (the pending item stays until its comma is known). */
  flush(): void {
    if (this.lines.length) this.write(this.lines.join('\n'));
    this.lines = [];
  }

  end(): void {
    if (this.pending !== undefined) this.lines.push(this.pending);
    this.pending = undefined;
    this.flush();
  }
}

const placeId = (member: string | undefined, list: string) => `${member ?? ''}\u0000${list}`;

export class JsonResultStream {
  private readonly out: PrettyWriter;
  /** The list of the action's member being streamed. */
  private streaming?: string;
  private streamingClose: '}' | ']' = ']';
  /** Records of the other lists, held until the end: by member and list. */
  private readonly held = new Map<string, { list: string; member?: string; items: unknown[] | Json }>();

  /**
   * @param write receives the text in chunks of whole lines (each without its last line end)
   * @param head the members written first (`endpoint`, `request`)
   */
  constructor(write: (text: string) => void, private readonly actionKey: string, head: Json) {
    this.out = new PrettyWriter(write);
    this.out.open(undefined, '{');
    for (const [k, v] of Object.entries(head)) this.out.value(k, v);
  }

  /** The RunSession's sink. */
  readonly sink = (list: string, record: unknown, place: RecordPlace): void => {
    // (The list being streamed is never held: no key is made per record once it streams.)
    if (place.member === this.actionKey && (this.streaming === list || (this.streaming === undefined && !this.held.has(placeId(place.member, list))))) {
      if (this.streaming === undefined) {
        this.streaming = list;
        this.streamingClose = place.key === undefined ? ']' : '}';
        this.out.open(this.actionKey, '{');
        this.out.open(list, place.key === undefined ? '[' : '{');
      }
      this.out.value(place.key, record);
      return;
    }
    const id = placeId(place.member, list);
    let h = this.held.get(id);
    if (!h) this.held.set(id, (h = { list, member: place.member, items: place.key === undefined ? [] : {} }));
    if (Array.isArray(h.items)) h.items.push(record);
    else h.items[place.key ?? String(Object.keys(h.items).length)] = record;
  };

  /** Writes what is ready (the run's `backpressure`, before waiting for the output to drain). */
  flush(): void {
    this.out.flush();
  }

  /**
   * Ends the document: `rest` is what the merge kept (`session.result()` after the run), `lists`
   * every list streamed (`merger.streamedLists()`, so that a list with no record is still there),
   * `tail` the members written last.
   */
  finish(rest: Json, lists: readonly StreamedList[], tail: Json): void {
    for (const l of lists) {
      const id = placeId(l.member, l.list);
      if (!this.held.has(id) && !(l.member === this.actionKey && l.list === this.streaming)) this.held.set(id, { list: l.list, member: l.member, items: l.object ? {} : [] });
    }
    const heldOf = (member: string | undefined): Json => {
      const o: Json = {};
      for (const h of this.held.values()) if (h.member === member) o[h.list] = h.items;
      return o;
    };
    const withHeld = (v: unknown, member: string): unknown => {
      const h = heldOf(member);
      return Object.keys(h).length ? { ...(isObj(v) ? v : {}), ...h } : v;
    };
    if (this.streaming !== undefined) {
      this.out.close(this.streamingClose);
      const own = rest[this.actionKey];
      for (const [k, v] of Object.entries({ ...(isObj(own) ? own : {}), ...heldOf(this.actionKey) })) if (k !== this.streaming) this.out.value(k, v);
      this.out.close('}');
    } else this.out.value(this.actionKey, withHeld(rest[this.actionKey], this.actionKey) ?? null);
    for (const [k, v] of Object.entries(rest)) if (k !== this.actionKey) this.out.value(k, withHeld(v, k));
    const written = new Set([this.actionKey, ...Object.keys(rest)]);
    for (const h of this.held.values()) {
      if (h.member === undefined) this.out.value(h.list, h.items);
      else if (!written.has(h.member)) {
        written.add(h.member);
        this.out.value(h.member, heldOf(h.member));
      }
    }
    for (const [k, v] of Object.entries(tail)) this.out.value(k, v);
    this.out.close('}');
    this.out.end();
  }
}
