// Catalogue loading against the real test wiki: cold live load (fetch + parse) and warm load from
// the disk cache, as ratios to one plain siteinfo round trip to the same wiki (target: warm < 1×).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const { startWiki } = require(`${root}out/test/wiki/harness.js`);
const { CatalogueCache, fetchWikiCatalogue, catalogueOf } = require(`${root}out/engine/src/index.js`);
const { request } = require('undici');

const wiki = await startWiki();
const dir = mkdtempSync(join(tmpdir(), 'wikiq-bench-cat-'));
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const siteinfo = async () => {
    const res = await request(`${wiki.endpoint}?action=query&meta=siteinfo&format=json&formatversion=2`, { headers: { 'accept-encoding': 'gzip' } });
    JSON.parse(await res.body.text());
  };
  await siteinfo();
  const rt = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await siteinfo();
    rt.push(performance.now() - t);
  }
  const cold = [];
  let data;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    data = await fetchWikiCatalogue(wiki.endpoint);
    catalogueOf(data, 'live');
    cold.push(performance.now() - t);
  }
  const cache = new CatalogueCache(dir);
  cache.write(data);
  const warm = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    const d = cache.read(wiki.endpoint);
    catalogueOf(d, 'cached');
    warm.push(performance.now() - t);
  }
  const base = med(rt);
  console.log(`one siteinfo round trip (baseline): ${base.toFixed(1)} ms`);
  console.log(`cold live catalogue load (${data.modules.length} modules, ${data.requests} requests): ${med(cold).toFixed(0)} ms (${(med(cold) / base).toFixed(1)}× baseline; target —)`);
  const ratio = med(warm) / base;
  console.log(`warm load from the disk cache: ${med(warm).toFixed(1)} ms (${ratio.toFixed(2)}× baseline; target < 1×)${ratio < 1 ? '' : '  ← MISSES TARGET'}`);
} finally {
  await wiki.stop();
  rmSync(dir, { recursive: true, force: true });
}
