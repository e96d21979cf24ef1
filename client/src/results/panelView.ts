/**
 * The host's side of one results view: what the panel has shown it (model, pin, paging, progress,
 * History menu, comparison, the run's assertions checked, a write's preview) and the one ordered queue every message to the view goes through.
 * Pure (no `vscode`): the panel (./ResultsPanel) gives it `send` (the webview's postMessage) and
 * says when the view is ready; the unit tests give it a recording `send`.
 *
 * - Every message is posted through `post`: in order, one after the other, large ones packed
 *   (./packing); after a render with more to come, the first rows get `FIRST_PAINT_GRACE_MS` to
 *   paint. Nothing overtakes a render, a tab switch included.
 * - Nothing is posted before the view said it is ready; what it must have then (the model, the
 *   progress, the History menu, the comparison, the assertions, a tab asked for) is sent on `ready()`.
 */
import type { AssertionsView, DiffView, HistoryMessage, HostEnvelope, HostMessage, ProgressMessage, ShowMessage, TabId } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import type { WriteView } from '../../shared/write';
import { FIRST_PAINT_GRACE_MS, UpdateCoalescer, UpdatePlanner } from './delta';
import { pack } from './packing';

export interface ViewDependencies {
  /** Hands one message to the view (the webview's postMessage). */
  send(m: HostEnvelope): PromiseLike<unknown>;
  /** Show allimages thumbnails at first. */
  thumbnails(): boolean;
  /** Where undelivered messages are logged. */
  log?(line: string): void;
}

export class PanelView {
  /** The model shown (all of it, as the host has it). */
  model?: ResultsModel;
  pinned = false;
  /** False for a kept run or a panel restored after a reload: paging needs a new run. */
  canPage = true;
  private ready = false;
  private readonly planner = new UpdatePlanner();
  private readonly updates = new UpdateCoalescer(() => this.flush());
  private sending: Promise<unknown> = Promise.resolve();
  private lastProgress?: ProgressMessage;
  /** The last progress was posted to this page of the view. */
  private progressSent = false;
  private lastHistory?: HistoryMessage;
  private lastDiff?: DiffView;
  private lastAssertions?: AssertionsView;
  private lastWrite?: WriteView;
  /** A tab asked for while the view was not ready: shown once it is. */
  private pendingTab?: ShowMessage;

  constructor(readonly key: string, private readonly deps: ViewDependencies) {}

  /** The view's page said it is ready (a new page, or the old one shown again): it gets the whole state. */
  viewReady(): void {
    this.ready = true;
    this.planner.reset();
    this.progressSent = !this.lastProgress?.running;
    this.updates.flush();
    if (this.lastHistory) this.post(this.lastHistory);
    if (this.lastDiff) this.post({ type: 'diff', view: this.lastDiff });
    if (this.lastAssertions) this.post({ type: 'assertions', view: this.lastAssertions });
    if (this.lastWrite) this.post({ type: 'write', view: this.lastWrite });
    if (this.pendingTab) this.post(this.pendingTab);
    this.pendingTab = undefined;
  }

  /** The view's page is gone (hidden, or made again): nothing is posted until it says it is ready. */
  viewGone(): void {
    this.ready = false;
  }

  /** Shows `model`: sent at most every 150 ms; `immediate` sends now. */
  update(model: ResultsModel, immediate = false): void {
    this.model = model;
    this.updates.request(immediate);
  }

  /** Posts what the view has not been sent of the model, then the progress (a render clears the progress line it follows). */
  private flush(): void {
    if (this.model && this.ready) this.postModel(this.model);
    this.sendProgress();
  }

  private postModel(model: ResultsModel): void {
    const msgs = this.planner.plan(model, { pinned: this.pinned, thumbnails: this.deps.thumbnails() });
    for (const m of msgs) {
      if (m.type === 'render') {
        m.paging = this.canPage;
        m.key = this.key;
      }
      this.post(m);
      // The first rows paint before the rest of a large result arrives.
      if (m.type === 'render' && m.more) this.pause(FIRST_PAINT_GRACE_MS);
    }
  }

  private pause(ms: number): void {
    this.sending = this.sending.then(() => new Promise((r) => setTimeout(r, ms)));
  }

  /**
   * Shows or clears the progress line (with its Cancel button). While a run goes on it rides with
   * the coalesced updates (a few a second, not one per batch); its end is sent at once.
   */
  progress(p: Omit<ProgressMessage, 'type'>): void {
    this.lastProgress = { type: 'progress', ...p };
    this.progressSent = false;
    if (p.running) this.updates.request();
    else this.sendProgress();
  }

  private sendProgress(): void {
    if (!this.lastProgress || this.progressSent || !this.ready) return;
    this.progressSent = true;
    this.post(this.lastProgress);
  }

  setPinned(pinned: boolean): void {
    this.pinned = pinned;
    if (this.ready) this.post({ type: 'pinned', pinned });
  }

  /** The request's kept runs for the History menu, and which one is shown. */
  setHistory(h: Omit<HistoryMessage, 'type'>): void {
    this.lastHistory = { type: 'history', ...h };
    if (this.ready) this.post(this.lastHistory);
  }

  /** Shows a comparison on the Diff tab (and selects it), or clears it (null). */
  showDiff(view: DiffView | null): void {
    if (!view && !this.lastDiff) return;
    this.lastDiff = view ?? undefined;
    if (this.ready) this.post({ type: 'diff', view });
  }

  /** Shows the run's assertions checked above the tabs, or clears them (null). */
  setAssertions(view: AssertionsView | null): void {
    if (!view && !this.lastAssertions) return;
    this.lastAssertions = view ?? undefined;
    if (this.ready) this.post({ type: 'assertions', view });
  }

  /** Shows a write's preview (facts, diff, Save) above the tabs, or clears it (null). */
  setWrite(view: WriteView | null): void {
    if (!view && !this.lastWrite) return;
    this.lastWrite = view ?? undefined;
    if (this.ready) this.post({ type: 'write', view });
  }

  /** The write's preview shown, if any. */
  get write(): WriteView | undefined {
    return this.lastWrite;
  }

  /** The assertions shown, if any. */
  get assertions(): AssertionsView | undefined {
    return this.lastAssertions;
  }

  /** The comparison shown, if any. */
  get diff(): DiffView | undefined {
    return this.lastDiff;
  }

  /**
   * Switches the view's tab (and table), after what was posted before it. Before the view is ready
   * the last tab asked for waits and follows the model; resolves once handed to the view (or kept).
   */
  showTab(tab: TabId, table?: string): Promise<void> {
    const m: ShowMessage = table ? { type: 'show', tab, table } : { type: 'show', tab };
    if (!this.ready) {
      this.pendingTab = m;
      return Promise.resolve();
    }
    this.post(m);
    return this.delivered();
  }

  /** Resolves once every message posted so far has been handed to the view. */
  delivered(): Promise<void> {
    return this.sending.then(() => undefined);
  }

  private post(m: HostMessage): void {
    // In order, one after the other; large ones packed (./packing).
    // A message the view cannot take (its panel closed meanwhile) is not the next one's concern.
    this.sending = this.sending.then(async () => this.deps.send(await pack(m))).catch((e) => {
      this.deps.log?.(`results view: a ${m.type} message was not delivered (${e instanceof Error ? e.message : String(e)})`);
    });
  }

  dispose(): void {
    this.updates.dispose();
  }
}
