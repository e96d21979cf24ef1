/**
 * The engine against a local misbehaving HTTP server — faults a real wiki will not produce on
 * demand. Each gives its clear error or its retry; nothing crashes; nothing hangs past the timeout.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { HttpClient, ResolvedRequest, RunSession, RunOptions } from '../../engine/src';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

function serve(handler: Handler): Promise<{ url: string; server: http.Server; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resolve({
      url, server,
      close: () => {
        server.closeAllConnections();
        return new Promise((r) => server.close(() => r()));
      },
    });
  }));
}

const json = (res: http.ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

function request(endpoint: string, params: Record<string, string> = { action: 'query', list: 'allimages' }): ResolvedRequest {
  return { name: 'T', index: 0, endpoint, params: { ...params, format: 'json' }, lines: {}, modules: [] };
}

async function run(endpoint: string, opts: RunOptions & { timeoutMs?: number; maxBytes?: number; headers?: Record<string, string> } = {}) {
  const session = new RunSession(request(endpoint), new HttpClient({ timeoutMs: opts.timeoutMs ?? 2000, maxBytes: opts.maxBytes, headers: opts.headers }), opts);
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
    assert.match(state.failure!.message, /HTTP 502 with an HTML page/);
    assert.match(state.failure!.message, /502 Bad Gateway/);
    assert.doesNotMatch(state.failure!.message, /<script>/);
  });
  it('reports truncated JSON', async () => {
    routes.set('/trunc/', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"batchcomplete":true,"query":{"allimages":[{"name":"A');
    });
    const { state } = await run(`${srv.url}/trunc/api.php`);
    assert.equal(state.failure?.kind, 'not-json');
    assert.match(state.failure!.message, /HTTP 200/);
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
    const { state } = await run(`${srv.url}/maxlag/api.php`, { maxRetries: 3, sleep: async (ms) => void slept.push(ms) });
    assert.deepEqual(slept, [5000, 5000, 5000]);
    assert.equal(state.failure?.kind, 'api');
    assert.match(state.failure!.message, /maxlag/);
  });
  it('cancels a retry wait at once', async () => {
    routes.set('/wait/', (_q, res) => json(res, {}, 503, { 'retry-after': '100' }));
    const controller = new AbortController();
    const p = run(`${srv.url}/wait/api.php`, { signal: controller.signal, onProgress: (x) => x.waiting && controller.abort() });
    const { state } = await p;
    assert.equal(state.failure?.kind, 'cancelled');
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
    assert.match(state.failure!.message, /badvalue.*bogus/);
  });
  it('reports a closed port as a network error', async () => {
    const { state } = await run('http://127.0.0.1:9/api.php');
    assert.equal(state.failure?.kind, 'network');
    assert.match(state.failure!.message, /ECONNREFUSED/);
  });
});
