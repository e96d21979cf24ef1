/**
 * Run history and Compare in VS Code: every run of a request shown in a results panel is kept
 * (./history: the editor-free store) in the workspace's storage (`context.storageUri`, else the
 * extension's global storage when no folder is open) through the workspace file system API; the
 * panel's History menu lists the request's kept runs and shows one; "wikiq: Compare with previous
 * run" and "wikiq: Compare with…" (a kept run, or the same request run on another environment's
 * wiki) show core's `diffResults` on the panel's Diff tab. Signed-in runs are kept only with
 * `wikiq.history.keepSignedIn`.
 */
import * as vscode from 'vscode';
import { requestsOf, diffResults, runStatus, type ResultDiff } from '../../../core/src/index';
import type { RunSession } from '../../../engine/src/index';
import type { Environments } from '../environments';
import type { RunCommands } from '../run/commands';
import type { WikiAuth } from '../run/auth';
import { diffViewOf, runLabel, timeLabel } from '../../shared/diffView';
import type { ResultsModel } from '../../shared/model';
import { modelFromRun } from './fromEngine';
import { RunHistory, keptRunOf, modelOfKept, type HistoryFs, type KeptRun } from './history';
import { parseRequestKey, requestKey, requestRefs, type RequestRef } from '../../../common/requestRef';
import { parse } from '../../../core/src/index';
import type { PanelHistory, ResultsPanelManager } from './panelManager';
import type { HistoryAction, PanelRun, ResultsPanel } from './ResultsPanel';

/** The workspace file system under `root`, as the store's folder. */
function workspaceFs(root: vscode.Uri): HistoryFs {
  const at = (file: string) => (file ? vscode.Uri.joinPath(root, ...file.split('/')) : root);
  const missing = (e: unknown) => e instanceof vscode.FileSystemError && e.code === 'FileNotFound';
  return {
    async read(file) {
      try {
        return await vscode.workspace.fs.readFile(at(file));
      } catch (e) {
        if (missing(e)) return undefined;
        throw e;
      }
    },
    async write(file, data) {
      const uri = at(file);
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
      await vscode.workspace.fs.writeFile(uri, data);
    },
    async delete(file) {
      try {
        await vscode.workspace.fs.delete(at(file), { recursive: true, useTrash: false });
      } catch (e) {
        if (!missing(e)) throw e;
      }
    },
    async list(folder) {
      try {
        return (await vscode.workspace.fs.readDirectory(at(folder))).map(([name]) => name);
      } catch (e) {
        if (missing(e)) return [];
        throw e;
      }
    },
  };
}

/** The request of a panel's key (`requestKey`) in its document as it is now; undefined when the document or the request is gone. */
async function refOfKey(key: string): Promise<RequestRef | undefined> {
  const { uri, title } = parseRequestKey(key);
  if (!title) return undefined;
  try {
    const parsed = vscode.Uri.parse(uri);
    // An untitled document that is not open any more is gone (opening its URI would make an empty one).
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri) ?? (parsed.scheme === 'untitled' ? undefined : await vscode.workspace.openTextDocument(parsed));
    return document && requestRefs(uri, requestsOf(parse(document.getText()))).find((r) => r.title === title);
  } catch {
    return undefined;
  }
}

/** A run of a session: its id and start, its history key, whether it was signed in. */
interface SessionRun {
  id: string;
  time: Date;
  key: string;
  signedIn: boolean;
}

/** A comparison: what the Compare commands return (the Diff tab gets its grids). */
export interface Comparison {
  before: string;
  after: string;
  diff: ResultDiff;
}

/** What "Compare with…" can be given (tests), instead of asking. */
export type CompareTarget = { runId: string } | { environment: string };

export class RunHistoryCommands implements PanelHistory, vscode.Disposable {
  readonly store: RunHistory;
  /** The run each session is (its id, start, key); the entry goes with the session. */
  private readonly sessions = new WeakMap<RunSession, SessionRun>();
  private readonly disposables: vscode.Disposable[] = [];
  /** Runs started so far: part of each new run's id. */
  private runCount = 0;
  /** The last keep (tests wait on it: `settled`). */
  private keeping: Promise<void> = Promise.resolve();

  /** Keeps the runs shown in `panels` (it connects itself to them); runs a request on another wiki through `runs`. */
  constructor(context: vscode.ExtensionContext, private readonly environments: Environments, private readonly runs: RunCommands, private readonly panels: ResultsPanelManager, private readonly auth?: WikiAuth) {
    const root = vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'history');
    this.store = new RunHistory(workspaceFs(root), () => {
      const c = vscode.workspace.getConfiguration('wikiq.history');
      return { maxRunsPerRequest: c.get<number>('maxRunsPerRequest') ?? 10, maxBytes: (c.get<number>('maxMB') ?? 50) * 1024 * 1024 };
    });
    this.disposables.push(
      panels.useHistory(this),
      vscode.commands.registerCommand('wikiq.compareWithPrevious', () => this.compareWithPrevious()),
      vscode.commands.registerCommand('wikiq.compareWith', (target?: CompareTarget) => this.compareWith(undefined, target)),
    );
  }

  /** A new run of request `ref` shown in `panel`: remembered, and kept. */
  ran(panel: ResultsPanel, session: RunSession, ref: RequestRef): Promise<void> {
    const key = requestKey(ref);
    const time = new Date();
    panel.run = { ref };
    const { endpoint } = session.request;
    this.keeping = (async () => {
      this.sessions.set(session, { id: this.newRunId(time), time, key, signedIn: !!(await this.auth?.kind(endpoint)) });
      await this.keep(panel, session);
    })();
    return this.keeping;
  }

  /**
   * A save from a write's preview in `panel` (./writes): kept under its request (always: a save's
   * record holds the request as sent, the new revision, its diff and the account; never a token),
   * and shown in the panel's History menu.
   */
  keepSave(panel: ResultsPanel, ref: RequestRef, run: KeptRun): Promise<void> {
    this.keeping = (async () => {
      let notKept: string | undefined;
      try {
        const outcome = await this.store.save(requestKey(ref), run);
        if (!outcome.kept) notKept = outcome.reason;
      } catch (e) {
        notKept = `the workspace storage refused it (${e instanceof Error ? e.message : String(e)})`;
      }
      panel.run = { ref, shownId: notKept ? undefined : run.id, notKept };
      await this.sendHistory(panel).catch(() => undefined);
    })();
    return this.keeping;
  }

  /** A panel restored after a reload: its History menu lists its request's kept runs again (none is shown: the view kept a copy). */
  async restored(panel: ResultsPanel): Promise<void> {
    const ref = await refOfKey(panel.key);
    if (!ref) return;
    panel.run = { ref };
    try {
      await this.sendHistory(panel);
    } catch {
      // The storage could not be listed: the restored panel has no History menu, as before.
    }
  }

  private newRunId(t: Date): string {
    return `${t.getTime().toString(36)}-${(++this.runCount).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** Resolves once the runs shown so far are kept (tests). */
  settled(): Promise<void> {
    return this.keeping;
  }

  /** More batches of `session` arrived in `panel` (Load next batch, Load all): the kept run grows. */
  async grew(panel: ResultsPanel, session: RunSession): Promise<void> {
    // The run's first keep (`ran`) may still be under way: it says which run this is.
    await this.keeping.catch(() => undefined);
    if (this.sessions.has(session) && panel.run) await (this.keeping = this.keep(panel, session));
  }

  private async keep(panel: ResultsPanel, session: RunSession): Promise<void> {
    const run = this.sessions.get(session);
    const info = panel.run;
    if (!run || !info) return;
    let notKept: string | undefined;
    if (run.signedIn && vscode.workspace.getConfiguration('wikiq.history').get<boolean>('keepSignedIn') !== true) {
      notKept = 'it ran signed in (turn on wikiq.history.keepSignedIn to keep such runs)';
    } else {
      try {
        const outcome = await this.store.save(run.key, keptRunOf(modelFromRun(session.state, session.result()), run.id, run.time));
        if (!outcome.kept) notKept = outcome.reason;
      } catch (e) {
        notKept = `the workspace storage refused it (${e instanceof Error ? e.message : String(e)})`;
      }
    }
    info.shownId = notKept ? undefined : run.id;
    info.notKept = notKept;
    try {
      await this.sendHistory(panel);
    } catch {
      // The storage could not be listed: the History menu stays as it was; the run's panel is unaffected.
    }
  }

  private async sendHistory(panel: ResultsPanel): Promise<void> {
    const info = panel.run;
    if (!info) return;
    const runs = await this.store.list(requestKey(info.ref));
    panel.setHistory({ runs: runs.map(({ id, time, status, records, endpoint }) => ({ id, time, status, records, endpoint })), shown: info.shownId, ...(info.notKept ? { notKept: info.notKept } : {}) });
  }

  /** What the panel's History menu asks for. */
  async handle(panel: ResultsPanel, a: HistoryAction): Promise<Comparison | undefined> {
    if (a.type === 'showRun') {
      await this.showRun(panel, a.id);
      return undefined;
    }
    if (a.with === 'previous') return this.compareWithPrevious(panel);
    return this.compareWith(panel, a.with === 'pick' ? undefined : { runId: a.with.id });
  }

  /** Shows the kept run `id` in `panel`. */
  async showRun(panel: ResultsPanel, id: string): Promise<boolean> {
    const info = panel.run;
    const run = info && await this.store.load(requestKey(info.ref), id);
    if (!info || !run) {
      void vscode.window.showWarningMessage('wikiq: that run is no longer kept.');
      await this.sendHistory(panel);
      return false;
    }
    info.shownId = id;
    info.notKept = undefined;
    panel.showKept(modelOfKept(run));
    await this.sendHistory(panel);
    return true;
  }

  /** The results panel a command acts on: the active one, else the newest. */
  private target(): ResultsPanel | undefined {
    const all = this.panels.all();
    return all.find((p) => p.panel.active) ?? all[all.length - 1];
  }

  /** The panel's request, or a message saying to run it first. */
  private infoOf(panel: ResultsPanel | undefined): { panel: ResultsPanel; info: PanelRun; shown: ResultsModel } | undefined {
    const info = panel?.run;
    if (!panel || !info || !panel.results) {
      void vscode.window.showInformationMessage('wikiq: run a request first; its results panel keeps its runs and compares them.');
      return undefined;
    }
    return { panel, info, shown: panel.results };
  }

  /** Compares the run the panel shows with the kept run before it. */
  async compareWithPrevious(panel = this.target()): Promise<Comparison | undefined> {
    const t = this.infoOf(panel);
    if (!t) return undefined;
    const runs = await this.store.list(requestKey(t.info.ref));
    const at = t.info.shownId ? runs.findIndex((r) => r.id === t.info.shownId) : -1;
    const previous = runs[at + 1];
    if (!previous) {
      void vscode.window.showInformationMessage(`wikiq: no earlier run of "${t.shown.requestName}" is kept in this workspace.`);
      return undefined;
    }
    return this.compareWithKept(t.panel, t.info, t.shown, previous.id);
  }

  private async compareWithKept(panel: ResultsPanel, info: PanelRun, shown: ResultsModel, id: string): Promise<Comparison | undefined> {
    const before = await this.store.load(requestKey(info.ref), id);
    if (!before) {
      void vscode.window.showWarningMessage('wikiq: that run is no longer kept.');
      return undefined;
    }
    return this.show(panel, keptLabel(before), this.shownLabel(info, shown), before.result, shown.result);
  }

  /** Compares the run the panel shows with a kept run or with the request run on another environment's wiki (asked, unless `target` says). */
  async compareWith(panel = this.target(), target?: CompareTarget): Promise<Comparison | undefined> {
    const t = this.infoOf(panel);
    if (!t) return undefined;
    const choice = target ?? await this.pick(t.info, t.shown);
    if (!choice) return undefined;
    if ('runId' in choice) return this.compareWithKept(t.panel, t.info, t.shown, choice.runId);
    const env = this.environments.named(choice.environment);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(t.info.ref.uri));
    const outcome = await this.runs.runOn(document, t.info.ref.index, env);
    if (!outcome) return undefined;
    const other = modelFromRun(outcome.state, outcome.result);
    // The run's status is the engine's (its facts), as every surface shows it.
    const state = outcome.session.facts().status;
    return this.show(t.panel, `${choice.environment} (${other.endpoint})${state === 'complete' ? '' : ` — ${state}`}`, this.shownLabel(t.info, t.shown), other.result, t.shown.result);
  }

  private async pick(info: PanelRun, shown: ResultsModel): Promise<CompareTarget | undefined> {
    type Item = vscode.QuickPickItem & { target?: CompareTarget };
    const runs = (await this.store.list(requestKey(info.ref))).filter((r) => r.id !== info.shownId);
    const items: Item[] = [
      { label: 'Kept runs', kind: vscode.QuickPickItemKind.Separator },
      ...runs.map((r): Item => ({ label: `$(history) ${runLabel(r)}`, description: r.endpoint, target: { runId: r.id } })),
      { label: 'The same request on another wiki', kind: vscode.QuickPickItemKind.Separator },
      ...Object.entries(this.environments.all()).map(([name, e]): Item => ({
        label: `$(globe) Run on ${name}`, description: e.endpoint, detail: e.endpoint === shown.endpoint ? 'the wiki of the run shown' : undefined, target: { environment: name },
      })),
    ];
    if (items.length === 2) {
      void vscode.window.showInformationMessage('wikiq: nothing to compare with: no other run of this request is kept, and no environments are defined (wikiq.environments).');
      return undefined;
    }
    return (await vscode.window.showQuickPick(items, { title: `wikiq: compare "${shown.requestName}" with…`, placeHolder: 'A kept run, or the same request on another environment' }))?.target;
  }

  private shownLabel(info: PanelRun, shown: ResultsModel): string {
    const state = runStatus(shown);
    const when = shown.keptAt ? `run of ${timeLabel(shown.keptAt)}` : info.shownId ? 'this run' : 'this run (not kept)';
    return `${when}${state === 'complete' ? '' : ` — ${state}`}`;
  }

  private show(panel: ResultsPanel, before: string, after: string, a: unknown, b: unknown): Comparison {
    const diff = diffResults(a, b);
    panel.showDiff(diffViewOf(before, after, diff));
    panel.reveal();
    return { before, after, diff };
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

function keptLabel(run: KeptRun): string {
  const state = runStatus(run);
  return `run of ${timeLabel(run.time)}${state === 'complete' ? '' : ` — ${state}`}`;
}
