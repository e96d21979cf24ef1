// Results view bench (issue: results view): in Debian's chromium, the time for the view to show
// the first rows of a 100,000-record result and to scroll to its end, as ratios to showing the
// first rows of a 100-record result. Messages are planned by the host's own UpdatePlanner (a
// render with the first chunk, then appends after the panel's short grace) and arrive one per task,
// as from the extension host.
// Needs `tsc -b` and `node scripts/build.mjs` first (npm run bench does both).
// Usage: node scripts/bench-webview.mjs [--runs N]
import { createRequire } from 'node:module';
import { deliverPlanned, median, runsOption } from './bench-util.mjs';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const RUNS = runsOption(5);

let WebviewPage, allimagesModel, UpdatePlanner, FIRST_PAINT_GRACE_MS;
try {
  ({ WebviewPage } = require(`${root}out/test/faults/webviewPage.js`));
  ({ allimagesModel } = require(`${root}out/test/faults/webviewFixtures.js`));
  ({ UpdatePlanner, FIRST_PAINT_GRACE_MS } = require(`${root}out/client/src/results/delta.js`));
} catch (e) {
  console.error(`bench-webview: compile first (npx tsc -b): ${e.message.split('\n')[0]}`);
  process.exit(1);
}

let w;
try {
  w = await WebviewPage.open({ theme: 'dark', viewport: { width: 1200, height: 720 } });
} catch (e) {
  console.error(`bench-webview: ${e.message}`);
  process.exit(1);
}

/** One measurement on a fresh page: ms to the first painted rows, ms to scroll to the last record. */
async function measure(n) {
  await w.page.reload();
  await w.page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  const model = allimagesModel(w.wiki.origin, n, { batches: Math.ceil(n / 500) });
  const msgs = new UpdatePlanner().plan(model, { pinned: false, thumbnails: false });
  const last = model.result.query.allimages[n - 1].name;
  const firstRows = await deliverPlanned(w.page, msgs, FIRST_PAINT_GRACE_MS);
  const measured = await w.page.evaluate(async (lastName) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const until = async (ok) => {
      while (!ok()) await frame();
    };
    const vt = document.querySelector('.table-view:not([hidden]) .vt');
    const t1 = performance.now();
    vt.scrollTop = vt.scrollHeight;
    await until(() => Array.from(document.querySelectorAll('.table-view:not([hidden]) .vt-row')).some((r) => r.textContent.includes(lastName)));
    await frame();
    const scroll = performance.now() - t1;
    const domRows = document.querySelectorAll('.table-view:not([hidden]) .vt-row').length;
    return { scroll, domRows };
  }, last);
  return { firstRows, ...measured };
}

try {
  // Warm-up (JIT, fonts), then alternate the two sizes so drift on a shared machine hits both.
  await measure(100);
  await measure(100_000);
  const small = [];
  const large = [];
  for (let r = 0; r < RUNS; r++) {
    small.push(await measure(100));
    large.push(await measure(100_000));
  }
  const base = median(small.map((x) => x.firstRows));
  const first = median(large.map((x) => x.firstRows));
  const scroll = median(large.map((x) => x.scroll));
  const ratio = first / base;
  const ok = ratio <= 2;
  console.log(`results view, first rows of 100 records: ${base.toFixed(1)} ms (baseline)`);
  console.log(`results view, first rows of 100,000 records: ${first.toFixed(1)} ms (ratio ${ratio.toFixed(2)}; target ≤ 2× the 100-record case)${ok ? '' : ' MISSES TARGET'}`);
  console.log(`results view, scroll to the end of 100,000 records: ${scroll.toFixed(1)} ms (ratio ${(scroll / base).toFixed(2)} to showing 100 records; ${Math.max(...large.map((x) => x.domRows))} rows in the DOM at most)`);
} finally {
  await w.close();
}
