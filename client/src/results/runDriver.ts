/**
 * The engine binding of a results panel: pages the panel's RunSession (Load next batch, Load all,
 * Cancel) and exports its merged result (JSON, NDJSON, CSV; atomically; partial runs named and
 * marked so). A panel restored after a reload has no session: it exports what it kept.
 */
import * as vscode from 'vscode';
import { RunSession, RunState, errorMessage, exportName, renderExport, runStatus } from '../../../engine/src/index';
import type { ExportFormat } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import type { RunFacts } from '../../../core/src';
import { modelFromRun } from './fromEngine';
// Atomically on disk on the desktop; through the editor in the browser (platform.web.ts).
import { writeExport } from '../platform';
import type { PanelAction, PanelDriver, PanelPort } from './port';

export class RunDriver implements PanelDriver {
  private controller?: AbortController;
  /** The panel no longer shows this run (`detach`): nothing more is sent to it. */
  private detached = false;

  constructor(
    private readonly panel: PanelPort,
    readonly session?: RunSession,
    private readonly escapeFormulas: () => boolean = () => true,
    /** Called when more batches settled into the session (the run history keeps the grown run). */
    private readonly grew?: (session: RunSession) => unknown,
  ) {}

  /** The session's state as a results model. */
  model(): ResultsModel {
    if (!this.session) throw new Error('no run to show');
    return modelFromRun(this.session.state, this.session.result());
  }

  /** The run's facts (the engine's: status, records, kept batches, duration). */
  facts(): RunFacts | undefined {
    return this.session?.facts();
  }

  get running(): boolean {
    return !!this.controller;
  }

  async handle(a: PanelAction): Promise<void> {
    switch (a.type) {
      case 'loadNext': return this.notifyFailure(await this.loadMore(false));
      case 'loadAll': return this.notifyFailure(await this.loadMore(true));
      case 'cancel': return this.cancel();
      case 'export': await this.exportAs(a.format, a.table);
    }
  }

  cancel(): void {
    this.controller?.abort();
  }

  detach(): void {
    this.detached = true;
    this.cancel();
  }

  /**
   * Fetches the next batch, or all remaining ones (at most `maxBatches`, else the wikiq.maxBatches
   * setting), into the same merged result; the view grows as they arrive (coalesced by the panel)
   * and the progress line, with its Cancel, shows meanwhile. Returns the run's state when it
   * fetched (its `failure` says why it stopped early), undefined when there was nothing to do.
   */
  async loadMore(all: boolean, maxBatches?: number): Promise<RunState | undefined> {
    const s = this.session;
    if (!s) {
      void vscode.window.showInformationMessage('wikiq: this panel was restored after a reload; run the request again to load more results.');
      return undefined;
    }
    if (s.state.complete || this.controller || this.detached) return undefined;
    const controller = new AbortController();
    this.controller = controller;
    const progress = (running: boolean) => {
      if (!this.detached) this.panel.progress({ running, batches: s.state.batches, records: s.merger.records() });
    };
    const before = s.state.batches;
    progress(true);
    try {
      await s.run({
        all,
        maxBatches: maxBatches ?? vscode.workspace.getConfiguration('wikiq').get<number>('maxBatches') ?? 1000,
        signal: controller.signal,
        onBatch: () => {
          progress(true);
          if (!this.detached) this.panel.update(this.model());
        },
      });
    } finally {
      this.controller = undefined;
    }
    if (this.detached) return s.state;
    progress(false);
    this.panel.update(this.model(), { immediate: true });
    // The history keeps the grown run once the view has it: the rows first, then the disk.
    if (s.state.batches > before) {
      await this.panel.delivered();
      await this.grew?.(s);
    }
    return s.state;
  }

  /** Says in a notification why Load next batch / Load all stopped early (not for a cancel). */
  private notifyFailure(state: RunState | undefined): void {
    const f = state?.failure;
    if (f && f.kind !== 'cancelled') void vscode.window.showErrorMessage(`wikiq: ${f.message}`);
  }

  /**
   * Exports to `target` (or a file the user picks: a partial run's is offered as `name.partial.ext`)
   * and writes exactly that file. CSV and NDJSON hold the records only; JSON has the run's state
   * and its continue. A partial or failed run's export is said so in a notification. Returns the file written.
   */
  async exportAs(format: ExportFormat, table?: string, target?: vscode.Uri): Promise<string | undefined> {
    const s = this.session;
    const model = s ? this.model() : this.panel.results;
    if (!model || typeof model.result !== 'object' || model.result === null) return undefined;
    const complete = model.complete && !model.truncatedFrom;
    const input = { result: model.result as Record<string, unknown>, complete, continue: model.continue, keptBatches: model.keptBatches, failure: model.failure, errors: model.errors, endpoint: model.endpoint, params: model.params };
    const status = runStatus(input);
    const base = `${(model.requestName || 'results').replace(/[^\w.-]+/g, '_')}${table ? `-${table}` : ''}.${format}`;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri = target ?? await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, exportName(base, status)) : undefined,
      filters: { [format.toUpperCase()]: [format] },
      saveLabel: `Export ${format.toUpperCase()}`,
    });
    if (!uri) return undefined;
    try {
      await writeExport(uri, renderExport(input, format, { table, escapeFormulas: this.escapeFormulas() }));
      const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
      if (status === 'complete') vscode.window.setStatusBarMessage(`wikiq: exported ${name}`, 4000);
      else void vscode.window.showWarningMessage(exportedNotComplete(name, status, format));
      return uri.scheme === 'file' ? uri.fsPath : uri.toString();
    } catch (e) {
      void vscode.window.showErrorMessage(`wikiq: export failed: ${errorMessage(e)}`);
      return undefined;
    }
  }
}

/** What the user is told after exporting a run that is not complete. */
export function exportedNotComplete(name: string, status: 'partial' | 'failed', format: ExportFormat): string {
  if (status === 'failed') return `wikiq: exported ${name} from a failed run: it holds what arrived before the failure.`;
  const resume = format === 'json' ? 'its "continue" is where to resume (wikiq run --continue reads it)' : 'the JSON export keeps where to resume';
  return `wikiq: exported ${name} from a partial run: more results remain; ${resume}.`;
}
