/**
 * Signed-in runs against the real private test wiki (MediaWiki 1.39, `*` may not read): anonymous
 * reads fail saying to sign in; the bot's bot password reads everything, with high limits; the
 * normal user's `max` is 500; a session the server forgets is signed in again once.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../cli/src/cli';
import { Credentials, HttpClient, RunSession, SignedInHttpClient, WikiSession, renderExport, resolveRequest } from '../../engine/src';
import { SEED, TestWiki } from './harness';
import { PRIVATE, expireSessions, startPrivateWiki } from './private';
import { bundledCatalogue } from '../../core/src/bundled';

type Json = Record<string, any>;
const bot: Credentials = { kind: 'botpassword', user: PRIVATE.bot.login, password: PRIVATE.bot.botPassword };
const normal: Credentials = { kind: 'botpassword', user: PRIVATE.normal.login, password: PRIVATE.normal.botPassword };

describe('signed in to a real private MediaWiki', () => {
  let wiki: TestWiki;
  let dir: string;
  before(async () => {
    wiki = await startPrivateWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-private-'));
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const source = (body: string) => `@endpoint = ${wiki.endpoint}\n### R\n${body}\n`;
  const links = 'action = query\nlist = alllinks\nalunique\nalprefix = Red link\nallimit = max';
  function session(body: string, creds?: Credentials) {
    const http = creds ? new SignedInHttpClient(new WikiSession(wiki.endpoint, creds)) : new HttpClient();
    return new RunSession(resolveRequest(source(body), { index: 0 }, { catalogue: bundledCatalogue() }), http, { all: true });
  }
  const logins = () => wiki.requests().filter((r) => r.method === 'POST' && /action=login/.test(r.body ?? '')).length;

  async function cli(env: Record<string, string>, command: string[] = ['run', '--all'], body = 'action = query\nlist = allimages\nailimit = 50') {
    const file = path.join(dir, 'files.wikiq');
    fs.writeFileSync(file, source(body));
    const saved = { ...process.env };
    Object.assign(process.env, { WIKIQ_CREDENTIALS: path.join(dir, 'none.json') }, env);
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await main([command[0], file, ...command.slice(1)], { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd: dir });
      return { code, out: out.join('\n'), err: err.join('\n') };
    } finally {
      for (const k of ['WIKIQ_CREDENTIALS', ...Object.keys(env)]) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
    }
  }

  it('refuses anonymous reads, saying that sign-in is needed', async () => {
    const r = await cli({});
    assert.notEqual(r.code, 0);
    assert.match(r.err, /readapidenied/);
    assert.match(r.err, /This wiki is private: sign in/);
  });

  it('`run --all` with the bot password (WIKIQ_USER, WIKIQ_PASSWORD) returns every file, and prints no secret', async () => {
    const seen = wiki.requests().length;
    const r = await cli({ WIKIQ_USER: PRIVATE.bot.login, WIKIQ_PASSWORD: PRIVATE.bot.botPassword });
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).query.allimages.length, SEED.files);
    assert.ok(!`${r.out}${r.err}`.includes(PRIVATE.bot.botPassword));
    const batches = wiki.requests().slice(seen).filter((q) => q.method === 'GET' && /list=allimages/.test(q.uri));
    assert.ok(batches.length >= 3 && batches.every((q) => /[?&]assert=bot(&|$)/.test(q.uri)), 'every batch asserts bot');
  });

  it('`check --content` asks the private wiki signed in (its names checked), and anonymous says the wiki refused; no secret printed, exit 0 either way', async () => {
    const body = 'action = query\nprop = info\ntitles = Redirect 0|No such page here';
    const signed = await cli({ WIKIQ_USER: PRIVATE.bot.login, WIKIQ_PASSWORD: PRIVATE.bot.botPassword }, ['check', '--content'], body);
    assert.equal(signed.code, 0, signed.err);
    assert.match(signed.out, /unfollowed-redirect/);
    assert.match(signed.out, /missing-page/);
    assert.ok(!`${signed.out}${signed.err}`.includes(PRIVATE.bot.botPassword));
    const anonymous = await cli({}, ['check', '--content'], body);
    assert.equal(anonymous.code, 0, anonymous.err);
    assert.doesNotMatch(anonymous.out, /missing-page|unfollowed-redirect/);
    assert.match(anonymous.err, /readapidenied/);
    assert.ok(anonymous.err.includes(wiki.endpoint), anonymous.err);
  });

  it('the bot (apihighlimits) gets more than 500 records per batch for max; the normal user gets 500', async () => {
    const b = session(links, bot);
    const bs = await b.run();
    assert.equal(bs.failure, undefined, bs.failure?.message);
    assert.equal((b.result() as Json).query.alllinks.length, PRIVATE.links);
    assert.equal(bs.batches, 1, 'all 1,200 in one batch');
    const http = (b as unknown as { http: SignedInHttpClient }).http;
    assert.deepEqual([http.session.identity?.name, http.session.identity?.bot, http.session.identity?.highLimits], [PRIVATE.bot.name, true, true]);

    const n = session(links, normal);
    const ns = await n.run();
    assert.equal(ns.failure, undefined, ns.failure?.message);
    assert.equal((n.result() as Json).query.alllinks.length, PRIVATE.links);
    assert.equal(ns.batches, Math.ceil(PRIVATE.links / 500));
    assert.ok(ns.batchInfo.length === 3 && JSON.parse(ns.raw[0]).query.alllinks.length === 500);
  });

  it('signs in again, once, when the server forgets the session mid-run, and the run completes', async () => {
    const s = session('action = query\nlist = alllinks\nalunique\nalprefix = Red link\nallimit = 100', bot);
    const before = logins();
    await s.run({ all: false });
    assert.equal(s.state.failure, undefined, s.state.failure?.message);
    assert.ok(expireSessions(wiki) >= 1, 'a session was stored on the server');
    const state = await s.run({ all: true });
    assert.equal(state.failure, undefined, state.failure?.message);
    assert.equal(state.complete, true);
    assert.equal((s.result() as Json).query.alllinks.length, PRIVATE.links);
    assert.equal(logins() - before, 2, 'signed in, then once more');
  });

  it('keeps the password and the session cookies out of the log, raw bodies, debuginfo, errors and exports (the wiki\'s debug log names the session)', async () => {
    const log: string[] = [];
    const http = new SignedInHttpClient(new WikiSession(wiki.endpoint, bot), {}, (e) => log.push(JSON.stringify(e)));
    const s = new RunSession(resolveRequest(source('action = query\nlist = allimages\nailimit = 60'), { index: 0 }, { catalogue: bundledCatalogue() }), http, { all: true });
    const state = await s.run();
    assert.equal(state.failure, undefined, state.failure?.message);
    assert.ok(state.debuginfo, 'the wiki sends debuginfo');
    const input = { result: s.result(), complete: state.complete, continue: state.continue, endpoint: state.request.endpoint, params: state.request.params };
    const shown = [log.join('\n'), state.raw.join(''), JSON.stringify(state.debuginfo), renderExport(input, 'json'), renderExport(input, 'csv'), renderExport(input, 'ndjson')].join('\n');
    const cookies = (http.session.headers().cookie ?? '').split('; ').map((c) => c.split('=')[1]);
    assert.ok(cookies.length >= 1 && cookies.every((v) => v && v.length >= 8));
    for (const secret of [PRIVATE.bot.botPassword, ...cookies]) assert.ok(!shown.includes(secret), `${secret.slice(0, 3)}… is shown`);
  });

  it('says, in the wiki\'s words, why a wrong bot password fails, without the password', async () => {
    const s = session(links, { ...bot, password: 'wrong-password-000' });
    const state = await s.run();
    assert.match(state.failure!.message, new RegExp(`Signing in to .* as ${PRIVATE.bot.login} failed: .*(password|credentials)`, 'i'));
    assert.ok(!state.failure!.message.includes('wrong-password-000'));
  });
});
