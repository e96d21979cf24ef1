/**
 * The results view: one webview panel per request (by key), reused when the request runs again
 * unless the user pinned it (then the next run opens a new panel and the pinned one stays).
 *
 * - Input is a plain `ResultsModel` (client/shared/model): `ResultsPanel.show(key, model)` and `update(model)`;
 *   updates are throttled and sent as a render plus chunked appends (./delta), so a new batch
 *   appends without losing the scroll position and 100,000 records never make one huge message.
 * - Load next batch / Load all / Cancel / Export from the view reach the host as validated messages
 *   (client/shared/validate) and run through the panel's `PanelDriver` (./port; the engine binding
 *   `RunDriver`, made by the `driver` hook given to `register`) or the `onAction` hook, and fire
 *   `onDidAction`.
 * - Security: CSP `default-src 'none'`, the one script by nonce, styles from the media folder,
 *   images from the media folder and, with wikiq.results.showThumbnails on, the endpoint's origin
 *   only (./html; the page is made again when the setting changes); `localResourceRoots` is
 *   dist/media; command URIs are off; only http(s) URLs open; only listed messages act.
 * - A serializer restores panels after a reload from the state the view keeps (the first records;
 *   paging needs a new run, export works on what was kept).
 */
import * as vscode from 'vscode';
import type { RunSession } from '../../../engine/src/index';
import { isObj } from '../../shared/json';
import { VIEW_COMMANDS, type DiffView, type ExportFormat, type HistoryMessage, type ProgressMessage, type TabId, type WebviewMessage } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import { parseRenderedReport, type RenderedReport } from '../../shared/renderReport';
import { originOf } from '../../shared/url';
import { isResultsModel, parseWebviewMessage } from '../../shared/validate';
import { makeNonce, resultsHtml } from './html';
import { PanelView } from './panelView';
import { PanelSnapshot, snapshotOf } from '../../shared/tables';
import type { DriverFactory, PanelAction, PanelDriver, PanelPort } from './port';

export const VIEW_TYPE = 'wikiq.results';

export interface ResultsHooks {
  /** Makes the engine binding (a `RunDriver`) that pages and exports a panel's run. */
  driver?: DriverFactory;
  /** Runs Load next batch / Load all / Cancel / Export of panels that have no driver. Settles when done. */
  onAction?(panel: ResultsPanel, action: PanelAction): unknown;
  /** Show allimages thumbnails at first (default: the wikiq.results.showThumbnails setting). */
  thumbnails?(): boolean;
  /** Where refused messages are logged. */
  log?(line: string): void;
  /**
   * Ask each view to report what it renders (`onDidRender`, `lastRendered`): a test hook, on only
   * when VS Code runs the extension under its test harness (../../shared/renderReport).
   */
  reportRenders?: boolean;
  /** History and Compare asked for in the view (the History menu): `historyCommands.ts`. */
  history?(panel: ResultsPanel, action: HistoryAction): unknown;
  /** A panel restored after a reload (its History menu): `historyCommands.ts`. */
  restored?(panel: ResultsPanel): unknown;
}

/** What the view's History menu asks for. */
export type HistoryAction = Extract<WebviewMessage, { type: 'showRun' | 'compare' }>;

/** Handles each message type of the webview (the compiler checks every type has one). */
type Handlers = { [K in WebviewMessage['type']]: (m: Extract<WebviewMessage, { type: K }>) => unknown };

export interface ShowOptions {
  viewColumn?: vscode.ViewColumn;
  preserveFocus?: boolean;
}

export class ResultsPanel implements PanelPort, vscode.Disposable {
  private static readonly open = new Set<ResultsPanel>();
  private static extensionUri?: vscode.Uri;
  private static hooks: ResultsHooks = {};
  private static restored = 0;

  /** What the view was shown, and the one queue to it. */
  private readonly view: PanelView;
  private htmlOrigin?: string;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly actionEmitter = new vscode.EventEmitter<PanelAction>();
  private readonly renderEmitter = new vscode.EventEmitter<RenderedReport>();
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  private markReady!: () => void;

  /** Load next batch, Load all, Cancel and Export asked for in the view. */
  readonly onDidAction = this.actionEmitter.event;
  /** What the view reports it shows, after each render (tab, table, rows, visible text); only with the `reportRenders` hook (tests). */
  readonly onDidRender = this.renderEmitter.event;
  readonly onDidDispose = this.disposeEmitter.event;
  /** Resolves when the view's script first said it is ready. */
  readonly ready: Promise<void>;
  /** Every message the host accepted (tests). */
  readonly received: WebviewMessage[] = [];
  /** The view's last render report (only with the `reportRenders` hook: tests). */
  lastRendered?: RenderedReport;
  /** The engine binding that pages and exports this panel's run, when there is one. */
  driver?: PanelDriver;

  /** Registers the serializer, the view commands and the hooks; call once from `activate`. */
  static register(context: vscode.ExtensionContext, hooks: ResultsHooks = {}): vscode.Disposable {
    ResultsPanel.extensionUri = context.extensionUri;
    ResultsPanel.hooks = hooks;
    return vscode.Disposable.from(
      vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
        deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
          ResultsPanel.revive(panel, state);
          return Promise.resolve();
        },
      }),
      // Images, Timeline, Breakdown: the active results panel's tab (the view says when one does not apply).
      ...VIEW_COMMANDS.map(([command, tab]) => vscode.commands.registerCommand(command, () => ResultsPanel.active()?.showTab(tab))),
      // The setting is also the page's permission to load images (its CSP): pages are made again when it changes.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('wikiq.results.showThumbnails')) for (const p of ResultsPanel.open) p.setHtml();
      }),
    );
  }

  /** Thumbnails from the wiki's origin are allowed (and shown at first): the wikiq.results.showThumbnails setting. */
  private static thumbnailsAllowed(): boolean {
    return ResultsPanel.hooks.thumbnails?.() ?? vscode.workspace.getConfiguration('wikiq').get<boolean>('results.showThumbnails') === true;
  }

  /** The results panel the user is in (else the newest visible one). */
  static active(): ResultsPanel | undefined {
    const all = [...ResultsPanel.open];
    return all.find((p) => p.panel.active) ?? all.reverse().find((p) => p.panel.visible);
  }

  /** Restores a panel from the state its view saved (`{ key, model, … }`). */
  static revive(panel: vscode.WebviewPanel, state: unknown): ResultsPanel {
    const s = isObj(state) ? state : {};
    const key = typeof s.key === 'string' ? s.key : `restored:${++ResultsPanel.restored}`;
    const p = new ResultsPanel(panel, key);
    p.view.pinned = s.pinned === true;
    p.view.canPage = false;
    if (isResultsModel(s.model)) {
      p.view.model = s.model;
      p.panel.title = p.title();
    }
    p.driver = ResultsPanel.hooks.driver?.(p);
    p.setHtml();
    void ResultsPanel.hooks.restored?.(p);
    return p;
  }

  /** Every open results panel. */
  static all(): ResultsPanel[] {
    return [...ResultsPanel.open];
  }

  /** The panel a new run of `key` goes to (the newest unpinned one), if any. */
  static find(key: string): ResultsPanel | undefined {
    return [...ResultsPanel.open].reverse().find((p) => p.key === key && !p.pinned);
  }

  /**
   * Shows a model in the panel of `key` (reused unless pinned) or a new one. With a RunSession
   * instead of a model, the panel keeps it and pages/exports it through the driver the `driver`
   * hook makes for it.
   */
  static show(key: string, model: ResultsModel, options?: ShowOptions): ResultsPanel;
  static show(key: string, session: RunSession): ResultsPanel;
  static show(key: string, what: ResultsModel | RunSession, options: ShowOptions = {}): ResultsPanel {
    const session = isSession(what) ? what : undefined;
    const driver = session && ResultsPanel.hooks.driver;
    if (session && !driver) throw new Error('ResultsPanel.register(context, { driver }) was not given a driver for runs');
    let p = ResultsPanel.find(key);
    if (!p) {
      if (!ResultsPanel.extensionUri) throw new Error('ResultsPanel.register(context) was not called');
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Results', { viewColumn: options.viewColumn ?? vscode.ViewColumn.Beside, preserveFocus: options.preserveFocus ?? true }, ResultsPanel.webviewOptions());
      p = new ResultsPanel(panel, key);
    } else p.panel.reveal(undefined, options.preserveFocus ?? true);
    // A new run: the comparison shown was of other runs, and the run still loading into the panel (Run all batches, Load all) stops.
    p.showDiff(null);
    p.driver?.detach();
    if (session && driver) {
      p.driver = driver(p, session);
      p.view.canPage = true;
      p.update(p.driver.model(), { immediate: true });
    } else {
      p.view.canPage = true;
      p.update(what as ResultsModel, { immediate: true });
    }
    return p;
  }

  private static webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      enableFindWidget: true,
      retainContextWhenHidden: false,
      localResourceRoots: [vscode.Uri.joinPath(ResultsPanel.extensionUri!, 'dist', 'media')],
    };
  }

  private constructor(readonly panel: vscode.WebviewPanel, readonly key: string) {
    ResultsPanel.open.add(this);
    this.view = new PanelView(key, {
      send: (m) => panel.webview.postMessage(m),
      thumbnails: () => ResultsPanel.thumbnailsAllowed(),
      log: (line) => ResultsPanel.hooks.log?.(line),
    });
    this.ready = new Promise((r) => (this.markReady = r));
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [vscode.Uri.joinPath(ResultsPanel.extensionUri!, 'dist', 'media')] };
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m) => void this.onMessage(m)),
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

  private title(): string {
    const name = this.view.model?.requestName || 'Results';
    return `${this.view.pinned ? '📌 ' : ''}Results: ${name}`;
  }

  private setHtml(): void {
    const w = this.panel.webview;
    const media = vscode.Uri.joinPath(ResultsPanel.extensionUri!, 'dist', 'media');
    const model = this.view.model;
    this.htmlOrigin = model ? originOf(model.endpoint) : undefined;
    this.view.viewGone();
    w.html = resultsHtml({
      cspSource: w.cspSource,
      nonce: makeNonce(),
      scriptUri: w.asWebviewUri(vscode.Uri.joinPath(media, 'results.js')).toString(),
      styleUri: w.asWebviewUri(vscode.Uri.joinPath(media, 'results.css')).toString(),
      endpoint: model?.endpoint,
      remoteImages: ResultsPanel.thumbnailsAllowed(),
      reportRenders: ResultsPanel.hooks.reportRenders,
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
      this.setTitle();
      this.setHtml();
      return;
    }
    this.view.update(model, opts.immediate);
    this.setTitle();
  }

  private setTitle(): void {
    const title = this.title();
    if (this.panel.title !== title) this.panel.title = title; // not once per batch
  }

  /**
   * Shows or clears the progress line (with its Cancel button). While a run goes on it rides with
   * the coalesced updates (a few a second, not one per batch); its end is sent at once.
   */
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

  /** The comparison shown, if any. */
  get diff(): DiffView | undefined {
    return this.view.diff;
  }

  /** False for a kept run or a panel restored after a reload: paging needs a new run. */
  get canPage(): boolean {
    return this.view.canPage;
  }

  /** Shows a kept run (read-only: no paging; exports what it shows). */
  showKept(model: ResultsModel): void {
    this.driver?.detach();
    this.driver = ResultsPanel.hooks.driver?.(this);
    this.view.canPage = false;
    this.showDiff(null);
    this.update(model, { immediate: true });
  }

  /** Switches the view's tab (and table). */
  showTab(tab: TabId, table?: string): Promise<void> {
    return this.view.showTab(tab, table);
  }

  /** Resolves once every message posted so far has been handed to the view. */
  delivered(): Promise<void> {
    return this.view.delivered();
  }

  /** Handles a message as if the view had sent it (tests drive the buttons with it). */
  simulate(m: unknown): Promise<void> {
    return this.onMessage(m);
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
    showRun: (m) => ResultsPanel.hooks.history?.(this, m),
    compare: (m) => ResultsPanel.hooks.history?.(this, m),
  };

  private async onMessage(raw: unknown): Promise<void> {
    const report = ResultsPanel.hooks.reportRenders ? parseRenderedReport(raw) : undefined;
    if (report) {
      this.lastRendered = report;
      this.renderEmitter.fire(report);
      return;
    }
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      ResultsPanel.hooks.log?.(`results view: refused a message (${parsed.reason})`);
      return;
    }
    const m = parsed.message;
    this.received.push(m);
    await (this.handlers[m.type] as (m: WebviewMessage) => unknown)(m);
  }

  private async act(a: PanelAction): Promise<void> {
    this.actionEmitter.fire(a);
    try {
      if (this.driver) await this.driver.handle(a);
      else if (ResultsPanel.hooks.onAction) await ResultsPanel.hooks.onAction(this, a);
    } catch (e) {
      void vscode.window.showErrorMessage(`wikiq: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Loads the next batch or all remaining ones (through the driver). */
  async loadMore(all: boolean): Promise<void> {
    await this.act({ type: all ? 'loadAll' : 'loadNext' });
  }

  /** Exports the result (a table for CSV/NDJSON); returns the file written. */
  async exportAs(format: ExportFormat, table?: string, target?: vscode.Uri): Promise<string | undefined> {
    this.driver ??= ResultsPanel.hooks.driver?.(this);
    return this.driver?.exportAs(format, table, target);
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  dispose(): void {
    if (!ResultsPanel.open.delete(this)) return;
    this.view.dispose();
    this.driver?.detach();
    this.disposeEmitter.fire();
    this.actionEmitter.dispose();
    this.renderEmitter.dispose();
    this.disposeEmitter.dispose();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}

function isSession(x: unknown): x is RunSession {
  return isObj(x) && 'merger' in x && 'state' in x && typeof (x as { next?: unknown }).next === 'function';
}
