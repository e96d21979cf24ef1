/**
 * The engine against a local misbehaving HTTP server — faults a real wiki will not produce on
 * demand. Each gives its clear error or its retry; nothing crashes; nothing hangs past the timeout.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { Handler, json, serve } from './faultServer';
import { HttpClient, HttpLogEntry, NetworkError, ResolvedRequest, RunSession, RunOptions, engineUserAgent } from '../../engine/src';

function request(endpoint: string, params: Record<string, string> = { action: 'query', list: 'allimages' }): ResolvedRequest {
  return { name: 'T', index: 0, endpoint, params: { ...params, format: 'json' }, lines: {}, modules: [] };
}

async function run(endpoint: string, opts: RunOptions & { timeoutMs?: number; maxBytes?: number; headers?: Record<string, string>; onLog?: (e: HttpLogEntry) => void; maxRedirects?: number; resume?: Record<string, string> } = {}) {
  const http = new HttpClient({ timeoutMs: opts.timeoutMs ?? 2000, maxBytes: opts.maxBytes, headers: opts.headers, maxRedirects: opts.maxRedirects }, opts.onLog);
  const session = new RunSession(request(endpoint), http, opts, opts.resume);
  const state = await session.run();
  return { state, session };
}

describe('engine faults', () => {
  let srv: Awaited<ReturnType<typeof serve>>;
  let other: Awaited<ReturnType<typeof serve>>;
  const seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
  const routes = new Map<string, Handler>();
  before(async () => {
    srv = await serve((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const route = [...routes.entries()].find(([p]) => req.url?.startsWith(p));
      if (route) route[1](req, res);
      else json(res, { error: { code: 'nope', info: 'no route' } }, 404);
    });
    other = await serve((req, res) => {
      seen.push({ url: `other:${req.url}`, headers: req.headers });
      json(res, { batchcomplete: true, query: { allimages: [{ name: 'Moved.png' }] } });
    });
  });
  after(async () => {
    await srv.close();
    await other.close();
  });

  it('reports an HTML error page with its status and the start of the body, escaped', async () => {
    routes.set('/html/', (_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>');
    });
    const { state } = await run(`${srv.url}/html/api.php`);
    assert.equal(state.failure?.kind, 'not-json');
    assert.match(state.failure.message, /HTTP 502 with an HTML page/);
    assert.match(state.failure.message, /502 Bad Gateway/);
    assert.doesNotMatch(state.failure.message, /<script>/);
  });
  it('reports truncated JSON', async () => {
    routes.set('/trunc/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"batchcomplete":true,"query":{"allimages":[{"name":"A');
    });
    const { state } = await run(`${srv.url}/trunc/api.php`);
    assert.equal(state.failure?.kind, 'not-json');
    assert.match(state.failure.message, /HTTP 200/);
  });
  it('refuses an answer nested 2,000,000 deep with a clear error, without crashing', async () => {
    routes.set('/deep/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"query":{"allimages":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}}`);
    });
    const { state } = await run(`${srv.url}/deep/api.php`);
    assert.equal(state.failure?.kind, 'too-deep');
    assert.match(state.failure.message, /nested too deep/);
    assert.ok(state.failure.message.includes(`${srv.url}/deep/api.php`), state.failure.message);
  });
  it('reports HTTP 500', async () => {
    routes.set('/e500/', (_q, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
    const { state } = await run(`${srv.url}/e500/api.php`);
    assert.match(state.failure!.message, /HTTP 500/);
  });
  it('waits for Retry-After on 429, visibly, then succeeds', async () => {
    let n = 0;
    routes.set('/r429/', (_q, res) => (n++ === 0 ? json(res, { error: { code: 'ratelimited', info: 'slow down' } }, 429, { 'retry-after': '7' }) : json(res, { batchcomplete: true, query: { allimages: [] } })));
    const waits: number[] = [];
    const slept: number[] = [];
    const { state } = await run(`${srv.url}/r429/api.php`, {
      onProgress: (p) => p.waiting && waits.push(p.waiting.ms),
      sleep: async (ms) => void slept.push(ms),
    });
    assert.equal(state.failure, undefined);
    assert.deepEqual(waits, [7000]);
    assert.deepEqual(slept, [7000]);
    assert.equal(state.complete, true);
  });
  it('waits at least 5 s on a maxlag error, with capped backoff and a retry cap', async () => {
    routes.set('/maxlag/', (_q, res) => json(res, { error: { code: 'maxlag', info: 'Waiting for a database server: 7 seconds lagged.' } }, 200, { 'retry-after': '1' }));
    const slept: number[] = [];
    const waits: Array<{ ms: number; reason: string; attempt?: number }> = [];
    const { state } = await run(`${srv.url}/maxlag/api.php`, { maxRetries: 3, maxBackoffMs: 15000, sleep: async (ms) => void slept.push(ms), onProgress: (p) => p.waiting && waits.push(p.waiting) });
    assert.deepEqual(slept, [5000, 10000, 15000], 'at least 5 s, doubling, capped');
    assert.deepEqual(waits.map((w) => w.attempt), [1, 2, 3]);
    assert.match(waits[0].reason, /maxlag/);
    assert.equal(state.failure?.kind, 'api');
    assert.match(state.failure.message, /maxlag/);
  });
  it('cancels a retry wait at once', async () => {
    routes.set('/wait/', (_q, res) => json(res, {}, 503, { 'retry-after': '100' }));
    const controller = new AbortController();
    const p = run(`${srv.url}/wait/api.php`, { signal: controller.signal, onProgress: (x) => x.waiting && controller.abort() });
    const { state } = await p;
    assert.equal(state.failure?.kind, 'cancelled');
  });
  it('stops at once when Retry-After asks for longer than the cap, saying until when: failed, nothing fetched, no early retry (was a retry after the cap)', async () => {
    routes.set('/hour/', (_q, res) => json(res, {}, 503, { 'retry-after': '3600' }));
    const waits: Array<{ ms: number; reason: string }> = [];
    const before = seen.length;
    const { state } = await run(`${srv.url}/hour/api.php`, { maxBackoffMs: 200, onProgress: (p) => p.waiting && waits.push(p.waiting) });
    assert.equal(seen.length - before, 1, 'asked once');
    assert.equal(waits.length, 0, 'no wait shorter than the wiki asked for');
    assert.equal(state.batches, 0);
    assert.equal(state.stopped, 'error');
    assert.match(state.failure!.message, /: HTTP 503; the wiki asked to wait 1 h \(until [\d: -]+\), longer than the longest wait \(0\.2 s: --max-wait, wikiq\.maxWaitSeconds\)\. Stopped without retrying; try again after [\d: -]+\.$/);
  });
  it('waits what Retry-After asks within the cap, never less', async () => {
    let n = 0;
    routes.set('/soon/', (_q, res) => (n++ ? json(res, { batchcomplete: true, query: { allimages: [] } }) : json(res, {}, 429, { 'retry-after': '7' })));
    const slept: number[] = [];
    const { state } = await run(`${srv.url}/soon/api.php`, { maxBackoffMs: 60_000, backoffMs: 10, sleep: async (ms) => void slept.push(ms) });
    assert.equal(state.complete, true);
    assert.deepEqual(slept, [7000]);
  });
  it('says a connection closed mid-body closed, and how much arrived', async () => {
    routes.set('/cut/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write(`{"query":{"allimages":[${'"x",'.repeat(100)}`, () => res.socket?.destroy());
    });
    const { state } = await run(`${srv.url}/cut/api.php`);
    assert.equal(state.failure?.kind, 'network');
    assert.match(state.failure.message, /^The connection to http:\/\/127\.0\.0\.1:\d+\/cut\/api\.php\?\S+ closed before the answer was complete: 423 bytes arrived of the 1,000 announced\.$/);
    assert.doesNotMatch(state.failure.message, /Could not reach|UND_ERR/);
  });
  it('keeps every record of a list sent as an object in one batch and an array in the next, either way round', async () => {
    const batches = [
      { continue: { aicontinue: 'B', continue: '-||' }, query: { allimages: { 10: { name: 'A' }, 11: { name: 'B' } } } },
      { continue: { aicontinue: 'C', continue: '-||' }, query: { allimages: [{ name: 'C' }] } },
      { batchcomplete: true, query: { allimages: { 12: { name: 'D' } } } },
    ];
    routes.set('/shape/', (req, res) => {
      const c = new URL(req.url!, 'http://x').searchParams.get('aicontinue');
      json(res, batches[c === 'B' ? 1 : c === 'C' ? 2 : 0]);
    });
    const { state, session } = await run(`${srv.url}/shape/api.php`, { all: true });
    assert.equal(state.complete, true);
    assert.deepEqual((session.result() as { query: { allimages: Array<{ name: string }> } }).query.allimages.map((x) => x.name), ['A', 'B', 'C', 'D']);
    assert.equal(state.records, 4);
    const streamed: string[] = [];
    const s2 = await run(`${srv.url}/shape/api.php`, { all: true, sink: (_l, r) => streamed.push((r as { name: string }).name) });
    assert.equal(s2.state.complete, true);
    assert.deepEqual(streamed, ['A', 'B', 'C', 'D'], 'streamed too');
  });
  it('stops on a continuation that repeats', async () => {
    routes.set('/loop/', (_q, res) => json(res, { continue: { aicontinue: 'X', continue: '-||' }, query: { allimages: [{ name: 'X' }] } }));
    const { state, session } = await run(`${srv.url}/loop/api.php`, { all: true });
    assert.equal(state.failure?.kind, 'loop');
    assert.equal(state.batches, 2);
    assert.equal((session.result() as { query: { allimages: unknown[] } }).query.allimages.length, 2);
  });
  it('follows empty batches that still carry continue', async () => {
    routes.set('/empty/', (req, res) => {
      const c = new URL(req.url!, 'http://x').searchParams.get('aicontinue');
      if (!c) json(res, { continue: { aicontinue: 'B', continue: '-||' }, query: {} });
      else if (c === 'B') json(res, { continue: { aicontinue: 'C', continue: '-||' }, query: { allimages: [] } });
      else json(res, { batchcomplete: true, query: { allimages: [{ name: 'C' }] } });
    });
    const { state, session } = await run(`${srv.url}/empty/api.php`, { all: true });
    assert.equal(state.complete, true);
    assert.equal(state.batches, 3);
    assert.deepEqual((session.result() as { query: { allimages: unknown[] } }).query.allimages, [{ name: 'C' }]);
  });
  it('follows a redirect to another host without forwarding credentials', async () => {
    routes.set('/redir/', (_q, res) => {
      res.writeHead(302, { location: `${other.url}/api.php?action=query&list=allimages&format=json` });
      res.end();
    });
    const { state, session } = await run(`${srv.url}/redir/api.php`, { headers: { cookie: 'session=secret', authorization: 'Bearer secret' } });
    assert.equal(state.failure, undefined);
    const first = seen.filter((s) => s.url.startsWith('/redir/')).pop()!;
    const second = seen.filter((s) => s.url.startsWith('other:')).pop()!;
    assert.equal(first.headers.cookie, 'session=secret', 'sent to the first origin');
    assert.equal(second.headers.cookie, undefined);
    assert.equal(second.headers.authorization, undefined);
    assert.match(String(second.headers['user-agent']), /^wikiq\//);
    assert.deepEqual((session.result() as { query: { allimages: unknown[] } }).query.allimages, [{ name: 'Moved.png' }]);
  });
  it('refuses a body larger than the cap, declared or streamed', async () => {
    routes.set('/big/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"query":{"allimages":[');
      for (let i = 0; i < 200; i++) res.write(`{"name":"${'x'.repeat(1000)}"},`);
      res.end('{}]}}');
    });
    const { state } = await run(`${srv.url}/big/api.php`, { maxBytes: 50000 });
    assert.equal(state.failure?.kind, 'too-large');
    routes.set('/bigdecl/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '99999999' });
      res.end();
    });
    const r2 = await run(`${srv.url}/bigdecl/api.php`, { maxBytes: 50000 });
    assert.equal(r2.state.failure?.kind, 'too-large');
  });
  it('times out on a server that never answers', async () => {
    routes.set('/hang/', () => undefined);
    const started = Date.now();
    const { state } = await run(`${srv.url}/hang/api.php`, { timeoutMs: 300 });
    assert.equal(state.failure?.kind, 'timeout');
    assert.ok(Date.now() - started < 3000, 'did not hang past the timeout');
  });
  it('reads gzip answers and sends Accept-Encoding: gzip', async () => {
    routes.set('/gz/', (req, res) => {
      assert.match(String(req.headers['accept-encoding']), /gzip/);
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ batchcomplete: true, query: { allimages: [{ name: 'Z' }] } })));
    });
    const { state, session } = await run(`${srv.url}/gz/api.php`);
    assert.equal(state.failure, undefined);
    assert.deepEqual((session.result() as { query: { allimages: unknown[] } }).query.allimages, [{ name: 'Z' }]);
  });
  it('reports an API error with its code and info', async () => {
    routes.set('/apierr/', (_q, res) => json(res, { errors: [{ code: 'badvalue', text: 'Unrecognized value for parameter "list": bogus.', module: 'query' }] }));
    const { state } = await run(`${srv.url}/apierr/api.php`);
    assert.equal(state.failure?.kind, 'api');
    assert.match(state.failure.message, /badvalue.*bogus/);
  });
  it('reports a closed port as a network error', async () => {
    const { state } = await run('http://127.0.0.1:9/api.php');
    assert.equal(state.failure?.kind, 'network');
    assert.match(state.failure.message, /: the connection was refused \(nothing answers at that address and port\)\.$/);
    assert.equal((state.failure as NetworkError).code, 'ECONNREFUSED');
  });
  it('sends the descriptive User-Agent: wikiq/<version> (<repository>) undici/<v> node/<v>', async () => {
    let ua = '';
    routes.set('/ua/', (req, res) => {
      ua = String(req.headers['user-agent']);
      json(res, { batchcomplete: true, query: { allimages: [] } });
    });
    await run(`${srv.url}/ua/api.php`);
    assert.match(ua, /^wikiq\/\d+\.\d+\.\d+ \(https:\/\/\S+\) undici\/\d+\.\d+\.\d+ node\/\d+\.\d+\.\d+$/);
    assert.equal(ua, engineUserAgent());
  });
  it('reads Retry-After as an HTTP date too', async () => {
    let n = 0;
    routes.set('/rdate/', (_q, res) => (n++ === 0 ? json(res, {}, 503, { 'retry-after': new Date(Date.now() + 30000).toUTCString() }) : json(res, { batchcomplete: true, query: { allimages: [] } })));
    const slept: number[] = [];
    const { state } = await run(`${srv.url}/rdate/api.php`, { sleep: async (ms) => void slept.push(ms) });
    assert.equal(state.complete, true);
    assert.equal(slept.length, 1);
    assert.ok(slept[0] > 25000 && slept[0] <= 30000, String(slept[0]));
  });
  it('retries an HTML 503 page, then succeeds; gives up after the retry cap with the status', async () => {
    let n = 0;
    routes.set('/h503/', (_q, res) => {
      if (n++ < 2) {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html><body>Service Unavailable</body></html>');
      } else json(res, { batchcomplete: true, query: { allimages: [{ name: 'A' }] } });
    });
    const slept: number[] = [];
    const ok = await run(`${srv.url}/h503/api.php`, { sleep: async (ms) => void slept.push(ms) });
    assert.equal(ok.state.complete, true);
    assert.deepEqual(slept, [1000, 2000], 'exponential backoff without Retry-After');
    routes.set('/always429/', (_q, res) => json(res, { error: { code: 'ratelimited', info: 'You have exceeded your rate limit.' } }, 429));
    const capped = await run(`${srv.url}/always429/api.php`, { maxRetries: 2, sleep: async () => undefined });
    assert.equal(capped.state.failure?.kind, 'api');
    assert.match(capped.state.failure.message, /ratelimited/);
  });
  it('sends maxlag while paging automatically, not for a single batch', async () => {
    const urls: string[] = [];
    routes.set('/lag/', (req, res) => {
      urls.push(req.url!);
      const c = new URL(req.url!, 'http://x').searchParams.get('aicontinue');
      json(res, c ? { batchcomplete: true, query: { allimages: [{ name: 'B' }] } } : { batchcomplete: true, continue: { aicontinue: 'B', continue: '-||' }, query: { allimages: [{ name: 'A' }] } });
    });
    await run(`${srv.url}/lag/api.php`);
    assert.equal(new URL(urls[0], 'http://x').searchParams.get('maxlag'), null);
    urls.length = 0;
    const { state, session } = await run(`${srv.url}/lag/api.php`, { all: true });
    assert.equal(state.complete, true);
    assert.deepEqual(urls.map((u) => new URL(u, 'http://x').searchParams.get('maxlag')), ['5', '5']);
    // Nothing but the continue members changes between batches.
    const [a, b] = urls.map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));
    assert.deepEqual(b, { ...a, aicontinue: 'B', continue: '-||' });
    assert.deepEqual((session.result() as { query: { allimages: unknown[] } }).query.allimages, [{ name: 'A' }, { name: 'B' }]);
    urls.length = 0;
    await run(`${srv.url}/lag/api.php`, { all: true, maxlag: 0 });
    assert.deepEqual(urls.map((u) => new URL(u, 'http://x').searchParams.get('maxlag')), [null, null]);
  });
  it('keeps a partial result and its continue when a later batch fails, and resumes from it', async () => {
    routes.set('/mid/', (req, res) => {
      const c = Number(new URL(req.url!, 'http://x').searchParams.get('aicontinue') ?? 0);
      if (c === 2 && !req.url!.includes('second=1')) {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<h1>Bad gateway</h1>');
        return;
      }
      json(res, c < 3 ? { batchcomplete: true, continue: { aicontinue: String(c + 1), continue: '-||' }, query: { allimages: [{ name: `F${c}` }] } } : { batchcomplete: true, query: { allimages: [{ name: `F${c}` }] } });
    });
    const { state, session } = await run(`${srv.url}/mid/api.php`, { all: true, backoffMs: 1, maxRetries: 0 });
    assert.equal(state.failure?.kind, 'not-json');
    assert.equal(state.stopped, 'error');
    assert.equal(state.complete, false);
    assert.equal(state.batches, 2);
    assert.deepEqual(state.continue, { aicontinue: '2', continue: '-||' });
    assert.deepEqual((session.result() as { query: { allimages: unknown[] } }).query.allimages, [{ name: 'F0' }, { name: 'F1' }]);
    // The same session goes on when asked again (Load all), from where it stopped.
    routes.set('/mid/', (req, res) => {
      const c = Number(new URL(req.url!, 'http://x').searchParams.get('aicontinue') ?? 0);
      json(res, c < 3 ? { batchcomplete: true, continue: { aicontinue: String(c + 1), continue: '-||' }, query: { allimages: [{ name: `F${c}` }] } } : { batchcomplete: true, query: { allimages: [{ name: `F${c}` }] } });
    });
    const again = await session.run({ all: true });
    assert.equal(again.complete, true);
    assert.equal(again.failure, undefined);
    assert.deepEqual((session.result() as { query: { allimages: Array<{ name: string }> } }).query.allimages.map((x) => x.name), ['F0', 'F1', 'F2', 'F3']);
    // A new session resumes from a saved continue.
    const resumed = await run(`${srv.url}/mid/api.php`, { all: true, resume: { aicontinue: '2', continue: '-||' } });
    assert.deepEqual((resumed.session.result() as { query: { allimages: Array<{ name: string }> } }).query.allimages.map((x) => x.name), ['F2', 'F3']);
  });
  it('stops at maxRecords as partial', async () => {
    routes.set('/many/', (req, res) => {
      const c = Number(new URL(req.url!, 'http://x').searchParams.get('aicontinue') ?? 0);
      json(res, { batchcomplete: true, continue: { aicontinue: String(c + 1), continue: '-||' }, query: { allimages: [{ name: `a${c}` }, { name: `b${c}` }] } });
    });
    const { state } = await run(`${srv.url}/many/api.php`, { all: true, maxRecords: 5 });
    assert.equal(state.stopped, 'max-records');
    assert.equal(state.batches, 3);
    assert.equal(state.records, 6);
    const capped = await run(`${srv.url}/many/api.php`, { all: true, maxBatches: 4 });
    assert.equal(capped.state.stopped, 'max-batches');
    assert.equal(capped.state.batches, 4);
    assert.deepEqual(capped.state.continue, { aicontinue: '4', continue: '-||' });
  });
  it('stops when a resumed run gets its starting continue back', async () => {
    routes.set('/loop2/', (_q, res) => json(res, { continue: { aicontinue: 'X', continue: '-||' }, query: { allimages: [{ name: 'X' }] } }));
    const { state } = await run(`${srv.url}/loop2/api.php`, { all: true, resume: { aicontinue: 'X', continue: '-||' } });
    assert.equal(state.failure?.kind, 'loop');
    assert.equal(state.batches, 1);
  });
  it('refuses the old query-continue form with a clear message', async () => {
    routes.set('/raw/', (_q, res) => json(res, { 'query-continue': { allimages: { aicontinue: 'B' } }, query: { allimages: [{ name: 'A' }] } }));
    const { state } = await run(`${srv.url}/raw/api.php`, { all: true });
    assert.match(state.failure!.message, /query-continue.*rawcontinue/);
  });
  it('reports each warning once, with its module, however many batches repeat it', async () => {
    routes.set('/warn/', (req, res) => {
      const c = Number(new URL(req.url!, 'http://x').searchParams.get('aicontinue') ?? 0);
      json(res, {
        warnings: [{ code: 'unrecognizedparams', text: 'Unrecognized parameter: bogus.', module: 'main' }],
        batchcomplete: true, ...(c < 2 ? { continue: { aicontinue: String(c + 1), continue: '-||' } } : {}), query: { allimages: [] },
      });
    });
    const { state } = await run(`${srv.url}/warn/api.php`, { all: true });
    assert.equal(state.batches, 3);
    assert.deepEqual(state.warnings, [{ code: 'unrecognizedparams', text: 'Unrecognized parameter: bogus.', module: 'main' }]);
  });
  it('tells the client about each batch and each HTTP request', async () => {
    routes.set('/ev/', (req, res) => {
      const c = new URL(req.url!, 'http://x').searchParams.get('aicontinue');
      json(res, c ? { batchcomplete: true, query: { allimages: [{ name: 'B' }] } } : { batchcomplete: true, continue: { aicontinue: 'B', continue: '-||' }, query: { allimages: [{ name: 'A' }] } });
    });
    const batches: Array<{ n: number; body: string }> = [];
    const logs: HttpLogEntry[] = [];
    const progress: Array<[number, number]> = [];
    await run(`${srv.url}/ev/api.php`, {
      all: true, onBatch: (b) => batches.push({ n: b.info.n, body: b.body }), onLog: (e) => logs.push(e), onProgress: (p) => progress.push([p.batches, p.records]),
    });
    assert.deepEqual(batches.map((b) => b.n), [1, 2]);
    assert.match(batches[1].body, /"name":"B"/);
    assert.deepEqual(progress, [[1, 1], [2, 2]]);
    assert.equal(logs.length, 2);
    assert.equal(logs[0].method, 'GET');
    assert.equal(logs[0].status, 200);
    assert.ok(logs[0].bytes > 0 && logs[0].ms >= 0);
    assert.match(logs[1].url, /aicontinue=B/);
  });
  it('masks secrets in logged URLs', async () => {
    routes.set('/secret/', (_q, res) => json(res, { batchcomplete: true, query: { allimages: [] } }));
    const logs: HttpLogEntry[] = [];
    const http = new HttpClient({}, (e) => logs.push(e));
    await http.get(`http://user:pw@127.0.0.1:${new URL(srv.url).port}/secret/api.php?action=query&lgpassword=hunter2&token=abc`);
    assert.doesNotMatch(logs[0].url, /hunter2|abc|pw@/);
  });
  it('sends one request at a time per host, in order', async () => {
    let active = 0;
    let most = 0;
    const order: string[] = [];
    routes.set('/one/', (req, res) => {
      active++;
      most = Math.max(most, active);
      order.push(new URL(req.url!, 'http://x').searchParams.get('n')!);
      setImmediate(() => {
        active--;
        json(res, { batchcomplete: true });
      });
    });
    const http = new HttpClient();
    await Promise.all([1, 2, 3, 4].map((n) => http.get(`${srv.url}/one/api.php?n=${n}`)));
    assert.equal(most, 1);
    assert.deepEqual(order, ['1', '2', '3', '4']);
  });
  it('cancels a request still waiting in the queue at once, and the queue goes on', async () => {
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => routes.set('/slow/', (_q, res) => {
      release = () => json(res, { batchcomplete: true });
      resolve();
    }));
    routes.set('/after/', (_q, res) => json(res, { batchcomplete: true, after: true }));
    const http = new HttpClient({ timeoutMs: 5000 });
    const first = http.get(`${srv.url}/slow/api.php`);
    const controller = new AbortController();
    const queued = http.get(`${srv.url}/after/api.php?queued`, controller.signal);
    controller.abort();
    await assert.rejects(queued, (e: Error & { kind?: string }) => e.kind === 'cancelled');
    const third = http.get(`${srv.url}/after/api.php?third`);
    // The first request is still in flight: the third waits for it.
    await arrived;
    release();
    assert.equal((await first).status, 200);
    assert.match((await third).body, /after/);
    assert.equal(seen.filter((x) => x.url.includes('queued')).length, 0, 'the cancelled request was never sent');
  });
  it('cancels a body being read', async () => {
    const arrived = new Promise<void>((resolve) => routes.set('/drip/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"query":{"allimages":[');
      resolve();
    }));
    const controller = new AbortController();
    const http = new HttpClient({ timeoutMs: 10000 });
    const p = http.get(`${srv.url}/drip/api.php`, controller.signal);
    await arrived;
    const started = Date.now();
    controller.abort();
    await assert.rejects(p, (e: Error & { kind?: string }) => e.kind === 'cancelled');
    assert.ok(Date.now() - started < 1000);
  });
  it('times out on a body that stops half-way', async () => {
    routes.set('/stall/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"query":');
    });
    const started = Date.now();
    const { state } = await run(`${srv.url}/stall/api.php`, { timeoutMs: 300 });
    assert.equal(state.failure?.kind, 'timeout');
    assert.match(state.failure.message, /did not answer within 0\.3 s/);
    assert.ok(Date.now() - started < 3000);
  });
  it('stops after too many redirects', async () => {
    routes.set('/circle/', (req, res) => {
      res.writeHead(301, { location: req.url });
      res.end();
    });
    const { state } = await run(`${srv.url}/circle/api.php`, { maxRedirects: 3 });
    assert.equal(state.failure?.kind, 'network');
    assert.match(state.failure.message, /more than 3 redirects/);
  });
  it('refuses a gzip body that inflates past the cap, and reports a corrupt one', async () => {
    const bomb = gzipSync(Buffer.from(`{"query":{"allimages":[{"name":"${'a'.repeat(2_000_000)}"}]}}`));
    routes.set('/bomb/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    });
    assert.ok(bomb.length < 100_000);
    const { state } = await run(`${srv.url}/bomb/api.php`, { maxBytes: 1_000_000 });
    assert.equal(state.failure?.kind, 'too-large');
    assert.match(state.failure.message, /larger than 1 MB/);
    routes.set('/corrupt/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(Buffer.from('this is not gzip at all'));
    });
    const c = await run(`${srv.url}/corrupt/api.php`);
    assert.equal(c.state.failure?.kind, 'network');
    assert.match(c.state.failure.message, /gzip/);
  });
  it('reads an API error sent with an HTTP error status from the body', async () => {
    routes.set('/e400/', (_q, res) => json(res, { error: { code: 'badvalue', info: 'Unrecognized value for parameter "action": nope.' } }, 400));
    const { state } = await run(`${srv.url}/e400/api.php`);
    assert.equal(state.failure?.kind, 'api');
    assert.match(state.failure.message, /"badvalue": Unrecognized value/);
    assert.equal(state.errors[0].code, 'badvalue');
  });
});
