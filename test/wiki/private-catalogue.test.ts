/**
 * The catalogue as the signed-in user sees it, on the real private test wiki (`*` may not read),
 * through the language server over stdio as an editor drives it: an anonymous server falls back
 * to the bundled catalogue and says to sign in; given the bot's credentials (`wikiq/credentials`,
 * sealed as VS Code's client sends them), completion comes from the wiki's own catalogue and
 * `ailimit = 5000` is no warning (apihighlimits); for the normal user it is; each user has their
 * own cache file, and no secret is in the cache, the log or the messages.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { CREDENTIALS_KEY_ENV, Credentials, newSealKey, sealCredentials } from '../../engine/src';
import { LspClient, ROOT, cursor } from '../lsp/lspClient';
import { Status, settled } from '../lsp/status';
import { TestWiki } from './harness';
import { PRIVATE, startPrivateWiki } from './private';

const bot: Credentials = { kind: 'botpassword', user: PRIVATE.bot.login, password: PRIVATE.bot.botPassword };
const normal: Credentials = { kind: 'botpassword', user: PRIVATE.normal.login, password: PRIVATE.normal.botPassword };

describe('the catalogue of a private wiki, fetched signed in by the language server', () => {
  let wiki: TestWiki;
  let cacheDir: string;
  const servers: LspClient[] = [];
  before(async () => {
    wiki = await startPrivateWiki();
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-private-cat-'));
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await wiki?.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const doc = (body: string) => `@endpoint = ${wiki.endpoint}\n### R\n${body}\n`;
  const limitWarnings = (ds: Diagnostic[]) => ds.filter((d) => d.code === 'limit-above-max');

  /** A server with the shared cache directory; with credentials, given them as VS Code's client does. */
  async function server(creds?: Credentials): Promise<{ client: LspClient; status: Status; uri: string; diags: Diagnostic[] }> {
    const key = newSealKey();
    const client = new LspClient(['--cache-dir', cacheDir], { ...process.env, [CREDENTIALS_KEY_ENV]: key });
    servers.push(client);
    await client.initialize();
    if (creds) {
      const r = await client.conn.sendRequest('wikiq/credentials', { endpoint: wiki.endpoint, credentials: { sealed: sealCredentials(creds, key) } });
      assert.deepEqual(r, {});
    }
    const uri = `file:///private/${creds ? (creds as { user: string }).user : 'anon'}.wikiq`;
    const text = doc('action = query\nlist = allimages\nailimit = 5000');
    await client.open(uri, text);
    const status = await settled(client, wiki.endpoint);
    // Diagnostics of a version sent after the catalogue settled: made with it.
    return { client, status, uri, diags: await client.change(uri, text) };
  }

  /** Everything a server said: its stderr, and every message it sent. */
  const said = (c: LspClient) => `${c.stderr}\n${JSON.stringify(c.notifications)}\n${JSON.stringify(c.requests)}`;

  it('anonymous: the bundled catalogue, with a message saying the wiki is private and to sign in', async () => {
    const { status } = await server();
    assert.equal(status.source, 'bundled', JSON.stringify(status));
    assert.match(status.error ?? '', /readapidenied/);
    assert.match(status.error ?? '', /This wiki is private: sign in/);
  });

  it('the bot: the wiki\'s own catalogue (completion), fetched as WikiqBot, and ailimit = 5000 is no warning', async () => {
    const { client, status, uri, diags } = await server(bot);
    assert.equal(status.source, 'live', JSON.stringify(status));
    assert.equal((status as Status & { user?: string }).user, PRIVATE.bot.name);
    // The catalogue fetch asked who the user is, asserting the bot.
    const si = wiki.requests().filter((r) => /meta=siteinfo%7Cuserinfo|meta=siteinfo\|userinfo/.test(r.uri));
    assert.ok(si.length >= 1 && si.every((r) => /[?&]assert=bot(&|$)/.test(r.uri)), 'siteinfo and userinfo asked signed in');
    assert.deepEqual(limitWarnings(diags), [], JSON.stringify(diags));
    // Completion of le-parameters the bundled catalogue lacks: the wiki's own paraminfo.
    const c = cursor(doc('action = query\nlist = logevents\nle¦'));
    await client.change(uri, c.text);
    const names = (await client.completion(uri, c.line, c.character)).items.map((i) => i.label);
    for (const n of ['letype', 'leaction', 'lestart', 'leuser']) assert.ok(names.includes(n), `${n} in ${names.join(',')}`);
    // Above the highmax is still a warning, clamped to 5000.
    const over = await client.change(uri, doc('action = query\nlist = allimages\nailimit = 5001'));
    assert.match(limitWarnings(over)[0]?.message ?? JSON.stringify(over), /5000/);
    assert.ok(!said(client).includes(PRIVATE.bot.botPassword), 'no password in the log or messages');
  });

  it('the normal user (no apihighlimits): ailimit = 5000 is a warning (max 500)', async () => {
    const { client, status, diags } = await server(normal);
    assert.equal(status.source, 'live', JSON.stringify(status));
    assert.equal((status as Status & { user?: string }).user, PRIVATE.normal.name);
    assert.match(limitWarnings(diags)[0]?.message ?? JSON.stringify(diags), /500/);
    assert.ok(!said(client).includes(PRIVATE.normal.botPassword));
  });

  it('keeps one cache file per user, each saying whose it is, with no secret in any', async () => {
    const files = fs.readdirSync(cacheDir).filter((f) => f.endsWith('.json'));
    const users = files.map((f) => JSON.parse(fs.readFileSync(path.join(cacheDir, f), 'utf8')).user?.name).sort();
    assert.deepEqual(users, [PRIVATE.normal.name, PRIVATE.bot.name].sort(), files.join(', '));
    const rights = Object.fromEntries(files.map((f) => {
      const d = JSON.parse(fs.readFileSync(path.join(cacheDir, f), 'utf8'));
      return [d.user.name, d.user.rights.includes('apihighlimits')];
    }));
    assert.deepEqual(rights, { [PRIVATE.bot.name]: true, [PRIVATE.normal.name]: false });
    const bytes = Buffer.concat(files.map((f) => fs.readFileSync(path.join(cacheDir, f))));
    for (const secret of [PRIVATE.bot.botPassword, PRIVATE.normal.botPassword]) assert.equal(bytes.indexOf(secret), -1);
  });

  it('a warm start as the bot reads its own cache (no paraminfo request) once signed in', async () => {
    const before = wiki.requests().filter((r) => /action=paraminfo/.test(r.uri)).length;
    const { status } = await server(bot);
    assert.equal(status.source, 'cached', JSON.stringify(status));
    assert.equal((status as Status & { user?: string }).user, PRIVATE.bot.name);
    assert.equal(wiki.requests().filter((r) => /action=paraminfo/.test(r.uri)).length, before);
  });

  /** `wikiq check --catalogue live` as a process, with its own cache home and credentials file (none) and `env`. */
  const check = (env: Record<string, string>) => new Promise<{ code: number; out: string; err: string }>((resolve) => {
    const file = path.join(cacheDir, 'limit.wikiq');
    fs.writeFileSync(file, doc('action = query\nlist = allimages\nailimit = 5000'));
    const vars = { ...process.env, XDG_CACHE_HOME: path.join(cacheDir, 'cli-cache'), WIKIQ_CREDENTIALS: path.join(cacheDir, 'none.json'), ...env };
    execFile(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'check', file, '--catalogue', 'live'], { cwd: cacheDir, env: vars }, (e, out, err) => {
      resolve({ code: e ? Number((e as { code?: number }).code) : 0, out, err });
    });
  });

  it('`wikiq check --catalogue live` fetches signed in with the CLI\'s credentials: the bot\'s 5000 is fine, anonymous says to sign in', async () => {
    const asBot = await check({ WIKIQ_USER: PRIVATE.bot.login, WIKIQ_PASSWORD: PRIVATE.bot.botPassword });
    assert.equal(asBot.err, '', 'the catalogue was fetched');
    assert.doesNotMatch(asBot.out, /limit-above-max/);
    assert.ok(!`${asBot.out}${asBot.err}`.includes(PRIVATE.bot.botPassword));
    const asNormal = await check({ WIKIQ_USER: PRIVATE.normal.login, WIKIQ_PASSWORD: PRIVATE.normal.botPassword });
    assert.equal(asNormal.err, '');
    assert.match(asNormal.out, /limit-above-max/);
    const anonymous = await check({});
    assert.match(anonymous.err, /readapidenied.*This wiki is private: sign in.*Using the bundled catalogue\./);
  });
});
