/**
 * The results view in a real browser (Debian's chromium): hostile wiki content in every field and
 * every tab runs no script, opens no dialog and leaves no dangerous element or URL in the DOM, with
 * and without the CSP (the sanitiser alone holds); 100,000 rows stay a small window of DOM rows and
 * scroll to the last record; paging, pin, export, copy and open-URL post the right messages;
 * appends keep the scroll position; packed messages apply in arrival order; state survives a reload. Screenshots of the Table tab
 * (allimages, logevents, paraminfo) and the JSON tab go to .test-output/screenshots/.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UpdatePlanner } from '../../client/src/results/delta';
import { pack } from '../../client/src/results/packing';
import type { WebviewMessage } from '../../client/shared/messages';
import { allimagesModel, hostileModel, hostileParaminfo, logeventsModel, paraminfoModel } from './webviewFixtures';
import { audit, pwned } from './webviewAudit';
import { WebviewPage } from './webviewPage';

/** The cell of the shown table at a display row (0-based) and column label, scrolled into the DOM. */
async function cellHtml(w: WebviewPage, row: number, column: string): Promise<string> {
  await w.page.evaluate(() => {
    const vt = document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement;
    vt.scrollTop = 0;
    vt.dispatchEvent(new Event('scroll'));
  });
  await w.page.waitForSelector(`.table-view:not([hidden]) .vt-row[aria-rowindex="${row + 2}"]`);
  return w.page.evaluate(({ row, column }) => {
    const head = Array.from(document.querySelectorAll('.table-view:not([hidden]) .vt-hcell')).map((h) => h.querySelector('.vt-hlabel')?.textContent);
    const r = document.querySelector(`.table-view:not([hidden]) .vt-row[aria-rowindex="${row + 2}"]`)!;
    return r.children[head.indexOf(column)]?.innerHTML ?? `(no column ${column} in ${head.join(',')})`;
  }, { row, column });
}

/** Visits every tab and table, opens nested values, expands the trees and the module reference. */
async function visitEverything(w: WebviewPage): Promise<void> {
  const p = w.page;
  await p.click('#tab-table');
  const subtabs = await p.locator('.subtab').count();
  for (let t = 0; t < Math.max(1, subtabs); t++) {
    if (subtabs) await p.locator('.subtab').nth(t).click();
    const toggle = await p.$('.table-view:not([hidden]) input[type=checkbox]');
    if (toggle && !(await toggle.isChecked())) await toggle.check();
    const expand = await p.$('.table-view:not([hidden]) .vt-row .expand');
    if (expand) {
      await expand.click();
      await p.waitForSelector('.table-view:not([hidden]) .detail:not([hidden])');
    }
    await p.evaluate(() => {
      for (const d of Array.from(document.querySelectorAll('details'))) (d).open = true;
    });
    // Scroll the grid through its rows so each gets rendered.
    await p.evaluate(async () => {
      const vt = document.querySelector<HTMLElement>('.table-view:not([hidden]) .vt');
      if (!vt) return;
      for (let y = 0; y <= vt.scrollHeight; y += vt.clientHeight / 2) {
        vt.scrollTop = y;
        vt.scrollLeft = y % 2000;
        await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      }
    });
  }
  await p.click('#tab-json');
  await p.evaluate(() => (window as unknown as { wikiqResults: { json?: { expandAll(d: number): void } } }).wikiqResults.json?.expandAll(12));
  await p.click('#tab-raw');
  await p.click('#tab-debug');
  for (let round = 0; round < 8; round++) {
    const n = await p.evaluate(() => {
      const rows = Array.from(document.querySelectorAll<HTMLElement>('.panel-debug li[aria-expanded="false"] > .jt-row'));
      rows.forEach((r) => r.click());
      return rows.length;
    });
    if (!n) break;
  }
  await p.evaluate(() => new Promise((r) => setTimeout(r, 100)));
}

describe('results view in chromium', () => {
  let w: WebviewPage;
  before(async () => {
    w = await WebviewPage.open({ theme: 'dark' });
  });
  after(async () => {
    await w?.close();
  });

  it('shows hostile content only as text: no script runs, no dangerous element or URL, nothing fetched elsewhere', async () => {
    const model = hostileModel(w.wiki.origin, w.elsewhere.origin);
    await w.show(model);
    await visitEverything(w);
    assert.equal(await w.page.evaluate(() => getComputedStyle(document.getElementById('app')!).display), 'flex', 'the stylesheet applies under the CSP');
    const a = await audit(w);
    assert.deepEqual(a.bad, [], 'no event handlers, script URLs or dangerous elements in the DOM');
    assert.equal(a.scripts, 1, 'only the view\'s own script element');
    assert.equal(await pwned(w), undefined, 'no payload ran');
    assert.deepEqual(w.dialogs, [], 'no dialog opened');
    assert.deepEqual(w.pageErrors, [], 'no page errors');
    // Inline handlers and styles met while DOMPurify parses the payloads in its inert document are
    // reported as 'inline' violations; a load from anywhere would be reported with its URL.
    assert.deepEqual((await w.cspViolations()).filter((v) => !/ inline$/.test(v)), [], 'nothing tried to load from a URL the CSP refuses');
    assert.deepEqual(w.elsewhere.hits, [], 'nothing was fetched from another origin');
    assert.ok(w.wiki.hits.length > 0 && w.wiki.hits.every((h) => h.startsWith('/images/')), `thumbnails load from the endpoint's origin only: ${w.wiki.hits.join(', ')}`);
    // The payloads are there, as text.
    const text = await w.page.evaluate(() => document.body.innerText);
    assert.match(text, /<img src=x onerror="window\.__pwned=1;alert\(1\)">/, 'hostile markup shows as text');
    assert.match(text, /<script>window\.__pwned=1;alert\(1\)<\/script>/);
    assert.doesNotMatch(text, /SECRET-SESSION-COOKIE|SECRET-TOKEN/, 'debuginfo cookies and authorization are redacted');
    assert.match(text, /\[redacted\]/);
  });

  it('keeps plain formatting and http(s) links of wiki HTML, resolved against the endpoint, opened through the host', async () => {
    await w.page.click('#tab-table');
    await w.page.click('.subtab[data-table="query.allimages"]');
    const html = await w.page.$$eval('.table-view:not([hidden]) .vt-row .html', (els) => els.slice(0, 3).map((e) => e.innerHTML));
    assert.ok(html.length > 0, 'parsedcomment cells are rendered');
    assert.match(html[0], /<b>bold<\/b>/);
    assert.match(html[0], new RegExp(`<a href="${w.wiki.origin}/index.php/Main_Page" rel="noopener noreferrer" title="${w.wiki.origin}/index.php/Main_Page" tabindex="-1">relative</a>`), 'a link, out of the grid\'s Tab order');
    await w.page.click('.table-view:not([hidden]) .vt-row .html a');
    const posted = await w.posted();
    const open = posted.filter((m) => m.type === 'openUrl');
    assert.deepEqual(open[open.length - 1], { type: 'openUrl', url: `${w.wiki.origin}/index.php/Main_Page` });
    assert.ok(posted.every((m) => m.type !== 'openUrl' || /^https?:\/\//.test(m.url)), 'only http(s) URLs are ever posted');
    // Log params: the HTML anchor of the spec's createtable entries becomes a link, its payload text.
    await w.page.click('.subtab[data-table="query.logevents"]');
    const params = await cellHtml(w, 0, 'params');
    assert.match(params, new RegExp(`<a href="${w.wiki.origin}/index.php/Special:CreateTable/T0" title="ok" rel="noopener noreferrer" tabindex="-1">Special:CreateTable/T0</a>`));
  });

  it('copies cells as text through the host and checks every message it sends', async () => {
    await w.page.click('.subtab[data-table="query.allimages"]');
    await cellHtml(w, 0, 'name');
    const nameCol = await w.page.evaluate(() => Array.from(document.querySelectorAll('.table-view:not([hidden]) .vt-hcell .vt-hlabel')).findIndex((h) => h.textContent === 'name'));
    await w.page.locator('.table-view:not([hidden]) .vt-row[aria-rowindex="2"] .vt-cell').nth(nameCol).click({ button: 'right' });
    await w.page.click('.menu [role=menuitem]:has-text("Copy cell")');
    const posted = await w.posted();
    const copy = posted.filter((m): m is Extract<WebviewMessage, { type: 'copy' }> => m.type === 'copy').pop();
    assert.ok(copy && copy.text.startsWith('<img src=x onerror='), `copied the raw name: ${copy?.text}`);
    const { parseWebviewMessage } = await import('../../client/shared/validate');
    for (const m of posted) assert.equal(parseWebviewMessage(m).ok, true, `the host accepts ${JSON.stringify(m).slice(0, 120)}`);
  });

  it('renders the paraminfo reference of hostile descriptors as text', async () => {
    await w.show(hostileParaminfo(w.wiki.origin, w.elsewhere.origin));
    await visitEverything(w);
    const a = await audit(w);
    assert.deepEqual(a.bad, []);
    assert.equal(await pwned(w), undefined);
    assert.deepEqual(w.dialogs, []);
    assert.deepEqual(w.elsewhere.hits, []);
    const text = await w.page.evaluate(() => document.querySelector('.pi')?.textContent ?? '');
    assert.match(text, /<svg onload=/);
  });

  it('holds without the CSP too: the sanitiser alone keeps every payload inert', async () => {
    const bare = await WebviewPage.open({ theme: 'light', withoutCsp: true });
    try {
      const csp = await bare.page.$('meta[http-equiv="Content-Security-Policy"]');
      assert.equal(csp, null, 'this page has no CSP');
      await bare.show(hostileModel(bare.wiki.origin, bare.elsewhere.origin));
      await visitEverything(bare);
      await bare.show(hostileParaminfo(bare.wiki.origin, bare.elsewhere.origin));
      await visitEverything(bare);
      assert.deepEqual((await audit(bare)).bad, []);
      assert.equal(await pwned(bare), undefined, 'no payload ran');
      assert.deepEqual(bare.dialogs, []);
      assert.deepEqual(bare.pageErrors, []);
      assert.deepEqual(bare.elsewhere.hits, [], 'nothing was fetched from another origin');
    } finally {
      await bare.close();
    }
  });
});

describe('large results, paging and state', () => {
  let w: WebviewPage;
  before(async () => {
    w = await WebviewPage.open({ theme: 'dark' });
  });
  after(async () => {
    await w?.close();
  });

  it('renders 100,000 rows as a small window of DOM rows and scrolls to the last record', async () => {
    const model = allimagesModel(w.wiki.origin, 100_000, { batches: 200 });
    const msgs = await w.show(model);
    assert.ok(msgs.length > 10, 'the host sent the records in chunks');
    const state = await w.page.evaluate(() => ({
      records: document.getElementById('app')!.dataset.records,
      rows: document.querySelectorAll('.table-view:not([hidden]) .vt-row').length,
      status: document.querySelector('.table-view:not([hidden]) .count')?.textContent,
    }));
    assert.equal(state.records, '100000');
    assert.ok(state.rows > 5 && state.rows < 120, `only a window of rows is in the DOM (${state.rows})`);
    assert.match(state.status ?? '', /100,000 rows/);
    const last = (model.result as { query: { allimages: Array<{ name: string }> } }).query.allimages[99_999].name;
    await w.page.evaluate(() => {
      const vt = document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement;
      vt.scrollTop = vt.scrollHeight;
    });
    await w.page.waitForFunction((name) => Array.from(document.querySelectorAll('.table-view:not([hidden]) .vt-row')).some((r) => r.textContent?.includes(name)), last, { timeout: 10_000 });
    const end = await w.page.evaluate(() => {
      const rows = Array.from(document.querySelectorAll<HTMLElement>('.table-view:not([hidden]) .vt-row'));
      return { n: rows.length, maxIndex: Math.max(...rows.map((r) => Number(r.getAttribute('aria-rowindex')))) };
    });
    assert.ok(end.n < 120, `still a window at the end (${end.n})`);
    assert.equal(end.maxIndex, 100_001, 'the last row (after the header row) is rendered');
  });

  it('filters and sorts 100,000 rows without freezing (in slices), keyboard reaches the last row', async () => {
    const p = w.page;
    const target = 'Lighthouse_099999';
    await p.fill('.table-view:not([hidden]) input.filter', target);
    await p.waitForFunction(() => /^1 of 100,000 rows/.test(document.querySelector('.table-view:not([hidden]) .count')?.textContent ?? ''), undefined, { timeout: 20_000 });
    assert.equal(await p.$$eval('.table-view:not([hidden]) .vt-row', (r) => r.length), 1);
    await p.fill('.table-view:not([hidden]) input.filter', '');
    await p.waitForFunction(() => /^100,000 rows/.test(document.querySelector('.table-view:not([hidden]) .count')?.textContent ?? ''), undefined, { timeout: 20_000 });
    // Sort by timestamp, descending: the newest record first.
    const ts = p.locator('.table-view:not([hidden]) .vt-hcell', { hasText: 'timestamp' });
    await ts.click();
    await ts.click();
    await p.waitForFunction(() => document.querySelector('.table-view:not([hidden]) .vt-hcell[aria-sort="descending"]') !== null && !/sorting/.test(document.querySelector('.table-view:not([hidden]) .count')?.textContent ?? ''), undefined, { timeout: 20_000 });
    await p.evaluate(() => ((document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement).scrollTop = 0));
    await p.waitForFunction(() => document.querySelector('.table-view:not([hidden]) .vt-row[aria-rowindex="2"]')?.textContent?.includes('_099999') ?? false, undefined, { timeout: 10_000 });
    // Keyboard: Ctrl+End goes to the last row (the oldest record, index 0).
    await p.focus('.table-view:not([hidden]) .vt');
    await p.keyboard.press('Control+End');
    await p.waitForFunction(() => document.querySelector('.table-view:not([hidden]) .vt-active')?.parentElement?.getAttribute('aria-rowindex') === '100001', undefined, { timeout: 10_000 });
    const activeRow = await p.evaluate(() => document.querySelector('.table-view:not([hidden]) .vt-active')?.parentElement?.textContent ?? '');
    assert.match(activeRow, /_000000/);
    // Unsort.
    await ts.click();
    await p.waitForFunction(() => document.querySelector('.table-view:not([hidden]) .vt-hcell[aria-sort="descending"]') === null);
  });

  it('Load next batch / Load all / Cancel / Pin / Export post their messages; an append keeps the scroll position', async () => {
    const p = w.page;
    const planner = new UpdatePlanner();
    const first = allimagesModel(w.wiki.origin, 1000, { batches: 1 });
    await w.show(first, {}, planner);
    await p.click('button:has-text("Load next batch")');
    await p.click('button:has-text("Load all")');
    await p.click('button:has-text("Pin")');
    await p.click('button:has-text("Export…")');
    await p.click('.menu [role=menuitem]:has-text("CSV")');
    await w.send([{ type: 'progress', running: true, batches: 3, records: 1500 }]);
    await p.click('.paging button:has-text("Cancel")');
    const posted = (await w.posted()).map((m) => JSON.stringify(m));
    for (const m of [{ type: 'loadNext' }, { type: 'loadAll' }, { type: 'pin' }, { type: 'export', format: 'csv', table: 'allimages' }, { type: 'cancel' }]) {
      assert.ok(posted.includes(JSON.stringify(m)), `posted ${JSON.stringify(m)}`);
    }
    await w.send([{ type: 'progress', running: false, batches: 1, records: 1000 }, { type: 'pinned', pinned: true }]);
    await p.waitForSelector('button[aria-pressed="true"]:has-text("Pinned")');
    // Scroll somewhere, then the next batch arrives.
    await p.evaluate(() => ((document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement).scrollTop = 7000));
    await p.waitForTimeout(50);
    const before = await p.evaluate(() => (document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement).scrollTop);
    const second = allimagesModel(w.wiki.origin, 2000, { batches: 2 });
    const msgs = planner.plan(second, { pinned: true, thumbnails: false });
    assert.ok(msgs.every((m) => m.type === 'append'), 'the next batch is sent as appends only');
    await w.send(msgs);
    await w.settled();
    const afterState = await p.evaluate(() => ({
      top: (document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement).scrollTop,
      status: document.querySelector('.table-view:not([hidden]) .count')?.textContent,
      paging: document.querySelector('.paging')?.textContent,
    }));
    assert.equal(afterState.top, before, 'the scroll position is kept');
    assert.match(afterState.status ?? '', /2,000 rows/);
    assert.match(afterState.paging ?? '', /2,000 records so far/);
  });

  it('tabs work with the arrow keys and the state (tab, rows) survives a reload', async () => {
    const p = w.page;
    await p.focus('#tab-table');
    await p.keyboard.press('ArrowRight');
    // Files with timestamps: the Images and Timeline tabs come next (no Breakdown: no column of few values).
    assert.equal(await p.getAttribute('#tab-images', 'aria-selected'), 'true');
    assert.equal(await p.evaluate(() => document.activeElement?.id), 'tab-images');
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('ArrowRight');
    assert.equal(await p.evaluate(() => document.activeElement?.id), 'tab-json', 'the Breakdown tab, not offered, is skipped');
    await p.keyboard.press('End');
    assert.equal(await p.getAttribute('#tab-debug', 'aria-selected'), 'true');
    await p.keyboard.press('Home');
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('ArrowRight');
    await p.waitForTimeout(500); // the state is saved 400 ms after the last change
    const state = await p.evaluate(() => (window as unknown as { __state: unknown }).__state);
    assert.ok(state, 'the view saved its state');
    await p.addInitScript((s) => {
      (window as unknown as { __state: unknown }).__state = s;
    }, state);
    await p.reload();
    await p.waitForFunction(() => document.getElementById('app')?.dataset.state === 'restored');
    assert.equal(await p.getAttribute('#tab-json', 'aria-selected'), 'true', 'the JSON tab is shown again');
    await p.click('#tab-table');
    const rows = await p.$$eval('.table-view:not([hidden]) .vt-row', (r) => r.length);
    assert.ok(rows > 5, 'the restored table has rows before the host answers');
    const posted = await w.posted();
    assert.ok(posted.some((m) => m.type === 'ready'), 'the view asked the host for the full result');
  });
});

describe('packed messages', () => {
  let w: WebviewPage;
  before(async () => {
    w = await WebviewPage.open({ theme: 'dark' });
  });
  after(async () => {
    await w?.close();
  });

  it('applies packed messages in the order they came, and says so in the view when one is damaged', async () => {
    const planner = new UpdatePlanner({ firstChunk: 500, chunk: 5000 });
    const model = allimagesModel(w.wiki.origin, 10_520, { batches: 22 });
    const msgs = planner.plan(model, { pinned: false, thumbnails: false });
    const packed = await Promise.all(msgs.map((m) => pack(m)));
    assert.deepEqual(packed.map((m) => m.type), ['packed', 'packed', 'packed', 'append'], 'the render and the full appends are packed, the last small append is not');
    // The small last append is posted right behind the packed ones: it must not overtake them.
    for (const m of packed) await w.post(m);
    await w.settled();
    const names = (model.result as { query: { allimages: Array<{ name: string }> } }).query.allimages.map((r) => r.name);
    const order = await w.page.evaluate(() => {
      const vt = document.querySelector('.table-view:not([hidden]) .vt') as HTMLElement;
      return { records: document.getElementById('app')!.dataset.records, count: document.querySelector('.table-view:not([hidden]) .count')?.textContent, first: vt.querySelector('.vt-row')?.textContent };
    });
    assert.equal(order.records, '10520');
    assert.match(order.count ?? '', /10,520 rows/);
    assert.ok(order.first?.includes(names[0]), `the first row is the first record (${order.first?.slice(0, 80)})`);

    const next = allimagesModel(w.wiki.origin, 18_000, { batches: 36 });
    const [damaged] = await Promise.all(planner.plan(next, { pinned: false, thumbnails: false }).map((m) => pack(m, 0)));
    assert.equal(damaged.type, 'packed');
    if (damaged.type === 'packed') await w.post({ ...damaged, bytes: damaged.bytes - 10 });
    await w.page.waitForFunction(() => /failed to show part of this result: a packed message holds more than/.test(document.querySelector('[role=alert]')?.textContent ?? ''), undefined, { timeout: 10_000 });
    assert.equal(await w.page.evaluate(() => document.getElementById('app')!.dataset.records), '10520', 'nothing of the damaged message was applied');
    assert.equal(await w.page.evaluate(() => document.getElementById('app')!.dataset.pending), '0');
  });
});

describe('screenshots', () => {
  for (const theme of ['dark', 'light', 'hc'] as const) {
    it(`Table tab (allimages${theme === 'dark' ? ', logevents, paraminfo' : ''}) and JSON tab — ${theme} theme`, async () => {
      const w = await WebviewPage.open({ theme, viewport: { width: 1100, height: 640 } });
      try {
        const images = allimagesModel(w.wiki.origin, 137, { batches: 3 });
        await w.show(images, { thumbnails: true });
        await w.page.waitForFunction(() => Array.from(document.querySelectorAll('img.thumb')).some((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
        await w.page.waitForTimeout(150);
        const suffix = theme === 'dark' ? '' : `-${theme}`;
        await w.screenshot(`webview-table-allimages${suffix}`);
        if (theme !== 'dark') return;
        await w.show(logeventsModel(w.wiki.origin));
        await w.screenshot('webview-table-logevents');
        await w.show(paraminfoModel(w.wiki.origin));
        await w.page.waitForSelector('.pi-params');
        await w.screenshot('webview-table-paraminfo');
        await w.show(logeventsModel(w.wiki.origin));
        await w.page.click('#tab-json');
        await w.page.waitForSelector('.jt');
        await w.page.fill('.panel-json input.filter', 'createtable');
        await w.page.waitForFunction(() => document.querySelector('.jt-hit') !== null);
        await w.screenshot('webview-json');
        assert.deepEqual(w.pageErrors, []);
      } finally {
        await w.close();
      }
    });
  }
});
