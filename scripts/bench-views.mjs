// Results view's Images, Timeline and Breakdown (issue: results you can look at and compare): in
// Debian's chromium, the time to draw each view of a 100,000-record result (files with timestamps,
// uploaders, sizes), from the click on its tab to the painted view, as a ratio to the table's first
// paint of the same result in the same run (messages planned by the host's own UpdatePlanner and
// posted one per task, as in bench-webview.mjs).
// Needs `tsc -b` and `node scripts/build.mjs` first (npm run bench does both).
// Usage: node scripts/bench-views.mjs [--runs N]
import { createRequire } from 'node:module';
import { deliverPlanned, median, runsOption } from './bench-util.mjs';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const RUNS = runsOption(5);
const N = 100_000;

let WebviewPage, filesModel, UpdatePlanner, FIRST_PAINT_GRACE_MS;
try {
  ({ WebviewPage } = require(`${root}out/test/faults/webviewPage.js`));
  ({ filesModel } = require(`${root}out/test/faults/viewFixtures.js`));
  ({ UpdatePlanner, FIRST_PAINT_GRACE_MS } = require(`${root}out/client/src/results/delta.js`));
} catch (e) {
  console.error(`bench-views: compile first (npx tsc -b): ${e.message.split('\n')[0]}`);
  process.exit(1);
}

let w;
try {
  w = await WebviewPage.open({ theme: 'dark', viewport: { width: 1200, height: 720 }, remoteImages: false });
} catch (e) {
  console.error(`bench-views: ${e.message}`);
  process.exit(1);
}

const VIEWS = [['images', '.img-card'], ['timeline', '.tl-chart canvas'], ['breakdown', 'button.bd-row']];

/** One fresh page: ms to the table's first painted rows, then ms to draw each view once every record is in. */
async function measure() {
  await w.page.reload();
  await w.page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  const msgs = new UpdatePlanner().plan(filesModel(w.wiki.origin, N), { pinned: false, thumbnails: false });
  const table = await deliverPlanned(w.page, msgs, FIRST_PAINT_GRACE_MS);
  const drawn = await w.page.evaluate(async (views) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const until = async (ok) => {
      while (!ok()) await frame();
    };
    await new Promise((r) => setTimeout(r, 400)); // the views' redraw after the last batch has passed
    const out = {};
    for (const [tab, sel] of views) {
      const t1 = performance.now();
      document.getElementById(`tab-${tab}`).click();
      await until(() => document.querySelector(`#panel-${tab} ${sel}`) !== null);
      await frame();
      out[tab] = performance.now() - t1;
    }
    out.cards = document.querySelectorAll('.img-card').length;
    return out;
  }, VIEWS);
  return { table, ...drawn };
}

try {
  await measure(); // warm-up (JIT, fonts)
  const runs = [];
  for (let r = 0; r < RUNS; r++) runs.push(await measure());
  const base = median(runs.map((x) => x.table));
  console.log(`results view, table's first rows of ${N.toLocaleString('en')} records: ${base.toFixed(1)} ms (baseline)`);
  for (const [tab] of VIEWS) {
    const ms = median(runs.map((x) => x[tab]));
    const ratio = ms / base;
    console.log(`results view, ${tab} drawn from ${N.toLocaleString('en')} records: ${ms.toFixed(1)} ms (ratio ${ratio.toFixed(2)}; target ≤ 2× the table's first paint)${ratio <= 2 ? '' : ' MISSES TARGET'}`);
  }
  console.log(`results view, image cards in the DOM for ${N.toLocaleString('en')} files: ${Math.max(...runs.map((x) => x.cards))} at most (virtualised)`);
} finally {
  await w.close();
}
