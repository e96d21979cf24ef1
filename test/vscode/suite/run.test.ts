/**
 * Running requests from the editor against a real MediaWiki (test/wiki/harness): the command and
 * the CodeLens command, the results panel's model and rendered table, Load next batch / Load all
 * through the panel's messages, export of each format read back, warnings as diagnostics, copy as
 * URL/curl, open from URL; Run all batches filling the view while it runs (a stand-in wiki holds it);
 * screenshots of the Table and JSON tabs and of a Run all batches under way.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import { startWiki, TestWiki } from '../../wiki/harness';
import { startHeldLogEventsServer } from '../../logEventsServer';
import { activateWikiq, closeAllEditors, hasPage, openText, rendered, screenshot, webviewContrast, webviewRows } from './helpers';

describe('running requests', function () {
  this.timeout(180_000);
  let wiki: TestWiki;
  let api: WikiqApi;
  let tmp: string;

  before(async function () {
    this.timeout(600_000);
    wiki = await startWiki();
    api = (await activateWikiq()) as WikiqApi;
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-export-'));
  });
  after(async () => {
    await closeAllEditors();
    await wiki?.stop();
  });

  const images = () => `@endpoint = ${wiki.endpoint}\n\n### Images\naction = query\nlist = allimages\nailimit = 50\naiprop = url|size|timestamp\n`;

  it('runs the request under the cursor in one batch and shows it in a results panel', async () => {
    const { editor } = await openText(images());
    editor.selection = new vscode.Selection(4, 3, 4, 3);
    const outcome = await vscode.commands.executeCommand<{ state: { batches: number; complete: boolean; continue: unknown; failure?: unknown } } | undefined>('wikiq.run');
    assert.ok(outcome, 'the command returned the run');
    assert.equal(outcome.state.failure, undefined);
    assert.equal(outcome.state.batches, 1);
    assert.equal(outcome.state.complete, false, '140 files need 3 batches of 50');
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Images');
    assert.ok(panel, 'a results panel shows the request');
    assert.equal(panel.model!.tables[0].name, 'allimages');
    assert.equal(panel.model!.tables[0].rows.length, 50);
    assert.ok(panel.model!.tables[0].columns.includes('url'), 'columns come from the records');
    const r = await rendered(panel, (x) => x.tab === 'table' && x.rows === 50);
    assert.match(r.text, /name/);
    assert.match(r.text, /\.(png|jpg|gif|svg)/i, 'file names are in the rendered table');
    const shot = await screenshot('results-table-allimages', 'iframe.webview.ready:visible');
    assert.ok(!hasPage() || shot, 'screenshot taken');
  });

  it('Load next batch and Load all append to the same panel; exports read back', async () => {
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Images')!;
    await panel.simulate({ type: 'loadNext' });
    assert.equal(panel.model!.header.batches, 2);
    assert.equal(panel.model!.tables[0].rows.length, 100);
    // Partial export: the file asked for, data only; the JSON export says the state and where to resume.
    const partialFile = await panel.exportAs('csv', 'allimages', vscode.Uri.file(path.join(tmp, 'images.csv')));
    assert.equal(partialFile, path.join(tmp, 'images.csv'));
    const partialLines = fs.readFileSync(partialFile!, 'utf8').trim().split('\r\n');
    assert.equal(partialLines.length, 101, 'header and 100 rows, nothing else');
    const partialJson = JSON.parse(fs.readFileSync((await panel.exportAs('json', undefined, vscode.Uri.file(path.join(tmp, 'images-partial.json'))))!, 'utf8'));
    assert.equal(partialJson.status, 'partial');
    assert.ok(partialJson.continue.aicontinue, 'the continue to resume from');
    await panel.simulate({ type: 'loadAll' });
    assert.equal(panel.model!.header.complete, true);
    assert.equal(panel.model!.header.canContinue, false);
    assert.equal(panel.model!.tables[0].rows.length, 140);
    await rendered(panel, (x) => x.tab === 'table' && x.rows === 140);
    const json = await panel.exportAs('json', undefined, vscode.Uri.file(path.join(tmp, 'images.json')));
    const parsed = JSON.parse(fs.readFileSync(json!, 'utf8'));
    assert.equal(parsed.complete, true);
    assert.equal(parsed.status, 'complete');
    assert.equal(parsed.query.allimages.length, 140);
    const nd = await panel.exportAs('ndjson', 'allimages', vscode.Uri.file(path.join(tmp, 'images.ndjson')));
    const lines = fs.readFileSync(nd!, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines.length, 140);
    assert.equal(typeof lines[0].name, 'string');
    const csv = await panel.exportAs('csv', 'allimages', vscode.Uri.file(path.join(tmp, 'all.csv')));
    assert.equal(path.basename(csv!), 'all.csv');
    const rows = fs.readFileSync(csv!, 'utf8').trim().split('\r\n');
    assert.equal(rows.length, 141);
    assert.match(rows[0], /^name,/);
  });

  it('the CodeLens command runs all batches and reuses the panel of the same request', async () => {
    const doc = vscode.window.activeTextEditor!.document;
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const runAll = lenses.find((l) => l.command?.command === 'wikiq.runAll');
    assert.ok(runAll, 'a Run all batches lens is above the request');
    const before = api.resultsPanels().length;
    const outcome = await vscode.commands.executeCommand<{ state: { batches: number; complete: boolean } }>(runAll.command!.command, ...(runAll.command!.arguments ?? []));
    assert.equal(outcome.state.complete, true);
    assert.equal(outcome.state.batches, 3);
    assert.equal(api.resultsPanels().length, before, 'the panel is reused');
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Images')!;
    assert.equal(panel.model!.tables[0].rows.length, 140);
  });

  it('copies the resolved URL and a curl command', async () => {
    const doc = vscode.window.activeTextEditor!.document;
    const url = await vscode.commands.executeCommand<string>('wikiq.copyAsUrl', { uri: doc.uri.toString(), index: 0 });
    assert.ok(url.startsWith(`${wiki.endpoint}?`), url);
    assert.match(url, /list=allimages/);
    assert.match(url, /format=json/);
    const curl = await vscode.commands.executeCommand<string>('wikiq.copyAsCurl', { uri: doc.uri.toString(), index: 0 });
    assert.match(curl, /^curl --compressed -H 'User-Agent: [^']+' '/);
    assert.equal(await vscode.env.clipboard.readText(), curl);
  });

  it('offers Copy as code on the request as a code action; its program opens in an editor (screenshot)', async () => {
    const doc = vscode.window.activeTextEditor!.document;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(4, 2, 4, 2));
    const copy = actions.find((a) => a.title === 'Copy as code…');
    assert.ok(copy?.command, `a Copy as code action on the request: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(actions.some((a) => a.title === 'Copy as ApiSandbox link'), 'and Copy as ApiSandbox link');
    const blank = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(1, 0, 1, 0));
    assert.ok(!blank.some((a) => a.title === 'Copy as code…'), 'none before the first request');
    const program = await vscode.commands.executeCommand<string>(copy.command.command, ...(copy.command.arguments ?? []), 'python', false);
    assert.match(program, /^import requests$/m);
    assert.match(program, /'list': 'allimages'/);
    assert.match(program, /continue/, 'the program follows continuation');
    assert.equal(await vscode.env.clipboard.readText(), program);
    // Opened as a saved file, as a user keeps a program: closing it asks nothing of the next test.
    const file = path.join(tmp, 'allimages.py');
    fs.writeFileSync(file, program);
    const shown = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(shown);
    const shot = await screenshot('copy-as-code-python', '.editor-group-container.active .monaco-editor', 'import requests');
    assert.ok(!hasPage() || shot, 'screenshot taken');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.notEqual(vscode.window.activeTextEditor?.document.uri.fsPath, file, 'the program is closed');
  });

  it('shows logevents and paraminfo tables and the JSON tab; warnings become diagnostics cleared on edit', async () => {
    const { doc, editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Log\naction = query\nlist = logevents\nlelimit = 20\nlenotaparam = 1\n`);
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    const outcome = await vscode.commands.executeCommand<{ state: { warnings: Array<{ line?: number }> } }>('wikiq.run');
    assert.ok(outcome.state.warnings.some((w) => w.line === 6), `a warning on line 7 (lenotaparam): ${JSON.stringify(outcome.state.warnings)}`);
    const diags = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'wikiq run');
    assert.ok(diags.some((d) => d.range.start.line === 6), 'the warning is a diagnostic on its line');
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Log')!;
    const r = await rendered(panel, (x) => x.tab === 'table' && x.table === 'logevents');
    assert.ok(r.rows > 0);
    assert.match(r.text, /logid/);
    const shot = await screenshot('results-table-logevents', 'iframe.webview.ready:visible');
    assert.ok(!hasPage() || shot, 'screenshot taken');
    await panel.showTab('json');
    const j = await rendered(panel, (x) => x.tab === 'json');
    assert.match(j.text, /logevents/);
    const shotJson = await screenshot('results-json', 'iframe.webview.ready:visible');
    assert.ok(!hasPage() || shotJson, 'screenshot taken');
    await editor.edit((e) => e.insert(new vscode.Position(6, 0), ' '));
    assert.ok(!vscode.languages.getDiagnostics(doc.uri).some((d) => d.source === 'wikiq run' && d.range.start.line === 6), 'the edit cleared the line\'s run diagnostic');

    const p2 = await openText(`@endpoint = ${wiki.endpoint}\n\n### Modules\naction = paraminfo\nmodules = query+allimages|query+logevents\n`);
    p2.editor.selection = new vscode.Selection(3, 0, 3, 0);
    await vscode.commands.executeCommand('wikiq.run');
    const mp = api.resultsPanels().find((p) => p.model?.header.name === 'Modules')!;
    assert.equal(mp.model!.modules.length, 2);
    const mr = await rendered(mp, (x) => x.tab === 'table' && x.table === 'modules');
    assert.match(mr.text, /aiprop|ai/);
    const shotMod = await screenshot('results-table-paraminfo', 'iframe.webview.ready:visible');
    assert.ok(!hasPage() || shotMod, 'screenshot taken');
  });

  it('Run all batches shows the first rows while the rest arrive, with the progress line; Cancel in the view keeps them (screenshot)', async () => {
    // A stand-in wiki that holds the run at its third batch until the test has looked (a real wiki does not wait on demand).
    const server = await startHeldLogEventsServer(5000, 500, 1000);
    try {
      const { editor } = await openText(`@endpoint = ${server.endpoint}\n\n### Held log\naction = query\nlist = logevents\n`);
      editor.selection = new vscode.Selection(4, 0, 4, 0);
      let settled = false;
      const running = Promise.resolve(vscode.commands.executeCommand<{ state: { batches: number; complete: boolean; failure?: { kind: string } } }>('wikiq.runAll')).finally(() => (settled = true));
      await server.reached;
      const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Held log');
      assert.ok(panel, 'the results panel shows the run before it ends');
      const seen = await rendered(panel, (r) => r.tab === 'table' && r.rows === 1000 && /Loading… 1,000 records in 2 batches/.test(r.header ?? ''));
      assert.match(seen.header ?? '', /Cancel/, 'the progress line offers Cancel');
      assert.equal(settled, false, 'the run is still going');
      if (hasPage()) {
        const shot = await screenshot('results-run-all-loading', 'iframe.webview.ready:visible');
        assert.ok(shot && fs.statSync(shot).size > 10_000);
      }
      await panel.simulate({ type: 'cancel' });
      server.release();
      const outcome = await running;
      assert.equal(outcome.state.failure?.kind, 'cancelled');
      assert.equal(outcome.state.complete, false);
      const h = panel.model!.header;
      assert.equal(h.canContinue, true, 'what arrived is kept, resumable');
      assert.equal(panel.model!.tables[0].rows.length, 1000);
    } finally {
      await server.close();
    }
  });

  it('a new run of the same request stops the Run all batches still filling its panel', async () => {
    const server = await startHeldLogEventsServer(5000, 500, 1000);
    try {
      const { editor } = await openText(`@endpoint = ${server.endpoint}\n\n### Rerun log\naction = query\nlist = logevents\n`);
      editor.selection = new vscode.Selection(4, 0, 4, 0);
      type Outcome = { state: { batches: number; complete: boolean; failure?: { kind: string } } };
      const first = Promise.resolve(vscode.commands.executeCommand<Outcome>('wikiq.runAll'));
      await server.reached;
      const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Rerun log');
      assert.ok(panel);
      const again = await vscode.commands.executeCommand<Outcome>('wikiq.run');
      assert.equal(again.state.batches, 1);
      const stopped = await first;
      assert.equal(stopped.state.failure?.kind, 'cancelled', 'the earlier run stopped');
      server.release();
      await rendered(panel, (r) => r.tab === 'table' && r.rows === 500);
      assert.equal(api.resultsPanels().find((p) => p.model?.header.name === 'Rerun log'), panel, 'the same panel');
      assert.equal(panel.model!.header.batches, 1, 'the panel shows the new run, not the old one growing');
      assert.equal(panel.model!.tables[0].rows.length, 500);
    } finally {
      await server.close();
    }
  });

  it('cancels a long Load all from the panel and keeps a resumable partial result', async () => {
    const { editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### One by one\naction = query\nlist = allimages\nailimit = 1\n`);
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    await vscode.commands.executeCommand('wikiq.run');
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'One by one')!;
    const loading = panel.simulate({ type: 'loadAll' });
    // The panel reports progress every 5 batches; cancel once it has.
    await rendered(panel, (x) => x.tab === 'table' && x.rows >= 5);
    await panel.simulate({ type: 'cancel' });
    await loading;
    const h = panel.model!.header;
    assert.equal(h.complete, false);
    assert.equal(h.canContinue, true, 'a continue remains to resume from');
    assert.ok(h.batches >= 5 && h.batches < 140, `stopped early (${h.batches} batches)`);
    assert.equal(panel.model!.tables[0].rows.length, h.batches);
    await panel.simulate({ type: 'loadNext' });
    assert.equal(panel.model!.header.batches, h.batches + 1, 'resumes where it stopped');
  });

  it('a request the wiki refuses says failed, with no records and what the wiki said', async () => {
    const { editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Wrong direction\naction = query\nlist = allimages\naidir = sideways\n`);
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    const outcome = await vscode.commands.executeCommand<{ state: { batches: number; complete: boolean; failure?: { kind: string } } }>('wikiq.run');
    assert.equal(outcome.state.failure?.kind, 'api');
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Wrong direction')!;
    assert.equal(panel.model!.header.state, 'failed', 'the header badge says failed, not partial');
    assert.equal(panel.model!.header.records, 0);
    const r = await rendered(panel, (x) => x.tab === 'table' && /No records/.test(x.text));
    assert.match(r.text, /No records\. The wiki said: .*aidir/);
    const shot = await screenshot('results-failed', 'iframe.webview.ready:visible');
    assert.ok(!hasPage() || shot, 'screenshot taken');
  });

  it('first show of 137 records beside the editor draws every row that fits, and every text reaches 4.5:1, in the light and the dark theme', async () => {
    const config = vscode.workspace.getConfiguration();
    const before = config.inspect<string>('workbench.colorTheme')?.globalValue;
    try {
      for (const [theme, kind] of [['Default Light Modern', 'vscode-light'], ['Default Dark Modern', 'vscode-dark']] as const) {
        await config.update('workbench.colorTheme', theme, vscode.ConfigurationTarget.Global);
        // A new request name each time: a new panel, shown for the first time in this theme.
        const name = `Images 137 ${kind}`;
        const { editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### ${name}\naction = query\nlist = allimages\nailimit = 137\n`);
        editor.selection = new vscode.Selection(4, 0, 4, 0);
        const outcome = await vscode.commands.executeCommand<{ state: { batches: number; failure?: unknown } }>('wikiq.run');
        assert.equal(outcome.state.failure, undefined);
        const panel = api.resultsPanels().find((p) => p.model?.header.name === name);
        assert.ok(panel, 'a results panel shows the request');
        await rendered(panel, (x) => x.tab === 'table' && x.rows === 137);
        if (!hasPage()) continue;
        // In the webview's page, once it shows this result in this theme.
        const ready = `body.${kind} .table-view:not([hidden]) .vt .vt-row`;
        const rows = (await webviewRows(`rows-137-${kind}`, `body.${kind}:has(.hdr .badge) .hdr`, name))!;
        assert.equal(rows.total, 137);
        assert.ok(rows.rowHeight > 0 && rows.fit >= 10, `a panel beside the editor fits many rows (${JSON.stringify(rows)})`);
        assert.deepEqual(rows.gaps, [], `${theme}: no blank band (${JSON.stringify(rows)})`);
        assert.equal(rows.visible, rows.fit, `${theme}: every row that fits is drawn and visible (${JSON.stringify(rows)})`);
        assert.ok(rows.lastBottom >= rows.bottom - 1, `${theme}: the last drawn row reaches the scroller's bottom (${rows.lastBottom} of ${rows.bottom} px)`);
        const pairs = (await webviewContrast(`contrast-137-${kind}`, ready, undefined))!;
        assert.ok(pairs.some((p) => p.text === 'partial'), `${theme}: the state badge was measured (${pairs.map((p) => p.text).join(' | ')})`);
        assert.ok(pairs.some((p) => p.text === 'Table'), `${theme}: the tabs were measured`);
        assert.ok(pairs.some((p) => p.text === 'name'), `${theme}: the column headers were measured`);
        const low = pairs.filter((p) => p.ratio < 4.5).map((p) => `"${p.text}" ${p.fg} on ${p.bg} = ${p.ratio.toFixed(2)}:1`);
        assert.deepEqual(low, [], `${theme}: every badge, header and tab text meets WCAG AA`);
        const shot = await screenshot(`results-137-${kind}`, 'iframe.webview.ready:visible');
        assert.ok(shot, 'screenshot taken');
      }
    } finally {
      await config.update('workbench.colorTheme', before, vscode.ConfigurationTarget.Global);
    }
  });

  it('opens a request from a pasted api.php URL', async () => {
    const doc = await vscode.commands.executeCommand<vscode.TextDocument>('wikiq.openFromUrl', `${wiki.endpoint}?action=query&list=allusers&aulimit=5&format=json`);
    assert.equal(doc.languageId, 'wikiq');
    assert.match(doc.getText(), /^@endpoint = /);
    assert.match(doc.getText(), /list = allusers/);
    assert.doesNotMatch(doc.getText(), /format/);
  });
});
