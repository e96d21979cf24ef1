/**
 * Run history and Compare in a real VS Code against the seeded test wiki: a request run, a page
 * added and one edited on the wiki (MediaWiki's maintenance/edit.php), the request run again,
 * "wikiq: Compare with previous run" shown on the Diff tab (screenshot), a kept run shown again from
 * the History menu's message, "Compare with…" the same request on another environment's wiki, and
 * the History menu of a panel restored after a reload.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import type { PanelProbe } from '../../../client/src/results/probe';
import type { Comparison } from '../../../client/src/results/historyCommands';
import { parseRequestKey } from '../../../common/requestRef';
import { maintenance, pageTitle, startWiki, TestWiki } from '../../wiki/harness';
import { VISIBLE_WEBVIEW, activateWikiq, closeAllEditors, hasPage, openText, rendered, screenshot } from './helpers';

const NEW_PAGE = 'History compare new page';
const EDITED = pageTitle(4);

describe('run history and compare', function () {
  this.timeout(180_000);
  let wiki: TestWiki;
  let api: WikiqApi;
  let panel: PanelProbe;

  before(async function () {
    this.timeout(600_000);
    wiki = await startWiki();
    api = (await activateWikiq()) as WikiqApi;
  });
  after(async () => {
    await vscode.workspace.getConfiguration('wikiq').update('environments', undefined, vscode.ConfigurationTarget.Workspace);
    await closeAllEditors();
    await wiki?.stop();
  });

  const run = async () => {
    const outcome = await vscode.commands.executeCommand<{ state: { complete: boolean; failure?: unknown } } | undefined>('wikiq.run');
    assert.ok(outcome && !outcome.state.failure && outcome.state.complete, 'the run completed');
    await api.history.settled();
  };

  it('keeps each run, and Compare with previous run shows the page added and the page edited on the Diff tab', async () => {
    const { editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Pages\naction = query\ngenerator = allpages\ngaplimit = max\nprop = info\n`);
    editor.selection = new vscode.Selection(4, 2, 4, 2);
    await run();
    panel = api.resultsPanels().find((p) => p.model?.header.name === 'Pages')!;
    assert.ok(panel, 'a results panel shows the run');
    maintenance(wiki.dir, 'edit.php', ['--user', 'Admin', '--summary', 'history test', NEW_PAGE], 'Added between two runs.');
    maintenance(wiki.dir, 'edit.php', ['--user', 'Admin', '--summary', 'history test', EDITED], 'Edited between two runs.');
    await run();
    assert.equal(api.resultsPanels().filter((p) => p.model?.header.name === 'Pages').length, 1, 'the panel is reused');
    const view = await vscode.commands.executeCommand<Comparison | undefined>('wikiq.compareWithPrevious');
    assert.ok(view, 'a comparison');
    const [t] = view.diff.tables;
    assert.equal(t.key, 'pageid');
    assert.deepEqual(t.added.map((p) => (p as { title: string }).title), [NEW_PAGE]);
    assert.deepEqual(t.changed.map((c) => (c.after as { title: string }).title), [EDITED]);
    assert.ok(t.changed[0].fields.some((f) => f.field === 'lastrevid'), 'lastrevid changed');
    assert.equal(t.counts.removed, 0);
    assert.match(view.before, /^run of \d\d:\d\d:\d\d$/);
    assert.equal(view.after, 'this run');
    const r = await rendered(panel, (x) => x.tab === 'diff' && x.text.includes(NEW_PAGE));
    assert.match(r.text, /1 added, 1 changed/);
    assert.match(r.text, new RegExp(EDITED));
    assert.match(r.text, /by pageid/);
    assert.match(r.text, /touched, lastrevid, length|lastrevid/, 'the changed fields are named');
    const shot = await screenshot('results-diff', VISIBLE_WEBVIEW);
    assert.ok(!hasPage() || shot, 'screenshot taken');
    // The panel alone, wide: the changed cells' old and new values.
    panel.panel.reveal(undefined, false);
    await vscode.commands.executeCommand('workbench.action.toggleMaximizeEditorGroup');
    const wide = await screenshot('results-diff-wide', VISIBLE_WEBVIEW);
    assert.ok(!hasPage() || wide, 'screenshot taken');
    await vscode.commands.executeCommand('workbench.action.toggleMaximizeEditorGroup');
  });

  it('the History menu lists the kept runs; choosing the first shows it again, read-only', async () => {
    const runs = await api.history.store.list(`${vscode.window.activeTextEditor!.document.uri.toString()}#Pages`);
    assert.equal(runs.length, 2, 'both runs kept');
    assert.ok(runs[0].records === runs[1].records + 1, `the second run has one page more (${runs[0].records}, ${runs[1].records})`);
    await panel.simulate({ type: 'showRun', id: runs[1].id });
    assert.equal(panel.results?.keptAt, runs[1].time, 'the kept run is shown');
    assert.equal(panel.canPage, false);
    const r = await rendered(panel, (x) => x.tab === 'table' && x.rows === runs[1].records);
    assert.doesNotMatch(r.text, new RegExp(NEW_PAGE));
    // Compared with the newer run: the new page is one the older run lacks.
    await panel.simulate({ type: 'compare', with: { id: runs[0].id } });
    assert.match(panel.diff?.tables[0].summary ?? '', /^1 removed, 1 changed/);
  });

  it('Compare with… another environment runs the same request on its wiki', async () => {
    await vscode.workspace.getConfiguration('wikiq').update('environments', { mirror: { endpoint: wiki.endpoint } }, vscode.ConfigurationTarget.Workspace);
    const view = await vscode.commands.executeCommand<Comparison | undefined>('wikiq.compareWith', { environment: 'mirror' });
    assert.ok(view);
    assert.match(view.before, /^mirror \(http:\/\/127\.0\.0\.1:\d+\/api\.php\)$/);
    // The panel shows the older kept run (after); the wiki now has the new page (before): it was removed, as the older run saw it.
    assert.deepEqual(view.diff.tables[0].removed.map((p) => (p as { title: string }).title), [NEW_PAGE]);
  });

  it('a panel restored after a reload lists its request\'s kept runs in the History menu', async () => {
    // What the view saved (its key and its copy of the model), given back as VS Code's serializer does after a reload.
    const state = { v: 1, key: panel.key, model: panel.results };
    const webview = vscode.window.createWebviewPanel('wikiq.results', 'Results', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true });
    const restored = api.reviveResults(webview, state);
    try {
      assert.equal(restored.canPage, false, 'its run is gone');
      assert.equal(parseRequestKey(panel.key).title, 'Pages', 'a panel is keyed by its request (requestKey)');
      const kept = (await api.history.store.list(panel.key)).length;
      assert.ok(kept >= 2, `the request's runs are kept (${kept})`);
      await rendered(restored, (r) => new RegExp(`History \\(${kept}\\)`).test(r.header ?? ''));
    } finally {
      restored.dispose();
    }
  });
});
