/**
 * The results view for a keyboard and a screen reader, in a real browser (Debian's chromium) under
 * the page's CSP: axe-core finds no serious or critical violation on any tab (Table with URL and
 * wiki-HTML cells and the paraminfo reference, Images, Timeline, Breakdown, JSON, Raw, Debug, Diff,
 * and the assertions block above them) in VS Code's default light and dark themes (Light+, Dark+,
 * Light Modern, Dark Modern); Tab passes the grid in one step (its links are reached through the
 * active cell: Ctrl+Enter, or a click) and the JSON tree likewise; the ✓ and ✗ of the assertions
 * reach 3:1 against their background in those and both high-contrast themes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffResults } from '../../core/src';
import type { RunFacts } from '../../core/src';
import { checksOf, checksView } from '../../client/src/results/checks';
import { diffViewOf } from '../../client/shared/diffView';
import type { ResultsModel } from '../../client/shared/model';
import { contrasts } from '../webviewMeasure';
import { axeViolations, describeViolations } from './webviewAxe';
import { filesModel } from './viewFixtures';
import { allimagesModel, debuginfo, imageRecord, logeventsModel, paraminfoModel } from './webviewFixtures';
import { type WebviewPage, frames, withPage } from './webviewPage';
import type { Theme } from './webviewTheme';

/** Files with every tab's data: raw bodies and debuginfo beside the records. */
function filesWithEverything(base: string, count: number): ResultsModel {
  const m = filesModel(base, count);
  return { ...m, rawBatches: [JSON.stringify(m.result)], debuginfo: debuginfo(base, 'action=query&list=allimages') };
}

/** Two assertions that hold and two that fail (one with links to the records that break it), checked by the host's code. */
function assertionsFor(m: ResultsModel) {
  const text = ['### Files', 'action = query', 'list = allimages', '?? status == complete', '?? records > 0', '?? every mime == "image/png"', '?? records == 1', ''].join('\n');
  const facts: RunFacts = { status: 'complete', records: 137, batches: 1, warnings: 0, ms: 120, result: m.result };
  return checksView(checksOf(text, 0)!, facts);
}

/** A comparison wider and longer than the panel: every file changed its size, some added and removed. */
function diffOf(base: string) {
  const before = filesModel(base, 60).result as { query: { allimages: Array<Record<string, unknown>> } };
  const after = { query: { allimages: before.query.allimages.slice(5).map((f) => ({ ...f, size: Number(f.size) + 1, comment: 'A longer comment about what changed in this file, long enough to need the room' })) } };
  return diffViewOf('run at 10:00:00', 'run at 10:05:00', diffResults(before, after));
}

const shownTabs = (w: WebviewPage) => w.page.$$eval('.tabs [role=tab]', (ts) => ts.filter((t) => !(t as HTMLElement).hidden).map((t) => t.id));

/** No serious or critical axe violation in the page as drawn; the failure lists each rule, element and why. */
async function checkAxe(w: WebviewPage, where: string): Promise<void> {
  await frames(w);
  const found = await axeViolations(w);
  assert.deepEqual(found.map((v) => v.rule), [], describeViolations(where, found));
}

/** Scans the page with each shown tab selected. */
async function checkEveryTab(w: WebviewPage, what: string): Promise<string[]> {
  const tabs = await shownTabs(w);
  for (const id of tabs) {
    await w.page.click(`#${id}`);
    await w.settled();
    await checkAxe(w, `${what}, ${id}`);
  }
  return tabs;
}

/** VS Code's default light and dark themes, Modern and the + ones before them. */
const SCANNED: readonly Theme[] = ['lightPlus', 'darkPlus', 'light', 'dark'];

for (const theme of SCANNED) {
  describe(`axe-core on the results view, ${theme} theme`, () => {
    it('no serious or critical violation on any tab, nor with the assertions block, a cell\'s value or the cell menu open', async () => {
      await withPage({ theme, viewport: { width: 1000, height: 640 } }, async (w) => {
        const o = w.wiki.origin;
        const files = filesWithEverything(o, 137);
        await w.show(files);
        await w.send([{ type: 'assertions', view: assertionsFor(files) }, { type: 'diff', view: diffOf(o) }]);
        await w.page.waitForSelector('.asserts:not([hidden]) .assert');
        const tabs = await checkEveryTab(w, 'files');
        assert.deepEqual(tabs, ['tab-table', 'tab-images', 'tab-timeline', 'tab-breakdown', 'tab-json', 'tab-raw', 'tab-debug', 'tab-diff'], 'every tab was scanned');
        // The Table tab with a cell's whole value open, then with the cell menu open.
        await w.page.click('#tab-table');
        await w.page.focus('.table-view:not([hidden]) .vt');
        await w.page.keyboard.press('ArrowDown');
        await w.page.keyboard.press('Enter');
        await w.page.waitForSelector('.table-view:not([hidden]) .detail:not([hidden])');
        await checkAxe(w, 'files, a cell\'s value');
        await w.page.keyboard.press('Escape');
        await w.page.keyboard.press('Shift+F10');
        await w.page.waitForSelector('.menu [role=menuitem]');
        await checkAxe(w, 'files, the cell menu');
        await w.page.keyboard.press('Escape');
        // Wiki HTML in cells (logevents' parsedcomment and params links), and the paraminfo reference.
        await w.show(logeventsModel(o));
        await checkEveryTab(w, 'logevents');
        await w.show(paraminfoModel(o));
        await checkEveryTab(w, 'paraminfo');
        assert.deepEqual(await w.cspViolations(), [], 'axe ran under the page\'s CSP and broke none of it');
        assert.deepEqual(w.pageErrors, []);
      });
    });
  });
}

/** The element with the focus, as `tag.class` or `#id`, and whether it is in the shown grid. */
const focused = (w: WebviewPage) => w.page.evaluate(() => {
  const a = document.activeElement as HTMLElement | null;
  const grid = document.querySelector('.table-view:not([hidden]) .vt');
  return { name: a ? (a.id ? `#${a.id}` : `${a.tagName.toLowerCase()}.${a.className}`) : 'none', inGrid: !!a && !!grid?.contains(a), isGrid: a === grid };
});

describe('the grid is one Tab stop', () => {
  it('Tab from the Wrap box lands on the grid and the next Tab leaves it, past 137 rows of links; Shift+Tab comes back the same way', async () => {
    await withPage({ theme: 'dark', viewport: { width: 1200, height: 720 } }, async (w) => {
      await w.show(allimagesModel(w.wiki.origin, 137));
      await frames(w);
      await w.page.focus('.table-view:not([hidden]) input[id^="wrap-"]');
      await w.page.keyboard.press('Tab');
      assert.equal((await focused(w)).isGrid, true, `Tab from the Wrap box: the grid (${(await focused(w)).name})`);
      await w.page.keyboard.press('Tab');
      const after = await focused(w);
      assert.equal(after.inGrid, false, `the next Tab leaves the grid (focus on ${after.name})`);
      await w.page.keyboard.press('Shift+Tab');
      assert.equal((await focused(w)).isGrid, true, `Shift+Tab comes back to the grid (${(await focused(w)).name})`);
      await w.page.keyboard.press('Shift+Tab');
      assert.match((await focused(w)).name, /^#wrap-/, 'and the next Shift+Tab to the Wrap box');
      const links = await w.page.$$eval('.table-view:not([hidden]) .vt a[href]', (as) => as.map((a) => a.getAttribute('tabindex')));
      assert.ok(links.length > 20, `the drawn rows hold links (${links.length})`);
      assert.deepEqual([...new Set(links)], ['-1'], 'each link in a cell is out of the Tab order');
    });
  });

  it('a URL cell: Ctrl+Enter opens its link (Enter still shows the whole value); a click on the link opens it and makes its cell active', async () => {
    await withPage({ theme: 'light', viewport: { width: 1200, height: 720 } }, async (w) => {
      const o = w.wiki.origin;
      await w.show(allimagesModel(o, 30));
      await frames(w);
      const labels = await w.page.$$eval('.table-view:not([hidden]) .vt-hlabel', (ls) => ls.map((l) => l.textContent));
      const opened = async () => (await w.posted()).filter((m) => m.type === 'openUrl').map((m) => (m as { url: string }).url);
      assert.match(await w.page.getAttribute('.table-view:not([hidden]) .vt', 'aria-description') ?? '', /Enter shows a cell's whole value, Ctrl\+Enter opens its link/, 'a screen reader hears what the keys do');
      await w.page.focus('.table-view:not([hidden]) .vt');
      await w.page.keyboard.press('ArrowDown');
      for (let i = 0; i < labels.indexOf('url'); i++) await w.page.keyboard.press('ArrowRight');
      await w.page.keyboard.press('Enter');
      await w.page.waitForSelector('.table-view:not([hidden]) .detail:not([hidden])');
      assert.deepEqual(await opened(), [], 'Enter shows the whole value, it does not open the link');
      await w.page.keyboard.press('Escape');
      await w.page.keyboard.press('Control+Enter');
      await w.page.keyboard.press('Meta+Enter');
      const url = String(imageRecord(o, 1).url);
      assert.deepEqual(await opened(), [url, url], 'Ctrl+Enter and Cmd+Enter open the active cell\'s link');
      const third = '.table-view:not([hidden]) .vt-row[aria-rowindex="4"] a[href]';
      await w.page.click(`${third} >> nth=0`);
      assert.equal((await opened()).length, 3, 'a click on a link opens it');
      assert.equal(await w.page.evaluate(() => document.activeElement?.classList.contains('vt')), true, 'the grid keeps the focus');
      assert.equal(await w.page.evaluate(() => document.querySelector('.vt-active')?.closest('[role=row]')?.getAttribute('aria-rowindex')), '4', 'the clicked link\'s cell is the active one');
    });
  });

  it('a cell of wiki HTML with several links: none is a Tab stop, Ctrl+Enter offers them in a menu', async () => {
    await withPage({ theme: 'light', viewport: { width: 1400, height: 720 } }, async (w) => {
      const m = logeventsModel(w.wiki.origin);
      const ev = (m.result as { query: { logevents: Array<Record<string, unknown>> } }).query.logevents;
      ev[1].parsedcomment = 'Moved <a href="/index.php/Willow">Willow</a> to <a href="/index.php/Salix">Salix</a>';
      await w.show(m);
      await frames(w);
      const tabStops = await w.page.$$eval('.table-view:not([hidden]) .vt a[href]', (as) => as.filter((a) => (a as HTMLElement).tabIndex >= 0).length);
      assert.equal(tabStops, 0, 'no link in a wiki HTML cell is a Tab stop');
      const labels = await w.page.$$eval('.table-view:not([hidden]) .vt-hlabel', (ls) => ls.map((l) => l.textContent));
      await w.page.focus('.table-view:not([hidden]) .vt');
      await w.page.keyboard.press('ArrowDown');
      for (let i = 0; i < labels.indexOf('parsedcomment'); i++) await w.page.keyboard.press('ArrowRight');
      await w.page.keyboard.press('Control+Enter');
      await w.page.waitForSelector('.menu [role=menuitem]');
      const items = await w.page.$$eval('.menu [role=menuitem]', (b) => b.map((x) => x.textContent));
      assert.deepEqual(items, [`Open ${w.wiki.origin}/index.php/Willow`, `Open ${w.wiki.origin}/index.php/Salix`]);
      await w.page.keyboard.press('ArrowDown');
      await w.page.keyboard.press('Enter');
      const opened = (await w.posted()).filter((x) => x.type === 'openUrl');
      assert.deepEqual(opened, [{ type: 'openUrl', url: `${w.wiki.origin}/index.php/Salix` }]);
    });
  });
});

describe('the JSON tree is one Tab stop', () => {
  it('its links are out of the Tab order; Enter on a URL value\'s item opens it', async () => {
    await withPage({ theme: 'dark', viewport: { width: 1000, height: 640 } }, async (w) => {
      const o = w.wiki.origin;
      await w.show(allimagesModel(o, 30));
      await w.page.click('#tab-json');
      await w.page.fill('.panel-json input.filter', 'images/1/01/Barn');
      await w.page.waitForFunction(() => document.activeElement?.querySelector('.jt-hit a[href]') != null);
      assert.deepEqual(await w.page.$$eval('.panel-json .jt a[href]', (as) => [...new Set(as.map((a) => a.getAttribute('tabindex')))]), ['-1']);
      await w.page.keyboard.press('Enter');
      assert.deepEqual((await w.posted()).filter((x) => x.type === 'openUrl'), [{ type: 'openUrl', url: String(imageRecord(o, 1).url) }]);
    });
  });
});

describe('the assertions\' marks', () => {
  for (const theme of ['light', 'dark', 'hc', 'hcLight', 'lightPlus', 'darkPlus'] as const satisfies readonly Theme[]) {
    it(`✓ and ✗ reach 3:1 against their background, the texts 4.5:1 (${theme})`, async () => {
      await withPage({ theme, viewport: { width: 1000, height: 600 } }, async (w) => {
        const files = filesWithEverything(w.wiki.origin, 137);
        await w.show(files);
        await w.send([{ type: 'assertions', view: assertionsFor(files) }]);
        await w.page.waitForSelector('.asserts:not([hidden]) .assert');
        const pairs = await w.page.evaluate(contrasts, '.asserts');
        const marks = pairs.filter((p) => /^[✓✗]$/.test(p.text));
        assert.equal(marks.length, 5, `the summary's mark and four assertions' (${marks.map((m) => m.text).join('')})`);
        const low = pairs.filter((p) => p.ratio < (marks.includes(p) ? 3 : 4.5)).map((p) => `${p.text} ${p.fg} on ${p.bg}: ${p.ratio.toFixed(2)}:1`);
        assert.deepEqual(low, []);
      });
    });
  }
});
