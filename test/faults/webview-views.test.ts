/**
 * The Images, Timeline and Breakdown tabs in a real browser (Debian's chromium), under the page's
 * CSP: offered only where the data's shape suits them; each draws (thumbnails from the wiki's
 * origin only, and none at all while remote images are off); the grid is virtualised; a timeline
 * range or a breakdown bar filters the table (by mouse and by keyboard) with a chip to clear it;
 * every text reaches WCAG AA in the four themes; no CSP violation, no page error.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONTRAST_SELECTOR, contrasts as measureContrasts, type ContrastPair } from '../webviewMeasure';
import { filesModel, recentchangesModel } from './viewFixtures';
import { logeventsModel, paraminfoModel } from './webviewFixtures';
import { type OpenOptions, type WebviewPage, frames, withPage } from './webviewPage';
import type { Theme } from './webviewTheme';

/** `withPage`, and the page had no CSP violation and no error. */
function withCleanPage(o: OpenOptions, fn: (w: WebviewPage) => Promise<void>): Promise<void> {
  return withPage(o, async (w) => {
    await fn(w);
    assert.deepEqual(await w.cspViolations(), [], 'no CSP violation');
    assert.deepEqual(w.pageErrors, [], 'no page error');
  });
}

const shownTabs = (w: WebviewPage) => w.page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('.tabs [role=tab]')).filter((t) => !t.hidden).map((t) => t.textContent));
/** The shown table's row count line ("12 of 60 rows"). */
const tableRowCount = (w: WebviewPage) => w.page.textContent('.table-view:not([hidden]) .count');

describe('views offered by the data\'s shape', () => {
  it('files: Images, Timeline, Breakdown; logevents: Timeline, Breakdown; paraminfo: none — and a command for a view that does not apply leaves the tab', async () => {
    await withCleanPage({}, async (w) => {
      await w.show(filesModel(w.wiki.origin, 60));
      assert.deepEqual(await shownTabs(w), ['Table', 'Images', 'Timeline', 'Breakdown', 'JSON', 'Raw', 'Debug']);
      await w.show(logeventsModel(w.wiki.origin));
      assert.deepEqual(await shownTabs(w), ['Table', 'Timeline', 'Breakdown', 'JSON', 'Raw', 'Debug']);
      await w.page.click('#tab-timeline');
      await w.show(paraminfoModel(w.wiki.origin));
      assert.deepEqual(await shownTabs(w), ['Table', 'JSON', 'Raw', 'Debug']);
      assert.equal(await w.page.getAttribute('#tab-table', 'aria-selected'), 'true', 'a view that no longer applies gives way to the table');
      await w.send([{ type: 'show', tab: 'images' }]);
      await w.page.waitForFunction(() => /^Nothing in this result suits the Images view\.$/.test(document.querySelector('.sr-only[aria-live]')?.textContent ?? ''));
      assert.equal(await w.page.getAttribute('#tab-table', 'aria-selected'), 'true');
    });
  });
});

describe('Images', () => {
  it('a grid of thumbnails from the wiki\'s origin, lazily loaded; 10,000 files keep only the cards in view in the DOM', async () => {
    await withCleanPage({ viewport: { width: 1000, height: 700 } }, async (w) => {
      await w.show(filesModel(w.wiki.origin, 137), { thumbnails: true });
      await w.send([{ type: 'show', tab: 'images' }]);
      await w.page.waitForSelector('.img-card img');
      await w.page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.img-card img')).every((i) => i.complete && i.naturalWidth > 0));
      const cards = await w.page.evaluate(() => Array.from(document.querySelectorAll('.img-card')).slice(0, 2).map((c) => c.textContent));
      assert.match(cards[0] ?? '', /^Alpine lake 000000\.png.*KB · 160×120by \w/);
      assert.ok(w.wiki.hits.length > 0 && w.wiki.hits.every((h) => h.startsWith('/images/')), `thumbnails from the wiki's origin only: ${w.wiki.hits.slice(0, 3).join(', ')}`);
      assert.deepEqual(w.elsewhere.hits, []);
      assert.ok(await w.page.evaluate(() => Array.from(document.querySelectorAll('.img-card img')).every((i) => i.getAttribute('loading') === 'lazy')));
      await w.screenshot('views-images');
      await w.show(filesModel(w.wiki.origin, 10_000), { thumbnails: false });
      await w.page.waitForFunction(() => /^10,000 of 10,000/.test(document.querySelector('.view-images .count')?.textContent ?? ''));
      await frames(w);
      const dom = await w.page.evaluate(() => document.querySelectorAll('.img-card').length);
      assert.ok(dom > 10 && dom < 120, `${dom} cards in the DOM`);
      await w.page.focus('.img-grid');
      await w.page.keyboard.press('End');
      await frames(w);
      const last = await w.page.evaluate(() => document.querySelector('.img-card[aria-selected="true"]')?.textContent ?? '');
      assert.match(last, /Desert rose 009999\.png/, 'End goes to the last file');
      assert.equal(await w.page.getAttribute('.img-grid', 'aria-activedescendant'), 'img-9999');
    });
  });

  it('with remote images off: titles and sizes, a note how to turn thumbnails on, no request to the wiki', async () => {
    await withCleanPage({ remoteImages: false }, async (w) => {
      await w.show(filesModel(w.wiki.origin, 40), { thumbnails: true });
      await w.page.click('#tab-images');
      await w.page.waitForSelector('.img-card');
      assert.equal(await w.page.locator('.img-card img').count(), 0);
      assert.match(await w.page.textContent('.view-images .notice') ?? '', /Thumbnails are off.*wikiq\.results\.showThumbnails/);
      assert.deepEqual(w.wiki.hits, []);
      await w.screenshot('views-images-off');
    });
  });
});

describe('Timeline', () => {
  it('draws the counts over time with uPlot; dragging a range filters the table, the chip clears it', async () => {
    await withCleanPage({ viewport: { width: 1000, height: 700 } }, async (w) => {
      await w.show(recentchangesModel(w.wiki.origin, 60));
      await w.page.click('#tab-timeline');
      await w.page.waitForSelector('.tl-chart canvas');
      assert.match(await w.page.textContent('.view-timeline .summary') ?? '', /^60 recentchanges records by hour \(UTC\), 2024-06-10 08:00 to 2024-06-12 06:00; busiest/);
      await w.screenshot('views-timeline');
      const box = (await w.page.locator('.tl-chart .u-over').boundingBox())!;
      await w.page.mouse.move(box.x + 2, box.y + box.height / 2);
      await w.page.mouse.down();
      await w.page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 5 });
      await w.page.mouse.up();
      await w.page.waitForSelector('.view-timeline .filter-chip:not([hidden])');
      assert.match(await w.page.textContent('.view-timeline .filter-chip') ?? '', /Table filtered by timestamp 2024-06-10 08:00Z – /);
      await w.page.click('#tab-table');
      await w.page.waitForFunction(() => /^\d+ of 60 rows/.test(document.querySelector('.table-view:not([hidden]) .count')?.textContent ?? ''));
      const shown = Number((await tableRowCount(w))?.match(/^(\d+)/)?.[1]);
      assert.ok(shown > 5 && shown < 25, `${shown} rows in the first quarter`);
      await w.page.click('.table-view:not([hidden]) .filter-chip button[aria-label^="Clear"]');
      await w.page.waitForFunction(() => document.querySelector('.table-view:not([hidden]) .count')?.textContent === '60 rows');
    });
  });

  it('is keyboard reachable: tab to it, arrows choose buckets, Shift extends, Enter filters, Escape clears', async () => {
    await withCleanPage({}, async (w) => {
      await w.show(recentchangesModel(w.wiki.origin, 60));
      await w.page.focus('#tab-table');
      await w.page.keyboard.press('ArrowRight');
      assert.equal(await w.page.evaluate(() => document.activeElement?.id), 'tab-timeline', 'Images does not apply: the next tab is Timeline');
      await w.page.keyboard.press('Tab');
      assert.equal(await w.page.evaluate(() => document.activeElement?.className), 'tl-chart', 'the chart takes the focus');
      await w.page.keyboard.press('ArrowRight');
      await w.page.keyboard.press('Shift+ArrowRight');
      await w.page.keyboard.press('Shift+ArrowRight');
      assert.match(await w.page.textContent('.tl-focus') ?? '', /^2024-06-10 08:00 – 2024-06-10 10:00: \d+ records$/);
      await w.page.keyboard.press('Enter');
      assert.match(await w.page.textContent('.view-timeline .filter-chip') ?? '', /timestamp 2024-06-10 08:00Z – 2024-06-10 11:00Z/);
      await w.page.keyboard.press('Escape');
      assert.equal(await w.page.isHidden('.view-timeline .filter-chip'), true);
    });
  });
});

describe('Breakdown', () => {
  it('bars by user (a column chooser for the others); a bar is a button that filters the table, Enter too', async () => {
    await withCleanPage({ viewport: { width: 900, height: 640 } }, async (w) => {
      await w.show(recentchangesModel(w.wiki.origin, 60));
      await w.page.click('#tab-breakdown');
      await w.page.waitForSelector('.bd-row');
      const bars = await w.page.evaluate(() => Array.from(document.querySelectorAll('button.bd-row')).map((b) => b.textContent));
      assert.deepEqual(bars, ['Alice15 · 25%', 'Bob15 · 25%', 'Carol15 · 25%', 'Maintenance script15 · 25%']);
      const options = await w.page.evaluate(() => Array.from(document.querySelectorAll('#breakdown-source option')).map((o) => o.textContent));
      assert.deepEqual(options, ['user', 'type', 'ns']);
      await w.screenshot('views-breakdown');
      await w.page.selectOption('#breakdown-source', { label: 'type' });
      await w.page.waitForFunction(() => document.querySelector('button.bd-row')?.textContent?.startsWith('edit'));
      await w.page.focus('button.bd-row');
      await w.page.keyboard.press('ArrowDown');
      await w.page.keyboard.press('Enter');
      assert.equal(await w.page.getAttribute('button.bd-row:nth-child(2)', 'aria-pressed'), 'true');
      assert.match(await w.page.textContent('.view-breakdown .filter-chip') ?? '', /Table filtered by type = new/);
      await w.page.click('.view-breakdown .filter-chip button:text("Show rows")');
      await w.page.waitForFunction(() => document.querySelector('.table-view:not([hidden]) .count')?.textContent === '12 of 60 rows');
      assert.equal(await w.page.getAttribute('#tab-table', 'aria-selected'), 'true');
    });
  });
});

describe('views legible in every theme', () => {
  for (const theme of ['light', 'dark', 'hc', 'hcLight'] as Theme[]) {
    it(`Images, Timeline and Breakdown texts reach 4.5:1 — ${theme}`, async () => {
      await withCleanPage({ theme, viewport: { width: 900, height: 700 } }, async (w) => {
        const low: string[] = [];
        const measured: string[] = [];
        const check = async (tab: string) => {
          await w.page.click(`#tab-${tab}`);
          await frames(w);
          const pairs: ContrastPair[] = await w.page.evaluate(measureContrasts, CONTRAST_SELECTOR);
          measured.push(...pairs.map((p) => p.text));
          for (const p of pairs) if (p.ratio < 4.5) low.push(`${tab}: "${p.text}" ${p.fg} on ${p.bg} = ${p.ratio.toFixed(2)}:1`);
        };
        await w.show(filesModel(w.wiki.origin, 60), { thumbnails: true });
        await check('images');
        await check('timeline');
        await check('breakdown');
        await w.page.click('button.bd-row');
        await check('breakdown');
        await check('table');
        assert.ok(measured.some((t) => t.startsWith('Table filtered by')), 'the chip was measured');
        assert.ok(measured.some((t) => /KB · 160×120/.test(t)), 'the cards were measured');
        assert.deepEqual(low, [], 'every text meets WCAG AA');
      });
    });
  }
});
