/** Helpers for the in-editor suite. Public `vscode` API only; no sleeps: events or promises. */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { PanelProbe } from '../../../client/src/results/probe';
import type { ContrastPair, RowCoverage } from '../../webviewMeasure';
import { PageAck, PageRequest, PageText, RenderedToken, SYNC_ENV, waitForJson, writeJsonAtomic } from '../sync';

export const EXTENSION_ID = 'wikiq.wikiq';

export function wikiqExtension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) {
    const ids = vscode.extensions.all.filter((e) => !e.id.startsWith('vscode.')).map((e) => e.id);
    throw new Error(`extension ${EXTENSION_ID} is not installed in this VS Code (non-built-in extensions: ${ids.join(', ') || 'none'})`);
  }
  return ext;
}

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the test workspace folder is not open');
  return folder.uri.fsPath;
}

export function fixtureUri(name: string): vscode.Uri {
  const file = path.join(workspaceRoot(), name);
  if (!fs.existsSync(file)) throw new Error(`fixture ${name} is missing from the test workspace (${file})`);
  return vscode.Uri.file(file);
}

/** Opens a fixture of the test workspace in an editor. */
export async function openFixture(name: string): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(name));
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  return { doc, editor };
}

/** Opens an untitled wikiq document with the given text. */
export async function openText(text: string): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const doc = await vscode.workspace.openTextDocument({ language: 'wikiq', content: text });
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  return { doc, editor };
}

/**
 * Splits text with a ¦ cursor marker into the text without it and the marker's position.
 */
export function withCursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('¦');
  if (offset < 0) throw new Error(`no ¦ cursor marker in ${JSON.stringify(marked)}`);
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

export function label(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

/**
 * Resolves with the wikiq extension's exported API once its language server answered initialize
 * (started here when no .wikiq document has started it: activation at startup starts none).
 */
export async function activateWikiq(): Promise<unknown> {
  const ext = wikiqExtension();
  const api = (await ext.activate()) as { ready?: Promise<void>; startServer?: () => Promise<void> } | undefined;
  if (api?.startServer) await api.startServer();
  if (api && api.ready) await api.ready;
  return api;
}

/**
 * Resolves with the diagnostics of uri once `accept` likes them, waiting on
 * onDidChangeDiagnostics (the server publishes asynchronously). Rejects after timeoutMs.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (d: readonly vscode.Diagnostic[]) => boolean,
  // The runner shortens this where failures are expected (a sabotaged package).
  timeoutMs = Number(process.env.WIKIQ_EDITOR_DIAGNOSTICS_WAIT_MS) || 20_000,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line prefer-const -- assigned below; `check` (called before then) reads it
    let sub: vscode.Disposable | undefined;
    const check = (): boolean => {
      const d = vscode.languages.getDiagnostics(uri);
      if (!accept(d)) return false;
      clearTimeout(timer);
      sub?.dispose();
      resolve(d);
      return true;
    };
    const timer = setTimeout(() => {
      sub?.dispose();
      const now = vscode.languages.getDiagnostics(uri).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code ?? ''} ${d.message}`);
      reject(new Error(`diagnostics of ${path.basename(uri.path)} not as expected after ${timeoutMs / 1000} s; they are:\n  ${now.join('\n  ') || '(none)'}`));
    }, timeoutMs);
    sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    check();
  });
}

/** True when the offline runner can answer page requests (not under @vscode/test-electron). */
export function hasPage(): boolean {
  return !!process.env[SYNC_ENV];
}

let requestSeq = 0;

async function pageRequest(kind: PageRequest['kind'], name: string, selector: string, hasText?: string, timeoutMs = 30_000, text?: string, secret?: boolean, more: Partial<PageRequest> = {}): Promise<PageAck | undefined> {
  const dir = process.env[SYNC_ENV];
  if (!dir) return undefined;
  const id = `${process.pid}-${++requestSeq}-${name}`;
  const ack = waitForJson<PageAck>(dir, `${id}.ack.json`, timeoutMs, `page request '${name}'`);
  const req: PageRequest = { ...more, id, kind, name, selector, hasText, text, secret };
  writeJsonAtomic(path.join(dir, `${id}.request.json`), req);
  const a = await ack;
  if (!a.ok) throw new Error(`${kind} '${name}': ${a.error}`);
  return a;
}

/**
 * Clears the notifications, then asks the offline runner to wait until `selector` (containing
 * `hasText`) is visible in the workbench and take a PNG named `name`; resolves with the file once written. Rejects when the
 * element never showed. Resolves undefined where no runner takes pictures (test-electron).
 */
export async function screenshot(name: string, selector: string, hasText?: string): Promise<string | undefined> {
  // Toasts left by earlier tests (a wiki that could not be reached, a sign-in) would cover what the
  // picture is of; this test window is shared, a user's is not.
  await vscode.commands.executeCommand('notifications.clearAll');
  return (await pageRequest('screenshot', name, selector, hasText))?.file;
}

/**
 * The rendered lines of the active editor with each token's colour, once `hasText` is on screen.
 * Undefined where there is no page to read (test-electron).
 */
export async function renderedLines(hasText: string): Promise<RenderedToken[][] | undefined> {
  return (await pageRequest('tokens', 'tokens', '.editor-group-container.active .monaco-editor .view-line', hasText))?.lines;
}

/**
 * The text and accessible name (aria-label) of every element `selector` matches in the workbench,
 * once one containing `hasText` is visible. Undefined where there is no page to read (test-electron).
 */
export async function pageTexts(name: string, selector: string, hasText: string): Promise<PageText[] | undefined> {
  return (await pageRequest('texts', name, selector, hasText))?.texts;
}

/**
 * Answers the prompt a command is showing, as a user would: once `selector` (containing `hasText`)
 * is visible in the workbench, the offline runner types `text` into the quick input's box and presses
 * Enter. Resolves when it did; rejects when the prompt never showed. Returns false where there is no
 * page to type into (test-electron). `text` is never logged; with `secret` (a password) the runner
 * also fails the run if any log of it holds those bytes.
 */
export async function answerPrompt(name: string, selector: string, hasText: string | undefined, text: string, secret = false): Promise<boolean> {
  return !!(await pageRequest('answer', name, selector, hasText, 30_000, text, secret));
}

/**
 * Clicks, as a user would, the element `selector` (containing `hasText`) of the workbench — a modal
 * dialog's button — or, with `frameSelector`, that element of the visible webview's page (`selector`
 * is then the webview's iframe: VISIBLE_WEBVIEW). Resolves once clicked; rejects when it never
 * showed. Returns false where there is no page to click in (test-electron).
 */
export async function clickOnPage(name: string, selector: string, hasText?: string, frameSelector?: string): Promise<boolean> {
  return !!(await pageRequest('click', name, selector, hasText, 30_000, undefined, undefined, frameSelector ? { frameSelector } : {}));
}

/** The outer iframe of the webview shown in the workbench (its page is in that iframe's #active-frame). */
export const VISIBLE_WEBVIEW = 'iframe.webview.ready:visible';

/**
 * The shown grid's rows in the visible results webview against the rows that fit its scroller,
 * measured once `frameSelector` (containing `hasText`) is visible in the webview's page.
 * Undefined where there is no page to read (test-electron).
 */
export async function webviewRows(name: string, frameSelector: string, hasText?: string): Promise<RowCoverage | undefined> {
  return (await pageRequest('webviewRows', name, VISIBLE_WEBVIEW, hasText, 30_000, undefined, undefined, { frameSelector }))?.rows;
}

/**
 * The WCAG contrast of every visible text of the visible results webview (header and badge, tabs,
 * toolbar, shown table), once `frameSelector` (containing `hasText`) is visible in its page.
 * Undefined where there is no page to read (test-electron).
 */
export async function webviewContrast(name: string, frameSelector: string, hasText?: string): Promise<ContrastPair[] | undefined> {
  return (await pageRequest('webviewContrast', name, VISIBLE_WEBVIEW, hasText, 30_000, undefined, undefined, { frameSelector }))?.contrasts;
}

/** The string code of a diagnostic (LSP codes may come with a link). */
export function codeOf(d: vscode.Diagnostic): string {
  return String(typeof d.code === 'object' && d.code !== null ? d.code.value : d.code ?? '');
}

/** Position of the first occurrence of `needle` in doc (plus `delta` characters). */
export function positionOf(doc: vscode.TextDocument, needle: string, delta = 0): vscode.Position {
  const at = doc.getText().indexOf(needle);
  if (at < 0) throw new Error(`'${needle}' is not in ${path.basename(doc.uri.path)}`);
  return doc.positionAt(at + delta);
}

/** Completion labels at a position, resolving the first `resolve` items. */
export async function completionsAt(doc: vscode.TextDocument, pos: vscode.Position, resolve?: number): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos, undefined, resolve);
  return list.items;
}

/** Markdown text of the hovers at a position. */
export async function hoverText(doc: vscode.TextDocument, pos: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n---\n');
}

/**
 * The hover text at a position once it contains `needle`: asked now, then again each time the
 * server publishes the document's diagnostics (as it does when the document's catalogue arrives).
 * Rejects after `timeoutMs` with the last text seen.
 */
export function hoverTextOnceItHas(doc: vscode.TextDocument, pos: vscode.Position, needle: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let last = '';
    let settled = false;
    let asking = false;
    let again = false;
    const finish = (err?: Error) => {
      settled = true;
      clearTimeout(timer);
      sub.dispose();
      if (err) reject(err);
      else resolve(last);
    };
    const ask = async (): Promise<void> => {
      if (settled) return;
      if (asking) return void (again = true);
      asking = true;
      try {
        last = await hoverText(doc, pos);
      } finally {
        asking = false;
      }
      if (last.includes(needle)) return finish();
      if (again) {
        again = false;
        return ask();
      }
    };
    const timer = setTimeout(() => finish(new Error(`no hover with '${needle}' at ${pos.line + 1}:${pos.character + 1} within ${timeoutMs / 1000} s; last: ${JSON.stringify(last.slice(0, 300))}`)), timeoutMs);
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === doc.uri.toString())) void ask().catch((err: Error) => finish(err));
    });
    void ask().catch((err: Error) => finish(err));
  });
}

/** Reverts and closes every open editor, so no dirty document can raise a save dialog later. */
export async function closeAllEditors(): Promise<void> {
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (tab.input instanceof vscode.TabInputText) {
      await vscode.window.showTextDocument(tab.input.uri, { preview: false });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Resolves with the results view's render report once `accept` likes it (the `reportRenders` test hook); rejects after `timeoutMs`. */
export function rendered(panel: PanelProbe, accept: (r: NonNullable<PanelProbe['lastRendered']>) => boolean, timeoutMs = 20_000): Promise<NonNullable<PanelProbe['lastRendered']>> {
  if (panel.lastRendered && accept(panel.lastRendered)) return Promise.resolve(panel.lastRendered);
  return nextRendered(panel, accept, timeoutMs);
}

/** Like `rendered`, but only a render reported from now on counts (not the last one, which may already show the same). */
export function nextRendered(panel: PanelProbe, accept: (r: NonNullable<PanelProbe['lastRendered']>) => boolean, timeoutMs = 20_000): Promise<NonNullable<PanelProbe['lastRendered']>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { sub.dispose(); reject(new Error(`the results view never rendered what was expected (last: ${JSON.stringify(panel.lastRendered)?.slice(0, 300)})`)); }, timeoutMs);
    const sub = panel.onDidRender((r) => {
      if (!accept(r)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(r);
    });
  });
}
