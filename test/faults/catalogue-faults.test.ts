/** Live catalogue failures against a local misbehaving server: one clear message, the bundled fallback, no crash. */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { LspClient, cursor } from '../lsp/lspClient';
import { settled } from '../lsp/status';

describe('live catalogue failures fall back with one clear message', () => {
  let server: http.Server;
  let base: string;
  const hung: http.ServerResponse[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      if (req.url?.startsWith('/html/')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!DOCTYPE html><html><body><h1>Welcome to nginx!</h1></body></html>');
      } else if (req.url?.startsWith('/e500/')) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal Server Error');
      } else if (req.url?.startsWith('/ua/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ headers: req.headers }));
      } else if (req.url?.startsWith('/notmw/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"hello":"world"}');
      } else {
        hung.push(res); // never answers
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    hung.forEach((r) => r.destroy());
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('sends a descriptive User-Agent and asks for gzip', async () => {
    const { getCatalogueJson } = await import('../../engine/src');
    const headersOf = (j: Record<string, unknown>) => j.headers as Record<string, string>;
    const j = headersOf(await getCatalogueJson(`${base}/ua/api.php`, { action: 'query' }, {}));
    assert.match(j['user-agent'], /^wikiq\/\d+\.\d+\.\d+ \(https:\/\/[^)]+\) /);
    assert.match(j['accept-encoding'], /gzip/);
    const custom = headersOf(await getCatalogueJson(`${base}/ua/api.php`, { action: 'query' }, { userAgent: 'MyBot/1.0 (me@example.org)' }));
    assert.equal(custom['user-agent'], 'MyBot/1.0 (me@example.org)');
  });

  const cases: Array<[string, () => string, RegExp]> = [
    ['an HTML page', () => `${base}/html/api.php`, /HTML page/],
    ['HTTP 500', () => `${base}/e500/api.php`, /HTTP 500/],
    ['a non-MediaWiki JSON answer', () => `${base}/notmw/api.php`, /does not look like a MediaWiki/],
    ['a closed port', () => 'http://127.0.0.1:9/api.php', /network error/],
    ['a server that never answers', () => `${base}/slow/api.php`, /no answer within/],
  ];
  for (const [what, endpoint, reason] of cases) {
    it(`${what}`, async () => {
      const client = new LspClient(['--catalogue-timeout-ms', '800']);
      try {
        await client.initialize();
        const ep = endpoint();
        const uri = `file:///fail/${what.replace(/\W/g, '')}.wikiq`;
        const c = cursor(`@endpoint = ${ep}\naction = query\nlist = allimages\nai¦\n`);
        await client.open(uri, c.text);
        // Completion is answered at once, from the bundled catalogue, while the fetch is pending.
        const names = (await client.completion(uri, c.line, c.character)).items.map((i) => i.label);
        assert.ok(names.includes('aifrom'));
        const status = await settled(client, ep);
        assert.equal(status.source, 'bundled');
        assert.ok(status.error?.includes(ep), `names the endpoint: ${status.error}`);
        assert.match(status.error ?? '', reason);
        assert.match(status.error ?? '', /Using the bundled catalogue/);
        assert.doesNotMatch(status.error ?? '', /\n\s+at /, 'no stack trace');
        // Still serving.
        const again = (await client.completion(uri, c.line, c.character)).items.map((i) => i.label);
        assert.ok(again.includes('aifrom'));
      } finally {
        await client.stop();
      }
    });
  }
});
