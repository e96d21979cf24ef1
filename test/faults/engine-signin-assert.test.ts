/**
 * Every signed-in request asserts who it is for, the sign-in's own rights check (`meta=userinfo`)
 * included: a session the wiki has forgotten is refused by the wiki, never read as anonymous.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BOT, FakeWiki, fakeWiki } from './fakeWiki';
import { Credentials, SignedInHttpClient, WikiSession } from '../../engine/src';

describe('sign-in asserts a user', () => {
  let wiki: FakeWiki;
  before(async () => {
    wiki = await fakeWiki();
  });
  after(() => wiki.close());

  const creds: Array<[string, Credentials]> = [
    ['bot password', { kind: 'botpassword', user: BOT.user, password: BOT.password }],
    ['OAuth token', { kind: 'oauth', token: BOT.token }],
  ];
  for (const [what, c] of creds) {
    it(`the rights check (meta=userinfo) carries assert=user, and so does every request after it (${what}; was sent without)`, async () => {
      wiki.seen.length = 0;
      const http = new SignedInHttpClient(new WikiSession(wiki.endpoint, c), { timeoutMs: 3000 });
      const identity = await http.ready();
      assert.equal(identity.name, 'Bot');
      await http.get(`${wiki.endpoint}?action=query&list=allimages&format=json`);
      const signedIn = wiki.seen.filter((s) => s.method === 'GET' && !/type=login/.test(s.url));
      assert.deepEqual(signedIn.map((s) => new URL(s.url, 'http://x').searchParams.get('assert')), ['user', 'bot']);
      assert.match(signedIn[0].url, /meta=userinfo/);
    });
  }
  it('a token the wiki does not know: the assertion fails and says so in words', async () => {
    const http = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'oauth', token: 'unknown' }), { timeoutMs: 3000 });
    await assert.rejects(http.ready(), /the wiki does not recognise the access token \(it answers as an anonymous user\)/);
  });
});
