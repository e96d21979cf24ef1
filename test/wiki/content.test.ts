/**
 * Value completion and hover facts from the wiki's content (#31) against the real test wiki, over
 * stdio: titles, a category for cmtitle (with `Category:`), a user; facts on hover; typing quickly cancels the older lookups and
 * a repeat is served from the cache; nothing is sent with `wikiq.contentLookups` off or from an
 * untrusted workspace.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { LspClient, cursor } from '../lsp/lspClient';
import { settled } from '../lsp/status';
import { SEED, TestWiki, fileName, pageTitle, startWiki } from './harness';

const CONTENT = /[?&](generator=prefixsearch|generator=allpages|list=allusers|list=allcategories|list=allimages)(&|$)/;

/** The content lookups the server logged (`--log-timing`) since notification `seen`, by when they ended. */
function lookups(client: LspClient, seen: number): Array<{ status: string; from: number; to: number }> {
  return client.notifications.slice(seen).flatMap((n) => {
    const m = /^wikiq: content lookup (\S+) from (\d+) to (\d+)/.exec((n.params as { message?: string } | undefined)?.message ?? '');
    return m ? [{ status: m[1], from: Number(m[2]), to: Number(m[3]) }] : [];
  }).sort((a, b) => a.to - b.to);
}

describe('value completion from the wiki\'s content', () => {
  let wiki: TestWiki;
  let cacheDir: string;
  before(async () => {
    wiki = await startWiki();
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-content-'));
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const contentRequests = () => wiki.apiRequestCount((u) => CONTENT.test(u));
  const contentFacts = () => wiki.apiRequestCount((u) => /[?&](list=users|prop=info\|categoryinfo\|revisions\|imageinfo)(&|$)/.test(u));
  const doc = (body: string) => `@endpoint = ${wiki.endpoint}\n${body}`;

  /** A client with the wiki's catalogue loaded and `body` open; `complete(input)` completes at its ¦. */
  async function session(init: unknown = {}) {
    const client = new LspClient(['--cache-dir', cacheDir, '--log-timing']);
    await client.initialize(init);
    const uri = 'file:///content/a.wikiq';
    await client.open(uri, doc('action = query\n'));
    await settled(client, wiki.endpoint);
    const complete = async (input: string): Promise<CompletionList> => {
      const c = cursor(doc(input));
      await client.change(uri, c.text);
      return client.completion(uri, c.line, c.character);
    };
    return { client, uri, complete };
  }

  const cases: Array<[string, string, string, RegExp]> = [
    ['titles', `action = query\ntitles = Main Page|${pageTitle(2)}¦`, pageTitle(2), /^page/],
    ['a category for cmtitle, with Category:', `action = query\nlist = categorymembers\ncmtitle = ${SEED.categories[0].slice(0, 2)}¦`, `Category:${SEED.categories[0]}`, /^category, \d+ members?$/],
    ['a file for aifrom (no File:)', `action = query\nlist = allimages\naifrom = ${fileName(1).slice(0, 8)}¦`, fileName(1), /^file, \d+(\.\d)? (B|KiB)$/],
    ['a template for tltemplates, with Template:', `action = query\nprop = templates\ntitles = Main Page\ntltemplates = ${SEED.template.slice(0, 5)}¦`, `Template:${SEED.template}`, /^page/],
    ['a user for leuser', `action = query\nlist = logevents\nleuser = ${SEED.users[0].slice(0, 3)}¦`, SEED.users[0], /^user, \d+ edits?$/],
  ];
  // One session (its catalogue fetched once, cold): a warm start sends no status to wait for.
  let s: Awaited<ReturnType<typeof session>>;
  before(async () => {
    s = await session();
  });
  after(() => s?.client.stop());
  for (const [name, input, label, detail] of cases) {
    it(`completes ${name} from the wiki`, async () => {
      const list = await s.complete(input);
      const item = list.items.find((i) => i.label === label);
      assert.ok(item, `${label} among ${list.items.map((i) => i.label).join(', ')}`);
      assert.match(item.detail ?? '', detail);
      assert.equal(list.isIncomplete, false);
    });
  }

  const hovers: Array<[string, string, RegExp[]]> = [
    ['a category\'s member counts (cmtitle, Category: added)', `action = query\nlist = categorymembers\ncmtitle = ${SEED.categories[0]}¦`, [/\*\*Category:Fruit\*\*/, /Members: [1-9]\d* pages, \d+ files, \d+ subcategories/]],
    ['a redirect and its target', 'action = query\ntitles = Main Page|Redirect 0¦', [/the page exists/, new RegExp(`A redirect to ${pageTitle(0)}`)]],
    ['a page\'s size and last edit', `action = query\ntitles = ${pageTitle(2)}¦`, [/the page exists/, /\d+(\.\d)? (B|KiB), last edited \d{4}\\-\d\d\\-\d\d by \S+/]],
    ['a file\'s dimensions, size and uploader', 'action = query\ntitles = File:Banana 001.png¦', [/the page exists/, /File: \d+ × \d+ px, \d+(\.\d)? (B|KiB), uploaded by \S+/]],
    ['a missing page', 'action = query\ntitles = No such page at all¦', [/the page does not exist/]],
    ['a registered user, edit count and groups', `action = query\nlist = logevents\nleuser = ${SEED.sysop}¦`, [/a registered user/, /[1-9]\d* edits?/, /Groups: .*sysop/]],
    ['a user that is not registered', 'action = query\nlist = logevents\nleuser = Nobody here¦', [/no such user/]],
  ];
  /** Facts requests that asked about `value` (alone, as a hover asks, or in a content diagnostics' batch). */
  const factsAbout = (value: string) => wiki.requestLog().filter((u) => /[?&](list=users|prop=info\|categoryinfo\|revisions\|imageinfo)(&|$)/.test(u)).filter((u) => {
    const q = new URL(u, wiki.base).searchParams;
    return (q.get('titles') ?? q.get('ususers') ?? '').split('|').some((n) => n === value || n === `Category:${value}`);
  }).length;
  for (const [name, input, expected] of hovers) {
    it(`hover: ${name}, one request`, async () => {
      const c = cursor(doc(input));
      const value = /= (?:.*\|)?([^|¦\n]*)¦/.exec(input)![1];
      const before = factsAbout(value);
      await s.client.change(s.uri, c.text);
      const h = await s.client.hover(s.uri, c.line, Math.max(0, c.character - 1));
      const text = (h?.contents as { value?: string } | undefined)?.value ?? '';
      for (const r of expected) assert.match(text, r);
      // Asked once, by the hover or by the content diagnostics of the edit (whichever came first; the other waits for it or reads the cache).
      assert.equal(factsAbout(value) - before, 1, value);
      await s.client.hover(s.uri, c.line, Math.max(0, c.character - 1));
      assert.equal(factsAbout(value) - before, 1, 'a second hover is served from the cache');
    });
  }

  it('Refresh catalogue forgets the wiki\'s answers: the same completion asks again', async () => {
    const input = `action = query\nlist = logevents\nleuser = ${SEED.users[1]}¦`;
    await s.complete(input);
    const cached = contentRequests();
    await s.complete(input);
    assert.equal(contentRequests(), cached, 'served from the cache');
    await s.client.conn.sendRequest('wikiq/refreshCatalogue', { endpoint: wiki.endpoint });
    const again = await s.complete(input);
    assert.ok(again.items.some((i) => i.label === SEED.users[1]));
    assert.equal(contentRequests(), cached + 1, 'asked the wiki again');
  });

  // With the client cancelling each older completion (LSP cancellation aborts its lookup), and
  // without (the newer lookup aborts the older one of the same wiki).
  for (const [i, cancel] of [[4, true], [5, false]] as const) {
    it(`typing ten characters quickly${cancel ? ', each older completion cancelled' : ''}: at most one lookup in flight, a repeat served from the cache`, async () => {
      const { client, uri } = s;
      const title = pageTitle(i);
      assert.ok(title.length >= 10);
      const before = contentRequests();
      const seen = client.notifications.length;
      const sources: CancellationTokenSource[] = [];
      const answers: Array<Promise<CompletionList | undefined>> = [];
      for (let n = 1; n <= 10; n++) {
        if (cancel) sources.at(-1)?.cancel();
        const c = cursor(doc(`action = query\ntitles = ${title.slice(0, n)}¦`));
        void client.change(uri, c.text);
        const s = new CancellationTokenSource();
        sources.push(s);
        answers.push(client.conn.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: c.line, character: c.character } }, s.token).catch(() => undefined));
      }
      const settledAnswers = await Promise.all(answers);
      const last = settledAnswers.at(-1);
      // The server's exchanges (`--log-timing`): never two at once; each older one aborted (on
      // the wire: an error) or never sent, so fewer than ten answered.
      const exchanges = lookups(client, seen);
      assert.ok(exchanges.length >= 1 && contentRequests() - before >= 1);
      for (let k = 1; k < exchanges.length; k++) assert.ok(exchanges[k].from >= exchanges[k - 1].to, `overlapping lookups: ${JSON.stringify(exchanges)}`);
      assert.ok(exchanges.filter((e) => e.status === '200').length < 10, `older lookups cancelled: ${JSON.stringify(exchanges)}`);
      // The last one may have answered before its lookup ended (isIncomplete); asked again, it is answered.
      const c = cursor(doc(`action = query\ntitles = ${title.slice(0, 10)}¦`));
      const again = last?.isIncomplete === false ? last : await client.completion(uri, c.line, c.character);
      assert.ok(again.items.some((i) => i.label === title), again.items.map((i) => i.label).join(', '));
      const cached = contentRequests();
      const repeat = await client.completion(uri, c.line, c.character);
      assert.ok(repeat.items.some((i) => i.label === title));
      assert.equal(contentRequests(), cached, 'the repeat is served from the cache');
    });
  }

  const quiet: Array<[string, unknown]> = [
    ['with wikiq.contentLookups off', { environment: { trusted: true, contentLookups: false } }],
    ['from an untrusted workspace', { environment: { trusted: false } }],
  ];
  for (const [name, init] of quiet) {
    it(`sends nothing ${name}`, async () => {
      const client = new LspClient(['--cache-dir', cacheDir]);
      try {
        await client.initialize(init);
        const uri = 'file:///content/quiet.wikiq';
        const before = contentRequests();
        const c = cursor(doc(`action = query\ntitles = ${pageTitle(2)}¦`));
        await client.open(uri, c.text);
        const list = await client.completion(uri, c.line, c.character);
        assert.ok(!list.items.some((i) => i.label === pageTitle(2)));
        const u = cursor(doc('action = query\nlist = logevents\nleuser = A¦'));
        await client.change(uri, u.text);
        await client.completion(uri, u.line, u.character);
        const facts = contentFacts();
        const h = await client.hover(uri, u.line, u.character - 1);
        assert.doesNotMatch((h?.contents as { value?: string } | undefined)?.value ?? '', /registered user|no such user/);
        assert.equal(contentRequests(), before, 'no content request reached the wiki');
        assert.equal(contentFacts(), facts, 'no facts request reached the wiki');
      } finally {
        await client.stop();
      }
    });
  }
});
