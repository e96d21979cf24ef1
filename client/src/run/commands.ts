/**
 * Commands that run requests: wikiq.run (one batch), wikiq.runAll, wikiq.copyAsUrl,
 * wikiq.copyAsCurl, wikiq.copyAsCode, wikiq.copyAsApiSandbox, wikiq.openFromUrl, and the CodeLens above
 * each request. Logic that needs no editor lives in ./runText.ts and the engine.
 */
import * as vscode from 'vscode';
import {
  type FileValues, HostScheduler, HttpClient, ResolvedRequest, RunSession, RunState, engineUserAgent, errorMessage, resolveRequest,
} from '../../../engine/src/index';
import { RequestCodeActionProvider, RequestCodeLensProvider } from '../codeLens';
import type { RequestRef } from '../../../common/requestRef';
import { Environments } from '../environments';
import type { EnvironmentParams } from '../../../common/protocol';
import { fromPastedUrl, sandboxLinkFor } from './pastedUrl';
import { copyText, logLine, progressMessage, runSettings, stoppedMessage } from './runText';
import { RunDiagnostics } from './diagnostics';
import type { WikiAuth } from './auth';
import { signedInCurl } from './signedInCopy';
import { EDITOR_LANGUAGE, asksForBatches, codeFor, codeLanguageItems } from './copyAsCode';
import { CODE_LANGUAGES, codeRefusal, type Catalogue, type CodeLanguage } from '../../../core/src';
import type { PanelDriver } from '../results/port';

/** A command's request: the CodeLens's RequestRef, of which its document and place are read (a caller may give only those). */
export type RequestArg = Pick<RequestRef, 'uri' | 'index'>;

export interface RunOutcome {
  state: RunState;
  session: RunSession;
  result: Record<string, unknown>;
}

/**
 * Shows a run in the results view once its first batch is in; returns the view's binding to the
 * run (./results/port), which loads the rest of a Run all batches where the user sees it.
 */
export type ResultsSink = (session: RunSession, document: vscode.TextDocument, http: HttpClient) => PanelDriver | undefined;

export class RunCommands implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  readonly diagnostics: RunDiagnostics;
  /** The last run, for tests. */
  last?: RunOutcome;
  /** One request in flight per wiki from the editor's runs, however many run at once (#40). */
  private readonly hosts = new HostScheduler();

  constructor(
    private readonly environments: Environments,
    private readonly output: vscode.LogOutputChannel,
    /** The bundled catalogue (module prefixes, booleans, limits), read from the package on first use (the platform's). */
    private readonly catalogue: () => Promise<Catalogue>,
    private readonly showResults?: ResultsSink,
    private readonly auth?: WikiAuth,
    /**
     * A new run of request `index` of `document` is about to ask the wiki: the run still filling
     * that request's panel stops first (the editor's runs take turns per wiki, so its next request
     * would otherwise go ahead of the new run's first).
     */
    private readonly supersede?: (document: vscode.TextDocument, index: number) => void,
  ) {
    this.diagnostics = new RunDiagnostics();
    const lenses = new RequestCodeLensProvider(catalogue);
    this.disposables.push(
      this.diagnostics,
      vscode.languages.registerCodeLensProvider({ language: 'wikiq' }, lenses),
      // Writes show ▶ Preview only in a trusted workspace: the lenses change with trust.
      vscode.workspace.onDidGrantWorkspaceTrust(() => lenses.refresh()),
      vscode.workspace.onDidCloseTextDocument((d) => lenses.forget(d)),
      vscode.languages.registerCodeActionsProvider({ language: 'wikiq' }, new RequestCodeActionProvider(), { providedCodeActionKinds: RequestCodeActionProvider.kinds }),
      vscode.commands.registerCommand('wikiq.run', (ref?: RequestArg) => this.run(ref, false)),
      vscode.commands.registerCommand('wikiq.runAll', (ref?: RequestArg) => this.run(ref, true)),
      vscode.commands.registerCommand('wikiq.copyAsUrl', (ref?: RequestArg) => this.copy(ref, 'url')),
      vscode.commands.registerCommand('wikiq.copyAsCurl', (ref?: RequestArg) => this.copy(ref, 'curl')),
      vscode.commands.registerCommand('wikiq.copyAsCode', (ref?: RequestArg, lang?: string, batchOnly?: boolean) => this.copyAsCode(ref, lang, batchOnly)),
      vscode.commands.registerCommand('wikiq.copyAsApiSandbox', (ref?: RequestArg) => this.copySandboxLink(ref)),
      vscode.commands.registerCommand('wikiq.openFromUrl', (input?: string) => this.openFromUrl(input)),
    );
  }

  private settings() {
    const c = vscode.workspace.getConfiguration('wikiq');
    return runSettings((k) => c.get(k));
  }

  /** The document and the request selector of a CodeLens argument or the cursor. */
  async target(ref?: RequestArg): Promise<{ document: vscode.TextDocument; sel: { index: number } | { offset: number } } | undefined> {
    if (ref && typeof ref.uri === 'string' && Number.isInteger(ref.index)) {
      const uri = vscode.Uri.parse(ref.uri);
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? await vscode.workspace.openTextDocument(uri);
      return { document, sel: { index: ref.index } };
    }
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'wikiq') {
      void vscode.window.showWarningMessage('wikiq: open a .wikiq file and put the cursor in a request to run it.');
      return undefined;
    }
    return { document: editor.document, sel: { offset: editor.document.offsetAt(editor.selection.active) } };
  }

  /** The request resolved (a write only for a preview: `write`), or undefined after saying why not. */
  async resolve(document: vscode.TextDocument, sel: { index: number } | { offset: number }, write = false): Promise<ResolvedRequest | undefined> {
    try {
      const env = this.environments.current();
      const catalogue = await this.catalogue();
      return resolveRequest(document.getText(), sel, {
        env: { name: env.name, endpoint: env.endpoint, variables: env.variables }, defaultEndpoint: env.endpoint, catalogue, files: fileValuesFor(document),
        ...(write ? { allowWrite: 'preview' as const } : {}),
      });
    } catch (e) {
      void vscode.window.showErrorMessage(`wikiq: ${errorMessage(e)}`);
      return undefined;
    }
  }

  private async ensureTrust(): Promise<boolean> {
    if (vscode.workspace.isTrusted) return true;
    const manage = 'Manage workspace trust';
    const choice = await vscode.window.showWarningMessage('wikiq: running requests sends them to a wiki; this workspace is not trusted. Trust it first.', manage);
    if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
    return vscode.workspace.isTrusted;
  }

  httpClient(): HttpClient {
    const s = this.settings();
    return new HttpClient(
      { userAgent: s.userAgent ?? engineUserAgent('wikiq-vscode'), timeoutMs: s.timeoutMs, maxBytes: s.maxBytes, scheduler: this.hosts },
      (e) => this.output.info(logLine(e)),
    );
  }

  /** Runs a request (the CodeLens's, else the one at the cursor); `cancel` stops it as the notification's Cancel does (the Test Explorer's run). */
  async run(ref: RequestArg | undefined, all: boolean, cancel?: vscode.CancellationToken): Promise<RunOutcome | undefined> {
    const t = await this.target(ref);
    if (!t) return undefined;
    if (!(await this.ensureTrust())) return undefined;
    const resolved = await this.resolve(t.document, t.sel);
    if (!resolved) return undefined;
    const http = (await this.auth?.client(resolved.endpoint, this.httpClient())) ?? this.httpClient();
    if (this.showResults) this.supersede?.(t.document, resolved.index);
    const outcome = await this.execute(resolved, all, http, `wikiq: ${resolved.name}`, (session) => this.showResults?.(session, t.document, http), cancel);
    this.last = outcome;
    this.diagnostics.show(t.document, outcome.state);
    const { state } = outcome;
    if (state.failure) {
      const kind = state.failure.kind;
      const msg = stoppedMessage(state) ?? '';
      if (kind === 'cancelled') void vscode.window.showInformationMessage(msg);
      else void vscode.window.showErrorMessage(msg);
      this.output.warn(state.failure.message);
    }
    return outcome;
  }

  /**
   * Runs a resolved request with the notification's progress and Cancel. With `show`, the first batch
   * is shown as soon as it is in and the rest of a Run all batches is loaded in the view (its Load all:
   * the rows show while the run goes on, with the view's progress line and Cancel as well).
   */
  private execute(resolved: ResolvedRequest, all: boolean, http: HttpClient, title: string, show?: (session: RunSession) => PanelDriver | undefined, cancel?: vscode.CancellationToken): Thenable<RunOutcome> {
    const s = this.settings();
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const session = new RunSession(resolved, http, {
          maxlag: s.maxlag, maxBackoffMs: s.maxWaitMs, signal: controller.signal,
          onProgress: (p) => progress.report({ message: progressMessage(p) }),
        });
        progress.report({ message: 'sending…' });
        const tokens = cancel ? [token, cancel] : [token];
        const subs = tokens.map((t) => t.onCancellationRequested(() => controller.abort()));
        try {
          if (!show) {
            await session.run({ all, maxBatches: s.maxBatches });
          } else {
            await session.run({ all: false });
            const view = show(session);
            if (all && session.state.stopped === 'single' && s.maxBatches > 1) {
              if (view) {
                for (const t of tokens) subs.push(t.onCancellationRequested(() => view.cancel()));
                await view.loadMore(true, s.maxBatches - 1);
              } else await session.run({ all: true, maxBatches: s.maxBatches - 1 });
            }
          }
        } finally {
          for (const sub of subs) sub.dispose();
        }
        return { state: session.state, session, result: session.result() };
      },
    );
  }

  /**
   * Runs request `index` of `document` on `env`'s wiki (its endpoint wins over the file's), every
   * batch, without showing it: Compare with… another environment. Undefined when it cannot run.
   */
  async runOn(document: vscode.TextDocument, index: number, env: EnvironmentParams): Promise<RunOutcome | undefined> {
    if (!env.endpoint) {
      void vscode.window.showErrorMessage(`wikiq: the environment ${env.name ?? ''} has no endpoint.`);
      return undefined;
    }
    if (!(await this.ensureTrust())) return undefined;
    let resolved: ResolvedRequest;
    try {
      const catalogue = await this.catalogue();
      resolved = resolveRequest(document.getText(), { index }, { env: { name: env.name, endpoint: env.endpoint, variables: env.variables }, forceEndpoint: env.endpoint, catalogue, files: fileValuesFor(document) });
    } catch (e) {
      void vscode.window.showErrorMessage(`wikiq: ${errorMessage(e)}`);
      return undefined;
    }
    const http = (await this.auth?.client(resolved.endpoint, this.httpClient())) ?? this.httpClient();
    return this.execute(resolved, true, http, `wikiq: ${resolved.name} on ${env.name ?? resolved.endpoint}`);
  }

  async copy(ref: RequestArg | undefined, as: 'url' | 'curl'): Promise<string | undefined> {
    const t = await this.target(ref);
    if (!t) return undefined;
    const resolved = await this.resolve(t.document, t.sel);
    if (!resolved) return undefined;
    const text = signedInCurl(copyText(resolved, as, this.settings().userAgent ?? engineUserAgent('wikiq-vscode')), as === 'curl' ? await this.auth?.kind(resolved.endpoint) : undefined);
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(`wikiq: ${as === 'url' ? 'URL' : 'curl command'} copied`, 3000);
    return text;
  }

  /**
   * Copy as code: asks the language (and, for a request that continues, all batches or this one),
   * copies the program and offers to open it. `lang` and `batchOnly` answer the questions (tests).
   */
  async copyAsCode(ref: RequestArg | undefined, lang?: string, batchOnly?: boolean): Promise<string | undefined> {
    const t = await this.target(ref);
    if (!t) return undefined;
    const resolved = await this.resolve(t.document, t.sel, true);
    if (!resolved) return undefined;
    const chosen = CODE_LANGUAGES.find((l) => l === lang) ?? (await vscode.window.showQuickPick(codeLanguageItems, { title: `wikiq: copy "${resolved.name}" as code`, placeHolder: 'Language or library' }))?.lang;
    if (!chosen) return undefined;
    const refused = codeRefusal(resolved, chosen);
    if (refused) {
      void vscode.window.showErrorMessage(`wikiq: ${refused}`);
      return undefined;
    }
    let oneBatch = batchOnly ?? false;
    if (batchOnly === undefined && asksForBatches(chosen, resolved)) {
      const all = 'All batches (follow continuation)';
      const pick = await vscode.window.showQuickPick([all, 'This batch only'], { title: 'wikiq: which batches?' });
      if (!pick) return undefined;
      oneBatch = pick !== all;
    }
    const text = codeFor(resolved, chosen, await this.catalogue(), {
      batchOnly: oneBatch,
      credential: await this.auth?.kind(resolved.endpoint),
      userAgent: this.settings().userAgent ?? engineUserAgent('wikiq-vscode'),
    });
    await vscode.env.clipboard.writeText(text);
    void this.offerToOpen(text, chosen);
    return text;
  }

  private async offerToOpen(text: string, lang: CodeLanguage): Promise<void> {
    const open = 'Open in editor';
    if ((await vscode.window.showInformationMessage('wikiq: code copied.', open)) !== open) return;
    const document = await vscode.workspace.openTextDocument({ language: EDITOR_LANGUAGE[lang], content: text });
    await vscode.window.showTextDocument(document);
  }

  /** The request as a Special:ApiSandbox link on its wiki (variables expanded, as sent). */
  async copySandboxLink(ref: RequestArg | undefined): Promise<string | undefined> {
    const t = await this.target(ref);
    if (!t) return undefined;
    const resolved = await this.resolve(t.document, t.sel);
    if (!resolved) return undefined;
    const link = sandboxLinkFor(resolved);
    await vscode.env.clipboard.writeText(link);
    vscode.window.setStatusBarMessage('wikiq: ApiSandbox link copied', 3000);
    return link;
  }

  async openFromUrl(input?: string): Promise<vscode.TextDocument | undefined> {
    const catalogue = await this.catalogue();
    const value = typeof input === 'string' ? input : await vscode.window.showInputBox({
      prompt: 'Paste an api.php URL or a Special:ApiSandbox link',
      placeHolder: 'https://en.wikipedia.org/w/api.php?action=query&list=allimages',
      validateInput: (v) => {
        if (!v.trim()) return undefined;
        const r = fromPastedUrl(v, catalogue);
        return 'error' in r ? r.error : undefined;
      },
    });
    if (!value) return undefined;
    const r = fromPastedUrl(value, catalogue);
    if ('error' in r) {
      void vscode.window.showErrorMessage(`wikiq: ${r.error}`);
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument({ language: 'wikiq', content: r.text });
    await vscode.window.showTextDocument(document);
    return document;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/**
 * Where values read from files (`text = < ./page.wiki`) are read for `document`: relative to its
 * folder; in an untrusted workspace, only inside its folders (none for a document not on disk).
 */
function fileValuesFor(document: vscode.TextDocument): FileValues | undefined {
  if (document.uri.scheme !== 'file') return undefined;
  const base = vscode.Uri.joinPath(document.uri, '..').fsPath;
  if (vscode.workspace.isTrusted) return { base };
  return { base, folders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath) };
}
