/**
 * Writes in VS Code (#39): `wikiq.preview` (the ▶ Preview CodeLens of a write) resolves the request
 * with `allowWrite: 'preview'`, appends the `wikiq.writes.summaryTag` setting's tag, runs the
 * engine's `previewEdit` through the same signed-in client and per-wiki scheduler as the editor's
 * runs — `previewEdit` for an edit, `previewAction` for any other write (its plan and this
 * account's permission on each named page; upload is refused) — keeps a plan in the panel
 * manager's `WritePlans` when Save may be offered, and shows the preview in the request's results
 * panel (facts, the plan or the wiki's diff sanitised by the view, Save).
 *
 * Save (a validated `save` message with the plan id): a modal dialog naming the account, the wiki
 * and the page; then the plan is `take`n (once) and `saveWrite` sends it. A change to the file
 * since the preview drops the plan and Save is gone until the next preview. A save is recorded in
 * the run history (the new revision, its diff on the wiki, the account; never a token). The undo
 * (engine's `undoOf`: an edit's undo, a created page's deletion, a move back, a deletion's restore)
 * is one click away: Preview the undo opens its request and previews it, to be saved the same way.
 * No preview or save in an untrusted workspace; none in the browser, which has no sign-in
 * (../platform.web.ts `offerWrites`: this module stays out of the web bundle).
 * The state changes and texts are ./writeState.ts (editor-free).
 */
import * as vscode from 'vscode';
import {
  SignedInHttpClient, errorMessage, planOfAction, planOfEdit, previewAction, previewEdit, saveWrite, undoFile, undoOf, withSummaryTag,
  type HttpClient, type PlanInput, type ResolvedRequest,
} from '../../../engine/src/index';
import { parse, requestsOf } from '../../../core/src';
import { requestRefAt, type RequestRef } from '../../../common/requestRef';
import type { SaveState, WriteFacts } from '../../shared/write';
import type { RequestArg, RunCommands } from '../run/commands';
import type { WikiAuth } from '../run/auth';
import type { RunHistoryCommands } from './historyCommands';
import type { PanelWrites, ResultsPanelManager } from './panelManager';
import type { ResultsPanel, WriteAction } from './ResultsPanel';
import {
  changedState, confirmText, factsOf, factsOfAction, failedState, keptSaveOf, previewModel, previewedState, saveRefusal, savedState, savingState, STALE_REASON,
} from './writeState';

/** A preview shown in a panel: what its Save needs. */
interface Shown {
  panel: ResultsPanel;
  ref: RequestRef;
  /** The document's version at the preview: any other version and Save is gone. */
  version: number;
  facts: WriteFacts;
  diffHtml: string;
  state: SaveState;
  requestName: string;
  /** After a save: the `.wikiq` file of the request that takes it back (engine's `undoOf`), if one does. */
  undo?: string;
}

/** A preview made: what the view shows and the plan Save would keep. */
interface Previewed {
  facts: WriteFacts;
  diffHtml: string;
  plan: Readonly<Record<string, string>>;
  input: () => PlanInput;
}

/** An edit's diff and facts, or another write's plan and permission facts (upload is refused by the engine). */
async function previewOf(request: ResolvedRequest, http: HttpClient, signal: AbortSignal): Promise<Previewed> {
  if (request.params.action === 'edit') {
    const p = await previewEdit(request, http, { signal });
    return { facts: factsOf(p), diffHtml: p.diffHtml, plan: p.plan, input: () => planOfEdit(request, p) };
  }
  const p = await previewAction(request, http, { signal });
  return { facts: factsOfAction(p), diffHtml: '', plan: p.plan, input: () => planOfAction(request, p) };
}

export const UNTRUSTED_WRITES = 'wikiq: Preview and Save of writes are not offered in an untrusted workspace (a file there could name a wiki and a write). Trust the workspace first.';

export class WriteCommands implements PanelWrites, vscode.Disposable {
  /** The preview each panel shows, by the panel's key (the entry names its panel). */
  private readonly shown = new Map<string, Shown>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly previewed = new vscode.EventEmitter<ResultsPanel>();
  /** A preview is shown, in this panel (tests wait on it: the undo's preview starts from the view). */
  readonly onDidPreview = this.previewed.event;
  /** The last preview's or save's state (tests). */
  lastState?: SaveState;
  /**
   * Asks the person to confirm a save: the modal dialog. A test hook too: VS Code refuses every
   * modal dialog under its extension-test harness ("DialogService: refused to show dialog in
   * tests"), so the real-editor test replaces only this call, and checks the words it is given.
   */
  confirm = async (question: string): Promise<boolean> => {
    try {
      return (await vscode.window.showWarningMessage(question, { modal: true }, 'Save')) === 'Save';
    } catch {
      return false; // no dialog could be shown: nothing is saved
    }
  };

  constructor(private readonly runs: RunCommands, private readonly panels: ResultsPanelManager, private readonly auth: WikiAuth, private readonly history: RunHistoryCommands) {
    this.disposables.push(
      panels.useWrites(this),
      this.previewed,
      vscode.commands.registerCommand('wikiq.preview', (ref?: RequestArg) => this.preview(ref)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length) this.documentChanged(e.document);
      }),
    );
  }

  /** Previews the write (the CodeLens's, else the one at the cursor) in its results panel. */
  async preview(arg?: RequestArg): Promise<ResultsPanel | undefined> {
    const t = await this.runs.target(arg);
    if (!t) return undefined;
    if (!vscode.workspace.isTrusted) {
      const manage = 'Manage workspace trust';
      if ((await vscode.window.showWarningMessage(UNTRUSTED_WRITES, manage)) === manage) await vscode.commands.executeCommand('workbench.trust.manage');
      return undefined;
    }
    const resolved = await this.runs.resolve(t.document, t.sel, true);
    if (!resolved) return undefined;
    if (!resolved.write) {
      // Not a write: it runs as any request does.
      await this.runs.run({ uri: t.document.uri.toString(), index: resolved.index }, false);
      return undefined;
    }
    const tag = vscode.workspace.getConfiguration('wikiq').get<string>('writes.summaryTag');
    const request: ResolvedRequest = { ...resolved, params: withSummaryTag(resolved.params, tag) };
    const version = t.document.version;
    const http = (await this.auth.client(request.endpoint, this.runs.httpClient())) ?? this.runs.httpClient();
    let preview;
    try {
      preview = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `wikiq: previewing ${request.name}`, cancellable: true }, (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return previewOf(request, http, controller.signal);
      });
    } catch (e) {
      void vscode.window.showErrorMessage(`wikiq: ${errorMessage(e)}`);
      return undefined;
    }
    const ref = requestRefAt(t.document.uri.toString(), requestsOf(parse(t.document.getText())), request.index);
    if (!ref) return undefined;
    const { facts, diffHtml } = preview;
    const context = { trusted: vscode.workspace.isTrusted, signedIn: http instanceof SignedInHttpClient };
    const planId = saveRefusal(facts, context) ? undefined : this.panels.plans.add(preview.input()).id;
    const state = previewedState(facts, context, planId);
    const panel = this.panels.showPreview(ref, previewModel(request, preview.plan), { facts, diffHtml, save: state });
    this.shown.set(panel.key, { panel, ref, version, facts, diffHtml, state, requestName: request.name });
    this.lastState = state;
    this.previewed.fire(panel);
    return panel;
  }

  private setState(s: Shown, state: SaveState): void {
    s.state = state;
    this.lastState = state;
    s.panel.showWrite({ facts: s.facts, diffHtml: s.diffHtml, save: state });
  }

  /** The file changed: each of its previews' Save is gone (their plans dropped) until the next preview. */
  private documentChanged(document: vscode.TextDocument): void {
    const uri = document.uri.toString();
    for (const s of this.shown.values()) {
      if (s.ref.uri !== uri || s.version === document.version || s.state.kind !== 'ready') continue;
      this.panels.plans.drop(s.state.planId);
      this.setState(s, changedState(s.state));
    }
  }

  /** The panel closed or shows something else: its preview's plan goes. */
  gone(panel: ResultsPanel): void {
    const s = this.shown.get(panel.key);
    if (!s || s.panel !== panel) return;
    if (s.state.kind === 'ready') this.panels.plans.drop(s.state.planId);
    this.shown.delete(panel.key);
  }

  handle(panel: ResultsPanel, action: WriteAction): Promise<unknown> {
    const s = this.shown.get(panel.key);
    if (!s || s.panel !== panel) return Promise.resolve(undefined);
    return action.type === 'save' ? this.save(s, action.planId) : this.previewUndo(s);
  }

  /** Save: asked in a modal dialog, then the plan taken (once) and sent. */
  private async save(s: Shown, planId: string): Promise<void> {
    const refused = vscode.workspace.isTrusted ? undefined : UNTRUSTED_WRITES;
    const next = refused ?? savingState(s.state, planId);
    if (typeof next === 'string') {
      void vscode.window.showWarningMessage(`wikiq: ${next}`);
      this.setState(s, s.state); // the view's button again
      return;
    }
    const plan = this.panels.plans.peek(planId);
    if (!plan) return this.setState(s, failedState('This preview\'s plan is gone (older than 30 minutes, or saved already): preview again.'));
    if (!(await this.confirm(confirmText(s.facts, plan)))) return this.setState(s, s.state);
    // The file may have changed while the dialog was open.
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === s.ref.uri);
    if (!document || document.version !== s.version) {
      this.panels.plans.drop(planId);
      return this.setState(s, { kind: 'stale', reason: STALE_REASON });
    }
    this.setState(s, next);
    try {
      const taken = this.panels.plans.take(planId);
      const http = (await this.auth.client(taken.endpoint, this.runs.httpClient())) ?? this.runs.httpClient();
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `wikiq: saving ${s.facts.title}` }, () => saveWrite(taken, http));
      const undo = undoOf(taken, result);
      s.undo = undo ? undoFile(taken.endpoint, undo) : undefined;
      this.setState(s, savedState(result, undo));
      await this.history.keepSave(s.panel, s.ref, keptSaveOf(taken, s.requestName, result, `save-${Date.now().toString(36)}-${planId.slice(0, 8)}`, new Date()));
    } catch (e) {
      this.setState(s, failedState(errorMessage(e)));
      void vscode.window.showErrorMessage(`wikiq: not saved: ${errorMessage(e)}`);
    }
  }

  /** Preview the undo: its request in a new `.wikiq` document, previewed at once (saved only through its own Save). */
  private async previewUndo(s: Shown): Promise<void> {
    const text = s.undo;
    if (!text) return;
    const document = await vscode.workspace.openTextDocument({ language: 'wikiq', content: text });
    // Beside the edited file, where its own preview's panel is beside it in turn.
    const column = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === s.ref.uri)?.viewColumn;
    await vscode.window.showTextDocument(document, { preview: false, viewColumn: column });
    await this.preview({ uri: document.uri.toString(), index: 0 });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
