/**
 * Where credentials go during a signed-in catalogue fetch (the language server's live provider,
 * local fake wikis): to the endpoint's own origin only — not to another wiki's origin, not to
 * another api.php on the same origin, never across a redirect (same origin or not) — and the user's
 * rights from `meta=userinfo` reach the catalogue.
 */
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createLiveProvider, type Credentials } from '../../engine/src';
import { json, serve, type FaultServer } from './faultServer';
import { bundledCatalogue } from '../../core/src/bundled';

const TOKEN = 'catalogue-secret-TOKEN-0003';
const oauth: Credentials = { kind: 'oauth', token: TOKEN };

const MODULES = [
  { name: 'main', path: 'main', prefix: '', parameters: [{ name: 'action', type: ['query'], submodules: { query: 'query' } }] },
  { name: 'query', path: 'query', group: 'action', prefix: '', parameters: [{ name: 'list', type: ['fakelist'], multi: true, submodules: { fakelist: 'query+fakelist' } }] },
  { name: 'fakelist', path: 'query+fakelist', group: 'list', prefix: 'fl', parameters: [{ name: 'limit', type: 'limit', min: 1, max: 500, highmax: 5000 }] },
];

interface Seen { url: string; headers: http.IncomingHttpHeaders }

/** A wiki answering siteinfo, userinfo (signed in as Bot when it gets the token) and paraminfo; `/redirect/…?to=` redirects. */
function wikiHandler(seen: Seen[]) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/redirect/')) {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      return res.end();
    }
    const q = url.searchParams;
    const userinfo = req.headers.authorization === `Bearer ${TOKEN}`
      ? { id: 7, name: 'Bot', rights: ['read', 'bot', 'apihighlimits'] }
      : { id: 0, name: '127.0.0.1', anon: true };
    if (q.get('action') === 'paraminfo') return json(res, { paraminfo: { helpformat: 'html', modules: MODULES } });
    // A mirror that answers as someone signed in whatever it gets (so a redirected sign-in completes and can be watched).
    const info = url.pathname.startsWith('/mirror/') ? { id: 9, name: 'Mirror', rights: ['read'] } : userinfo;
    return json(res, { query: { general: { generator: 'MediaWiki 1.39.0' }, namespaces: { 0: { id: 0, name: '' } }, userinfo: info } });
  };
}

describe('signed-in catalogue fetches (fake wikis)', () => {
  let wiki: FaultServer;
  let other: FaultServer;
  const wikiSeen: Seen[] = [];
  const otherSeen: Seen[] = [];
  before(async () => {
    wiki = await serve(wikiHandler(wikiSeen));
    other = await serve(wikiHandler(otherSeen));
  });
  after(async () => {
    await wiki.close();
    await other.close();
  });
  beforeEach(() => {
    wikiSeen.length = 0;
    otherSeen.length = 0;
  });
  const signed = (s: Seen) => !!(s.headers.authorization || s.headers.cookie);

  it('sends the token to the endpoint\'s origin only, and the catalogue carries the user\'s rights', async () => {
    const provider = createLiveProvider({ bundled: bundledCatalogue(), timeoutMs: 3000 });
    const endpoint = `${wiki.url}/w/api.php`;
    provider.setCredentials(endpoint, oauth);
    const status = await provider.refresh(endpoint);
    assert.equal(status.source, 'live', JSON.stringify(status));
    assert.equal(status.user, 'Bot');
    const cat = provider.get(endpoint);
    assert.deepEqual([cat.user?.name, cat.highLimits(), cat.limitMax(cat.module('query+fakelist')!.parameters[0])], ['Bot', true, 5000]);
    const mine = wikiSeen.filter((s) => s.url.startsWith('/w/api.php'));
    assert.ok(mine.length >= 3 && mine.every(signed), 'sign-in, siteinfo|userinfo and paraminfo all signed in');
    assert.ok(mine.some((s) => /meta=siteinfo%7Cuserinfo/.test(s.url) && /uiprop=rights/.test(s.url)));
    // Other endpoints fetched by the same provider get nothing: another origin, another path on the same origin.
    for (const ep of [`${other.url}/w/api.php`, `${wiki.url}/other/api.php`]) assert.equal((await provider.refresh(ep)).source, 'live');
    assert.ok(otherSeen.length >= 2 && !otherSeen.some(signed), 'nothing signed to another origin');
    assert.ok(!wikiSeen.filter((s) => s.url.startsWith('/other/')).some(signed), 'nothing signed to another api.php of the same origin');
    assert.equal(provider.get(`${other.url}/w/api.php`).user, undefined);
  });

  it('never sends the token across a redirect, to another origin or the same one', async () => {
    for (const [to, target] of [[`${other.url}/mirror/api.php`, otherSeen], [`${wiki.url}/mirror/api.php`, wikiSeen]] as const) {
      const provider = createLiveProvider({ bundled: bundledCatalogue(), timeoutMs: 3000 });
      const endpoint = `${wiki.url}/redirect/api.php?to=${encodeURIComponent(to)}`;
      provider.setCredentials(endpoint, oauth);
      const status = await provider.refresh(endpoint);
      const followed = target.filter((s) => s.url.startsWith('/mirror/'));
      assert.ok(followed.length >= 3, `followed the redirects to ${to}: ${JSON.stringify(status)}`);
      assert.ok(!followed.some(signed), `no credentials at ${to}`);
      assert.ok(wikiSeen.filter((s) => s.url.startsWith('/redirect/')).every(signed), 'the first hops were signed in');
      assert.ok(!JSON.stringify(status).includes(TOKEN));
      wikiSeen.length = 0;
      otherSeen.length = 0;
    }
  });

  it('signing out forgets the signed-in catalogue: the next fetch is anonymous', async () => {
    const provider = createLiveProvider({ bundled: bundledCatalogue(), timeoutMs: 3000 });
    const endpoint = `${wiki.url}/w/api.php`;
    provider.setCredentials(endpoint, oauth);
    assert.equal((await provider.refresh(endpoint)).user, 'Bot');
    provider.setCredentials(endpoint, undefined);
    wikiSeen.length = 0;
    const status = await provider.refresh(endpoint);
    assert.equal(status.user, undefined, JSON.stringify(status));
    assert.equal(provider.get(endpoint).user, undefined);
    assert.ok(wikiSeen.length >= 2 && !wikiSeen.some(signed));
  });
});
