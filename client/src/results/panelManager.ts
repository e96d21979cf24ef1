/**
 * The results panels: one per request (by key), reused when the request runs again unless the user
 * pinned it (then the next run opens a new panel and the pinned one stays). Like
 * `markdown-language-features`' preview manager, the manager owns the open panels, is the
 * serializer that restores them after a reload (from the state each view keeps: the first records;
 * paging needs a new run, export works on what was kept) and takes its dependencies in its
 * constructor: `extension.ts` makes one. It registers the commands that show a view of the active
 * panel and makes pages again when the thumbnails setting changes.
 */
import * as vscode from 'vscode';
import { WritePlans, type RunSession } from '../../../engine/src/index';
import { isObj } from '../../shared/json';
import { VIEW_COMMANDS } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import { isResultsModel } from '../../shared/validate';
import type { RunChecks } from './checks';
import { requestKey, type RequestRef } from '../../../common/requestRef';
import { PanelProbe } from './probe';
import type { PanelDriver } from './port';
import { ResultsPanel, type HistoryAction, type PanelEnvironment, type WriteAction } from './ResultsPanel';
import type { WriteView } from '../../shared/write';

export const VIEW_TYPE = 'wikiq.results';

/** What the run history does with panels (./historyCommands `RunHistoryCommands`, which connects itself: `useHistory`). */
export interface PanelHistory {
  /** A new run of request `ref` shown in `panel`: remembered, and kept. */
  ran(panel: ResultsPanel, session: RunSession, ref: RequestRef): unknown;
  /** More batches of the run arrived in `panel` (Load next batch, Load all): the kept run grows. */
  grew(panel: ResultsPanel, session: RunSession): Promise<void>;
  /** The History menu's actions. */
  handle(panel: ResultsPanel, action: HistoryAction): unknown;
  /** A panel restored after a reload: its History menu lists its request's kept runs again. */
  restored(panel: ResultsPanel): unknown;
}

/** What a write preview's Save and Preview the undo do (./writes `WriteCommands`, which connects itself: `useWrites`). */
export interface PanelWrites {
  handle(panel: ResultsPanel, action: WriteAction): unknown;
  /** The panel closed or shows something else: its preview's plan is dropped. */
  gone(panel: ResultsPanel): void;
}

export interface PanelDependencies {
  /** dist/media of the extension. */
  readonly media: vscode.Uri;
  /**
   * Makes the engine binding (a `RunDriver`) that pages and exports a panel's run (none for a
   * kept run or a restored panel); `grew` tells the run history the run grew.
   */
  driver(panel: ResultsPanel, session: RunSession | undefined, grew: (session: RunSession) => Promise<void>): PanelDriver;
  /**
   * Ask each view to report what it renders, and keep a `PanelProbe` per panel: a test hook, on
   * only when VS Code runs the extension under its test harness (../../shared/renderReport).
   */
  readonly reportRenders?: boolean;
  /** Show allimages thumbnails at first (default: the wikiq.results.showThumbnails setting). */
  thumbnails?(): boolean;
  /** Where refused messages are logged. */
  log?(line: string): void;
}

export interface ShowOptions {
  viewColumn?: vscode.ViewColumn;
  preserveFocus?: boolean;
  /** A document the panel must not cover: shown in the editor group right of the document's (its run's document). */
  beside?: string;
}

/** The editor groups that show document `uri` (none when it is not visible). */
function columnsOf(uri: string | undefined): vscode.ViewColumn[] {
  return uri ? vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === uri && e.viewColumn !== undefined).map((e) => e.viewColumn!) : [];
}

export class ResultsPanelManager implements vscode.WebviewPanelSerializer, vscode.Disposable {
  /** The open panels, oldest first: a panel joins when made and leaves when it closes. */
  private readonly open = new Set<ResultsPanel>();
  /** The test hook of each open panel (only with `reportRenders`); cleared as the panel closes. */
  private readonly probes = new Map<ResultsPanel, PanelProbe>();
  /** Panels restored without a key so far (their key is `restored:<n>`). */
  private restoredCount = 0;
  /** Run history and Compare, once connected (`useHistory`). */
  private history?: PanelHistory;
  /** Write previews' Save, once connected (`useWrites`). */
  private writes?: PanelWrites;
  /**
   * The write plans of the previews the panels show (#39): a plan is added by a preview and taken by
   * its Save, dropped when its file changes, its panel closes or shows another run; never module-level.
   */
  readonly plans = new WritePlans();
  private readonly env: PanelEnvironment;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly deps: PanelDependencies) {
    this.env = {
      media: deps.media,
      driver: (panel, session) => deps.driver(panel, session, (s) => this.history?.grew(panel, s) ?? Promise.resolve()),
      reportRenders: deps.reportRenders === true,
      thumbnails: () => this.thumbnailsAllowed(),
      rendered: (panel, report) => this.probes.get(panel)?.rendered(report),
      history: (panel, action) => this.history?.handle(panel, action),
      write: (panel, action) => this.writes?.handle(panel, action),
      log: (line) => deps.log?.(line),
      closed: (panel) => {
        this.writes?.gone(panel);
        this.open.delete(panel);
        this.probes.get(panel)?.panelClosed();
        this.probes.delete(panel);
      },
    };
    this.disposables = [
      vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, this),
      // Images, Timeline, Breakdown: the active results panel's tab (the view says when one does not apply).
      ...VIEW_COMMANDS.map(([command, tab]) => vscode.commands.registerCommand(command, () => this.active()?.showTab(tab))),
      // The setting is also the page's permission to load images (its CSP): pages are made again when it changes.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('wikiq.results.showThumbnails')) for (const p of this.open) p.setHtml();
      }),
    ];
  }

  /** Thumbnails from the wiki's origin are allowed (and shown at first): the wikiq.results.showThumbnails setting. */
  private thumbnailsAllowed(): boolean {
    return this.deps.thumbnails?.() ?? vscode.workspace.getConfiguration('wikiq').get<boolean>('results.showThumbnails') === true;
  }

  /** Connects the run history: it keeps each run shown, acts on the History menu and lists a restored panel's runs. */
  useHistory(history: PanelHistory): vscode.Disposable {
    this.history = history;
    return new vscode.Disposable(() => {
      if (this.history === history) this.history = undefined;
    });
  }

  /** Connects the write previews: Save and Preview the undo. */
  useWrites(writes: PanelWrites): vscode.Disposable {
    this.writes = writes;
    return new vscode.Disposable(() => {
      if (this.writes === writes) this.writes = undefined;
    });
  }

  /** A write's preview of request `ref`: its model (the tabs) and its view (facts, diff, Save above the tabs) in the request's panel. */
  showPreview(ref: RequestRef, model: ResultsModel, view: WriteView): ResultsPanel {
    const panel = this.show(requestKey(ref), model, { beside: ref.uri });
    panel.showWrite(view);
    return panel;
  }

  /** The serializer: VS Code restores a panel after a reload with the state its view saved. */
  deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Thenable<void> {
    this.revive(panel, state);
    return Promise.resolve();
  }

  /** Restores a panel from the state its view saved (`{ key, model, … }`). */
  revive(webview: vscode.WebviewPanel, state: unknown): ResultsPanel {
    const s = isObj(state) ? state : {};
    const key = typeof s.key === 'string' ? s.key : `restored:${++this.restoredCount}`;
    const p = this.add(webview, key);
    p.restore(s.pinned === true, isResultsModel(s.model) ? s.model : undefined);
    void this.history?.restored(p);
    return p;
  }

  private add(webview: vscode.WebviewPanel, key: string): ResultsPanel {
    const p = new ResultsPanel(webview, key, this.env);
    this.open.add(p);
    if (this.env.reportRenders) this.probes.set(p, new PanelProbe(p));
    return p;
  }

  /** Every open results panel. */
  all(): ResultsPanel[] {
    return [...this.open];
  }

  /** The results panel the user is in (else the newest visible one). */
  active(): ResultsPanel | undefined {
    const all = this.all();
    return all.find((p) => p.panel.active) ?? all.reverse().find((p) => p.panel.visible);
  }

  /** The panel a new run of `key` goes to (the newest unpinned one), if any. */
  find(key: string): ResultsPanel | undefined {
    return this.all().reverse().find((p) => p.key === key && !p.pinned);
  }

  /** The test hooks of the open panels (only with `reportRenders`: under VS Code's test harness). */
  allProbes(): PanelProbe[] {
    return this.all().map((p) => this.probes.get(p)).filter((p): p is PanelProbe => !!p);
  }

  /** The test hook of `panel`: there is one only with `reportRenders` (under VS Code's test harness). */
  probeOf(panel: ResultsPanel): PanelProbe {
    const probe = this.probes.get(panel);
    if (!probe) throw new Error('wikiq: results panels have test hooks only under VS Code\'s test harness');
    return probe;
  }

  /** A new run of request `ref` starts: the run still filling its panel (not a pinned one) stops now. */
  stopRun(ref: RequestRef): void {
    this.find(requestKey(ref))?.driver?.cancel();
  }

  /**
   * A run of request `ref`, shown in its panel (key: `requestKey(ref)`; reused unless
   * pinned), paged and exported by the driver made for it, and kept by the run history; `checks`
   * are its request's `??` assertions, shown above the view's tabs. Returns the driver: the run
   * commands load the rest of a Run all batches through it.
   */
  showRun(session: RunSession, ref: RequestRef, checks?: RunChecks): PanelDriver | undefined {
    const panel = this.show(requestKey(ref), session, { beside: ref.uri }, checks);
    void this.history?.ran(panel, session, ref);
    return panel.driver;
  }

  /**
   * Shows a model in the panel of `key` (reused unless pinned) or a new one, without taking the
   * focus unless asked. With a RunSession instead of a model, the panel keeps it and pages/exports
   * it through the driver made for it. A panel in the group of the `beside` document's editor is
   * moved to the group right of it: it would cover the document (▶ Test marks its failures there).
   */
  show(key: string, what: ResultsModel | RunSession, options: ShowOptions = {}, checks?: RunChecks): ResultsPanel {
    let p = this.find(key);
    const preserveFocus = options.preserveFocus ?? true;
    // The group right of the rightmost one showing the document (made when there is none): a panel there leaves the document in view.
    const documentColumns = columnsOf(options.beside);
    const beside: vscode.ViewColumn | undefined = documentColumns.length ? Math.max(...documentColumns) + 1 : undefined;
    if (!p) {
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Results', { viewColumn: options.viewColumn ?? beside ?? vscode.ViewColumn.Beside, preserveFocus }, {
        enableScripts: true,
        enableCommandUris: false,
        enableFindWidget: true,
        retainContextWhenHidden: false,
        localResourceRoots: [this.deps.media],
      });
      p = this.add(panel, key);
    } else {
      const covers = p.panel.viewColumn !== undefined && documentColumns.includes(p.panel.viewColumn);
      p.panel.reveal(options.viewColumn ?? (covers ? beside : undefined), preserveFocus);
    }
    this.writes?.gone(p); // a preview it showed is replaced: its plan goes
    p.showNew(isSession(what) ? (panel) => this.env.driver(panel, what) : what, checks);
    return p;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

function isSession(x: unknown): x is RunSession {
  return isObj(x) && 'merger' in x && 'state' in x && typeof (x as { next?: unknown }).next === 'function';
}
