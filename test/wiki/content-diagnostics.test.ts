/**
 * Content diagnostics (#31) against the real test wiki: over LSP stdio, each content diagnostic
 * and its quick fix, the file's titles asked in one request, a hover afterwards served from the
 * cache, the same text validated again keeping them (no flicker), ten quick edits keeping them on
 * their lines in every publication until the next content pass (#40), nothing sent with
 * `wikiq.contentLookups` off or from an untrusted workspace; and
 * `wikiq check --content` as a real process (its findings, its exit status, nothing asked without it).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient } from '../lsp/lspClient';
import { settled } from '../lsp/status';
import { SEED, TestWiki, pageTitle, startWiki } from './harness';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');
const CONTENT_CODES = new Set(['missing-page', 'empty-category', 'unregistered-user', 'normalised-name', 'unfollowed-redirect']);
const H = 4;
const I = 3;

const BODY = [
  '### Titles',
  'action = query',
  `titles = ${pageTitle(2)}|No such page at all|apple_page_0|Redirect 0`,
  '### Redirects followed',
  'action = query',
  'titles = Redirect 1',
  'redirects = 1',
  '### Categories',
  'action = query',
  'list = categorymembers',
  `cmtitle = Category:${SEED.categories[0]}`,
  '### No such category',
  'action = query',
  'list = categorymembers',
  'cmtitle = Category:Physicist',
  '### A category page without members',
  'action = query',
  'list = categorymembers',
  `cmtitle = Category:${SEED.emptyCategory}`,
  '### Members without a category page',
  'action = query',
  'list = categorymembers',
  `cmtitle = Category:${SEED.unpagedCategory}`,
  '### A category redirect',
  'action = query',
  'list = categorymembers',
  `cmtitle = Category:${SEED.categoryRedirect.from}`,
  '### Users',
  'action = query',
  'list = users',
  `ususers = ${SEED.users[0]}|${SEED.users[1].toLowerCase()}|Nobody here`,
  '',
].join('\n');

/** Every content diagnostic the body gets: code, text, severity, the quick fix's text. */
const EXPECTED: Array<[string, string, number, string | undefined]> = [
  ['missing-page', 'No such page at all', H, undefined],
  ['normalised-name', 'apple_page_0', H, pageTitle(0)],
  ['unfollowed-redirect', 'Redirect 0', I, pageTitle(0)],
  ['empty-category', 'Category:Physicist', I, undefined],
  ['empty-category', `Category:${SEED.emptyCategory}`, I, undefined],
  ['unfollowed-redirect', `Category:${SEED.categoryRedirect.from}`, I, `Category:${SEED.categoryRedirect.to}`],
  ['normalised-name', SEED.users[1].toLowerCase(), H, SEED.users[1]],
  ['unregistered-user', 'Nobody here', I, undefined],
];

describe('content diagnostics against the real wiki', () => {
  let wiki: TestWiki;
  let dir: string;
  before(async () => {
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-content-diag-'));
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const text = () => `@endpoint = ${wiki.endpoint}\n${BODY}`;
  /** The facts requests the wiki received: `titles=…` with categoryinfo, or `list=users`, decoded. */
  const factRequests = () => wiki.requestLog().filter((u) => u.startsWith('/api.php?') && /[?&](list=users|prop=info\|categoryinfo\|revisions\|imageinfo)(&|$)/.test(u)).map((u) => new URL(u, wiki.base).searchParams);
  const isContent = (d: Diagnostic) => CONTENT_CODES.has(String(d.code));

  it('over LSP: each diagnostic, hints and information only, with its quick fix; one request per kind; a hover after it from the cache', async () => {
    const client = new LspClient(['--cache-dir', path.join(dir, 'cache')]);
    try {
      await client.initialize({});
      const uri = 'file:///content/diag.wikiq';
      const seen = factRequests().length;
      await client.open(uri, text());
      const diags = await client.diagnosticsMatching(uri, (ds) => ds.some(isContent));
      const lines = text().split('\n');
      const at = (d: Diagnostic) => lines[d.range.start.line].slice(d.range.start.character, d.range.end.character);
      const content = diags.filter(isContent);
      assert.deepEqual(content.map((d) => [d.code, at(d), d.severity]).sort(), EXPECTED.map(([c, t, s]) => [c, t, s]).sort(), JSON.stringify(content.map((d) => d.message), null, 1));
      for (const d of diags) assert.ok(!isContent(d) || d.severity === H || d.severity === I);
      for (const [code, target, , fix] of EXPECTED) {
        const d = content.find((x) => x.code === code && at(x) === target)!;
        const actions = await client.conn.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
        assert.deepEqual(actions.map((a) => a.edit?.changes?.[uri]?.[0].newText), fix === undefined ? [] : [fix], `${code} on ${target}`);
      }
      // One request per kind for the whole file (titles, categories, users), whatever the catalogue's arrival made validate again.
      await settled(client, wiki.endpoint);
      const sent = factRequests().slice(seen);
      assert.deepEqual(sent.map((p) => (p.get('titles') ?? `users: ${p.get('ususers')}`)).sort(), [
        `Category:${SEED.categories[0]}|Category:Physicist|Category:${SEED.emptyCategory}|Category:${SEED.unpagedCategory}|Category:${SEED.categoryRedirect.from}`,
        `${pageTitle(2)}|No such page at all|apple_page_0|Redirect 0|Redirect 1`,
        `users: ${SEED.users[0]}|${SEED.users[1].toLowerCase()}|Nobody here`,
      ]);
      const hover = await client.hover(uri, 3, lines[3].indexOf('No such') + 3);
      assert.match((hover?.contents as { value?: string } | undefined)?.value ?? '', /does not exist/);
      assert.equal(factRequests().length, seen + sent.length, 'the hover is served from the cache');
    } finally {
      await client.stop();
    }
  });

  it('over LSP: the same text validated again (a change that changes nothing, a catalogue arriving) keeps its content diagnostics in the plain diagnostics\' publication', async () => {
    const client = new LspClient(['--cache-dir', path.join(dir, 'cache')]);
    try {
      await client.initialize({});
      const uri = 'file:///content/kept.wikiq';
      await client.open(uri, text());
      const first = (await client.diagnosticsMatching(uri, (ds) => ds.some(isContent))).filter(isContent);
      // The first publication for the new version: the editor shows it until the content pass answers again.
      const again = await client.change(uri, text());
      assert.deepEqual(again.filter(isContent), first, 'the content diagnostics went away until the wiki was asked again');
    } finally {
      await client.stop();
    }
  });

  it('over LSP: ten quick edits (lines added and removed above, spaces typed before a value, text typed elsewhere): every publication after the first content pass holds both findings, on their lines', async () => {
    const client = new LspClient(['--cache-dir', path.join(dir, 'cache')]);
    try {
      await client.initialize({});
      const uri = 'file:///content/typing.wikiq';
      let doc = [`@endpoint = ${wiki.endpoint}`, '### Missing', 'action = query', 'titles = No such page at all', '### Empty', 'action = query', 'list = categorymembers', `cmtitle = Category:${SEED.emptyCategory}`, ''].join('\n');
      const texts = new Map<number, string>([[1, doc]]);
      await client.open(uri, doc);
      await client.diagnosticsMatching(uri, (ds) => ds.filter(isContent).length === 2);
      const from = client.published.length - 1;
      const lineOf = (start: string) => doc.split('\n').findIndex((l) => l.startsWith(start));
      /** Each edit: [line, start character, end character, new text], on the text as it then is. */
      const edits: Array<() => [number, number, number, string]> = [
        () => [1, 0, 0, '# one\n'],
        () => [lineOf('titles'), 6, 6, ' '],
        () => [lineOf('### Empty'), 9, 9, ' x'],
        () => [lineOf('cmtitle'), 0, 0, '# two\n'],
        () => [lineOf('titles'), 7, 7, ' '],
        () => [1, 0, 0, '# three\n# four\n'],
        () => [lineOf('# one'), 0, 6, ''],
        () => [lineOf('action'), 14, 14, '\n# five'],
        () => [lineOf('cmtitle'), 7, 7, '  '],
        () => [lineOf('# three'), 0, 8, ''],
      ];
      for (const [i, edit] of edits.entries()) {
        const [line, a, b, text] = edit();
        const lines = doc.split('\n');
        lines[line] = lines[line].slice(0, a) + text + lines[line].slice(b);
        doc = lines.join('\n');
        const version = i + 2;
        texts.set(version, doc);
        const published = client.nextDiagnostics(uri, version);
        client.edit(uri, [{ range: { start: { line, character: a }, end: { line, character: b } }, text }], version);
        await published;
      }
      // The next content pass: a second publication of the last version.
      const last = edits.length + 1;
      while (client.published.filter((p) => p.uri === uri && p.version === last).length < 2) await client.nextDiagnostics(uri, last);
      const seen = client.published.slice(from).filter((p) => p.uri === uri);
      assert.ok(seen.length >= edits.length + 2, `${seen.length} publications`);
      for (const p of seen) {
        const lines = texts.get(p.version!)!.split('\n');
        const found = p.diagnostics.filter(isContent).map((d) => [d.code, d.range.start.line, lines[d.range.start.line].slice(d.range.start.character, d.range.end.character)]);
        const titles = lines.findIndex((l) => l.startsWith('titles'));
        const cmtitle = lines.findIndex((l) => l.startsWith('cmtitle'));
        assert.deepEqual(found.sort(), [['empty-category', cmtitle, `Category:${SEED.emptyCategory}`], ['missing-page', titles, 'No such page at all']], `version ${p.version}`);
      }
    } finally {
      await client.stop();
    }
  });

  const quiet: Array<[string, unknown]> = [
    ['with wikiq.contentLookups off', { environment: { trusted: true, contentLookups: false } }],
    ['from an untrusted workspace', { environment: { trusted: false } }],
  ];
  for (const [name, init] of quiet) {
    it(`sends nothing ${name}`, { timeout: 60_000 }, async () => {
      const client = new LspClient(['--cache-dir', path.join(dir, 'cache'), '--log-timing']);
      try {
        await client.initialize(init);
        const before = factRequests().length;
        const uri = 'file:///content/quiet.wikiq';
        const diags = await client.open(uri, text());
        assert.deepEqual(diags.filter(isContent), []);
        // The server says it left the pass out (a pass started instead would never say so: the test then fails by its timeout).
        await client.messageMatching((m) => ((m.params as { message?: string } | undefined)?.message ?? '').startsWith(`wikiq: no content pass for ${uri}`));
        await client.hover(uri, 3, 12);
        assert.equal(factRequests().length, before, 'no facts request reached the wiki');
        assert.equal(wiki.requestLog().filter((u) => /[?&](list=users|prop=info\|categoryinfo\|revisions\|imageinfo)/.test(u)).length, before);
      } finally {
        await client.stop();
      }
    });
  }

  /** The CLI as CI runs it. */
  const check = (args: string[]) => new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [CLI, 'check', ...args], { cwd: dir, env: { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache-home'), WIKIQ_USER: '', WIKIQ_PASSWORD: '', WIKIQ_TOKEN: '', WIKIQ_CREDENTIALS: path.join(dir, 'none.json') } }, (e, out, err) => {
      resolve({ code: e ? Number((e as { code?: number }).code) : 0, out, err });
    });
  });

  it('wikiq check --content: the same findings, as hints and information, exit 0 even with --strict; without --content nothing is asked', async () => {
    fs.writeFileSync(path.join(dir, 'c.wikiq'), text());
    const before = factRequests().length;
    const plain = await check(['c.wikiq', '--strict']);
    assert.equal(plain.code, 0, plain.out + plain.err);
    assert.doesNotMatch(plain.out, /missing-page|empty-category|unregistered-user|normalised-name|unfollowed-redirect/);
    assert.equal(factRequests().length, before, 'nothing looked up without --content');
    const r = await check(['c.wikiq', '--content', '--strict']);
    assert.equal(r.code, 0, r.out + r.err);
    const found = r.out.split('\n').flatMap((l) => {
      const m = /^c\.wikiq:(\d+):(\d+) (\w+) (\S+) /.exec(l);
      return m ? [[m[4], m[3]]] : [];
    });
    assert.deepEqual(found.sort(), EXPECTED.map(([c, , s]) => [c, s === H ? 'hint' : 'info']).sort());
    assert.match(r.out, /^1 file: 0 errors, 0 warnings, 8 info$/m);
    assert.equal(factRequests().length - before, 3, 'one request per kind');
    const sarif = JSON.parse((await check(['c.wikiq', '--content', '--format', 'sarif'])).out);
    assert.deepEqual([...new Set(sarif.runs[0].results.map((x: { level: string }) => x.level))], ['note']);
  });
});
