/**
 * A wide table in a narrow results panel, in the real editor against a real MediaWiki: logevents
 * (thirteen columns) in a panel of about 420 px keeps its titles whole and scrolls sideways
 * (screenshot `results-table-logevents-narrow`), and a page's categories read as their titles.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import { startWiki, TestWiki } from '../../wiki/harness';
import { activateWikiq, closeAllEditors, hasPage, openText, rendered, screenshot } from './helpers';

describe('wide tables in a narrow results panel', function () {
  this.timeout(180_000);
  let wiki: TestWiki;
  let api: WikiqApi;

  before(async function () {
    this.timeout(600_000);
    wiki = await startWiki();
    api = (await activateWikiq()) as WikiqApi;
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.toggleSidebarVisibility');
    await closeAllEditors();
    await wiki?.stop();
  });

  it('logevents in a panel of about 420 px: whole titles, the grid scrolls sideways; categories read as titles (screenshot)', async () => {
    const { editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Log\naction = query\nlist = logevents\nleprop = ids|title|type|user|timestamp|comment|details\nlelimit = 30\n`);
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    await vscode.commands.executeCommand('wikiq.run');
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Log')!;
    // The editor area without the side bar is about 1,230 px of the 1,280 px window: the results take a third.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 0.66 }, { size: 0.34 }] });
    const r = await rendered(panel, (x) => x.tab === 'table' && x.table === 'logevents');
    const titles = (panel.model!.tables.find((t) => t.name === 'logevents')!.rows as Array<{ title?: string }>).map((e) => e.title ?? '');
    const longest = titles.reduce((a, b) => (b.length > a.length ? b : a), '');
    assert.ok(longest.length >= 15, `a long title among them: ${longest}`);
    assert.ok(r.text.includes(longest), 'the rendered rows hold the titles whole');
    const shot = await screenshot('results-table-logevents-narrow', 'iframe.webview.ready:visible');
    assert.ok(!hasPage() || shot, 'screenshot taken');

    const pages = await openText(`@endpoint = ${wiki.endpoint}\n\n### Categories\naction = query\ngenerator = allpages\ngaplimit = 5\nprop = categories\n`);
    pages.editor.selection = new vscode.Selection(4, 0, 4, 0);
    await vscode.commands.executeCommand('wikiq.run');
    const cp = api.resultsPanels().find((p) => p.model?.header.name === 'Categories')!;
    const cr = await rendered(cp, (x) => x.tab === 'table' && x.table === 'pages');
    const withCategories = (cp.model!.tables.find((t) => t.name === 'pages')!.rows as Array<{ categories?: Array<{ title: string }> }>).find((p) => p.categories?.length);
    assert.ok(withCategories, 'a seeded page has categories');
    const text = withCategories.categories!.map((c) => c.title).join(' | ');
    assert.ok(cr.text.includes(text), `the categories cell reads "${text}"`);
    assert.ok(!/\{"ns":14/.test(cr.text), 'no JSON in the cells');
  });
});
