/**
 * Signed-in runs against a fake wiki: the bot-password sign-in, the Bearer token, where credentials
 * may go (the endpoint's origin only, https or loopback only, never across a redirect), assert with
 * one sign-in again, clear sign-in failures — and no secret in logs, errors, raw bodies or exports.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { BOT, FakeWiki, fakeWiki } from './fakeWiki';
import { serve, json, type FaultServer } from './faultServer';
import { Credentials, HttpLogEntry, ResolvedRequest, RunSession, SignedInHttpClient, WikiSession, credentialRefusal, renderExport } from '../../engine/src';
import { copyText } from '../../client/src/run/runText';

const botPassword: Credentials = { kind: 'botpassword', user: BOT.user, password: BOT.password };
const oauth: Credentials = { kind: 'oauth', token: BOT.token };

function request(endpoint: string): ResolvedRequest {
  return { name: 'T', index: 0, endpoint, params: { action: 'query', list: 'allimages', format: 'json', formatversion: '2' }, lines: {}, modules: [] };
}

async function signedInRun(endpoint: string, creds: Credentials, log: HttpLogEntry[] = [], wikiEndpoint = endpoint) {
  const http = new SignedInHttpClient(new WikiSession(wikiEndpoint, creds), { timeoutMs: 3000 }, (e) => log.push(e));
  const session = new RunSession(request(endpoint), http, { all: true, sleep: async () => undefined });
  const state = await session.run();
  return { state, session, http };
}

/** Everything a run leaves behind that a user could see or share. */
function visible(run: Awaited<ReturnType<typeof signedInRun>>, log: HttpLogEntry[]): string {
  const { state, session } = run;
  const input = { result: session.result(), complete: state.complete, continue: state.continue, endpoint: state.request.endpoint, params: state.request.params };
  return [
    JSON.stringify(log), JSON.stringify(state.raw), JSON.stringify(state.batchInfo), state.failure?.message ?? '', JSON.stringify(state.errors),
    renderExport(input, 'json'), renderExport(input, 'ndjson'), renderExport(input, 'csv'),
    copyText(state.request, 'url', 'ua'), copyText(state.request, 'curl', 'ua'),
  ].join('\n');
}

describe('signed-in runs (fake wiki)', () => {
  let wiki: FakeWiki;
  let other: FaultServer;
  const otherSeen: Array<Record<string, unknown>> = [];
  before(async () => {
    wiki = await fakeWiki();
    other = await serve((req, res) => {
      otherSeen.push({ ...req.headers });
      json(res, { batchcomplete: true, query: { allimages: [{ name: 'Elsewhere.png' }] } });
    });
  });
  after(async () => {
    await wiki.close();
    await other.close();
  });
  beforeEach(() => {
    wiki.seen.length = 0;
    otherSeen.length = 0;
    wiki.loginFailure = undefined;
    wiki.sessionLifetime = undefined;
  });

  it('signs in with a bot password (token, then one POST), sends the session cookie and assert=bot, and shows no secret anywhere', async () => {
    const log: HttpLogEntry[] = [];
    const run = await signedInRun(wiki.endpoint, botPassword, log);
    assert.equal(run.state.failure, undefined, run.state.failure?.message);
    assert.deepEqual((run.session.result().query as any).allimages.map((x: any) => x.name), ['A.png', 'B.png']);
    const posts = wiki.seen.filter((s) => s.method === 'POST');
    assert.equal(posts.length, 1, 'the login is the only POST');
    const form = new URLSearchParams(posts[0].body);
    assert.deepEqual([form.get('action'), form.get('lgname'), form.get('lgpassword'), form.get('lgtoken')], ['login', BOT.user, BOT.password, 'lt+\\']);
    const batches = wiki.seen.filter((s) => s.url.includes('list=allimages'));
    assert.equal(batches.length, 2);
    for (const b of batches) {
      assert.match(b.url, /[?&]assert=bot(&|$)/);
      assert.match(String(b.headers.cookie), /s=sess\d+/);
      assert.match(String(b.headers.cookie), /other=1/);
    }
    assert.equal(run.http.session.identity?.name, 'Bot');
    assert.equal(run.http.session.identity?.highLimits, true);
    assert.ok(log.some((e) => e.method === 'POST'), 'the login POST is logged (without its body)');
    const shown = visible(run, log);
    assert.ok(!shown.includes(BOT.password), 'no password in logs, raw bodies, exports or copies');
    assert.ok(!shown.includes('sess1'), 'no session cookie either');
  });

  it('sends an OAuth token as Authorization: Bearer, with assert, and never shows it', async () => {
    const log: HttpLogEntry[] = [];
    const run = await signedInRun(wiki.endpoint, oauth, log);
    assert.equal(run.state.failure, undefined, run.state.failure?.message);
    assert.equal(wiki.seen.filter((s) => s.method === 'POST').length, 0, 'no login for a token');
    for (const s of wiki.seen) assert.equal(s.headers.authorization, `Bearer ${BOT.token}`);
    assert.ok(wiki.seen.filter((s) => s.url.includes('list=allimages')).every((s) => /assert=bot/.test(s.url)));
    assert.ok(!visible(run, log).includes(BOT.token));
  });

  it('sends credentials to the endpoint\'s origin only: another origin gets neither Authorization nor Cookie', async () => {
    for (const creds of [oauth, botPassword]) {
      otherSeen.length = 0;
      const run = await signedInRun(`${other.url}/api.php`, creds, [], wiki.endpoint);
      assert.equal(run.state.failure, undefined);
      assert.equal(otherSeen.length, 1);
      assert.equal(otherSeen[0].authorization, undefined);
      assert.equal(otherSeen[0].cookie, undefined);
    }
  });

  it('never sends credentials across a redirect, to another origin or the same one', async () => {
    for (const creds of [oauth, botPassword]) {
      for (const to of [`${other.url}/api.php?action=query&list=allimages`, `${wiki.url}/api.php?action=query&list=allimages`]) {
        wiki.seen.length = 0;
        otherSeen.length = 0;
        const endpoint = `${wiki.url}/redirect/api.php?to=${encodeURIComponent(to)}`;
        const run = await signedInRun(endpoint, creds, [], wiki.endpoint);
        const redirected = [...otherSeen, ...wiki.seen.filter((s) => s.url.startsWith('/api.php?action=query&list=allimages')).map((s) => s.headers)];
        assert.ok(redirected.length >= 1, `followed the redirect to ${to}`);
        for (const h of redirected) {
          assert.equal(h.authorization, undefined);
          assert.equal(h.cookie, undefined);
        }
        assert.ok(wiki.seen.some((s) => s.url.startsWith('/redirect/') && (s.headers.cookie || s.headers.authorization)), 'the first hop was signed in');
        void run;
      }
    }
  });

  it('refuses credentials for plain http to a non-loopback host, before any request', () => {
    for (const ep of ['http://wiki.example.org/w/api.php', 'http://10.0.0.5/api.php', 'ftp://127.0.0.1/api.php']) {
      assert.ok(credentialRefusal(ep), ep);
      assert.throws(() => new WikiSession(ep, oauth), (e: Error) => /only over https/.test(e.message) && !e.message.includes(BOT.token));
    }
    for (const ep of ['https://wiki.example.org/w/api.php', 'http://127.0.0.1:8080/api.php', 'http://localhost/api.php', 'http://[::1]:9/api.php']) assert.equal(credentialRefusal(ep), undefined, ep);
  });

  it('signs in once more when the session expires mid-run, and the run completes', async () => {
    const http = new SignedInHttpClient(new WikiSession(wiki.endpoint, botPassword), { timeoutMs: 3000 });
    const session = new RunSession(request(wiki.endpoint), http, { all: false });
    await session.run();
    wiki.expireSessions();
    const state = await session.run({ all: true });
    assert.equal(state.failure, undefined, state.failure?.message);
    assert.equal(state.complete, true);
    assert.equal(wiki.seen.filter((s) => s.method === 'POST').length, 2, 'signed in twice');
    assert.deepEqual((session.result().query as any).allimages.map((x: any) => x.name), ['A.png', 'B.png']);
  });

  it('reports the wiki\'s error when the session fails again right after signing in once more', async () => {
    wiki.sessionLifetime = 1; // each session answers userinfo, then expires
    const run = await signedInRun(wiki.endpoint, botPassword);
    assert.equal(run.state.failure?.kind, 'api');
    assert.match(run.state.failure.message, /assertbotfailed/);
    assert.equal(wiki.seen.filter((s) => s.method === 'POST').length, 2, 'one sign-in, then exactly one more');
  });

  it('says why a sign-in failed, in the wiki\'s own words, without the password', async () => {
    wiki.loginFailure = 'The supplied credentials could not be authenticated. Your account is locked.';
    const run = await signedInRun(wiki.endpoint, botPassword);
    assert.equal(run.state.failure?.message, `Signing in to ${wiki.endpoint} as ${BOT.user} failed: The supplied credentials could not be authenticated. Your account is locked.`);
    wiki.loginFailure = undefined;
    const wrong = await signedInRun(wiki.endpoint, { ...botPassword, password: 'not-it' });
    assert.match(wrong.state.failure!.message, /failed: Incorrect username or password entered/);
    assert.ok(!wrong.state.failure!.message.includes('not-it'));
  });

  it('tells an anonymous reader of a private wiki to sign in', async () => {
    const { HttpClient } = await import('../../engine/src');
    const state = await new RunSession(request(wiki.endpoint), new HttpClient({ timeoutMs: 3000 })).run();
    assert.match(state.failure!.message, /readapidenied/);
    assert.match(state.failure!.message, /This wiki is private: sign in/);
    assert.match(state.failure!.message, /WIKIQ_USER/);
  });
});
