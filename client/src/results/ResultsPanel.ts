/**
 * One results panel: a webview panel showing one request's results, with all of its state — what
 * its view was shown (./panelView: the model, pin, paging, progress, History menu, comparison, and
 * the one ordered queue to the view), the engine binding that pages and exports its run (`driver`,
 * ./port) and which kept run of its request it shows (`run`, read and written by
 * ./historyCommands). The view's own copy (client/media/src/app.ts) is made only from the messages
 * this panel posts. The panels are made, found and restored by ./panelManager.
 *
 * - Input is a plain `ResultsModel` (client/shared/model): `update(model)`; updates are throttled
 *   and sent as a render plus chunked appends (./delta), so a new batch appends without losing the
 *   scroll position and 100,000 records never make one huge message.
 * - The run's `??` assertions (`checks`, read when it ran: ./checks) are evaluated each time the run
 *   stops loading and sent to the view, which shows them above its tabs.
 * - Load next batch / Load all / Cancel / Export from the view reach the host as validated messages
 *   (client/shared/validate) and run through the panel's `PanelDriver` (./port; the engine binding
 *   `RunDriver`, made by the manager's `driver` dependency).
 * - Security: CSP `default-src 'none'`, the one script by nonce, styles from the media folder,
 *   images from the media folder and, with wikiq.results.showThumbnails on, the endpoint's origin
 *   only (./html; the page is made again when the setting changes); `localResourceRoots` is
 *   dist/media; command URIs are off; only http(s) URLs open; only listed messages act.
 */
import * as vscode from 'vscode';
import type { AssertionsView, DiffView, ExportFormat, HistoryMessage, ProgressMessage, TabId, WebviewMessage } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import type { WriteView } from '../../shared/write';
import { parseRenderedReport, type RenderedReport } from '../../shared/renderReport';
import { PanelSnapshot, snapshotOf } from '../../shared/tables';
import { originOf } from '../../shared/url';
import { parseWebviewMessage } from '../../shared/validate';
import { checksView, type RunChecks } from './checks';
import type { RequestRef } from '../../../common/requestRef';
import { makeNonce, resultsHtml } from './html';
import { PanelView } from './panelView';
import type { RunSession } from '../../../engine/src/index';
import type { PanelAction, PanelDriver, PanelPort } from './port';

/** What a write's preview asks for (./writes.ts acts on it). */
export type WriteAction = Extract<WebviewMessage, { type: 'save' | 'undo' }>;

/** What the view's History menu asks for. */
export type HistoryAction = Extract<WebviewMessage, { type: 'showRun' | 'compare' }>;

/** Which run of its request a panel shows, as the run history keeps it (./historyCommands). */
export interface PanelRun {
  /** Its request (its history key is `requestKey(ref)`, common/requestRef.ts). */
  ref: RequestRef;
  /** The kept run shown (undefined: the latest run, not kept). */
  shownId?: string;
  /** Why the run shown was not kept, when it was not. */
  notKept?: string;
}

/** What a panel is given by its manager. */
export interface PanelEnvironment {
  /** dist/media: the page's script and stylesheet, and all the webview may load locally. */
  readonly media: vscode.Uri;
  /** Thumbnails from the wiki's origin are allowed (and shown at first). */
  thumbnails(): boolean;
  /** Makes the engine binding of a panel (without a run: a kept run, a restored panel — it exports what is shown). */
  driver(panel: ResultsPanel, session?: RunSession): PanelDriver;
  /** Ask the view to report what it renders (a test hook: ../../shared/renderReport). */
  readonly reportRenders: boolean;
  /** A render report from the view (only with `reportRenders`). */
  rendered?(panel: ResultsPanel, report: RenderedReport): void;
  /** The History menu's actions. */
  history?(panel: ResultsPanel, action: HistoryAction): unknown;
  /** A write preview's Save and Preview the undo. */
  write?(panel: ResultsPanel, action: WriteAction): unknown;
  /** Where refused and undelivered messages are logged. */
  log?(line: string): void;
  /** The panel closed. */
  closed(panel: ResultsPanel): void;
}

/** Handles each message type of the webview (the compiler checks every type has one). */
type Handlers = { [K in WebviewMessage['type']]: (m: Extract<WebviewMessage, { type: K }>) => unknown };

export class ResultsPanel implements PanelPort, vscode.Disposable {
  /** What the view was shown, and the one queue to it. */
  private readonly view: PanelView;
  private htmlOrigin?: string;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  private markReady!: () => void;
  private closed = false;
  /** The assertions of the run shown, as its request had them when it ran (none: no `??` lines, a kept run). */
  private checks?: RunChecks;

  readonly onDidDispose = this.disposeEmitter.event;
  /** Resolves when the view's script first said it is ready. */
  readonly ready: Promise<void>;
  /** The engine binding that pages and exports this panel's run, when there is one. */
  driver?: PanelDriver;
  /** Which run of its request the panel shows (set by the run history once it knows the request). */
  run?: PanelRun;

  constructor(readonly panel: vscode.WebviewPanel, readonly key: string, private readonly env: PanelEnvironment) {
    this.view = new PanelView(key, { send: (m) => panel.webview.postMessage(m), thumbnails: () => env.thumbnails(), log: (line) => env.log?.(line) });
    this.ready = new Promise((r) => (this.markReady = r));
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [env.media] };
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m) => void this.receive(m)),
      // A hidden webview is torn down; it says 'ready' again when shown.
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.view.viewGone();
      }),
    );
  }

  get pinned(): boolean {
    return this.view.pinned;
  }

  /** The model shown (all of it, as the host has it). */
  get results(): ResultsModel | undefined {
    return this.view.model;
  }

  /** A summary of what the panel shows: header, tables with their columns, modules, JSON. */
  get model(): PanelSnapshot | undefined {
    return this.view.model ? snapshotOf(this.view.model, this.view.canPage) : undefined;
  }

  /** False for a kept run or a panel restored after a reload: paging needs a new run. */
  get canPage(): boolean {
    return this.view.canPage;
  }

  /** The comparison shown, if any. */
  get diff(): DiffView | undefined {
    return this.view.diff;
  }

  /** The write's preview shown (its facts, diff and what Save can do), if any. */
  get write(): WriteView | undefined {
    return this.view.write;
  }

  /** Shows a write's preview above the tabs (after `showNew` of its model), or clears it (null). */
  showWrite(view: WriteView | null): void {
    this.view.setWrite(view);
  }

  /** The run's assertions as last checked and sent to the view, if any. */
  get assertions(): AssertionsView | undefined {
    return this.view.assertions;
  }

  /** A panel restored after a reload: what its view kept (pinned, the first records); its run is gone. */
  restore(pinned: boolean, model: ResultsModel | undefined): void {
    this.view.pinned = pinned;
    this.view.canPage = false;
    if (model) {
      this.view.model = model;
      this.panel.title = this.title();
    }
    this.driver = this.env.driver(this);
    this.setHtml();
  }

  /**
   * A new run: a plain model, or the driver made for its session (which gives the model), with its
   * request's assertions when it has some. The comparison shown was of other runs, and the run still
   * loading into the panel (Run all batches, Load all) stops.
   */
  showNew(what: ResultsModel | ((panel: ResultsPanel) => PanelDriver), checks?: RunChecks): void {
    this.showDiff(null);
    this.view.setWrite(null);
    this.driver?.detach();
    this.setChecks(checks);
    let model: ResultsModel;
    if (typeof what === 'function') {
      this.driver = what(this);
      model = this.driver.model();
    } else model = what;
    this.view.canPage = true;
    this.update(model, { immediate: true });
  }

  /** Shows a kept run (read-only: no paging; exports what it shows). */
  showKept(model: ResultsModel): void {
    this.view.setWrite(null);
    this.driver?.detach();
    this.setChecks(undefined);
    this.driver = this.env.driver(this);
    this.view.canPage = false;
    this.showDiff(null);
    this.update(model, { immediate: true });
  }

  private title(): string {
    const name = this.view.model?.requestName || 'Results';
    return `${this.view.pinned ? '📌 ' : ''}Results: ${name}`;
  }

  private setTitle(): void {
    const title = this.title();
    if (this.panel.title !== title) this.panel.title = title; // not once per batch
  }

  /** Makes the page again (its CSP names the endpoint's origin and the thumbnails setting); the new page asks for the model. */
  setHtml(): void {
    const w = this.panel.webview;
    const model = this.view.model;
    this.htmlOrigin = model ? originOf(model.endpoint) : undefined;
    this.view.viewGone();
    w.html = resultsHtml({
      cspSource: w.cspSource,
      nonce: makeNonce(),
      scriptUri: w.asWebviewUri(vscode.Uri.joinPath(this.env.media, 'results.js')).toString(),
      styleUri: w.asWebviewUri(vscode.Uri.joinPath(this.env.media, 'results.css')).toString(),
      endpoint: model?.endpoint,
      remoteImages: this.env.thumbnails(),
      reportRenders: this.env.reportRenders,
    });
  }

  /**
   * Shows `model` (a new run, or the same run grown). Sent at most every 150 ms; `immediate` sends
   * now. The panel reads the model when it sends: pass the session's current result each time.
   */
  update(model: ResultsModel, opts: { immediate?: boolean } = {}): void {
    if (originOf(model.endpoint) !== this.htmlOrigin || this.panel.webview.html === '') {
      // The image origin of the CSP changes with the endpoint: a new page (it asks for the model).
      this.view.model = model;
      this.setHtml();
    } else this.view.update(model, opts.immediate);
    this.setTitle();
    this.check();
  }

  private setChecks(checks: RunChecks | undefined): void {
    this.checks = checks;
    if (!checks) this.view.setAssertions(null);
  }

  /** Evaluates the run's assertions once it stops loading (not after each batch of a Run all batches). */
  private check(): void {
    if (!this.checks || this.driver?.running) return;
    const facts = this.driver?.facts();
    if (facts) this.view.setAssertions(checksView(this.checks, facts));
  }

  /** Shows or clears the progress line (with its Cancel button); while a run goes on, a few times a second. */
  progress(p: Omit<ProgressMessage, 'type'>): void {
    this.view.progress(p);
  }

  setPinned(pinned: boolean): void {
    this.view.setPinned(pinned);
    this.panel.title = this.title();
  }

  /** The request's kept runs for the History menu, and which one is shown. */
  setHistory(h: Omit<HistoryMessage, 'type'>): void {
    this.view.setHistory(h);
  }

  /** Shows a comparison on the Diff tab (and selects it), or clears it (null). */
  showDiff(view: DiffView | null): void {
    this.view.showDiff(view);
  }

  /** Switches the view's tab (and table), after what was posted before (./panelView). */
  showTab(tab: TabId, table?: string): Promise<void> {
    return this.view.showTab(tab, table);
  }

  /** Resolves once every message posted so far has been handed to the view. */
  delivered(): Promise<void> {
    return this.view.delivered();
  }

  private readonly handlers: Handlers = {
    ready: () => {
      this.view.viewReady();
      this.markReady();
    },
    openUrl: (m) => vscode.env.openExternal(vscode.Uri.parse(m.url, true)),
    copy: (m) => vscode.env.clipboard.writeText(m.text),
    pin: () => this.setPinned(!this.view.pinned),
    loadNext: (m) => this.act(m),
    loadAll: (m) => this.act(m),
    cancel: (m) => this.act(m),
    export: (m) => this.act(m),
    showRun: (m) => this.env.history?.(this, m),
    compare: (m) => this.env.history?.(this, m),
    save: (m) => this.env.write?.(this, m),
    undo: (m) => this.env.write?.(this, m),
  };

  /** A message from the view (untrusted: checked first); settles when it has been acted on. */
  async receive(raw: unknown): Promise<void> {
    const report = this.env.reportRenders ? parseRenderedReport(raw) : undefined;
    if (report) {
      this.env.rendered?.(this, report);
      return;
    }
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.env.log?.(`results view: refused a message (${parsed.reason})`);
      return;
    }
    const m = parsed.message;
    await (this.handlers[m.type] as (m: WebviewMessage) => unknown)(m);
  }

  private async act(a: PanelAction): Promise<void> {
    try {
      await this.driver?.handle(a);
    } catch (e) {
      void vscode.window.showErrorMessage(`wikiq: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Loads the next batch or all remaining ones (through the driver). */
  async loadMore(all: boolean): Promise<void> {
    await this.act({ type: all ? 'loadAll' : 'loadNext' });
  }

  /** Exports the result (a table for CSV/NDJSON) through the driver; returns the file written. */
  async exportAs(format: ExportFormat, table?: string, target?: vscode.Uri): Promise<string | undefined> {
    this.driver ??= this.env.driver(this);
    return this.driver?.exportAs(format, table, target);
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.env.closed(this);
    this.view.dispose();
    this.driver?.detach();
    this.disposeEmitter.fire();
    this.disposeEmitter.dispose();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
