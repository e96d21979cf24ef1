/**
 * A wiki without paraminfo wildcards (older MediaWiki): the catalogue is walked from `main` in
 * batches of at most 50 module paths, following `submodule` parameters. A local server plays that
 * wiki, since the real test wiki accepts wildcards.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fetchWikiCatalogue } from '../../engine/src';

const LISTS = Array.from({ length: 73 }, (_, i) => `list${String(i).padStart(2, '0')}`);

function descriptor(path: string): Record<string, unknown> | undefined {
  if (path === 'main') return { name: 'main', path: 'main', prefix: '', parameters: [{ name: 'action', type: ['query'], submodules: { query: 'query' } }] };
  if (path === 'query') return { name: 'query', path: 'query', group: 'action', prefix: '', parameters: [{ name: 'list', type: LISTS, multi: '', submodules: Object.fromEntries(LISTS.map((l) => [l, `query+${l}`])) }] };
  const m = /^query\+(list\d\d)$/.exec(path);
  if (m) return { name: m[1], path, group: 'list', prefix: `l${m[1].slice(4)}`, description: `<b>List</b> number <a href="/wiki/X">${m[1]}</a>.`, parameters: [{ name: 'limit', type: 'limit', min: 1, max: 500, highmax: 5000, default: 10 }] };
  return undefined;
}

describe('catalogue of a wiki without paraminfo wildcards', () => {
  let server: http.Server;
  let endpoint: string;
  const batches: string[][] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams;
      res.writeHead(200, { 'content-type': 'application/json' });
      if (q.get('meta') === 'siteinfo') {
        res.end(JSON.stringify({ query: { general: { generator: 'MediaWiki 1.25.0' }, namespaces: { 0: { id: 0, name: '' }, 6: { id: 6, name: 'File', canonical: 'File' } } } }));
        return;
      }
      const paths = (q.get('modules') ?? '').split('|');
      batches.push(paths);
      if (paths.length > 50) {
        res.end(JSON.stringify({ error: { code: 'toomanyvalues', info: 'Too many values supplied for parameter "modules". The limit is 50.' } }));
        return;
      }
      const modules = paths.filter((p) => !p.includes('*')).map(descriptor).filter(Boolean);
      const warnings = paths.some((p) => p.includes('*')) ? { paraminfo: { warnings: 'The module "*" does not exist.' } } : undefined;
      res.end(JSON.stringify({ warnings, paraminfo: { helpformat: 'html', modules } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('walks from main in batches of at most 50 and reads every module', async () => {
    const data = await fetchWikiCatalogue(endpoint);
    assert.equal(data.strategy, 'batches');
    assert.equal(data.mwVersion, '1.25.0');
    assert.equal(data.modules.length, 2 + LISTS.length);
    for (const b of batches) assert.ok(b.length <= 50, `a batch of ${b.length}`);
    assert.ok(batches.filter((b) => b.some((p) => p.startsWith('query+'))).length >= 2, 'the 73 list modules took two batches');
    const l7 = data.modules.find((m) => m.path === 'query+list07');
    assert.equal(l7?.prefix, 'l07');
    assert.equal(l7?.description, '**List** number [list07](http://127.0.0.1:' + new URL(endpoint).port + '/wiki/X).');
    assert.deepEqual(data.namespaces.map((n) => n.id), [0, 6]);
  });
});
