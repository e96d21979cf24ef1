/**
 * The server as any LSP client sees it (Neovim, Helix, Emacs…), over real stdio: its command
 * line, settings through `workspace/configuration`, registration only where offered, no VS Code
 * command for other clients, documentation inline where items are not resolved, a default
 * catalogue cache, and a failed catalogue shown with `window/showMessage`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem } from 'vscode-languageserver-protocol';
import { CatalogueInfoRequest, RefreshCatalogueRequest } from '../../common/protocol';
import { startFakeWiki, type FakeWiki } from './fakeWiki';
import { LspClient, SERVER, cursor } from './lspClient';
import { settled } from './status';

const TIMEOUT = { timeout: 20_000 };
const NEOVIM = { name: 'Neovim', version: '0.11.0' };

function server(...args: string[]) {
  return spawnSync(process.execPath, [SERVER, ...args], { encoding: 'utf8', timeout: 10_000 });
}

describe('the server command line', () => {
  it('--help prints the usage and exits 0', () => {
    const r = server('--help');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Usage: node dist\/server\.js --stdio/);
    assert.match(r.stdout, /--cache-dir DIR/);
  });

  it('--version prints the version and exits 0', () => {
    const r = server('--version');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^\d+\.\d+\.\d+\n$/);
  });

  for (const [what, args, reason] of [
    ['no arguments', [], /No transport/],
    ['a forgotten --stdio', ['--cache-dir', '/tmp/x'], /No transport/],
    ['an unknown flag', ['--stdio', '--frobnicate'], /Unknown option '--frobnicate'/],
  ] as Array<[string, string[], RegExp]>) {
    it(`${what}: a usage message and exit 2, no stack trace`, () => {
      const r = server(...args);
      assert.equal(r.status, 2, `exit status with ${what}: ${r.stderr}`);
      assert.match(r.stderr, reason);
      assert.match(r.stderr, /Usage:/);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    });
  }
});

describe('settings, registration and completion for a client that is not VS Code', () => {
  let wiki: FakeWiki;
  before(async () => {
    wiki = await startFakeWiki();
  });
  after(() => wiki.close());

  it('reads wikiq.endpoint and wikiq.environments through workspace/configuration, again on didChangeConfiguration', TIMEOUT, async () => {
    const client = new LspClient();
    try {
      const first = `${wiki.base}/down/api.php`;
      client.settings = { wikiq: { endpoint: first } };
      await client.initialize({}, { workspace: { configuration: true } }, NEOVIM);
      await client.open('file:///c/settings.wikiq', 'action = query\nlist = allimages\n');
      const failed = await settled(client, first);
      assert.match(failed.error ?? '', /HTTP 500/);
      assert.ok(wiki.count('/down/api.php') > 0, 'the endpoint of the settings was fetched');
      assert.deepEqual(await client.conn.sendRequest(CatalogueInfoRequest, { uri: 'file:///c/settings.wikiq' }), failed);

      const second = `${wiki.base}/ok/api.php`;
      client.settings = { wikiq: { endpoint: first, environments: { test: { endpoint: second, variables: { n: '5' } } }, environment: 'test' } };
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
      const loaded = await settled(client, second);
      assert.equal(loaded.source, 'live');
      const info = await client.conn.sendRequest(CatalogueInfoRequest, { uri: 'file:///c/settings.wikiq' });
      assert.equal(info.endpoint, second, 'the active environment chooses the endpoint');
    } finally {
      await client.stop();
    }
  });

  it('shows a catalogue failure once per endpoint with window/showMessage, naming the endpoint and the reason', TIMEOUT, async () => {
    const client = new LspClient();
    try {
      await client.initialize({}, {}, NEOVIM);
      const endpoint = `${wiki.base}/down/api.php`;
      await client.open('file:///c/down.wikiq', `@endpoint = ${endpoint}\naction = query\n`);
      const shown = await client.messageMatching((m) => m.method === 'window/showMessage');
      const { type, message } = shown.params as { type: number; message: string };
      assert.equal(type, 2, 'a warning');
      assert.ok(message.includes(endpoint), `names the endpoint: ${message}`);
      assert.match(message, /HTTP 500/);
      // Failing again (refresh) says nothing new.
      const again = await client.conn.sendRequest(RefreshCatalogueRequest, { endpoint });
      assert.match(again.error ?? '', /HTTP 500/);
      assert.equal(client.notifications.filter((n) => n.method === 'window/showMessage').length, 1);
    } finally {
      await client.stop();
    }
  });

  it('registers for configuration changes only when the client offers dynamic registration', TIMEOUT, async () => {
    for (const dynamicRegistration of [false, true]) {
      const client = new LspClient();
      try {
        await client.initialize({}, { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration } } }, NEOVIM);
        // The server reads the settings after registering (if it does): once asked, it has decided.
        await client.messageMatching((m) => m.method === 'workspace/configuration');
        const registered = client.requests.filter((r) => r.method === 'client/registerCapability');
        if (dynamicRegistration) assert.equal(registered.length, 1, 'registers when offered');
        else assert.deepEqual(registered, [], 'no client/registerCapability without dynamic registration');
      } finally {
        await client.stop();
      }
    }
  });

  const nameList = cursor('action = query\nlist = allimages\nai¦\n');
  async function names(options: unknown, capabilities: object = {}): Promise<CompletionItem[]> {
    const client = new LspClient();
    try {
      await client.initialize(options, capabilities, NEOVIM);
      await client.open('file:///c/names.wikiq', nameList.text);
      return (await client.completion('file:///c/names.wikiq', nameList.line, nameList.character)).items;
    } finally {
      await client.stop();
    }
  }

  it('carries editor.action.triggerSuggest only for a client that asks for it', TIMEOUT, async () => {
    const plain = await names({});
    assert.ok(plain.length > 10);
    assert.deepEqual(plain.filter((i) => i.command), [], 'no item carries a command');
    const asked = await names({ triggerSuggest: true });
    assert.ok(asked.some((i) => i.label === 'ailimit' && i.command?.command === 'editor.action.triggerSuggest'));
  });

  it('puts documentation inline when the client does not resolve items', TIMEOUT, async () => {
    const inline = await names({});
    const limit = inline.find((i) => i.label === 'ailimit');
    assert.match(JSON.stringify(limit?.documentation ?? ''), /ailimit/);
    assert.ok(inline.every((i) => i.documentation), 'every name has its documentation');
    const lazy = await names({}, { textDocument: { completion: { completionItem: { resolveSupport: { properties: ['documentation', 'detail'] } } } } });
    assert.equal(lazy.find((i) => i.label === 'ailimit')?.documentation, undefined, 'resolved later by a client that resolves');
  });
});

describe('the default catalogue cache', () => {
  let wiki: FakeWiki;
  let home: string;
  before(async () => {
    wiki = await startFakeWiki();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-home-'));
  });
  after(async () => {
    await wiki.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  for (const [what, wikiPath, env] of [
    ['$XDG_CACHE_HOME/wikiq/catalogues', '/xdg/api.php', () => ({ XDG_CACHE_HOME: path.join(home, 'xdg') })],
    ['~/.cache/wikiq/catalogues', '/home/api.php', () => ({ XDG_CACHE_HOME: '' })],
  ] as Array<[string, string, () => NodeJS.ProcessEnv]>) {
    it(`without --cache-dir, a fresh server reuses the catalogue cached in ${what}: no paraminfo request`, TIMEOUT, async () => {
      const endpoint = `${wiki.base}${wikiPath}`;
      const environment = { ...process.env, HOME: home, ...env() };
      const uri = 'file:///c/cached.wikiq';
      const text = `@endpoint = ${endpoint}\naction = query\nlist = fakelist\nfllimit = 5\n`;
      const first = new LspClient([], environment);
      try {
        await first.initialize({}, {}, NEOVIM);
        await first.open(uri, text);
        assert.equal((await settled(first, endpoint)).source, 'live');
      } finally {
        await first.stop();
      }
      const asked = wiki.count(wikiPath, 'paraminfo');
      assert.ok(fs.readdirSync(path.join(env().XDG_CACHE_HOME || path.join(home, '.cache'), 'wikiq', 'catalogues')).length > 0, `a cache file in ${what}`);
      assert.ok(asked > 0);
      const second = new LspClient([], environment);
      try {
        await second.initialize({}, {}, NEOVIM);
        const diagnostics = await second.open(uri, text);
        assert.deepEqual(diagnostics.map((d) => d.message), [], 'the wiki\'s own list module is known at once');
        assert.equal((await second.conn.sendRequest(CatalogueInfoRequest, { uri })).source, 'cached');
        assert.equal(wiki.count(wikiPath, 'paraminfo'), asked, 'no paraminfo request');
      } finally {
        await second.stop();
      }
    });
  }
});

describe('the first completion or hover on a wiki not yet cached', () => {
  let wiki: FakeWiki;
  before(async () => {
    wiki = await startFakeWiki();
  });
  after(() => wiki.close());

  /** The request at the cursor, on `wikiPath` of the local wiki (each path a wiki of its own). */
  const onWiki = (wikiPath: string, body: string) => cursor(`@endpoint = ${wiki.base}${wikiPath}\naction = query\nlist = fakelist\n${body}`);
  /** A fresh server (an empty cache), the request at the cursor opened in it, then `f`. */
  async function opened(uri: string, at: { text: string }, f: (client: LspClient) => Promise<void>): Promise<void> {
    const client = new LspClient();
    try {
      await client.initialize({}, {}, NEOVIM);
      await client.open(uri, at.text);
      await f(client);
    } finally {
      await client.stop();
    }
  }

  it('completion asked at once waits for the wiki\'s own catalogue: a parameter only that wiki has is offered', TIMEOUT, async () => {
    const at = onWiki('/first/api.php', 'fl¦\n');
    await opened('file:///c/first.wikiq', at, async (client) => {
      const list = await client.completion('file:///c/first.wikiq', at.line, at.character);
      assert.ok(list.items.some((i) => i.label === 'fllimit'), `the wiki's own parameter: ${list.items.map((i) => i.label).join(', ')}`);
      assert.equal(list.isIncomplete, false, 'the answer is final');
      assert.ok(wiki.count('/first/api.php', 'paraminfo') > 0);
    });
  });

  it('hover asked at once waits for the wiki\'s own catalogue', TIMEOUT, async () => {
    const at = onWiki('/hover/api.php', 'fl¦limit = 5\n');
    await opened('file:///c/hover.wikiq', at, async (client) => {
      const hover = await client.hover('file:///c/hover.wikiq', at.line, at.character);
      assert.match(JSON.stringify(hover?.contents ?? ''), /How many to list/);
    });
  });

  it('a wiki slower than the wait: completion answers from what it has with isIncomplete, then the wiki\'s own once it arrives', TIMEOUT, async () => {
    const at = onWiki('/slow/api.php', 'fl¦\n');
    await opened('file:///c/slow.wikiq', at, async (client) => {
      const first = await client.completion('file:///c/slow.wikiq', at.line, at.character);
      assert.equal(first.isIncomplete, true, 'the editor is told to ask again');
      assert.ok(!first.items.some((i) => i.label === 'fllimit'), 'not yet the wiki\'s own');
      wiki.release();
      assert.equal((await settled(client, `${wiki.base}/slow/api.php`)).source, 'live');
      const again = await client.completion('file:///c/slow.wikiq', at.line, at.character);
      assert.equal(again.isIncomplete, false);
      assert.ok(again.items.some((i) => i.label === 'fllimit'));
    });
  });
});
