/**
 * A test hook, kept out of the production panel: what the real-editor tests see of a results
 * panel (`api.resultsPanels()`, `api.reviveResults`). The manager (./panelManager) makes one per
 * panel only under VS Code's test harness, when the page is asked to report what it renders
 * (../../shared/renderReport); it drops it when the panel closes. Besides the render reports it
 * passes through the panel's own members the tests read, and lets them act as the view would.
 */
import * as vscode from 'vscode';
import type { AssertionsView, DiffView, ExportFormat, TabId } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import type { RenderedReport } from '../../shared/renderReport';
import type { PanelSnapshot } from '../../shared/tables';
import type { ResultsPanel } from './ResultsPanel';

export class PanelProbe implements vscode.Disposable {
  private readonly renders = new vscode.EventEmitter<RenderedReport>();
  /** What the view reports it shows, after each render (tab, table, rows, visible text). */
  readonly onDidRender = this.renders.event;
  /** The view's last render report. */
  lastRendered?: RenderedReport;

  constructor(readonly target: ResultsPanel) {}

  /** The view reported a render (the manager passes the panel's reports here). */
  rendered(report: RenderedReport): void {
    this.lastRendered = report;
    this.renders.fire(report);
  }

  /** Handles a message as if the view had sent it (tests drive the buttons with it); settles when acted on. */
  simulate(m: unknown): Promise<void> {
    return this.target.receive(m);
  }

  // The panel's own members, as the tests read them.
  get panel(): vscode.WebviewPanel {
    return this.target.panel;
  }

  get key(): string {
    return this.target.key;
  }

  get model(): PanelSnapshot | undefined {
    return this.target.model;
  }

  get results(): ResultsModel | undefined {
    return this.target.results;
  }

  get canPage(): boolean {
    return this.target.canPage;
  }

  get diff(): DiffView | undefined {
    return this.target.diff;
  }

  get assertions(): AssertionsView | undefined {
    return this.target.assertions;
  }

  showTab(tab: TabId, table?: string): Promise<void> {
    return this.target.showTab(tab, table);
  }

  exportAs(format: ExportFormat, table?: string, target?: vscode.Uri): Promise<string | undefined> {
    return this.target.exportAs(format, table, target);
  }

  /** Closes the panel, as the panel's own `dispose` does. */
  dispose(): void {
    this.target.dispose();
  }

  /** The panel closed (the manager says so). */
  panelClosed(): void {
    this.renders.dispose();
  }
}
