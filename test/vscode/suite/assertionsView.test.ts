/**
 * A request's `??` assertions in the results view, against a real MediaWiki (test/wiki/harness):
 * ▶ Run (one batch) shows them above the table, ✓ and ✗ with the actual value and, for a failing
 * quantifier, the records that break it (as the view reports it: the `reportRenders` test hook);
 * Load all checks them again once the run stops (the status is complete, the count is 140); completion
 * after `every` offers the fields of the run's records (`wikiq/runFields`).
 * Screenshot: results-assertions-editor.png. (The links to the records are clicked in chromium:
 * test/faults/webview-assertions.test.ts.)
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import { SEED, startWiki, TestWiki } from '../../wiki/harness';
import { VISIBLE_WEBVIEW, activateWikiq, closeAllEditors, completionsAt, hasPage, label, openText, rendered, screenshot } from './helpers';

describe('assertions in the results view', function () {
  this.timeout(180_000);
  let wiki: TestWiki;
  let api: WikiqApi;

  before(async function () {
    this.timeout(600_000);
    wiki = await startWiki();
    api = (await activateWikiq()) as WikiqApi;
  });
  after(async () => {
    await closeAllEditors();
    await wiki?.stop();
  });

  const text = () => [
    `@endpoint = ${wiki.endpoint}`, // 1
    '', // 2
    '### Checked files', // 3
    'action = query', // 4
    'list = allimages', // 5
    'ailimit = 50', // 6
    'aiprop = mime|url', // 7
    '?? records == 50', // 8
    '?? every mime == image/png', // 9
    '?? no name matches /^Apple/', // 10
    '?? status == complete', // 11
    '',
  ].join('\n');

  const oneLine = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ');

  it('▶ Run shows them above the table: ✓ and ✗, the actual values and the records that break a quantifier', async () => {
    const { editor } = await openText(text());
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    const outcome = await vscode.commands.executeCommand<{ state: { batches: number } } | undefined>('wikiq.run');
    assert.equal(outcome?.state.batches, 1);
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Checked files');
    assert.ok(panel, 'a results panel shows the request');
    assert.deepEqual([panel.assertions?.total, panel.assertions?.failed], [4, 2], `the host checked the four assertions: ${JSON.stringify(panel.assertions)}`);
    const r = await rendered(panel, (x) => !!x.assertions && x.tab === 'table' && x.rows === 50);
    const shown = oneLine(r.assertions);
    assert.match(shown, /2 assertions of 4 failed · 2 held/);
    assert.match(shown, /✓ line 8 \?\? records == 50/);
    assert.match(shown, /✓ line 9 \?\? every mime == image\/png/);
    assert.match(shown, /✗ line 10 \?\? no name matches \/\^Apple\/ actual: \d+ of 50 records break it first records that break it: #1 (title|name) "(File:)?Apple/);
    assert.match(shown, /✗ line 11 \?\? status == complete actual: partial/);
    const shot = await screenshot('results-assertions-editor', VISIBLE_WEBVIEW);
    assert.ok(!hasPage() || shot, 'screenshot taken');
  });

  it('completion after every offers the fields the run\'s records had (the server was told them)', async () => {
    const doc = vscode.window.visibleTextEditors.find((e) => e.document.getText().includes('### Checked files'))!.document;
    const labels = (await completionsAt(doc, new vscode.Position(8, '?? every '.length))).map(label);
    assert.ok(labels.includes('descriptionshorturl'), `a field of the run's records, which the catalogue does not name: ${labels.slice(0, 20).join(', ')}`);
  });

  it('Load all checks them again once the run stops', async () => {
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Checked files')!;
    await panel.simulate({ type: 'loadAll' });
    const r = await rendered(panel, (x) => /actual: 140/.test(x.assertions ?? ''));
    const shown = oneLine(r.assertions);
    assert.equal(SEED.files, 140);
    assert.match(shown, /✗ line 8 \?\? records == 50 actual: 140/);
    assert.match(shown, /✓ line 11 \?\? status == complete/);
  });
});
