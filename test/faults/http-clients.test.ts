/**
 * One suite for the engine's two HTTP clients: undici (engine/src/http.ts, Node) and fetch
 * (engine/src/httpFetch.ts, the browser's), the latter both in Node and in a real chromium
 * (playwright-core, /usr/bin/chromium) on a page of another loopback origin, as the web extension
 * meets a wiki: cross-origin, answered the way MediaWiki answers `origin=*` (CORS headers, Retry-After
 * exposed, Api-User-Agent allowed by the preflight). The same faults, the same outcomes: redirects,
 * a redirect loop, a gzip bomb, a body past the cap, JSON nested too deep, a connection closed
 * mid-body, Retry-After, maxlag, continuation merged, cancellation, a stalled body.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { HttpClient as UndiciClient } from '../../engine/src/http';
import { HttpClient as FetchClient } from '../../engine/src/httpFetch';
import { PATHS, ensureLayer } from '../provision';
import { Handler, json, serve } from './faultServer';
import { ClientOptions, GetOutcome, Probe, RunOutcome, makeProbe } from './httpProbe';

const root = path.resolve(__dirname, '../../..');
const CHROMIUM = PATHS.chromium;

/** What MediaWiki adds to an anonymous cross-origin (`origin=*`) answer, and its answer to the preflight. */
function mediaWikiCors(handler: Handler): Handler {
  return (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', 'MediaWiki-API-Error, Retry-After, X-Database-Lag, MediaWiki-Login-Suppressed');
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { 'access-control-allow-headers': 'api-user-agent', 'access-control-allow-methods': 'POST, GET, HEAD' });
      return void res.end();
    }
    handler(req, res);
  };
}

interface Async<T> { get(url: string, o: ClientOptions): Promise<GetOutcome>; run(e: string, o: Parameters<Probe['run']>[1]): Promise<RunOutcome>; abort(): Promise<void> | void; _?: T }

/** The faults, each with what any client must make of it. */
function sharedSuite(probe: () => Async<unknown>, browser: boolean, servers: () => { srv: string; other: string; routes: Map<string, Handler>; seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> }) {
  const route = (p: string, h: Handler) => servers().routes.set(p, h);
  it('follows a redirect to another origin', async () => {
    const { srv, other } = servers();
    route('/moved/', (_q, res) => res.writeHead(302, { location: `${other}/api.php?action=query&format=json` }).end());
    const r = await probe().get(`${srv}/moved/api.php?action=query&format=json`, { timeoutMs: 5000 });
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(r.status, 200);
    assert.ok(r.url.startsWith(`${other}/api.php?`), r.url);
    assert.match(r.body, /Moved\.png/);
  });
  it('stops on a redirect loop with a network error naming the URL', async () => {
    const { srv } = servers();
    route('/circle/', (req, res) => res.writeHead(301, { location: req.url }).end());
    const r = await probe().get(`${srv}/circle/api.php?action=query`, { timeoutMs: 5000, maxRedirects: 3 });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.kind, 'network');
    assert.ok(!r.ok && r.message.includes(`${srv}/circle/api.php`), JSON.stringify(r));
  });
  it('refuses a gzip body that inflates past the cap (bytes counted after decompression)', async () => {
    const bomb = gzipSync(Buffer.from(`{"query":{"allimages":[{"name":"${'a'.repeat(2_000_000)}"}]}}`));
    assert.ok(bomb.length < 100_000);
    route('/bomb/', (_q, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) }).end(bomb));
    const r = await probe().get(`${servers().srv}/bomb/api.php`, { timeoutMs: 5000, maxBytes: 1_000_000 });
    assert.equal(!r.ok && r.kind, 'too-large', JSON.stringify(r).slice(0, 300));
    assert.match(!r.ok ? r.message : '', /larger than 1 MB/);
  });
  it('refuses a body past the cap that announces no length', async () => {
    route('/big/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 12; i++) res.write('x'.repeat(100_000));
      res.end();
    });
    const r = await probe().get(`${servers().srv}/big/api.php`, { timeoutMs: 5000, maxBytes: 1_000_000 });
    assert.equal(!r.ok && r.kind, 'too-large', JSON.stringify(r).slice(0, 300));
  });
  it('refuses JSON nested 2,000,000 deep with a clear error', async () => {
    route('/deep/', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(`{"query":{"allimages":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}}`));
    const r = await probe().run(`${servers().srv}/deep/api.php`, { timeoutMs: 5000 });
    assert.equal(r.failure?.kind, 'too-deep');
    assert.match(r.failure.message, /nested too deep/);
  });
  it('says a connection closed mid-body closed, and how much arrived', async () => {
    route('/cut/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write(`{"query":{"allimages":[${'"x",'.repeat(100)}`, () => res.socket?.destroy());
    });
    const r = await probe().get(`${servers().srv}/cut/api.php`, { timeoutMs: 5000 });
    assert.equal(!r.ok && r.kind, 'network', JSON.stringify(r));
    const m = /closed before the answer was complete: (\d+) bytes arrived of the 1,000 announced\.$/.exec(!r.ok ? r.message : '');
    assert.ok(m, JSON.stringify(r));
    // Node hands over every byte before the error; chromium may drop what it buffered when the
    // connection fails, and the client counts what it was given.
    if (browser) assert.ok(Number(m[1]) <= 423, m[0]);
    else assert.equal(Number(m[1]), 423);
  });
  it('waits what Retry-After asks on 429, then succeeds', async () => {
    let n = 0;
    route('/r429/', (req, res) => (req.method === 'GET' && n++ === 0 ? json(res, { error: { code: 'ratelimited', info: 'slow down' } }, 429, { 'retry-after': '7' }) : json(res, { batchcomplete: true, query: { allimages: [] } })));
    const r = await probe().run(`${servers().srv}/r429/api.php`, { timeoutMs: 5000 });
    assert.equal(r.failure, undefined);
    assert.deepEqual(r.slept, [7000]);
    assert.equal(r.complete, true);
  });
  it('waits at least 5 s on a maxlag error, then succeeds', async () => {
    let n = 0;
    route('/lagged/', (_q, res) => (n++ === 0
      ? json(res, { error: { code: 'maxlag', info: 'Waiting for a database server: 7 seconds lagged.' } }, 200, { 'retry-after': '1' })
      : json(res, { batchcomplete: true, query: { allimages: [] } })));
    const r = await probe().run(`${servers().srv}/lagged/api.php`, { timeoutMs: 5000, maxBackoffMs: 15000 });
    assert.deepEqual(r.slept, [5000]);
    assert.equal(r.complete, true);
  });
  it('follows continuation with maxlag while paging, merging the batches', async () => {
    const { srv, seen } = servers();
    route('/lag/', (req, res) => {
      const c = new URL(req.url!, 'http://x').searchParams.get('aicontinue');
      json(res, c ? { batchcomplete: true, query: { allimages: [{ name: 'B' }] } } : { batchcomplete: true, continue: { aicontinue: 'B', continue: '-||' }, query: { allimages: [{ name: 'A' }] } });
    });
    const from = seen.length;
    const r = await probe().run(`${srv}/lag/api.php`, { timeoutMs: 5000, all: true });
    assert.equal(r.complete, true);
    assert.equal(r.batches, 2);
    assert.deepEqual((r.result as { query: { allimages: unknown[] } }).query.allimages, [{ name: 'A' }, { name: 'B' }]);
    assert.deepEqual(seen.slice(from).map((s) => new URL(s.url, 'http://x').searchParams.get('maxlag')), ['5', '5']);
  });
  it('cancels a body being read', async () => {
    let arrived!: () => void;
    const started = new Promise<void>((r) => (arrived = r));
    route('/drip/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"query":{"allimages":[', () => arrived());
    });
    const p = probe().get(`${servers().srv}/drip/api.php`, { timeoutMs: 10_000 });
    await started;
    await probe().abort();
    const r = await p;
    assert.equal(!r.ok && r.kind, 'cancelled', JSON.stringify(r));
  });
  it('times out on a body that stops half-way', async () => {
    route('/stall/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"query":');
    });
    const r = await probe().get(`${servers().srv}/stall/api.php`, { timeoutMs: 300 });
    assert.equal(!r.ok && r.kind, 'timeout', JSON.stringify(r));
    assert.match(!r.ok ? r.message : '', /did not answer within 0\.3 s/);
  });
}

describe('HTTP clients: one suite', () => {
  const routes = new Map<string, Handler>();
  const seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
  let srv: Awaited<ReturnType<typeof serve>>;
  let other: Awaited<ReturnType<typeof serve>>;
  const servers = () => ({ srv: srv.url, other: other.url, routes, seen });
  before(async () => {
    srv = await serve(mediaWikiCors((req, res) => {
      if (req.method === 'GET') seen.push({ url: req.url ?? '', headers: req.headers });
      const r = [...routes.entries()].find(([p]) => req.url?.startsWith(p));
      if (r) r[1](req, res);
      else json(res, { error: { code: 'nope', info: 'no route' } }, 404);
    }));
    other = await serve(mediaWikiCors((_q, res) => json(res, { batchcomplete: true, query: { allimages: [{ name: 'Moved.png' }] } })));
  });
  after(async () => {
    await srv.close();
    await other.close();
  });

  const nodeProbe = (p: Probe): Async<unknown> => p;
  describe('undici (engine/src/http.ts) in Node', () => {
    const p = nodeProbe(makeProbe(UndiciClient));
    sharedSuite(() => p, false, servers);
    it('sends the descriptive User-Agent', async () => {
      const from = seen.length;
      await p.get(`${srv.url}/lag/api.php`, {});
      assert.match(String(seen[from].headers['user-agent']), /^wikiq\/\S+ \(https:\/\/github\.com\/wikiq\/wikiq\) undici\/\S+ node\/\S+$/);
    });
  });

  describe('fetch (engine/src/httpFetch.ts) in Node', () => {
    const p = nodeProbe(makeProbe(FetchClient));
    sharedSuite(() => p, false, servers);
  });

  describe('fetch (engine/src/httpFetch.ts) in chromium, from another origin', () => {
    let browser: Browser | undefined;
    let page: Page;
    let site: Awaited<ReturnType<typeof serve>>;
    let bundle: string;
    before(async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-http-'));
      bundle = path.join(dir, 'probe.js');
      const b = spawnSync(process.execPath, ['scripts/webBuild.mjs', '--bundle', 'test/faults/httpProbe.browser.ts', bundle], { cwd: root, encoding: 'utf8' });
      assert.equal(b.status, 0, b.stderr);
      site = await serve((req, res) => {
        if (req.url === '/probe.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(bundle));
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>wikiq fetch client</title><script src="/probe.js"></script>');
      });
      ensureLayer('faults');
      const pw = await import('playwright-core');
      browser = await pw.chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
      page = await browser.newPage();
      await page.goto(`${site.url}/`);
      await page.waitForFunction(() => 'wikiqProbe' in globalThis);
    });
    after(async () => {
      await browser?.close();
      await site?.close();
    });
    type W = { wikiqProbe: Probe };
    const inPage: Async<unknown> = {
      get: (url, o) => page.evaluate(([u, x]) => (globalThis as unknown as W).wikiqProbe.get(u, x), [url, o] as const),
      run: (e, o) => page.evaluate(([u, x]) => (globalThis as unknown as W).wikiqProbe.run(u, x), [e, o] as const),
      abort: () => page.evaluate(() => (globalThis as unknown as W).wikiqProbe.abort()),
    };
    sharedSuite(() => inPage, true, servers);
    it('sends Api-User-Agent (a page cannot set User-Agent) and origin=*, cross-origin, with no cookie', async () => {
      const from = seen.length;
      const r = await inPage.get(`${srv.url}/lag/api.php?action=query`, {});
      assert.ok(r.ok, JSON.stringify(r));
      const h = seen[from].headers;
      assert.match(String(h['api-user-agent']), /^wikiq\/\S+ \(https:\/\/github\.com\/wikiq\/wikiq\) fetch$/);
      assert.equal(new URL(seen[from].url, 'http://x').searchParams.get('origin'), '*');
      assert.equal(h.origin, site.url, 'a cross-origin request');
      assert.equal(h.cookie, undefined);
    });
  });
});
