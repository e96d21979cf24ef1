/**
 * The live catalogue against a real MediaWiki: completion, hover and diagnostics from the wiki's
 * own paraminfo, the disk cache (a warm start makes no paraminfo request), recovery from a corrupt
 * cache, and clear fallbacks when the endpoint is down, slow, or serves HTML.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LspClient, cursor } from '../lsp/lspClient';
import { Status, settled } from '../lsp/status';
import { TestWiki, startWiki } from './harness';

function hoverText(h: unknown): string {
  const c = (h as { contents?: { value?: string } } | null)?.contents;
  return c?.value ?? '';
}

describe('live catalogue from a real MediaWiki', () => {
  let wiki: TestWiki;
  let cacheDir: string;
  before(async () => {
    wiki = await startWiki();
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-live-'));
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const doc = (body: string) => `@endpoint = ${wiki.endpoint}\n${body}`;
  const paraminfoRequests = () => wiki.apiRequestCount((u) => u.includes('action=paraminfo'));

  it('completes, hovers and checks with the wiki\'s own catalogue, then caches it', async () => {
    const client = new LspClient(['--cache-dir', cacheDir]);
    try {
      await client.initialize();
      const before = paraminfoRequests();
      const uri = 'file:///live/a.wikiq';
      const text = doc('action = query\nlist = logevents\nlelimit = 5\nletype = bogus\n');
      await client.open(uri, text);
      const status = await settled(client, wiki.endpoint);
      assert.equal(status.source, 'live', JSON.stringify(status));
      assert.match(status.mwVersion ?? '', /^1\.\d+/);
      assert.ok(paraminfoRequests() > before, 'paraminfo was fetched');
      // Diagnostics are refreshed when the catalogue arrives: letype=bogus is now known to be wrong.
      const diags = await client.diagnosticsMatching(uri, (ds) => ds.some((d) => /bogus/.test(d.message)));
      assert.ok(diags.some((d) => /bogus/.test(d.message) && d.range.start.line === 4), JSON.stringify(diags));
      // Completion offers le-parameters the bundled catalogue lacks.
      const c = cursor(doc('action = query\nlist = logevents\nle¦\n'));
      await client.change(uri, c.text);
      const names = (await client.completion(uri, c.line, c.character)).items.map((i) => i.label);
      for (const n of ['letype', 'leaction', 'lestart', 'leuser']) assert.ok(names.includes(n), `${n} in ${names.join(',')}`);
      // Hover shows the wiki's own description (converted from HTML).
      const h = cursor(doc('action = query\nlist = logevents\nlety¦pe = block\n'));
      await client.change(uri, h.text);
      const hover = hoverText(await client.hover(uri, h.line, h.character));
      assert.match(hover, /letype/);
      assert.match(hover, /log entries|Filter log/i);
      assert.ok(fs.readdirSync(cacheDir).some((f) => f.endsWith('.json')), 'cache file written');
    } finally {
      await client.stop();
    }
  });

  it('starts warm from the cache without a paraminfo request', async () => {
    const client = new LspClient(['--cache-dir', cacheDir]);
    try {
      await client.initialize();
      const before = paraminfoRequests();
      const c = cursor(doc('action = query\nlist = logevents\nle¦\n'));
      await client.open('file:///live/warm.wikiq', c.text);
      const names = (await client.completion('file:///live/warm.wikiq', c.line, c.character)).items.map((i) => i.label);
      assert.ok(names.includes('letype'), 'cached catalogue used at once');
      const info = await client.conn.sendRequest<Status>('wikiq/catalogueInfo', { uri: 'file:///live/warm.wikiq' });
      assert.equal(info.source, 'cached');
      assert.equal(paraminfoRequests(), before, 'no paraminfo request with a warm cache');
    } finally {
      await client.stop();
    }
  });

  it('fetches nothing for a file-chosen endpoint in an untrusted workspace, but does for the environment\'s', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-untrusted-'));
    const client = new LspClient(['--cache-dir', dir]);
    try {
      await client.initialize({ environment: { trusted: false } });
      const before = paraminfoRequests();
      const c = cursor(doc('action = query\nlist = logevents\nle¦\n'));
      await client.open('file:///live/untrusted.wikiq', c.text);
      // Completion answers (from the bundled catalogue, which knows logevents too since it carries
      // every core module) without making the server fetch anything.
      const names = (await client.completion('file:///live/untrusted.wikiq', c.line, c.character)).items.map((i) => i.label);
      assert.ok(names.includes('letype'), 'completion answers');
      const info = await client.conn.sendRequest<Status>('wikiq/catalogueInfo', { uri: 'file:///live/untrusted.wikiq' });
      assert.equal(info.source, 'bundled');
      assert.equal(paraminfoRequests(), before, 'no paraminfo request from an untrusted file');
      // The user's own environment is trusted configuration: its endpoint is fetched.
      await client.conn.sendNotification('wikiq/setEnvironment', { name: 'test', endpoint: wiki.endpoint, trusted: false });
      await client.open('file:///live/env.wikiq', 'action = query\nlist = logevents\n');
      const status = await settled(client, wiki.endpoint);
      assert.equal(status.source, 'live');
    } finally {
      await client.stop();
    }
  });

  it('recovers from a corrupt cache file by refetching', async () => {
    for (const f of fs.readdirSync(cacheDir)) fs.writeFileSync(path.join(cacheDir, f), '{"format":1,"modules":[{"pa');
    const client = new LspClient(['--cache-dir', cacheDir]);
    try {
      await client.initialize();
      await client.open('file:///live/corrupt.wikiq', doc('action = query\nlist = logevents\n'));
      const status = await settled(client, wiki.endpoint);
      assert.equal(status.source, 'live');
      assert.match(client.stderr + JSON.stringify(client.notifications), /discarding|live/);
    } finally {
      await client.stop();
    }
  });
});

