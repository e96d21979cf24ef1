/**
 * The results view's layout and legibility in a real browser (Debian's chromium), at the sizes a
 * panel has in VS Code: on first show every row that fits is drawn (no blank band below the first
 * rows), whichever tab was shown before and whatever the panel's size; in a narrow panel columns keep
 * their width and the grid scrolls sideways (cut text whole on hover); the header's figures stay on one line; every badge and header text
 * meets WCAG AA (4.5:1) in the light, dark and both high-contrast themes, measured from the rendered
 * colours; a run that received nothing says `failed` and what the wiki said; render reports (the
 * real-editor tests' hook) are posted only when the page asks for them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRenderedReport } from '../../client/shared/renderReport';
import type { Theme } from './webviewTheme';
import { allimagesModel, failedModel, logeventsModel, paraminfoModel } from './webviewFixtures';
import { type WebviewPage, frames, withPage } from './webviewPage';
import { CONTRAST_SELECTOR, type ContrastPair, contrasts as measureContrasts, type RowCoverage, rowCoverage } from '../webviewMeasure';


/** The shown grid's body, top to bottom: every pixel row of the visible area is covered by a drawn, visible row. */
const coverage = (w: WebviewPage): Promise<RowCoverage> => w.page.evaluate(rowCoverage);

/** WCAG contrast of every visible text in `selector`, from the rendered colours. */
const contrasts = (w: WebviewPage, selector: string): Promise<ContrastPair[]> => w.page.evaluate(measureContrasts, selector);

const PANELS = [
  { name: 'beside the editor', width: 560, height: 760 },
  { name: 'bottom panel', width: 1200, height: 420 },
  { name: 'tall window', width: 1000, height: 1100 },
];

describe('first show draws every visible row', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const panel of PANELS) {
      it(`137 records, ${panel.name} (${panel.width}×${panel.height}), ${theme}: table shown first, after the JSON tab, and after another result`, async () => {
        await withPage({ theme, viewport: { width: panel.width, height: panel.height } }, async (w) => {
          // The Table tab is the default: the grid is built while its panel is still hidden.
          await w.show(allimagesModel(w.wiki.origin, 137, { batches: 3 }));
          await frames(w);
          let c = await coverage(w);
          assert.deepEqual(c.gaps, [], `table first (${c.rows} rows drawn)`);
          // The JSON tab was shown when the result came; the Table tab is opened afterwards.
          await w.page.click('#tab-json');
          await w.show(logeventsModel(w.wiki.origin));
          await w.show(allimagesModel(w.wiki.origin, 137, { batches: 3, complete: true }));
          await w.page.click('#tab-table');
          await frames(w);
          c = await coverage(w);
          assert.deepEqual(c.gaps, [], 'table after the JSON tab');
          // The panel is resized (taller): the rows that now fit are drawn too.
          await w.page.setViewportSize({ width: panel.width, height: panel.height + 300 });
          await frames(w);
          c = await coverage(w);
          assert.deepEqual(c.gaps, [], 'after the panel grew');
          assert.deepEqual(w.pageErrors, []);
        });
      });
    }
  }
});

describe('a narrow panel stays usable', () => {
  it('beside the editor columns keep their width and the grid scrolls sideways, cut text is whole on hover and on double-click, Wrap shows more, the header stays on one line', async () => {
    await withPage({ theme: 'light', viewport: { width: 560, height: 760 } }, async (w) => {
      await w.show(allimagesModel(w.wiki.origin, 137, { batches: 3 }));
      await frames(w);
      const fit = await w.page.evaluate(() => {
        const vt = document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement;
        const head = vt.querySelector('.vt-head') as HTMLElement;
        const labels = Array.from(head.querySelectorAll('.vt-hlabel')).map((l) => l.textContent);
        const row = vt.querySelector('.vt-row[aria-rowindex="2"]') as HTMLElement;
        const url = row.children[labels.indexOf('url')] as HTMLElement;
        const link = url.querySelector('a')!;
        return { grid: head.getBoundingClientRect().width, visible: vt.clientWidth, cut: link.scrollWidth > link.clientWidth, title: link.title, href: link.getAttribute('href') };
      });
      assert.ok(fit.grid > fit.visible, `the columns keep their width and the grid scrolls sideways (${fit.grid} px in ${fit.visible} px)`);
      assert.ok(fit.cut, 'a url longer than a column\'s 40 characters is cut in its column');
      assert.equal(fit.title, fit.href, 'and shown whole on hover');
      const tops = (sel: string) => w.page.evaluate((q) => Array.from(document.querySelectorAll(q)).map((e) => (e as HTMLElement).getBoundingClientRect().top), sel);
      const figures = await tops('.hdr .meta-item:not(.endpoint)');
      assert.equal(new Set(figures).size, 1, `the header's figures are on one line (${figures.join(', ')})`);
      assert.equal(await w.page.getAttribute('.hdr .meta-item.endpoint', 'title'), w.endpoint, 'the endpoint, cut or not, is whole on hover');
      await w.page.setViewportSize({ width: 800, height: 760 });
      await frames(w);
      const all = await tops('.hdr .meta-item');
      assert.equal(new Set(all).size, 1, `at 800 px the endpoint is on the same line (${all.join(', ')})`);
      await w.page.setViewportSize({ width: 560, height: 760 });
      await frames(w);
      const nameCol = await w.page.evaluate(() => Array.from(document.querySelectorAll('.table-view:not([hidden]) .vt-hlabel')).findIndex((l) => l.textContent === 'descriptionurl'));
      await w.page.locator('.table-view:not([hidden]) .vt-row[aria-rowindex="2"] .vt-cell').nth(nameCol).dblclick({ position: { x: 4, y: 4 } });
      await w.page.waitForSelector('.table-view:not([hidden]) .detail:not([hidden])');
      assert.match(await w.page.textContent('.table-view:not([hidden]) .detail-text') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/index\.php\/File:Alpine_lake_000000\.png$/);
      await w.page.keyboard.press('Escape');
      await w.page.check('.table-view:not([hidden]) .toolbar input[id^="wrap-"]');
      const wrapped = await w.page.evaluate(() => {
        const cell = document.querySelector('.table-view:not([hidden]) .vt-row .vt-cell') as HTMLElement;
        return { height: (cell.parentElement as HTMLElement).getBoundingClientRect().height, space: getComputedStyle(cell).whiteSpace };
      });
      assert.deepEqual(wrapped, { height: 60, space: 'normal' }, 'Wrap: taller rows, wrapped text');
      await frames(w);
      assert.deepEqual((await coverage(w)).gaps, [], 'wrapped rows fill the panel too');
    });
  });
});

describe('legible in every theme', () => {
  for (const theme of ['light', 'dark', 'hc', 'hcLight'] as Theme[]) {
    it(`badges, header, tabs and table text reach 4.5:1 — ${theme}`, async () => {
      await withPage({ theme, viewport: { width: 900, height: 700 } }, async (w) => {
        const low: string[] = [];
        const check = async (what: string) => {
          await frames(w);
          const pairs = await contrasts(w, CONTRAST_SELECTOR);
          assert.ok(pairs.some((p) => /complete|partial|failed/.test(p.text)), `${what}: the state badge was measured`);
          for (const p of pairs) if (p.ratio < 4.5) low.push(`${what}: "${p.text}" ${p.fg} on ${p.bg} = ${p.ratio.toFixed(2)}:1`);
        };
        await w.show(allimagesModel(w.wiki.origin, 137, { batches: 3 }));
        await check('partial allimages');
        await w.show(paraminfoModel(w.wiki.origin));
        await check('complete paraminfo');
        const failed = failedModel(w.wiki.origin);
        await w.show({ ...failed, httpStatus: 500 });
        await check('failed run');
        assert.deepEqual(low, [], 'every text meets WCAG AA');
      });
    });
  }
});

describe('the header in a narrow panel', () => {
  it('keeps the title whole and each button on one line: the buttons move under it when they do not fit beside it', async () => {
    await withPage({ theme: 'dark', viewport: { width: 420, height: 600 } }, async (w) => {
      await w.show({ ...allimagesModel(w.wiki.origin, 20), requestName: 'Changes by user' });
      await w.send([{ type: 'history', runs: [{ id: 'r1', time: '2026-11-27T09:00:00Z', status: 'complete', records: 20, endpoint: w.endpoint }], shown: 'r1' }]);
      await w.settled();
      await frames(w);
      const hdr = await w.page.evaluate(() => {
        const title = document.querySelector('.hdr .title') as HTMLElement;
        const buttons = Array.from(document.querySelectorAll<HTMLElement>('.hdr-top button'));
        const lineHeight = parseFloat(getComputedStyle(buttons[0]).lineHeight) || 16;
        return {
          cut: title.scrollWidth > title.clientWidth,
          labels: buttons.map((b) => b.textContent),
          wrapped: buttons.filter((b) => b.clientHeight > 2 * lineHeight).map((b) => b.textContent),
          top: title.getBoundingClientRect().top,
          buttonTops: buttons.map((b) => b.getBoundingClientRect().top),
        };
      });
      assert.ok(hdr.labels.includes('History (1)'), hdr.labels.join(', '));
      assert.equal(hdr.cut, false, 'the title is whole');
      assert.deepEqual(hdr.wrapped, [], 'no button label breaks onto two lines');
      await w.screenshot('webview-header-420px');
    });
  });
});

describe('a run that received nothing', () => {
  it('says failed, shows no records and what the wiki said, in the Table and JSON tabs', async () => {
    await withPage({ theme: 'light', viewport: { width: 560, height: 600 } }, async (w) => {
      await w.show(failedModel(w.wiki.origin));
      assert.equal(await w.page.textContent('.hdr .badge'), 'failed');
      assert.equal(await w.page.getAttribute('#tab-table', 'aria-selected'), 'true', 'an empty result stays on the Table tab');
      const table = await w.page.textContent('#panel-table .empty') ?? '';
      assert.match(table, /^No records\. The wiki said: query · badvalue — Unrecognized value for parameter "aidir": sideways\.$/);
      // In a narrow panel the wiki's message takes a line of its own under its code, instead of a
      // sliver beside it (seen in the real-editor screenshots: three words a line).
      await w.page.setViewportSize({ width: 420, height: 600 });
      await frames(w);
      const msg = await w.page.evaluate(() => {
        const row = document.querySelector('.hdr .msg.error') as HTMLElement;
        const text = row.querySelector('.msg-text') as HTMLElement;
        return { row: row.clientWidth, text: text.getBoundingClientRect().width };
      });
      assert.ok(msg.text >= 0.6 * msg.row, `the message is not squeezed beside its code (${msg.text} px of ${msg.row} px)`);
      await w.page.setViewportSize({ width: 560, height: 600 });
      await w.page.click('#tab-json');
      assert.match(await w.page.textContent('#panel-json .empty') ?? '', /^The result is empty\. The wiki said: /);
      // A run that kept batches and then failed is partial, not failed.
      await w.show({ ...allimagesModel(w.wiki.origin, 20), failure: 'The connection was reset.' });
      assert.equal(await w.page.textContent('.hdr .badge'), 'partial');
    });
  });
});

describe('render reports (a test hook, not the protocol)', () => {
  it('are posted after a render when the page asks for them, and never otherwise', async () => {
    for (const reportRenders of [true, false]) {
      await withPage({ reportRenders, viewport: { width: 900, height: 600 } }, async (w) => {
        await w.show(allimagesModel(w.wiki.origin, 20));
        // Each tab switch schedules a report (120 ms) before the state's save (400 ms): once the state
        // says a tab, the report of switching to it is due and, where asked for, posted.
        const saved = (tab: string) => w.page.waitForFunction((t) => (window as unknown as { __state?: { ui?: { tab?: string } } }).__state?.ui?.tab === t, tab, { timeout: 10_000 });
        await w.page.click('#tab-json');
        await saved('json');
        await w.page.click('#tab-table');
        await saved('table');
        if (reportRenders) {
          await w.page.waitForFunction(() => (window as unknown as { __posted: Array<{ type: string; tab?: string }> }).__posted.some((m) => m.type === 'rendered' && m.tab === 'table'), undefined, { timeout: 10_000 });
          const reports = (await w.posted()).filter((m) => m.type === 'rendered').map(parseRenderedReport);
          const last = reports[reports.length - 1];
          assert.ok(last, 'the host reads the report');
          assert.equal(last.tab, 'table');
          assert.equal(last.rows, 20);
          assert.match(last.text, /name/);
        } else {
          assert.deepEqual((await w.posted()).filter((m) => m.type === 'rendered'), []);
        }
      });
    }
  });
});
