/**
 * Content diagnostics (#31) and a newer edit, against a wiki that holds the first facts request
 * unanswered (a real wiki answers too fast to be caught in flight): the edit cancels the pending
 * content pass and aborts its HTTP request (the server sees the connection closed), the newer
 * version's names are asked and published; nothing is ever published for the older version's names.
 * And a wiki that answers with a failure is not asked again at every edit (a pause, which
 * "Refresh catalogue" ends).
 */
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { FACTS_PAUSE_MS, FACTS_WAIT_MS, WikiContentProvider } from '../../engine/src';
import { LspClient } from '../lsp/lspClient';
import { json, serve, type FaultServer } from './faultServer';

describe('content diagnostics: a newer edit cancels the pending pass', () => {
  let wiki: FaultServer;
  const asked: string[] = [];
  let heldClosed!: Promise<void>;
  let firstAsked!: Promise<void>;
  before(async () => {
    let closed!: () => void;
    let arrived!: () => void;
    heldClosed = new Promise((r) => (closed = r));
    firstAsked = new Promise((r) => (arrived = r));
    wiki = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      if (q.get('prop') !== 'info|categoryinfo|revisions|imageinfo') return json(res, { error: { code: 'nope', info: 'not this wiki' } }, 500);
      const titles = q.get('titles') ?? '';
      asked.push(titles);
      if (titles === 'Old page') {
        // Held: answered never; the server must abort it.
        res.on('close', () => closed());
        arrived();
        return;
      }
      json(res, { query: { pages: titles.split('|').map((title) => ({ title, missing: true })) } });
    });
  });
  after(() => wiki?.close());

  it('aborts the older request, asks for the newer names and publishes only those', async () => {
    const client = new LspClient(['--log-timing']);
    try {
      await client.initialize({});
      const uri = 'file:///content/cancel.wikiq';
      const head = `@endpoint = ${wiki.url}/api.php\naction = query\ntitles = `;
      const published: string[] = [];
      // Every publication of the document is looked at (never satisfied): none may name the older version's page.
      void client.diagnosticsMatching(uri, (ds) => {
        for (const d of ds) if (d.code === 'missing-page') published.push(d.message);
        return false;
      });
      await client.open(uri, `${head}Old page\n`);
      await firstAsked;
      void client.change(uri, `${head}New page\n`);
      await heldClosed;
      const diags = await client.diagnosticsMatching(uri, (ds) => ds.some((d) => d.code === 'missing-page'));
      assert.deepEqual(diags.filter((d) => d.code === 'missing-page').map((d) => d.message), ["The page 'New page' does not exist on this wiki: 'titles' gets it back marked missing, with nothing of it."]);
      assert.deepEqual(asked, ['Old page', 'New page']);
      assert.ok(published.every((m) => !m.includes('Old page')), published.join('\n'));
      // The held exchange ended by the edit, not by the bound on a facts request's wait (which would also close it).
      const held = client.notifications.map((n) => (n.params as { message?: string } | undefined)?.message ?? '').map((m) => /^wikiq: content lookup (\S+) from (\d+) to (\d+): .*titles=Old%20page/.exec(m)).find((m) => m);
      assert.ok(held, 'the held exchange is logged');
      assert.equal(held[1], 'error');
      assert.ok(Number(held[3]) - Number(held[2]) < FACTS_WAIT_MS, `aborted after ${Number(held[3]) - Number(held[2])} ms`);
    } finally {
      await client.stop();
    }
  });
});

describe('content facts: a wiki that fails is not asked at every edit', () => {
  let wiki: FaultServer;
  let asked = 0;
  before(async () => {
    wiki = await serve((_req, res) => {
      asked++;
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('down');
    });
  });
  after(() => wiki?.close());

  it('after a failure, pauses its facts (said once in the log) until the pause ends or Refresh catalogue clears it', async () => {
    const logged: string[] = [];
    const provider = new WikiContentProvider({ allowed: () => true, log: (m) => logged.push(m) });
    const endpoint = `${wiki.url}/api.php`;
    assert.equal((await provider.facts(endpoint, 'title', ['A'])).size, 0);
    assert.equal(asked, 1);
    assert.equal((await provider.facts(endpoint, 'title', ['B'])).size, 0);
    assert.equal(asked, 1, 'paused: nothing asked');
    assert.deepEqual(logged, [`wikiq: a content lookup on ${endpoint} failed: HTTP 503; no facts are asked of it for ${FACTS_PAUSE_MS / 1000} s.`]);
    provider.clear(endpoint);
    await provider.facts(endpoint, 'title', ['B']);
    assert.equal(asked, 2, 'asked again once cleared');
  });
});

describe('content facts: a name another call is asking is not asked again', () => {
  let wiki: FaultServer;
  const asked: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let arrived!: () => void;
  const first = new Promise<void>((r) => (arrived = r));
  before(async () => {
    wiki = await serve((req, res) => {
      const titles = new URL(req.url ?? '/', 'http://x').searchParams.get('titles') ?? '';
      asked.push(titles);
      arrived();
      // The first batch is held until the hover has asked: it waits for that batch, not the wiki.
      void released.then(() => json(res, { query: { pages: titles.split('|').map((title) => ({ title, missing: true })) } }));
    });
  });
  after(() => wiki?.close());

  it('a hover during the diagnostics\' batch waits for it: one request, both answered', async () => {
    const provider = new WikiContentProvider({ allowed: () => true });
    const endpoint = `${wiki.url}/api.php`;
    const batch = provider.facts(endpoint, 'title', ['A', 'B']);
    await first;
    const hover = provider.facts(endpoint, 'title', ['B'], undefined, { waitMs: 5000 });
    release();
    assert.deepEqual([...(await hover).keys()], ['B']);
    assert.deepEqual([...(await batch).keys()], ['A', 'B']);
    assert.deepEqual(asked, ['A|B']);
  });
});
