/**
 * The run's `??` assertions above the results view's tabs, in a real browser (Debian's chromium)
 * under the page's CSP: checked by the host's own code (client/src/results/checks.ts) against a
 * 2,000-file result, each ✓/✗ with its text and, failing, the actual value (shortened, whole on
 * hover); a failing quantifier's links select the record's row on the Table tab — far down the
 * virtualised grid, in a sorted table, through a filter that hid it; hostile text stays text; a
 * run without assertions clears them. Screenshot: .test-output/screenshots/results-assertions.png.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunFacts } from '../../core/src';
import type { ResultsModel } from '../../client/shared/model';
import { checksOf, checksView } from '../../client/src/results/checks';
import { PAYLOADS, allimagesModel, imageRecord } from './webviewFixtures';
import { WebviewPage, frames } from './webviewPage';

const COUNT = 2000;

/** The assertions of `lines` checked against `model`'s result, as the host sends them. */
function assertionsOf(model: ResultsModel, lines: string[]) {
  const text = ['### Newest files', 'action = query', 'list = allimages', ...lines, ''].join('\n');
  const facts: RunFacts = { status: 'complete', records: COUNT, batches: 1, warnings: 0, ms: 120, result: model.result };
  return checksView(checksOf(text, 0)!, facts);
}

/** The name in the selected (active) row of the shown grid. */
const activeRowText = (w: WebviewPage) => w.page.evaluate(() => document.querySelector('.table-view:not([hidden]) .vt-active')?.closest('[role=row]')?.textContent ?? '');

describe('assertions in the results view (chromium)', () => {
  let w: WebviewPage;
  let model: ResultsModel;
  before(async () => {
    w = await WebviewPage.open({ theme: 'dark', viewport: { width: 1100, height: 640 } });
    model = allimagesModel(w.wiki.origin, COUNT, { complete: true });
    await w.show(model);
  });
  after(async () => {
    await w?.close();
  });

  it('shows each assertion ✓ or ✗ with its line and text, and a failing one\'s actual value shortened', async () => {
    const long = 'Very long site name '.repeat(12);
    const view = assertionsOf(model, [
      '?? status == complete',
      `?? records == ${COUNT}`,
      '?? every name matches /\\.png$/',
      '?? no name matches /_0015\\d\\d\\.jpg$/',
      `?? $.query.allimages == "${long}"`,
      `?? some title == "${PAYLOADS[0]}"`,
    ]);
    await w.send([{ type: 'assertions', view }]);
    await w.page.waitForSelector('.asserts:not([hidden]) .assert');
    const rows = await w.page.$$eval('.asserts .assert', (li) => li.map((x) => (x as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
    assert.equal(rows.length, 6);
    assert.match(rows[0], /^✓ line 4 \?\? status == complete$/);
    assert.match(rows[1], /^✓ line 5 \?\? records == 2000$/);
    assert.match(rows[2], /^✗ line 6 \?\? every name matches \/\\\.png\$\/ actual: 1333 of 2000 records break it first records that break it: #2 title "File:Barn owl 000001\.jpg", #3 /);
    assert.match(rows[3], /^✗ line 7 .* actual: 66 of 2000 records break it first records that break it: #1502 title "File:Desert rose 001501\.jpg"/);
    assert.match(rows[4], /^✗ line 8 \?\? \$\.query\.allimages == "Very long site name .{100,}… actual: \[\{"name": .{60,}…$/, 'a long text and actual value are shortened on their line');
    assert.ok(rows[4].length < 300, rows[4]);
    const title = await w.page.$eval('.asserts .assert:nth-child(5) .assert-why', (e) => e.getAttribute('title') ?? '');
    assert.ok(title.length > 150, 'the whole value the host sent is on hover');
    assert.ok(rows[5].includes(PAYLOADS[0]), 'hostile text shows as text');
    assert.equal(await w.page.$$eval('.asserts img, .asserts script, .asserts svg, .asserts iframe, .asserts a', (e) => e.length), 0, 'no element made from it');
    assert.match(await w.page.$eval('.asserts-summary', (e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ')), /^✗ 4 assertions of 6 failed · 2 held$/);
    await w.screenshot('results-assertions');
  });

  it('a failing quantifier\'s link selects its record\'s row on the Table tab, far down, sorted, and through a filter that hid it', async () => {
    await w.page.click('#tab-json');
    await w.page.click('.asserts .assert:nth-child(4) button.link');
    await w.page.waitForFunction(() => document.querySelector('.table-view:not([hidden]) .vt-active') !== null);
    assert.equal(await w.page.getAttribute('#tab-table', 'aria-selected'), 'true', 'back on the Table tab');
    assert.ok((await activeRowText(w)).includes(imageRecord(w.wiki.origin, 1501).name as string), `record 1502 is selected: ${await activeRowText(w)}`);
    assert.equal(await w.page.evaluate(() => document.activeElement?.classList.contains('vt')), true, 'the grid has the focus (its selected row shows)');
    assert.ok(await w.page.evaluate(() => document.querySelector<HTMLElement>('.table-view:not([hidden]) .vt')!.scrollTop > 1000), 'scrolled down to it');

    // Sorted by name, descending, and filtered to png files: record 2 (a jpg) is hidden.
    await w.page.click('.vt-hcell:has-text("name")');
    await w.page.click('.vt-hcell:has-text("name")');
    await w.page.fill('.table-view:not([hidden]) input.filter', '.png');
    await w.page.waitForFunction(() => /^667 of 2,000 rows/.test(document.querySelector('.table-view:not([hidden]) .count')?.textContent ?? ''));
    await w.page.click('.asserts .assert:nth-child(3) button.link >> nth=0');
    await w.page.waitForFunction(() => /^2,000 rows/.test(document.querySelector('.table-view:not([hidden]) .count')?.textContent ?? ''));
    await frames(w);
    assert.ok((await activeRowText(w)).includes(imageRecord(w.wiki.origin, 1).name as string), `record 2 is selected in the sorted table: ${await activeRowText(w)}`);
    assert.equal(await w.page.inputValue('.table-view:not([hidden]) input.filter'), '', 'the filter that hid it is cleared');
  });

  it('a run without assertions clears them; no CSP violation, no page error', async () => {
    await w.send([{ type: 'assertions', view: null }]);
    assert.equal(await w.page.isHidden('.asserts'), true);
    assert.deepEqual(await w.cspViolations(), []);
    assert.deepEqual(w.pageErrors, []);
    assert.equal(await w.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), undefined);
  });
});
