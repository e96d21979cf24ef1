/**
 * An agent's pull of a request's records, a page at a time (MCP's `run_request`): the engine's one
 * loop (`RunSession.run`) at full batches — the request's own limit, never lowered to the records
 * a page holds — with the records past a page's bound held for the next page, and a point to
 * resume from that needs nothing held: the `continue` the current group of batches started from (a
 * group ends with `batchcomplete`: a list's every batch, a generator's pages once all their data
 * came) and how many of the group's records came before it. A pull taken again goes on from where
 * it stopped without asking the wiki again for what it holds; a pull made afresh from a point
 * fetches the group again and skips its records already taken. Either way every record comes once.
 */
import type { ContinueObject } from './continuation';
import type { WikiqError } from './errors';
import type { HttpClient } from './http';
import type { ResolvedRequest } from './resolve';
import { RunSession, type RunOptions, type RunState } from './run';
import { runStatus, type RunStatus } from '../../core/src';

/** Where a pull's next record is, self-sufficient (valid in another process). */
export interface PullPoint {
  /** The `continue` the record's group of batches started from (null: the request's first batch). */
  from: ContinueObject | null;
  /** The group's records before it. */
  skip: number;
}

/** What one page of a pull may hold and cost. */
export interface PullPage {
  /** Records at most. */
  maxRecords: number;
  /** Characters of the records' JSON at most (the first record is always taken). */
  maxChars: number;
  /** Batches this page may fetch at most. */
  maxBatches: number;
  signal?: AbortSignal;
  /** After each batch is merged. */
  onBatch?: (state: RunState) => void;
}

export interface PulledPage {
  /** Core's word for the pull after this page: complete once every record was taken. */
  status: RunStatus;
  records: unknown[];
  /** The page was cut at its characters' bound (not its records'). */
  truncated: boolean;
  /** Where the rest starts; undefined once every record was taken. */
  next?: PullPoint;
  /** The error the page's run stopped on, if it did. */
  failure?: WikiqError;
}

interface Held {
  record: unknown;
  chars: number;
  /** Its group of batches (the pull's count of groups), the `continue` the group started from, its place in the group. */
  group: number;
  from: ContinueObject | null;
  index: number;
}

export class Pull {
  readonly session: RunSession;
  private held: Held[] = [];
  private heldText = 0;
  /** The group of batches being received: its number, the `continue` it started from, its records so far (skipped ones too). */
  private group: { n: number; from: ContinueObject | null; count: number };
  /** Records still to skip: those of the group a pull made afresh resumes inside, taken before. */
  private skip: number;
  /** The request's records are pages (a generator or prop modules): a group ends only with `batchcomplete`. */
  private readonly pages: boolean;

  /** `options` as for a RunSession (its sink is the pull's own); `at`: resume there (a cursor's point). */
  constructor(request: ResolvedRequest, http: HttpClient, options: Omit<RunOptions, 'sink' | 'all' | 'maxRecords'> = {}, at?: PullPoint) {
    this.group = { n: 0, from: at?.from ?? null, count: 0 };
    this.skip = at?.skip ?? 0;
    this.pages = request.modules.some((m) => m.via === 'generator' || m.via === 'prop');
    this.session = new RunSession(request, http, { ...options, keepRaw: 0, sink: (_list, record) => this.receive(record) }, at?.from ?? undefined);
  }

  /** Records held for the next page. */
  heldRecords(): number {
    return this.held.length;
  }

  /** Characters of JSON of the records held. */
  heldChars(): number {
    return this.heldText;
  }

  /**
   * Whether taking the pull again goes on without fetching again: it stopped where a group of
   * batches ended (or the wiki sent everything), so none of its pages is half merged.
   */
  resumable(): boolean {
    const s = this.session.state;
    return s.complete || (!s.failure && this.atGroupEnd());
  }

  private atGroupEnd(): boolean {
    const info = this.session.state.batchInfo;
    return !this.pages || info.length === 0 || info[info.length - 1].batchcomplete;
  }

  private receive(record: unknown): void {
    const index = this.group.count++;
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    const chars = JSON.stringify(record).length + 1;
    this.held.push({ record, chars, group: this.group.n, from: this.group.from, index });
    this.heldText += chars;
  }

  /** Whether what is held fills a page: `maxRecords` records, or more characters than `maxChars`. */
  private fills(page: PullPage): boolean {
    return this.heldRecords() >= page.maxRecords || this.heldText > page.maxChars;
  }

  /** After a batch: where a group ends, the next starts from the `continue` the wiki sent. */
  private batchDone(): void {
    if (!this.atGroupEnd()) return;
    this.group = { n: this.group.n + 1, from: this.session.state.continue, count: 0 };
    this.skip = 0; // a group shorter than before (the wiki changed): the next group's records are all new
  }

  /**
   * A run stopped inside a group of pages (a cap, an error): the pages it wrote at the stop may
   * lack data of the batches not fetched, so the group's records received are let go, to be
   * fetched again from the group's start.
   */
  private dropOpenGroup(): void {
    while (this.held.length > 0 && this.held[this.held.length - 1].group === this.group.n) {
      const h = this.held.pop()!;
      this.heldText -= h.chars;
      this.group.count--;
    }
  }

  /**
   * The next page: what is held first, then batches until the page is full (where a group of
   * batches ends), the wiki sent everything, or the page's batches run out.
   */
  async take(page: PullPage): Promise<PulledPage> {
    const state = this.session.state;
    if (!this.fills(page) && !state.complete) {
      await this.session.run({
        all: true, maxBatches: page.maxBatches, signal: page.signal,
        onBatch: () => {
          this.batchDone();
          page.onBatch?.(state);
        },
        stopWhen: () => this.fills(page) && this.atGroupEnd(),
      });
      if (!state.complete && !this.atGroupEnd()) this.dropOpenGroup();
    }
    let n = 0;
    let chars = 0;
    for (; n < this.held.length && n < page.maxRecords; n++) {
      if (n > 0 && chars + this.held[n].chars > page.maxChars) break;
      chars += this.held[n].chars;
    }
    const records = this.held.slice(0, n).map((h) => h.record);
    // What was taken is let go: the held records are cut a page at a time, not a record at a time.
    this.held = this.held.slice(n);
    this.heldText -= chars;
    const next = this.point();
    return {
      // Core's rule, for the pull as a whole: complete once the wiki sent everything and every
      // record was taken; partial with a point to go on from once a batch was kept; else failed.
      status: runStatus({ complete: next === undefined, continue: next ? next.from ?? {} : null, keptBatches: state.keptBatches }),
      records,
      truncated: records.length < page.maxRecords && this.heldRecords() > 0,
      next,
      failure: state.failure,
    };
  }

  /** Where the next record is: the first held one's place, else past the current group's records received. */
  private point(): PullPoint | undefined {
    const first = this.held[0];
    if (first) return { from: first.from, skip: first.index };
    if (this.session.state.complete) return undefined;
    return { from: this.group.from, skip: this.group.count + this.skip };
  }
}
