/**
 * The Test Explorer (client/src/run/testExplorer.ts) against a real MediaWiki (test/wiki/harness):
 * a `.wikiq` file written into the workspace is listed by the file watcher (a file item, a child
 * per request with assertions, at its header line); running the file passes one request and fails
 * the other at its failing assertion's line, each run shown in the results view (with its assertions
 * checked above the table); the "▶ Test"
 * CodeLens runs one request's item, its results panel beside the document (never over it), and
 * writes what `wikiq test` prints to the run's output (the Test Results panel); the Testing view's
 * rows are named by their titles (as a screen reader hears them); deleting the file removes its
 * items; screenshots of a failure's peek in the editor, of the results beside the document, of the
 * run's output and of the Testing view.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import type { TestReport } from '../../../client/src/run/testExplorer';
import { startWiki, TestWiki } from '../../wiki/harness';
import { VISIBLE_WEBVIEW, activateWikiq, closeAllEditors, hasPage, pageTexts, screenshot, webviewRows, workspaceRoot } from './helpers';

const FILE = 'explorer-checks.wikiq';

describe('Test Explorer', function () {
  this.timeout(180_000);
  let wiki: TestWiki;
  let api: WikiqApi;
  let file: string;
  let uri: vscode.Uri;

  before(async function () {
    this.timeout(600_000);
    wiki = await startWiki();
    api = (await activateWikiq()) as WikiqApi;
    file = path.join(workspaceRoot(), FILE);
    uri = vscode.Uri.file(file);
  });
  after(async () => {
    if (file) fs.rmSync(file, { force: true });
    await closeAllEditors();
    await wiki?.stop();
  });

  const text = () => [
    `@endpoint = ${wiki.endpoint}`, // 0
    '', // 1
    '### Every file is a PNG', // 2
    'action = query', // 3
    'list = allimages', // 4
    'ailimit = 50', // 5
    'aiprop = mime', // 6
    '?? status == complete', // 7
    '?? records == 140', // 8
    '?? every mime == image/png', // 9
    '', // 10
    '### Wrong first file', // 11
    'action = query', // 12
    'list = allimages', // 13
    'ailimit = 50', // 14
    '?? records > 100', // 15
    '?? $.query.allimages[0].name == "Nope.png"', // 16
    '', // 17
    '### No checks', // 18
    'action = query', // 19
    'meta = siteinfo', // 20
    '',
  ].join('\n');

  /** The file's item once `accept` likes it: checked now and after each update of the explorer (bounded). */
  const fileItem = (accept: (item: vscode.TestItem | undefined) => boolean, timeoutMs = 30_000): Promise<vscode.TestItem | undefined> =>
    new Promise((resolve, reject) => {
      const get = () => api.tests.controller.items.get(uri.toString());
      if (accept(get())) return resolve(get());
      const timer = setTimeout(() => {
        sub.dispose();
        reject(new Error(`the Test Explorer's items of ${FILE} did not change as expected within ${timeoutMs} ms`));
      }, timeoutMs);
      const sub = api.tests.onDidUpdate(() => {
        if (!accept(get())) return;
        clearTimeout(timer);
        sub.dispose();
        resolve(get());
      });
    });

  const children = (item: vscode.TestItem | undefined) => {
    const out: vscode.TestItem[] = [];
    item?.children.forEach((c) => out.push(c));
    return out;
  };

  it('lists a new file\'s requests with assertions, named by their titles, at their header lines', async () => {
    await api.tests.controller.resolveHandler!(undefined); // what the Testing view asks when it opens
    assert.equal(api.tests.controller.items.get(uri.toString()), undefined, 'not there before the file is');
    const listed = fileItem((i) => children(i).length === 2);
    fs.writeFileSync(file, text());
    const item = (await listed)!;
    assert.equal(item.label, FILE);
    // No description: the Testing view would name the row by it instead of the title.
    assert.deepEqual(children(item).map((c) => [c.label, c.description, c.range?.start.line, c.uri?.toString()]), [
      ['Every file is a PNG', undefined, 2, uri.toString()],
      ['Wrong first file', undefined, 11, uri.toString()],
    ]);
  });

  it('running the file passes one request and fails the other at its assertion, each shown in the results view', async () => {
    const item = api.tests.controller.items.get(uri.toString())!;
    const cancel = new vscode.CancellationTokenSource();
    const reports = await api.tests.runTests(new vscode.TestRunRequest([item], undefined, api.tests.profile), cancel.token);
    cancel.dispose();
    assert.deepEqual(reports.map((r) => [r.id.slice(r.id.indexOf('#') + 1), r.outcome]), [['Every file is a PNG', 'passed'], ['Wrong first file', 'failed']]);
    assert.equal(reports[1].messages.length, 1, 'only the failing assertion is reported');
    const m = reports[1].messages[0];
    assert.equal(m.line, 16, 'at the failing assertion\'s line');
    assert.equal(m.expected, '"Nope.png"');
    assert.ok(m.actual && m.actual !== m.expected && /\.png"$/.test(m.actual), `the actual first file: ${m.actual}`);
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Wrong first file');
    assert.ok(panel, 'the run is shown in a results panel');
    assert.equal(panel.model!.header.complete, true, 'continuation followed to the end');
    assert.equal(panel.model!.tables[0].rows.length, 140);
    assert.deepEqual(panel.assertions?.rows.map((a) => [a.line, a.pass]), [[16, true], [17, false]], 'the view shows the assertions checked, the failing one ✗');
  });

  it('the ▶ Test CodeLens sits beside ▶ Run on a request with assertions and runs its item', async () => {
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const titles = (line: number) => lenses.filter((l) => l.range.start.line === line).map((l) => l.command?.title);
    assert.deepEqual(titles(2).slice(0, 2), ['▶ Run', '▶ Test']);
    assert.ok(!titles(18).includes('▶ Test'), 'no Test lens on a request without assertions');
    const test = lenses.find((l) => l.command?.title === '▶ Test' && l.range.start.line === 2)!;
    const report = await vscode.commands.executeCommand<{ outcome: string } | undefined>(test.command!.command, ...(test.command!.arguments ?? []));
    assert.equal(report?.outcome, 'passed');
  });

  /** The "▶ Test" CodeLens of the request at `line` of the open document, run as a click does; its report. */
  const testLens = async (line: number) => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const test = lenses.find((l) => l.command?.title === '▶ Test' && l.range.start.line === line)!;
    return vscode.commands.executeCommand<TestReport | undefined>(test.command!.command, ...(test.command!.arguments ?? []));
  };

  it('▶ Test leaves its document in view: the results panel goes beside it, not over it', async () => {
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Wrong first file')!;
    // The document in the results panel's group (where a user may have dragged it): the next run must not cover it.
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { viewColumn: panel.panel.viewColumn });
    assert.equal(editor.viewColumn, panel.panel.viewColumn);
    const column = editor.viewColumn;
    // The panel's group reaches the extension host as a view state event after the run revealed it.
    const moved = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => { sub.dispose(); reject(new Error(`the results panel stayed in the document's group ${column}`)); }, 20_000);
      const sub = panel.panel.onDidChangeViewState(() => {
        if (!panel.panel.visible || panel.panel.viewColumn === column) return;
        clearTimeout(timer);
        sub.dispose();
        resolve();
      });
    });
    const report = await testLens(11);
    assert.equal(report?.outcome, 'failed');
    await moved;
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === uri.toString() && e.viewColumn === column), 'the document is still in view');
    // Moved, the view loads again: the picture once it drew the failing assertion.
    assert.ok(!hasPage() || await webviewRows('test-explorer-beside-view', 'body', 'Nope.png'), 'the moved view drew its run');
    const shot = await screenshot('test-explorer-beside', VISIBLE_WEBVIEW);
    assert.ok(!hasPage() || shot, 'screenshot taken');
  });

  it('the run\'s output (Test Results) is what wikiq test prints: the summary, then each failure at file:line', async () => {
    const report = await testLens(11);
    const lines = report?.output.split('\r\n') ?? [];
    assert.equal(lines[0], FILE);
    assert.match(lines[1], /^ {2}✗ Wrong first file {2}\(complete, 3 batches, 140 records, \d+ ms\)$/);
    assert.equal(lines[2], `      ${FILE}:17  ?? $.query.allimages[0].name == "Nope.png"`);
    assert.match(lines[3], /^ {8}actual: ".+\.png" {2}\(expected == Nope\.png\)$/);
    await vscode.commands.executeCommand('testing.showMostRecentOutput');
    const shown = await pageTexts('test-output', '.xterm-rows', 'Wrong first file');
    assert.ok(!hasPage() || shown, 'the output read');
    const text = (shown ?? []).map((t) => t.text).join('\n');
    assert.ok(!hasPage() || (text.includes('✗ Wrong first file') && text.includes(`${FILE}:17`) && !text.includes('did not record any output')), `the Test Results panel shows the output: ${text}`);
    const shot = await screenshot('test-explorer-output', '.xterm-rows', 'Wrong first file');
    assert.ok(!hasPage() || shot, 'screenshot taken');
  });

  it('a failure shows in the editor at its assertion (its message after the line)', async () => {
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
    editor.selection = new vscode.Selection(11, 0, 11, 0);
    const failing = children(api.tests.controller.items.get(uri.toString())).find((c) => c.label === 'Wrong first file')!;
    const cancel = new vscode.CancellationTokenSource();
    const [report] = await api.tests.runTests(new vscode.TestRunRequest([failing], undefined, api.tests.profile), cancel.token);
    cancel.dispose();
    assert.equal(report.outcome, 'failed');
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document === editor.document), 'the file is still in view beside the results');
    // The message is drawn after its line's end: the editor alone, full width, to see it.
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
    await vscode.commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const shot = await screenshot('test-explorer-failure', '.monaco-editor', 'Wrong first file');
    assert.ok(!hasPage() || shot, 'screenshot taken');
  });

  it('shows the results in the Testing view', async () => {
    await closeAllEditors();
    // Two requests run: the file item expanded to show both results.
    const item = api.tests.controller.items.get(uri.toString())!;
    for (const c of children(item)) await vscode.commands.executeCommand('vscode.revealTestInExplorer', c);
    const shot = await screenshot('test-explorer', '.test-explorer', 'Wrong first file');
    assert.ok(!hasPage() || shot, 'screenshot taken');
    // A screen reader hears a row's accessible name: the request's title first, then its state.
    const rows = await pageTexts('test-explorer-rows', '.test-explorer .monaco-list-row', 'Wrong first file');
    assert.ok(!hasPage() || rows, 'the rows read');
    const names = (rows ?? []).map((r) => r.ariaLabel ?? '');
    assert.ok(!hasPage() || (names.some((n) => /^Wrong first file \(Failed\)/.test(n)) && names.some((n) => /^Every file is a PNG \(Passed\)/.test(n))), `each request named by its title: ${names.join(' | ')}`);
  });

  it('a deleted file\'s items go', async () => {
    const gone = fileItem((i) => i === undefined);
    fs.rmSync(file);
    assert.equal(await gone, undefined);
  });
});
