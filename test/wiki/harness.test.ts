/** The real-wiki harness itself: the seed the other real-wiki tests rely on is there. */
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SEED, TestWiki, startWiki } from './harness';

async function api(wiki: TestWiki, params: Record<string, string>): Promise<any> {
  const u = new URL(wiki.endpoint);
  for (const [k, v] of Object.entries({ format: 'json', formatversion: '2', ...params })) u.searchParams.set(k, v);
  return (await fetch(u)).json();
}

describe('test wiki harness', () => {
  let wiki: TestWiki;
  before(async () => {
    wiki = await startWiki();
  });
  after(async () => {
    await wiki?.stop();
  });

  it('holds the seeded files, over many batches at ailimit=max', async () => {
    const r = await api(wiki, { action: 'query', list: 'allimages', ailimit: 'max' });
    assert.equal(r.query.allimages.length, SEED.files);
    assert.match(r.debuginfo?.mwVersion ?? '', /^1\./, 'debuginfo is on');
  });
  it('has log entries of several types', async () => {
    const r = await api(wiki, { action: 'query', list: 'logevents', lelimit: 'max' });
    const types = new Set(r.query.logevents.map((e: { type: string }) => e.type));
    for (const t of ['create', 'upload', 'newusers', 'delete', 'protect']) assert.ok(types.has(t), `${t} in ${[...types].join(',')}`);
    assert.ok(r.query.logevents.length > 100);
  });
  it('needs generator and prop continuation together at small limits', async () => {
    const r = await api(wiki, { action: 'query', generator: 'allpages', prop: 'categories|images', gaplimit: '5', cllimit: '2', imlimit: '1' });
    assert.ok(r.continue?.clcontinue || r.continue?.imcontinue, JSON.stringify(r.continue));
    assert.ok(!r.batchcomplete, 'prop continuation first');
  });
  it('serves uploaded files from its own directory', async () => {
    const r = await api(wiki, { action: 'query', list: 'allimages', ailimit: '1' });
    const res = await fetch(r.query.allimages[0].url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
  });
  it('counts API requests', async () => {
    const before = await wiki.apiRequestCount((u) => u.includes('meta=siteinfo'));
    await api(wiki, { action: 'query', meta: 'siteinfo' });
    assert.equal(await wiki.apiRequestCount((u) => u.includes('meta=siteinfo')), before + 1);
  });
  it('frees its port when stopped', async () => {
    const other = await startWiki();
    await other.stop();
    await new Promise<void>((resolve, reject) => {
      const s = net.createServer().once('error', reject).listen(other.port, '127.0.0.1', () => s.close(() => resolve()));
    });
  });
});
