/**
 * Typing an `@endpoint` calls the provider's `get` once per keystroke (the server asks on every
 * change). Catalogues are fetched only once the endpoint has stopped changing and looks complete:
 * one fetch after the typing stops, none to half-typed hosts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FaultServer, json, serve } from './faultServer';
import { bundledCatalogue } from '../../core/src/bundled';
import { createLiveProvider, isCompleteEndpoint } from '../../engine/src';

/** The smallest wiki: siteinfo, and a paraminfo with `main` only. */
const MAIN = { name: 'main', path: 'main', prefix: '', parameters: [{ name: 'format', type: ['json'] }] };

describe('catalogue fetches while an endpoint is typed', () => {
  let srv: FaultServer;
  before(async () => {
    srv = await serve((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams;
      if (q.get('meta') === 'siteinfo') json(res, { batchcomplete: true, query: { general: { generator: 'MediaWiki 1.39.0' } } });
      else json(res, { batchcomplete: true, paraminfo: { modules: [MAIN] } });
    });
  });
  after(() => srv.close());

  /** The endpoints fetched (their URLs without the query). */
  function provider() {
    const fetched = new Set<string>();
    // Passed as a variable, not a literal: the same test compiles against a provider without debounceMs.
    const options = { bundled: bundledCatalogue(), debounceMs: 50, timeoutMs: 2000, onRequest: (url: string) => fetched.add(url.split('?')[0]) };
    return { fetched, live: createLiveProvider(options) };
  }
  /** One `get` per keystroke, each in a turn of its own as the server's handlers are. */
  async function type(live: ReturnType<typeof createLiveProvider>, texts: string[]) {
    for (const t of texts) {
      live.get(t);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('typing an endpoint character by character fetches once, after the typing stops', async () => {
    const { fetched, live } = provider();
    const endpoint = `${srv.url}/w/api.php`;
    await type(live, Array.from(endpoint, (_, i) => endpoint.slice(0, i + 1)));
    await live.idle();
    assert.deepEqual([...fetched], [endpoint]);
    assert.equal(live.status(endpoint).source, 'live');
  });
  it('editing a complete endpoint into another fetches only the last', async () => {
    const { fetched, live } = provider();
    await type(live, ['a', 'ab', 'abc'].map((p) => `${srv.url}/${p}/api.php`));
    await live.idle();
    assert.deepEqual([...fetched], [`${srv.url}/abc/api.php`]);
    // Asked again after the quiet time: already there, nothing fetched again.
    live.get(`${srv.url}/abc/api.php`);
    await live.idle();
    assert.equal(fetched.size, 1);
  });
  it('never fetches, nor echoes, an endpoint with user:pass@, even when asked to', async () => {
    const { fetched, live } = provider();
    const endpoint = `${srv.url.replace('//', '//bob:hunter2@')}/w/api.php`;
    live.get(endpoint);
    const status = await live.refresh(endpoint);
    await live.idle();
    assert.equal(fetched.size, 0);
    assert.match(status.error!, /is not an http\(s\) URL without user:pass@/);
    assert.doesNotMatch(status.error!, /hunter2/);
  });
  it('knows a complete endpoint from a half-typed one', () => {
    for (const ok of ['https://en.wikipedia.org/w/api.php', 'http://localhost:8080/api.php', 'http://127.0.0.1:9/w/api.php', 'http://[::1]/api.php', 'https://wiki.example.org/api']) {
      assert.ok(isCompleteEndpoint(ok), ok);
    }
    for (const half of ['h', 'https://', 'http://12/api.php', 'https://en/w/api.php', 'https://en.wikipedia.o/w/api.php', 'https://en.wikipedia.org/w/api.ph', 'ftp://x.org/api.php', 'https://u:p@en.wikipedia.org/w/api.php', 'https://{{host}}/api.php']) {
      assert.ok(!isCompleteEndpoint(half), half);
    }
  });
});
