/**
 * Value completion and hover facts from a private wiki (#31), on the real private test wiki (`*` may
 * not read), through the language server over stdio: anonymous, completion offers none of the
 * wiki's titles and the log says which wiki refused and why (no secret); given the bot's
 * credentials (`wikiq/credentials`, sealed as VS Code's client sends them), the same completion
 * offers the wiki's titles and a hover its facts, asked signed in on the catalogue's session; with
 * a wrong password no lookup signs in again (only the catalogue's one sign-in) and the message
 * names the wiki and the user, never the password. Signed in, a catalogue load, a completion, a
 * hover and the content pass at once reach the wiki one at a time (#40: one request in flight per
 * wiki from one server, whatever asks), counted on a loopback proxy in front of the wiki.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CREDENTIALS_KEY_ENV, Credentials, newSealKey, sealCredentials } from '../../engine/src';
import { LspClient, cursor } from '../lsp/lspClient';
import { type Status, settled } from '../lsp/status';
import { SEED, TestWiki, pageTitle } from './harness';
import { PRIVATE, startPrivateWiki } from './private';

const bot: Credentials = { kind: 'botpassword', user: PRIVATE.bot.login, password: PRIVATE.bot.botPassword };
const WRONG = 'not-the-bot-password-0123456789ab';
const CONTENT = /[?&](generator=prefixsearch|list=users|prop=info\|categoryinfo\|revisions\|imageinfo)(&|$)/;

/** A loopback proxy in front of `endpoint` that counts the requests through it and the most in flight at once. */
async function countingProxy(endpoint: string): Promise<{ endpoint: string; count: () => number; most: () => number; close: () => Promise<void> }> {
  const target = new URL(endpoint);
  let inFlight = 0;
  let most = 0;
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    most = Math.max(most, ++inFlight);
    let ended = false;
    const end = () => {
      if (!ended) inFlight--;
      ended = true;
    };
    res.on('finish', end);
    res.on('close', end);
    const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}${target.pathname}`, count: () => count, most: () => most,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('content lookups on a private wiki', () => {
  let wiki: TestWiki;
  let cacheDir: string;
  const servers: LspClient[] = [];
  before(async () => {
    wiki = await startPrivateWiki();
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-private-content-'));
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await wiki?.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const doc = (body: string) => `@endpoint = ${wiki.endpoint}\naction = query\n${body}`;
  const title = pageTitle(3);
  const completing = () => cursor(doc(`titles = ${title.slice(0, 6)}¦`));
  const hovering = () => cursor(doc(`titles = ${title}¦`));
  /** Everything a server said: its stderr, and every message it sent. */
  const said = (c: LspClient) => `${c.stderr}\n${JSON.stringify(c.notifications)}\n${JSON.stringify(c.requests)}`;
  const logged = (c: LspClient, pattern: RegExp) => c.messageMatching((m) => m.method === 'window/logMessage' && pattern.test((m.params as { message: string }).message));

  /**
   * Completion at the cursor, asked again while the list is incomplete, as an editor does while the
   * user types (the first lookup signed in also signs in, which may take longer than completion waits).
   */
  async function complete(client: LspClient, uri: string) {
    for (let attempt = 0; ; attempt++) {
      const { line, character } = completing();
      const list = await client.completion(uri, line, character);
      if (!list.isIncomplete || attempt === 30) return list;
    }
  }

  /** A server with `file` open and its catalogue settled; `signIn` sends credentials as VS Code's client does. */
  async function server(): Promise<{ client: LspClient; uri: string; signIn: (c: Credentials) => Promise<unknown> }> {
    const key = newSealKey();
    const client = new LspClient(['--cache-dir', cacheDir], { ...process.env, [CREDENTIALS_KEY_ENV]: key });
    servers.push(client);
    await client.initialize();
    const uri = `file:///private/content-${servers.length}.wikiq`;
    await client.open(uri, completing().text);
    await settled(client, wiki.endpoint);
    const signIn = (c: Credentials) => client.conn.sendRequest('wikiq/credentials', { endpoint: wiki.endpoint, credentials: { sealed: sealCredentials(c, key) } });
    return { client, uri, signIn };
  }

  it('anonymous: none of the wiki\'s titles, and the log names the wiki that refused (readapidenied); signed in: its titles and facts', async () => {
    const { client, uri, signIn } = await server();
    const before = wiki.apiRequestCount((u) => CONTENT.test(u));
    const anonymous = await complete(client, uri);
    assert.ok(!anonymous.items.some((i) => i.label === title), anonymous.items.map((i) => i.label).join(', '));
    assert.ok(wiki.apiRequestCount((u) => CONTENT.test(u)) > before, 'the lookup reached the wiki');
    const refused = (await logged(client, /content lookup on .* failed/)).params as { message: string };
    assert.ok(refused.message.includes(wiki.endpoint), refused.message);
    assert.match(refused.message, /readapidenied.*This wiki is private: sign in/);

    assert.deepEqual(await signIn(bot), {});
    // The refusal was not cached: the same completion asks again, now signed in.
    const list = await complete(client, uri);
    const item = list.items.find((i) => i.label === title);
    assert.ok(item, `${title} among ${list.items.map((i) => i.label).join(', ')}`);
    assert.match(item.detail ?? '', /^page/);
    const h0 = hovering();
    await client.change(uri, h0.text);
    const h = await client.hover(uri, h0.line, h0.character - 1);
    assert.match((h?.contents as { value?: string } | undefined)?.value ?? '', /the page exists/);
    // Each content request after the sign-in went signed in (asserting the bot), none anonymous.
    const signedIn = wiki.requests().filter((r) => CONTENT.test(r.uri) && /[?&]assert=bot(&|$)/.test(r.uri));
    assert.ok(signedIn.length >= 2, `completion and hover asked signed in: ${signedIn.map((r) => r.uri).join('\n')}`);
    assert.ok(!said(client).includes(PRIVATE.bot.botPassword), 'no password in the log or messages');
    assert.ok(!said(client).includes(SEED.password), 'no account password either');
  });

  it('signed in, a catalogue load, a completion, a hover and the content pass at once: the wiki sees one request at a time from the server, and each is answered', async () => {
    const proxy = await countingProxy(wiki.endpoint);
    try {
      const key = newSealKey();
      const client = new LspClient(['--cache-dir', fs.mkdtempSync(path.join(cacheDir, 'proxy-'))], { ...process.env, [CREDENTIALS_KEY_ENV]: key });
      servers.push(client);
      await client.initialize();
      const uri = 'file:///private/at-once.wikiq';
      const at = cursor(`@endpoint = ${proxy.endpoint}\naction = query\ntitles = ${title}|${title.slice(0, 6)}¦`);
      await client.open(uri, at.text);
      await settled(client, proxy.endpoint);
      const signedIn = await client.conn.sendRequest('wikiq/credentials', { endpoint: proxy.endpoint, credentials: { sealed: sealCredentials(bot, key) } });
      assert.deepEqual(signedIn, {});
      await settled(client, proxy.endpoint);
      const before = proxy.count();
      // The catalogue fetched again (a load of several requests) while the user completes and hovers.
      const refreshed = client.conn.sendRequest<Status & { user?: string }>('wikiq/refreshCatalogue', { endpoint: proxy.endpoint });
      const completed = (async () => {
        for (let attempt = 0; ; attempt++) {
          const list = await client.completion(uri, at.line, at.character);
          if (!list.isIncomplete || attempt === 30) return list;
        }
      })();
      // A hover waits 1 s for the wiki once its request is sent: hovered again (as the user does) while the wiki is slow.
      const hovered = (async () => {
        for (let attempt = 0; ; attempt++) {
          const h = await client.hover(uri, at.line, 'titles = '.length + 2);
          if (/the page exists/.test((h?.contents as { value?: string } | undefined)?.value ?? '') || attempt === 10) return h;
        }
      })();
      const [status, list, hover] = await Promise.all([refreshed, completed, hovered]);
      assert.equal(status.error, undefined, status.error);
      assert.equal(status.user, PRIVATE.bot.name);
      assert.ok(list.items.some((i) => i.label === title), list.items.map((i) => i.label).join(', '));
      assert.match((hover?.contents as { value?: string } | undefined)?.value ?? '', /the page exists/);
      assert.ok(proxy.count() - before >= 3, `${proxy.count() - before} requests`);
      assert.equal(proxy.most(), 1, 'two requests in flight at once on the wiki from one server');
    } finally {
      await proxy.close();
    }
  });

  it('a wrong password: no titles, one sign-in tried however often completion asks (wikis throttle failed logins), and the message names the wiki and the user, never the password', async () => {
    const { client, uri, signIn } = await server();
    const logins = () => wiki.requests().filter((r) => r.method === 'POST' && /(^|[?&])action=login(&|$)/.test(r.body ?? '')).length;
    const before = logins();
    assert.deepEqual(await signIn({ ...bot, password: WRONG }), {});
    const status = (await client.messageMatching((m) => m.method === 'wikiq/catalogueStatus' && /Signing in/.test((m.params as Status).error ?? ''))).params as Status;
    assert.match(status.error ?? '', new RegExp(`Signing in to ${wiki.endpoint.replace(/[.?]/g, '\\$&')} as ${PRIVATE.bot.login} failed`));
    const list = await complete(client, uri);
    assert.ok(!list.items.some((i) => i.label === title), list.items.map((i) => i.label).join(', '));
    assert.equal(list.isIncomplete, true, 'no answer: the lookup waits for a signed-in session');
    assert.equal(logins() - before, 1, 'the catalogue\'s one sign-in, none from the 30 completions');
    assert.ok(!said(client).includes(WRONG), 'the wrong password is nowhere in what the server said');
  });
});
