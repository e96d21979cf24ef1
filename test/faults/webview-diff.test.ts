/**
 * The results view's History menu and Diff tab in a real browser (Debian's chromium): hostile wiki
 * content in a comparison shows as text (no script runs, no element made from it); the Diff tab is
 * there only with a comparison and the arrow keys skip it otherwise; the History menu posts
 * showRun and compare. Screenshot: .test-output/screenshots/diff-tab-hostile.png.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { diffResults } from '../../core/src';
import { diffViewOf } from '../../client/shared/diffView';
import { PAYLOADS, allimagesModel } from './webviewFixtures';
import { WebviewPage } from './webviewPage';

describe('History and Diff in chromium', () => {
  let w: WebviewPage;
  before(async () => {
    w = await WebviewPage.open({ theme: 'dark' });
  });
  after(async () => {
    await w?.close();
  });

  it('without a comparison the Diff tab is hidden and the arrow keys skip it', async () => {
    await w.show(allimagesModel(w.wiki.origin, 20));
    assert.equal(await w.page.isHidden('#tab-diff'), true);
    await w.page.focus('#tab-table');
    await w.page.keyboard.press('End');
    assert.equal(await w.page.evaluate(() => document.activeElement?.id), 'tab-debug');
    await w.page.keyboard.press('ArrowRight');
    assert.equal(await w.page.evaluate(() => document.activeElement?.id), 'tab-table');
  });

  it('the History menu lists kept runs and posts showRun and compare', async () => {
    const runs = [
      { id: 'r2', time: new Date().toISOString(), status: 'complete', records: 20, endpoint: 'http://w/api.php' },
      { id: 'r1', time: new Date(Date.now() - 60_000).toISOString(), status: 'partial', records: 10, endpoint: 'http://w/api.php' },
    ] as const;
    await w.send([{ type: 'history', runs: [...runs], shown: 'r2' }]);
    await w.page.click('button:has-text("History (2)")');
    const items = await w.page.$$eval('.menu [role=menuitem]', (b) => b.map((x) => x.textContent));
    assert.equal(items.length, 4);
    assert.match(items[0] ?? '', /^● \d\d:\d\d:\d\d · complete · 20 records$/);
    assert.match(items[1] ?? '', /· partial · 10 records$/);
    assert.deepEqual(items.slice(2), ['Compare with previous run', 'Compare with…']);
    await w.page.click('.menu [role=menuitem]:nth-child(2)');
    await w.page.click('button:has-text("History (2)")');
    await w.page.click('.menu [role=menuitem]:has-text("Compare with previous run")');
    const posted = await w.posted();
    assert.deepEqual(posted.filter((m) => m.type === 'showRun' || m.type === 'compare'), [{ type: 'showRun', id: 'r1' }, { type: 'compare', with: 'previous' }]);
  });

  it('a comparison of hostile records shows them as text on the Diff tab; clearing it hides the tab', async () => {
    const before = { query: { allpages: PAYLOADS.map((p, i) => ({ pageid: i + 1, title: `old ${p}` })) } };
    const after = { query: { allpages: PAYLOADS.map((p, i) => ({ pageid: i + 2, title: p })) } };
    const view = diffViewOf(`run of ${PAYLOADS[0]}`, PAYLOADS[1], diffResults(before, after));
    await w.send([{ type: 'diff', view }]);
    assert.equal(await w.page.getAttribute('#tab-diff', 'aria-selected'), 'true', 'the Diff tab is selected');
    const text = await w.page.evaluate(() => document.getElementById('panel-diff')?.innerText ?? '');
    assert.match(text, /1 added, 1 removed, 10 changed/);
    assert.ok(text.includes('<img src=x onerror="window.__pwned=1;alert(1)">'), 'hostile markup shows as text');
    const made = await w.page.evaluate(() => document.querySelectorAll('#panel-diff img, #panel-diff script, #panel-diff iframe, #panel-diff svg, #panel-diff a, #panel-diff form, #panel-diff details').length);
    assert.equal(made, 0, 'no element made from wiki content');
    assert.equal(await w.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), undefined);
    assert.deepEqual(w.dialogs, []);
    assert.deepEqual(w.pageErrors, []);
    assert.equal(await w.page.$$eval('#panel-diff .diff-cell-changed', (c) => c.length), 10, 'each changed title is marked');
    await w.screenshot('diff-tab-hostile');
    await w.send([{ type: 'diff', view: null }]);
    assert.equal(await w.page.isHidden('#tab-diff'), true);
    assert.equal(await w.page.getAttribute('#tab-table', 'aria-selected'), 'true', 'back on the Table tab');
  });
});
