/**
 * The results view: one webview panel per request (reused when it runs again), a strict CSP, a
 * typed and validated message protocol, paging through the RunSession it keeps, export, and a
 * serializer that restores the last shown state when VS Code reloads.
 */
import * as crypto from 'crypto';
import * as path from 'path';
import * as vscode from 'vscode';
import { HttpClient, RunSession, WikiqError, exportName, renderExport, writeAtomic, errorMessage } from '../../../engine/src/index';
import { buildModel } from './runModel';
import { FromWebview, ResultsModel, ToWebview, parseFromWebview } from './protocol';

export const VIEW_TYPE = 'wikiq.results';

export class ResultsPanel implements vscode.Disposable {
  private static readonly panels = new Map<string, ResultsPanel>();
  private static extensionUri: vscode.Uri;
  private static escapeFormulas: () => boolean = () => true;

  model?: ResultsModel;
  private session?: RunSession;
  private controller?: AbortController;
  private readonly disposables: vscode.Disposable[] = [];
  /** Resolves when the webview has said it is ready (for tests). */
  readonly ready: Promise<void>;
  private markReady!: () => void;
  /** Every message the host accepted, for tests. */
  readonly received: FromWebview[] = [];

  static register(context: vscode.ExtensionContext, escapeFormulas: () => boolean): vscode.Disposable {
    ResultsPanel.extensionUri = context.extensionUri;
    ResultsPanel.escapeFormulas = escapeFormulas;
    return vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        const s = state as { key?: string; model?: ResultsModel } | undefined;
        const p = new ResultsPanel(panel, typeof s?.key === 'string' ? s.key : `restored:${Date.now()}`);
        if (s?.model && typeof s.model === 'object') {
          p.model = { ...s.model, header: { ...s.model.header, canContinue: false } };
        }
      },
    });
  }

  static all(): ResultsPanel[] {
    return [...ResultsPanel.panels.values()];
  }

  /** Shows a run: in the panel of this request when there is one, else in a new panel. */
  static show(key: string, session: RunSession, http: HttpClient): ResultsPanel {
    let p = ResultsPanel.panels.get(key);
    if (!p) {
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, `Results: ${session.request.name}`, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        enableScripts: true,
        retainContextWhenHidden: true,
        enableCommandUris: false,
        localResourceRoots: [vscode.Uri.joinPath(ResultsPanel.extensionUri, 'dist', 'media')],
      });
      p = new ResultsPanel(panel, key);
    } else p.panel.reveal(undefined, true);
    p.panel.title = `Results: ${session.request.name}`;
    p.session = session;
    p.http = http;
    p.update();
    return p;
  }

  private http?: HttpClient;
  lastRendered?: Extract<FromWebview, { type: 'rendered' }>;
  private readonly renderedEmitter = new vscode.EventEmitter<Extract<FromWebview, { type: 'rendered' }>>();
  /** Fires each time the view reports what it rendered (tests await it). */
  readonly onDidRender = this.renderedEmitter.event;

  /** Posts a message as if the webview had sent it (tests drive the buttons with it). */
  simulate(m: unknown): Promise<void> {
    return this.onMessage(m);
  }

  /** Asks the view to switch tab / table (tests, screenshots). */
  showTab(tab: string, table?: string): Thenable<boolean> {
    return this.post({ type: 'show', tab, table });
  }

  private constructor(readonly panel: vscode.WebviewPanel, readonly key: string) {
    ResultsPanel.panels.set(key, this);
    this.ready = new Promise((r) => (this.markReady = r));
    panel.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(ResultsPanel.extensionUri, 'dist', 'media')],
    };
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m) => void this.onMessage(m)),
    );
  }

  private html(): string {
    const w = this.panel.webview;
    const nonce = crypto.randomBytes(16).toString('base64');
    const media = vscode.Uri.joinPath(ResultsPanel.extensionUri, 'dist', 'media');
    const script = w.asWebviewUri(vscode.Uri.joinPath(media, 'results.js'));
    const style = w.asWebviewUri(vscode.Uri.joinPath(media, 'results.css'));
    let imgHost = '';
    try {
      const ep = this.session?.request.endpoint ?? this.model?.header.endpoint;
      if (ep) imgHost = ` ${new URL(ep).origin}`;
    } catch { /* no endpoint host */ }
    const csp = [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src ${w.cspSource}`,
      `img-src ${w.cspSource}${imgHost}`,
      `font-src ${w.cspSource}`,
    ].join('; ');
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${style}"><title>wikiq results</title></head>
<body><div id="app" data-key="${encodeURIComponent(this.key)}"></div><script nonce="${nonce}" src="${script}"></script></body></html>`;
  }

  private post(m: ToWebview): Thenable<boolean> {
    return this.panel.webview.postMessage(m);
  }

  /** Rebuilds the model from the session and sends it. */
  update(): void {
    if (this.session) {
      this.model = buildModel(this.session.state, this.session.result(), this.session.merger.records());
      // The image host may have changed with a new endpoint.
      this.panel.webview.html = this.html();
    }
    if (this.model) void this.post({ type: 'model', model: this.model });
  }

  private async onMessage(raw: unknown): Promise<void> {
    const m = parseFromWebview(raw);
    if (!m) return;
    this.received.push(m);
    switch (m.type) {
      case 'ready':
        this.markReady();
        if (this.model) void this.post({ type: 'model', model: this.model });
        return;
      case 'loadNext':
      case 'loadAll':
        await this.loadMore(m.type === 'loadAll');
        return;
      case 'cancel':
        this.controller?.abort();
        return;
      case 'export':
        await this.exportAs(m.format, m.table);
        return;
      case 'openUrl':
        await vscode.env.openExternal(vscode.Uri.parse(m.url, true));
        return;
      case 'copy':
        await vscode.env.clipboard.writeText(m.text);
        return;
      case 'rendered':
        this.lastRendered = m;
        this.renderedEmitter.fire(m);
        return;
    }
  }

  /** Fetches the next batch, or all remaining ones, into the same result. */
  async loadMore(all: boolean): Promise<void> {
    const s = this.session;
    if (!s || !this.http || s.state.complete) return;
    // A new session resumes from the last `continue` but keeps merging into the same merger.
    this.controller = new AbortController();
    const signal = this.controller.signal;
    void this.post({ type: 'busy', text: all ? 'Loading all batches…' : 'Loading the next batch…' });
    s.state.failure = undefined;
    try {
      const max = vscode.workspace.getConfiguration('wikiq').get<number>('maxBatches') ?? 1000;
      let n = 0;
      do {
        if (signal.aborted) break;
        await s.next({ paging: all });
        n++;
        if (all && n % 5 === 0) this.update();
      } while (all && !s.state.complete && n < max);
    } catch (e) {
      s.state.failure = e instanceof WikiqError ? e : new WikiqError('network', errorMessage(e));
      void vscode.window.showErrorMessage(`wikiq: ${errorMessage(e)}`);
    }
    this.controller = undefined;
    void this.post({ type: 'busy', text: null });
    this.update();
  }

  async exportAs(format: 'json' | 'ndjson' | 'csv', table?: string, target?: vscode.Uri): Promise<string | undefined> {
    const s = this.session;
    const result = s ? s.result() : (this.model?.json as Record<string, unknown> | undefined);
    if (!result || !this.model) return undefined;
    const complete = s ? s.state.complete : this.model.header.complete;
    const base = `${(this.model.header.name || 'results').replace(/[^\w.-]+/g, '_')}${table ? `-${table}` : ''}.${format}`;
    const def = exportName(base, !complete);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri = target ?? await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, def) : undefined,
      filters: { [format.toUpperCase()]: [format] },
      saveLabel: `Export ${format.toUpperCase()}`,
    });
    if (!uri) return undefined;
    try {
      const text = renderExport({
        result, complete, continue: s ? s.state.continue : null, endpoint: this.model.header.endpoint, params: s ? s.request.params : {},
      }, format, { table, escapeFormulas: ResultsPanel.escapeFormulas() });
      // The file name says partial even when the user picked another name.
      const file = exportName(uri.fsPath, !complete && !/\.partial(\.|$)/.test(path.basename(uri.fsPath)));
      writeAtomic(file, text);
      vscode.window.setStatusBarMessage(`wikiq: exported ${path.basename(file)}`, 4000);
      return file;
    } catch (e) {
      void vscode.window.showErrorMessage(`wikiq: export failed: ${errorMessage(e)}`);
      return undefined;
    }
  }

  dispose(): void {
    ResultsPanel.panels.delete(this.key);
    this.controller?.abort();
    this.renderedEmitter.dispose();
    this.disposables.forEach((d) => d.dispose());
  }
}
