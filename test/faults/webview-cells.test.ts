/**
 * Readable cells and wide tables in a real browser (Debian's chromium): a page's categories read as
 * their titles and a nested value as a summary that opens as a JSON tree (click or Enter); in a
 * 420 px panel a logevents table keeps its titles whole and scrolls sideways; while batches are
 * loading, a sorted table is not sorted again per batch (new rows wait at the end until the last one),
 * and the progress line says records, batches and the rate.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UpdatePlanner } from '../../client/src/results/delta';
import type { ResultsModel } from '../../client/shared/model';
import { allimagesModel, imageRecord, logeventsModel } from './webviewFixtures';
import { frames, withPage } from './webviewPage';


/** Titles of up to 40 characters, the longest a column shows whole. */
const LONG_TITLES = ['File:Willows by the river in spring.jpg', 'User:Tester with a long name (bot account)', 'Special:CreateTable/Widgets of the week'];

function wideLogevents(base: string): ResultsModel {
  const m = logeventsModel(base);
  const ev = (m.result as { query: { logevents: Array<Record<string, unknown>> } }).query.logevents;
  ev.forEach((e, i) => (e.title = LONG_TITLES[i % LONG_TITLES.length].slice(0, 40)));
  return m;
}

function pagesModel(base: string): ResultsModel {
  const pages = [
    { pageid: 1, ns: 0, title: 'Willow', categories: [{ ns: 14, title: 'Category:Trees' }, { ns: 14, title: 'Category:Salix' }], imageinfo: [{ size: 120, width: 10, height: 10 }], pageprops: { wikibase_item: 'Q1', defaultsort: 'Willow' } },
    { pageid: 2, ns: 0, title: 'Birch', categories: [{ ns: 14, title: 'Category:Trees' }] },
  ];
  const result = { batchcomplete: true, query: { pages } };
  return { ...logeventsModel(base), requestName: 'Pages', params: { action: 'query', titles: 'Willow|Birch', prop: 'categories|imageinfo|pageprops' }, continue: null, complete: true, warnings: [], result, rawBatches: [JSON.stringify(result)] };
}

describe('readable cells in the results view', () => {
  it('categories read as their titles; a nested value reads as a summary and opens as a JSON tree on click and on Enter', async () => {
    await withPage({ theme: 'light', viewport: { width: 1200, height: 600 } }, async (w) => {
      await w.show(pagesModel(w.wiki.origin));
      await frames(w);
      const cells = await w.page.evaluate(() => {
        const labels = Array.from(document.querySelectorAll('.table-view:not([hidden]) .vt-hlabel')).map((l) => l.textContent ?? '');
        const row = document.querySelector('.table-view:not([hidden]) .vt-row[aria-rowindex="2"]') as HTMLElement;
        return { labels, texts: Array.from(row.children).map((c) => c.textContent ?? '') };
      });
      const at = (col: string) => cells.texts[cells.labels.indexOf(col)];
      assert.equal(at('categories'), 'Category:Trees | Category:Salix');
      assert.equal(at('imageinfo'), '1 item');
      assert.equal(at('pageprops'), '{wikibase_item, defaultsort}');
      // A click on the summary opens the value as a JSON tree.
      const col = cells.labels.indexOf('imageinfo');
      await w.page.locator('.table-view:not([hidden]) .vt-row[aria-rowindex="2"] .vt-cell').nth(col).locator('.expand').click();
      await w.page.waitForSelector('.table-view:not([hidden]) .detail:not([hidden]) [role=treeitem]');
      assert.match(await w.page.textContent('.table-view:not([hidden]) .detail') ?? '', /width[\s\S]*10/);
      await w.page.keyboard.press('Escape');
      // Enter on the active cell (moved there with the arrow keys) opens it too.
      await w.page.locator('.table-view:not([hidden]) .vt-row[aria-rowindex="2"] .vt-cell').first().click();
      for (let i = 0; i < cells.labels.indexOf('categories'); i++) await w.page.keyboard.press('ArrowRight');
      await w.page.keyboard.press('Enter');
      await w.page.waitForSelector('.table-view:not([hidden]) .detail:not([hidden]) [role=treeitem]');
      assert.match(await w.page.textContent('.table-view:not([hidden]) .detail') ?? '', /Category:Salix/);
      assert.deepEqual(w.pageErrors, []);
    });
  });
});

describe('a wide table in a narrow panel', () => {
  it('420 px: logevents titles are whole (up to 40 characters) and the grid scrolls sideways to its last column', async () => {
    await withPage({ theme: 'dark', viewport: { width: 420, height: 700 } }, async (w) => {
      await w.show(wideLogevents(w.wiki.origin));
      await frames(w);
      const m = await w.page.evaluate(() => {
        const vt = document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement;
        const labels = Array.from(vt.querySelectorAll('.vt-hlabel')).map((l) => l.textContent ?? '');
        const col = labels.indexOf('title');
        const titles = Array.from(vt.querySelectorAll('.vt-row')).map((r) => r.children[col] as HTMLElement)
          .map((c) => {
            // Cut text is in an element of its own, which cuts it with …; text that fits is a text node of the cell.
            const el = (c.firstElementChild as HTMLElement | null) ?? c;
            return { text: c.textContent ?? '', whole: el.scrollWidth <= el.clientWidth && c.scrollWidth <= c.clientWidth };
          });
        const grid = (vt.querySelector('.vt-head') as HTMLElement).getBoundingClientRect().width;
        return { titles, grid, visible: vt.clientWidth };
      });
      // The picture shows the title column: scrolled sideways to it.
      await w.page.evaluate(() => {
        const vt = document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement;
        const labels = Array.from(vt.querySelectorAll('.vt-hcell'));
        vt.scrollLeft = (labels.find((l) => l.textContent?.startsWith('title')) as HTMLElement).offsetLeft - 40;
      });
      await frames(w);
      await w.screenshot('results-table-logevents-420px');
      const end = await w.page.evaluate(() => {
        const vt = document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement;
        vt.scrollLeft = vt.scrollWidth;
        const last = vt.querySelector('.vt-head')!.lastElementChild!.getBoundingClientRect();
        return { scrolled: vt.scrollLeft, lastRight: last.right, panelRight: vt.getBoundingClientRect().right };
      });
      assert.ok(m.titles.length >= 10, `${m.titles.length} rows drawn`);
      for (const t of m.titles) assert.ok(t.whole, `"${t.text}" is whole in its column`);
      assert.ok(m.titles.some((t) => t.text.length >= 39), 'titles of 39–40 characters among them');
      assert.ok(m.grid > m.visible, `the grid is wider than the panel (${m.grid} px in ${m.visible} px)`);
      assert.ok(end.scrolled > 0, 'and scrolls sideways');
      assert.ok(end.lastRight <= end.panelRight + 1, `scrolled to the end, the last column is in view (${end.lastRight} ≤ ${end.panelRight})`);
      assert.deepEqual(w.pageErrors, []);
    });
  });
});

describe('while batches are loading', () => {
  it('a sorted table is sorted once the last batch has arrived, not per batch; the progress line says records, batches and records/s', async () => {
    await withPage({ theme: 'light', viewport: { width: 1000, height: 600 } }, async (w) => {
      const o = w.wiki.origin;
      const planner = new UpdatePlanner();
      const view = { pinned: false, thumbnails: false };
      await w.show(allimagesModel(o, 137, { batches: 3 }), view, planner);
      const rows = () => w.page.evaluate(() => Array.from(document.querySelectorAll('.table-view:not([hidden]) .vt-row')).map((r) => r.children[0].textContent ?? ''));
      const status = () => w.page.textContent('.table-view:not([hidden]) .count');
      const toEnd = () => w.page.evaluate(() => {
        const vt = document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement;
        vt.scrollTop = vt.scrollHeight;
        vt.dispatchEvent(new Event('scroll'));
        return new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      });
      await w.page.click('.table-view:not([hidden]) .vt-hcell[aria-colindex="1"]');
      await w.page.waitForFunction(() => document.querySelector('.table-view:not([hidden]) .vt-hcell[aria-colindex="1"]')?.getAttribute('aria-sort') === 'ascending');
      await w.page.waitForFunction(() => (document.querySelector('.table-view:not([hidden]) .vt-row[aria-rowindex="3"]')?.textContent ?? '').startsWith('Alpine_lake_000014'));
      // Load all: a running progress, then a batch.
      await w.send([{ type: 'progress', running: true, batches: 3, records: 137 }]);
      await w.send(planner.plan(allimagesModel(o, 637, { batches: 4 }), view));
      await w.settled();
      await w.page.waitForFunction(() => document.getElementById('app')?.dataset.records === '637');
      assert.match(await status() ?? '', /637 rows · receiving… \(new rows at the end, sorted when all have arrived\)/);
      await toEnd();
      assert.equal((await rows()).at(-1), String(imageRecord(o, 636).name), `the newest row waits at the end, unsorted (${await status()}; ${(await rows()).slice(-3).join(', ')})`);
      // Half a second into the run the progress line has a rate (the time passing is what is measured).
      await w.page.waitForFunction(() => performance.now() - ((window as unknown as { wikiqResults: { progressStart?: { at: number } } }).wikiqResults.progressStart?.at ?? Infinity) > 600);
      await w.send([{ type: 'progress', running: true, batches: 4, records: 637 }]);
      assert.match(await w.page.textContent('.paging') ?? '', /^Loading… 637 records in 4 batches, [\d,]+ records\/s\.Cancel$/);
      // The last batch: the run ends, the table is sorted once.
      await w.send([{ type: 'progress', running: false, batches: 5, records: 700 }]);
      await w.send(planner.plan(allimagesModel(o, 700, { batches: 5, complete: true }), view));
      await w.settled();
      await w.page.waitForFunction(() => !/receiving|sorting/.test(document.querySelector('.table-view:not([hidden]) .count')?.textContent ?? ''));
      assert.equal(await status(), '700 rows');
      await toEnd();
      const last = (await rows()).at(-1) ?? '';
      const names = Array.from({ length: 700 }, (_, i) => String(imageRecord(o, i).name)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      assert.equal(last, names[699], 'sorted: the last row is the last name');
      assert.deepEqual(w.pageErrors, []);
    });
  });
});
