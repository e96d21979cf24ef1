/**
 * wikiq in the browser: the web extension (package.json `browser`) in the workbench's web worker
 * extension host, its language server in a web worker, against the test wiki over CORS (MediaWiki
 * answers `origin=*` anonymously). Checks that it is the web worker host and the browser bundle,
 * then completion from the wiki's live catalogue, a title from the wiki's content (a lookup from
 * the worker, cross-origin) and its hover facts, content diagnostics and a quick fix, a diagnostic, hover, a list request run through
 * two batches into the results view and exported through the editor's file system, Copy as URL,
 * and the sign-in command's message. Screenshots through the runner (./bridge.ts).
 */
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import type { PanelProbe } from '../../../client/src/results/probe';
import type { CatalogueStatus } from '../../../common/protocol';
import type { PageAck, PageRequest } from '../sync';
import type { WebTestConfig } from './protocol';

type Page = (kind: PageRequest['kind'], body: Omit<PageRequest, 'id' | 'kind'>) => Promise<unknown>;

// No Node `assert` in a worker: the few checks the suite needs.
function ok(value: unknown, message: string): asserts value {
  if (!value) throw new Error(message);
}
function equal<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** Resolves once `check` is true, checking now and at each `event`; rejects after `timeoutMs` saying `what`. */
function until(check: () => Promise<boolean> | boolean, event: vscode.Event<unknown>, what: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (e?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sub.dispose();
      if (e) reject(e);
      else resolve();
    };
    const test = () => void Promise.resolve(check()).then((yes) => yes && finish(), (e: unknown) => finish(e instanceof Error ? e : new Error(String(e))));
    const timer = setTimeout(() => finish(new Error(`${what}: not within ${timeoutMs / 1000} s`)), timeoutMs);
    const sub = event(test);
    test();
  });
}

function rendered(panel: PanelProbe, accept: (r: NonNullable<PanelProbe['lastRendered']>) => boolean): Promise<void> {
  return until(() => !!panel.lastRendered && accept(panel.lastRendered), panel.onDidRender, `the results view rendering what was expected (last: ${JSON.stringify(panel.lastRendered)?.slice(0, 200)})`);
}

async function openText(text: string): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const doc = await vscode.workspace.openTextDocument({ language: 'wikiq', content: text });
  return { doc, editor: await vscode.window.showTextDocument(doc, { preview: false }) };
}

function at(doc: vscode.TextDocument, needle: string, delta = 0): vscode.Position {
  const i = doc.getText().indexOf(needle);
  ok(i >= 0, `'${needle}' is not in the document`);
  return doc.positionAt(i + delta);
}

export function defineBrowserTests(config: WebTestConfig, page: Page): void {
  const shot = async (name: string, selector: string, hasText?: string) => {
    const ack = (await page('screenshot', { name, selector, hasText })) as PageAck;
    ok(ack.ok && ack.file, `screenshot ${name}: ${ack.error}`);
  };
  const images = `@endpoint = ${config.endpoint}\n\n### Images\naction = query\nlist = allimages\nailimit = 50\naidir = ascending\n`;

  describe('wikiq in the browser', function () {
    this.timeout(180_000);
    let api: WikiqApi;
    const catalogueOf = (doc: vscode.TextDocument) => api.client.sendRequest<CatalogueStatus>('wikiq/catalogueInfo', { uri: doc.uri.toString() });

    before(async function () {
      const ext = vscode.extensions.getExtension<WikiqApi>('wikiq.wikiq');
      ok(ext, 'the wikiq extension is loaded');
      api = await ext.activate();
      await api.startServer();
    });

    it('runs in the web worker extension host, from the browser bundle', () => {
      const ext = vscode.extensions.getExtension<WikiqApi>('wikiq.wikiq')!;
      equal(typeof (globalThis as { process?: unknown }).process, 'undefined', 'Node\'s process in the extension host');
      equal(typeof (globalThis as { importScripts?: unknown }).importScripts, 'function', 'importScripts (a web worker)');
      equal(api.platform, 'browser', 'the bundle the extension runs (client/src/platform.web.ts)');
      equal(ext.extensionKind, vscode.ExtensionKind.UI, 'extensionKind (the web worker host runs on the UI side)');
      equal(vscode.env.uiKind, vscode.UIKind.Web, 'uiKind');
    });

    it('completes from the wiki\'s live catalogue, fetched over CORS in the worker', async () => {
      const { doc, editor } = await openText(`${images}ai`);
      // A whole wiki's paraminfo from PHP's one-process server on a shared machine: allow it time.
      await until(async () => (await catalogueOf(doc)).source === 'live', vscode.languages.onDidChangeDiagnostics, 'the live catalogue of the test wiki', 120_000)
        .catch(async (e: Error) => {
          throw new Error(`${e.message} (catalogue status: ${JSON.stringify(await catalogueOf(doc))})`);
        });
      const status = await catalogueOf(doc);
      equal(status.endpoint, config.endpoint, 'catalogue endpoint');
      ok(/^1\.\d+/.test(status.mwVersion ?? ''), `the wiki's MediaWiki version (${status.mwVersion})`);
      const end = doc.positionAt(doc.getText().length);
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, end);
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      ok(labels.includes('aiprop') && labels.includes('aisort'), `allimages parameters offered (${labels.slice(0, 12).join(', ')})`);
      equal(list.isIncomplete, false, 'answered from the arrived catalogue, not a stand-in');
      editor.selection = new vscode.Selection(end, end);
      await vscode.commands.executeCommand('editor.action.triggerSuggest');
      await shot('web-completion', '.editor-widget.suggest-widget.visible .monaco-list-row', 'aiprop');
      await vscode.commands.executeCommand('hideSuggestWidget');
    });

    it('completes a title from the wiki\'s content in the worker, cross-origin (origin=*), and hovers its facts', async () => {
      // The workbench and the wiki are two origins (two ports): the worker's fetch reads the answer
      // only because MediaWiki allowed it (Access-Control-Allow-Origin: *), which it does only for
      // requests carrying origin=* (engine/src/httpFetch.ts adds it).
      const typed = config.title.slice(0, -1);
      const { doc } = await openText(`@endpoint = ${config.endpoint}\n\n### Pages\naction = query\ntitles = Main Page|${typed}`);
      const end = doc.positionAt(doc.getText().length);
      let list: vscode.CompletionList | undefined;
      // Asked again while incomplete (the first lookup may take longer than completion waits), as the editor does: at most 30 times.
      const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);
      for (let attempt = 0; attempt < 30 && !list?.items.some((i) => labelOf(i) === config.title); attempt++) {
        list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, end);
      }
      const item = list?.items.find((i) => labelOf(i) === config.title);
      ok(item, `${config.title} suggested (${list?.items.map(labelOf).slice(0, 12).join(', ')})`);
      ok(/^page/.test(item.detail ?? ''), `labelled a page: ${item.detail}`);
      const { doc: full } = await openText(`@endpoint = ${config.endpoint}\n\n### Page\naction = query\ntitles = ${config.title}`);
      let text = '';
      for (let attempt = 0; attempt < 30 && !text.includes('the page exists'); attempt++) {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', full.uri, at(full, config.title, 2));
        text = hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
      }
      ok(text.includes('the page exists'), `hover facts of ${config.title}: ${text.slice(0, 300)}`);
    });

    it('reports content diagnostics from the worker (a hint, information, never a warning) and applies a quick fix to the redirect\'s target', async () => {
      const codeOf = (d: vscode.Diagnostic) => String(typeof d.code === 'object' && d.code !== null ? d.code.value : d.code ?? '');
      const { doc } = await openText(`@endpoint = ${config.endpoint}\n\n### Normalised\naction = query\ntitles = apple_page_0\n\n### A redirect\naction = query\ntitles = Redirect 0\n`);
      const { Hint, Information } = vscode.DiagnosticSeverity;
      const expected: Array<[string, string, vscode.DiagnosticSeverity]> = [['normalised-name', 'apple_page_0', Hint], ['unfollowed-redirect', 'Redirect 0', Information]];
      const diags = () => vscode.languages.getDiagnostics(doc.uri);
      await until(() => expected.every(([code]) => diags().some((d) => codeOf(d) === code)), vscode.languages.onDidChangeDiagnostics, `the content diagnostics (now: ${diags().map(codeOf).join(', ')})`, 60_000);
      equal(JSON.stringify(diags().map((d) => [codeOf(d), doc.getText(d.range), d.severity]).sort()), JSON.stringify(expected.sort()), 'the diagnostics: code, text, severity');
      const redirect = diags().find((d) => codeOf(d) === 'unfollowed-redirect')!;
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, redirect.range, vscode.CodeActionKind.QuickFix.value);
      equal(actions.map((a) => a.title).join(' | '), `Change to '${config.redirectTarget}'`, 'the quick fixes of the redirect');
      ok(actions[0].edit && await vscode.workspace.applyEdit(actions[0].edit), 'the quick fix applied');
      ok(doc.getText().includes(`action = query\ntitles = ${config.redirectTarget}\n`), `the target written: ${doc.getText()}`);
    });

    it('reports a diagnostic for a value the parameter does not take', async () => {
      const { doc } = await openText(images.replace('aidir = ascending', 'aidir = sideways'));
      const line = at(doc, 'sideways').line;
      await until(() => vscode.languages.getDiagnostics(doc.uri).some((d) => d.range.start.line === line), vscode.languages.onDidChangeDiagnostics, 'a diagnostic on aidir = sideways');
      const d = vscode.languages.getDiagnostics(doc.uri).find((x) => x.range.start.line === line)!;
      ok(/sideways/.test(d.message), `the diagnostic names the value: ${d.message}`);
      await shot('web-diagnostic', '.squiggly-error, .squiggly-warning');
    });

    it('hovers a parameter with its description', async () => {
      const { doc } = await openText(images);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at(doc, 'aidir', 2));
      const text = hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
      ok(/direction/i.test(text), `hover of aidir: ${text.slice(0, 200)}`);
    });

    it('runs a list request through two batches into the results view and exports through the editor', async () => {
      const { editor } = await openText(images);
      editor.selection = new vscode.Selection(4, 0, 4, 0);
      const outcome = await vscode.commands.executeCommand<{ state: { batches: number; complete: boolean; failure?: { message: string } } }>('wikiq.run');
      ok(outcome, 'the command returned the run');
      equal(outcome.state.failure?.message, undefined, 'failure');
      equal(outcome.state.batches, 1, 'batches');
      const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Images');
      ok(panel, 'a results panel shows the request');
      await panel.simulate({ type: 'loadNext' });
      equal(panel.model!.header.batches, 2, 'batches after Load next batch');
      equal(panel.model!.tables[0].rows.length, 100, 'records after two batches');
      await rendered(panel, (r) => r.tab === 'table' && r.rows === 100);
      const target = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'web-export.csv');
      await panel.exportAs('csv', 'allimages', target);
      const csv = new TextDecoder().decode(await vscode.workspace.fs.readFile(target)).trim().split('\r\n');
      equal(csv.length, 101, 'CSV lines (header and 100 records)');
      await shot('web-results', 'iframe.webview.ready:visible');
    });

    it('copies the request as a URL, as sent but without the browser\'s origin=*', async () => {
      const { editor } = await openText(images);
      editor.selection = new vscode.Selection(4, 0, 4, 0);
      await vscode.commands.executeCommand('wikiq.copyAsUrl');
      const url = await vscode.env.clipboard.readText();
      ok(url.startsWith(`${config.endpoint}?`) && url.includes('list=allimages') && url.includes('ailimit=50'), `copied: ${url}`);
      ok(!url.includes('origin='), `no origin=* in what is copied: ${url}`);
    });

    it('says why signing in is not available in the browser, and what works instead', async () => {
      await vscode.commands.executeCommand('notifications.clearAll');
      const signedIn = await vscode.commands.executeCommand<boolean>('wikiq.signIn', config.endpoint);
      equal(signedIn, false, 'sign-in result');
      await shot('web-sign-in', '.notifications-toasts .notification-toast', 'not available in the browser');
    });
  });
}
