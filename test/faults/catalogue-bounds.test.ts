/**
 * The catalogue fetch is bounded like every other request of wikiq: a paraminfo answer over the
 * size cap (plain or a gzip bomb) or nested too deep gives one clear error naming the endpoint and
 * the provider falls back; memory does not grow by the body; redirects follow the engine's rules
 * (credentials never cross origins, at most 5 hops).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createGzip } from 'node:zlib';
import { FaultServer, json, serve } from './faultServer';
import { CatalogueCache, createLiveProvider, fetchWikiCatalogue } from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';

const MB = 1024 * 1024;
/** Decompressed size of the gzip bomb: far above the catalogue's 20 MB cap. */
const BOMB_BYTES = 400 * MB;
// The cap (20 MB) is read into memory before the error, plus the decompressor's buffers and GC lag
// under a loaded machine: growth must stay under a quarter of the body (the old fetch grew by 1.2 GB).
const DEPTH = 2_000_000;

/** `size` bytes of JSON whitespace, gzipped (about 400 KB), built in 1 MB steps so that building it costs no memory. */
async function gzipBomb(size: number): Promise<Buffer> {
  const gz = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gz.on('data', (c: Buffer) => chunks.push(c));
  const ended = once(gz, 'end');
  const block = Buffer.alloc(MB, 0x20);
  for (let i = 0; i < size / MB; i++) if (!gz.write(block)) await once(gz, 'drain');
  gz.end();
  await ended;
  return Buffer.concat(chunks);
}

const SITEINFO = { batchcomplete: true, query: { general: { generator: 'MediaWiki 1.39.0' }, namespaces: { 0: { id: 0, name: '' } } } };
/** A small good catalogue; a description holds 5,000 brackets and an escaped quote inside a string, which are not nesting. */
const PARAMINFO = {
  paraminfo: {
    helpformat: 'html',
    modules: [
      { name: 'main', path: 'main', prefix: '', parameters: [{ name: 'action', type: ['query'], submodules: { query: 'query' } }] },
      { name: 'query', path: 'query', group: 'action', prefix: '', description: `Brackets "${'['.repeat(5000)}" in text.`, parameters: [] },
    ],
  },
};

/** A wiki whose siteinfo is fine and whose paraminfo is answered by `paraminfo`. */
function wiki(paraminfo: (res: http.ServerResponse) => void) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.on('error', () => undefined);
    if (new URL(req.url!, 'http://x').searchParams.get('action') === 'paraminfo') paraminfo(res);
    else json(res, SITEINFO);
  };
}

/** The provider fell back to `source` with one sentence naming the endpoint and the reason, no stack trace. */
function assertFallsBack(provider: ReturnType<typeof createLiveProvider>, endpoint: string, status: { source: string; error?: string }, source: 'bundled' | 'cached', reason: RegExp) {
  assert.equal(status.source, source);
  assert.ok(status.error?.includes(endpoint), `names the endpoint: ${status.error}`);
  assert.match(status.error ?? '', reason);
  assert.match(status.error ?? '', new RegExp(`Using the ${source} catalogue`));
  assert.doesNotMatch(status.error ?? '', /\n\s+at /, 'no stack trace');
  assert.equal(provider.get(endpoint).source, source);
}

describe('the catalogue fetch is bounded', () => {
  let bomb: Buffer;
  let a: FaultServer;
  let b: FaultServer;
  const seenA: http.IncomingHttpHeaders[] = [];
  const seenB: http.IncomingHttpHeaders[] = [];
  const routes = new Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>();
  const route = (seen: http.IncomingHttpHeaders[]) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push(req.headers);
    const hit = [...routes.entries()].find(([p]) => req.url?.startsWith(p));
    if (hit) hit[1](req, res);
    else json(res, { error: { code: 'nope', info: 'no route' } }, 404);
  };
  before(async () => {
    bomb = await gzipBomb(BOMB_BYTES);
    a = await serve(route(seenA));
    b = await serve(route(seenB));
    routes.set('/bomb/', wiki((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    }));
    routes.set('/big/', wiki((res) => {
      // 24 MB of valid JSON, chunked (no content-length to refuse it by).
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"paraminfo":{"modules":[],"pad":"');
      const block = Buffer.alloc(MB, 0x78);
      for (let i = 0; i < 24; i++) res.write(block);
      res.end('"}}');
    }));
    routes.set('/deep/', wiki((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"paraminfo":{"modules":[${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}]}}`);
    }));
    routes.set('/good/', wiki((res) => json(res, PARAMINFO)));
    // /hop/N/ redirects N times, alternating between the two origins, then lands on /good/.
    routes.set('/hop/', (req, res) => {
      const u = new URL(req.url!, 'http://x');
      const n = Number(u.pathname.split('/')[2]);
      const next = n > 0 ? `/hop/${n - 1}/api.php` : '/good/api.php';
      const here = req.socket.localPort === Number(new URL(a.url).port) ? a : b;
      res.writeHead(302, { location: `${here === a ? b.url : a.url}${next}${u.search}` });
      res.end();
    });
  });
  after(async () => {
    await a?.close();
    await b?.close();
  });

  it('a gzip bomb as paraminfo: a clear error naming the endpoint, the bundled fallback, and memory does not grow by the body', async () => {
    const endpoint = `${a.url}/bomb/api.php`;
    const provider = createLiveProvider({ bundled: bundledCatalogue() });
    const rssBefore = process.memoryUsage().rss;
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const status = await provider.refresh(endpoint);
    const peakGrowth = process.resourceUsage().maxRSS * 1024 - peakBefore;
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    assert.ok(peakGrowth < BOMB_BYTES / 4, `peak memory grew by ${Math.round(peakGrowth / MB)} MB for a ${BOMB_BYTES / MB} MB body`);
    assert.ok(rssGrowth < BOMB_BYTES / 4, `memory grew by ${Math.round(rssGrowth / MB)} MB for a ${BOMB_BYTES / MB} MB body`);
    assertFallsBack(provider, endpoint, status, 'bundled', /larger than 20 MB/);
  });

  it('a paraminfo answer over the size cap: a clear error naming the endpoint, the cached fallback', async () => {
    const endpoint = `${a.url}/big/api.php`;
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-bounds-'));
    new CatalogueCache(cacheDir).write({ ...(await fetchWikiCatalogue(`${a.url}/good/api.php`)), endpoint });
    const provider = createLiveProvider({ bundled: bundledCatalogue(), cacheDir });
    assert.equal(provider.get(endpoint).source, 'cached');
    assertFallsBack(provider, endpoint, await provider.refresh(endpoint), 'cached', /larger than 20 MB/);
  });

  it('a paraminfo answer nested 2,000,000 deep: "nested too deep", no crash, the bundled fallback', async () => {
    const endpoint = `${a.url}/deep/api.php`;
    await assert.rejects(fetchWikiCatalogue(endpoint), (e: Error) => e.message.includes(endpoint) && /nested too deep/.test(e.message));
    const provider = createLiveProvider({ bundled: bundledCatalogue() });
    assertFallsBack(provider, endpoint, await provider.refresh(endpoint), 'bundled', /nested too deep/);
    // Brackets inside strings are text, not nesting: a good catalogue with them still loads.
    const good = await provider.refresh(`${a.url}/good/api.php`);
    assert.equal(good.source, 'live', good.error);
  });

  it('a cross-origin redirect is followed without credentials, as the runner does', async () => {
    const endpoint = `${a.url}/hop/1/api.php`;
    seenA.length = 0;
    seenB.length = 0;
    const headers = { cookie: 'wiki_session=s3cret', authorization: 'Bearer t0ken' };
    const data = await fetchWikiCatalogue(endpoint, { headers });
    assert.ok(data.modules.some((m) => m.path === 'query'), 'the catalogue at the end of the redirect was read');
    assert.ok(seenB.length > 0, 'the other origin was asked');
    assert.equal(seenA[0].cookie, headers.cookie, 'credentials go to the endpoint\'s own origin');
    for (const h of seenB) {
      assert.equal(h.cookie, undefined, 'no cookie across origins');
      assert.equal(h.authorization, undefined, 'no authorization across origins');
      assert.match(String(h['user-agent']), /^wikiq\/\d+\.\d+\.\d+ /);
    }
  });

  it('more than 5 redirects: a clear error naming the endpoint, as the runner gives', async () => {
    const endpoint = `${a.url}/hop/6/api.php`;
    await assert.rejects(fetchWikiCatalogue(endpoint), (e: Error) => e.message.includes(endpoint) && /more than 5 redirects/.test(e.message));
  });
});
