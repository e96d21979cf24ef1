/**
 * Copy as code's text as data: each case is a request (a .wikiq file) and the options of the copy;
 * the program for each language is compared with its fixture in test/fixtures/codegen/
 * (`CASE.LANG.EXT`). Whether the programs run and give wikiq's records is test/wiki/codegen.test.ts.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { chunkingFor, codeRefusal, continues, generateCode, type CodeLanguage, type CodeOptions } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { phpQuoted, quoted } from '../../core/src/codegen/literals';
import { pyPieces } from '../../core/src/codegen/pythonParts';
import { resolveRequest } from '../../engine/src';
import { main, type Io } from '../../cli/src/cli';

const FIXTURES = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'codegen');
const EXT: Record<Exclude<CodeLanguage, 'url' | 'curl'>, string> = { python: 'py', mwclient: 'mwclient.py', php: 'php', mwn: 'mwn.js', mwapi: 'mwapi.js' };
const TITLES = Array.from({ length: 60 }, (_, i) => `Page ${i}`);

interface Case {
  name: string;
  file: string;
  options: CodeOptions;
}

// As Copy as code resolves: a write is kept (its program fetches its own token), a file's token is still refused.
const resolve = (file: string) => resolveRequest(`@endpoint = https://wiki.example.org/w/api.php\n### R\n${file}`, { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview' });

const CASES: Case[] = [
  { name: 'generator', file: 'action = query\ngenerator = allpages\ngaplimit = 10\nprop = categories|images\nredirects\n', options: {} },
  { name: 'batch', file: 'action = query\nlist = allimages\naiprop = size|user\n', options: { batchOnly: true } },
  { name: 'paraminfo', file: 'action = paraminfo\nmodules = query+info\n', options: {} },
  { name: 'titles-signed-in', file: `action = query\nprop = info\ntitles = ${TITLES.join('|')}\n`, options: { signedIn: true } },
  // A write: signed in although the copy was not (a write always is), its own token, one POST.
  { name: 'edit', file: 'action = edit\ntitle = Sandbox\nappendtext = One line\nsummary = From wikiq\n', options: {} },
  { name: 'move', file: 'action = move\nfrom = Old\nto = New\nreason = Tidy\nassert = bot\n', options: { signedIn: true } },
];

/** The program for a case in `lang`, chunked as the CLI and the editor chunk it. */
function generate(c: Case, lang: CodeLanguage): string {
  const r = resolve(c.file);
  return generateCode(r, lang, { ...c.options, chunking: chunkingFor(bundledCatalogue(), r.modules, r.params) });
}

function check(c: Case, lang: Exclude<CodeLanguage, 'url' | 'curl'>): void {
  const file = path.join(FIXTURES, `${c.name}.${EXT[lang]}`);
  assert.equal(generate(c, lang), fs.readFileSync(file, 'utf8'), `${path.basename(file)} (the fixture is the expected program)`);
}

describe('Copy as code: the generated programs', () => {
  for (const c of CASES) {
    for (const lang of Object.keys(EXT) as Array<keyof typeof EXT>) it(`${c.name} in ${lang}`, () => check(c, lang));
  }
  it('signs in from the environment and never holds a secret', () => {
    for (const lang of Object.keys(EXT) as Array<keyof typeof EXT>) {
      const code = generate(CASES[3], lang);
      if (lang !== 'mwapi') assert.match(code, /WIKIQ_PASSWORD/, lang);
      assert.match(code, /assert/, `${lang}: asserts the user`);
      assert.doesNotMatch(code, /lgpassword'?\s*[:=]>?\s*'[^']/, `${lang}: no password literal`);
    }
  });
  it('sends 60 titles in chunks of 50, and one chunk for this batch only', () => {
    assert.match(generate(CASES[3], 'python'), /^BATCH_SIZE = 50$/m);
    const first = generate({ ...CASES[3], options: { batchOnly: true } }, 'python');
    assert.match(first, /'titles': \(\n {8}'Page 0\|Page 1\|[^\n]*\|'\n[\s\S]*\n {8}'Page 49'\n {4}\),/, 'over lines of their own (PEP 8)');
    assert.doesNotMatch(first, /BATCH_SIZE|Page 50/);
  });
  it('a write says it writes unpreviewed, signs in, fetches its own token asserted, refuses the anonymous one, and holds no token', () => {
    for (const lang of Object.keys(EXT) as Array<keyof typeof EXT>) {
      const code = generate(CASES[4], lang);
      // Words of a comment wrapped over lines (`// ` or a docstring's).
      assert.match(code, /WRITES[\s/]+to[\s/]+the[\s/]+wiki[\s\S]*no[\s/]+preview[\s/]+and[\s/]+no[\s/]+conflict[\s/]+check[\s\S]*wikiq[\s/]+run[\s/]+FILE/, `${lang}: the warning`);
      assert.match(code, lang === 'mwapi' ? /postWithToken\('csrf', params\)/ : /'tokens'[\s\S]*'csrf'[\s\S]*'?assert'?\W+'user'/, `${lang}: its own csrf token, asserted`);
      if (lang !== 'mwapi') assert.match(code, /WIKIQ_PASSWORD/, `${lang}: signs in`);
      if (lang !== 'mwapi') assert.match(code, /'\+\\\\'/, `${lang}: refuses the anonymous token`);
      assert.doesNotMatch(code, /token'?\s*[:=]>?\s*'[0-9a-f]/, `${lang}: no token literal`);
    }
    assert.match(generate(CASES[5], 'python'), /'assert': 'bot', 'format'/, 'the token fetch asserts what the file asserts');
  });
  it('refuses a write as curl or a URL, and an upload in every language, saying why', () => {
    const edit = resolve(CASES[4].file);
    assert.throws(() => generateCode(edit, 'curl'), /edit writes to the wiki: it is not copied as a curl command, which cannot sign in, fetch its own csrf token and POST/);
    assert.throws(() => generateCode(edit, 'url'), /not copied as a URL[\s\S]*Copy it as a program/);
    assert.equal(codeRefusal(edit, 'python'), undefined);
    assert.match(codeRefusal(resolve('action = upload\nfilename = A.png\nurl = https://example.org/a.png\n'), 'python') ?? '', /upload is not copied as code: wikiq does not send uploads/);
    assert.throws(() => resolve('action = edit\ntitle = A\ntext = B\ntoken = 0123abcd+\\\n'), /'token' is a token: remove it/);
  });
  it('the URL and curl are the runner\'s URL (as Copy as URL and Copy as curl gave)', () => {
    const r = resolve('action = query\nlist = allimages\naifrom = B C\n');
    const url = 'https://wiki.example.org/w/api.php?action=query&list=allimages&aifrom=B%20C&format=json&formatversion=2&errorformat=plaintext';
    assert.equal(generateCode(r, 'url'), url);
    assert.equal(generateCode(r, 'curl', { userAgent: 'UA/1' }), `curl --compressed -H 'User-Agent: UA/1' '${url}'`);
    assert.equal(generateCode(r, 'curl', { userAgent: 'UA/1', credential: 'oauth' }), `curl -H "Authorization: Bearer $WIKIQ_TOKEN" --compressed -H 'User-Agent: UA/1' '${url}'`);
  });
});

describe('Copy as code: the examples of docs/copy-as-code.md', () => {
  it('are what wikiq writes for the page\'s request (this batch only)', () => {
    const section = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'copy-as-code.md'), 'utf8');
    const request = /```wikiq\n([\s\S]*?)```/.exec(section)![1];
    const shown = [...section.matchAll(/<summary>[^<]*<\/summary>\n\n```\w+\n([\s\S]*?)```/g)].map((m) => m[1]);
    const r = resolveRequest(request, { index: 0 }, { catalogue: bundledCatalogue() });
    assert.deepEqual(shown, (['python', 'mwclient', 'mwn', 'mwapi', 'php'] as const).map((lang) => generateCode(r, lang, { batchOnly: true })));
  });
});

describe('Copy as code: what the programs are made of', () => {
  const chunk = (file: string, high?: boolean) => {
    const r = resolve(file);
    const c = chunkingFor(bundledCatalogue(), r.modules, r.params, high);
    return c && { param: c.param, values: c.values.length, size: c.size };
  };
  it('chunks a multi-value parameter past its paraminfo limit: 50, or 500 with apihighlimits', () => {
    assert.deepEqual(chunk(`action = query\ntitles = ${TITLES.join('|')}`), { param: 'titles', values: 60, size: 50 });
    assert.equal(chunk(`action = query\ntitles = ${TITLES.join('|')}`, true), undefined);
    assert.equal(chunk(`action = query\ntitles = ${TITLES.slice(0, 50).join('|')}`), undefined);
    assert.deepEqual(chunk(`action = query\nlist = users\nususers = ${TITLES.join('|')}`), { param: 'ususers', values: 60, size: 50 });
  });
  it('loops over continuation for a list, a generator or props, not for paraminfo or meta', () => {
    assert.deepEqual(
      ['list=allpages', 'generator=allpages', 'prop=info', 'meta=siteinfo'].map((q) => continues({ action: 'query', [q.split('=')[0]]: q.split('=')[1] })),
      [true, true, true, false],
    );
    assert.equal(continues({ action: 'paraminfo', modules: 'query' }), false);
  });
  it('splits a long Python value in pieces of at most 79 columns, after a line\'s end, a | or a space', () => {
    const text = `First line of the page.\n${'word '.repeat(30)}\n${'x'.repeat(90)}`;
    const pieces = pyPieces(text, 71);
    assert.deepEqual(pieces.slice(0, 2), ["'First line of the page.\\n'", `'${'word '.repeat(13)}'`]);
    assert.ok(pieces.every((p) => p.length <= 71), pieces.join('\n'));
    assert.equal(pieces.map((p) => p.slice(1, -1)).join('').replace(/\\n/g, '\n'), text, 'the pieces join to the value');
  });
  it('writes strings each language reads back: quotes, backslashes, U+001F', () => {
    assert.equal(quoted("it's a\\b\u001fc\n"), "'it\\'s a\\\\b\\x1fc\\n'");
    assert.equal(phpQuoted("it's"), "'it\\'s'");
    assert.equal(phpQuoted('\u001fa|b$'), '"\\x1fa|b\\$"');
  });
});

describe('wikiq code', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-code-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'two.wikiq'), '@endpoint = https://wiki.example.org/w/api.php\n### One\naction = query\nlist = allpages\n### Two\naction = query\nmeta = siteinfo\n### Three\naction = edit\ntitle = Sandbox\nappendtext = B\n');
  /** The command line's exit status, stdout and stderr, with `env` set meanwhile. */
  const code = async (args: string[], env: Record<string, string> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd: dir };
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      const status = await main(['code', 'two.wikiq', ...args], io);
      return { status, out: out.join('\n'), err: err.join('\n') };
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };
  it('prints the request --request names in the language --lang names', async () => {
    assert.deepEqual(await code(['--lang', 'url', '--request', '2']), { status: 0, out: 'https://wiki.example.org/w/api.php?action=query&meta=siteinfo&format=json&formatversion=2&errorformat=plaintext', err: '' });
  });
  it('refuses a missing or unknown --lang, naming the languages', async () => {
    const none = await code([]);
    assert.equal(none.status, 1);
    assert.match(none.err, /needs --lang: mwn, mwapi, python, mwclient, php, curl, url\./);
    const cobol = await code(['--lang', 'cobol']);
    assert.equal(cobol.status, 1);
    assert.match(cobol.err, /--lang cobol: not a language wikiq writes/);
  });
  it('with credentials for the wiki, the program signs in from the environment and holds no secret', async () => {
    const r = await code(['--lang', 'python'], { WIKIQ_TOKEN: 'secret-token-1234' });
    assert.equal(r.status, 0, r.err);
    assert.match(r.out, /os\.environ\.get\('WIKIQ_TOKEN'\)/);
    assert.match(r.out, /'assert': 'user'/);
    assert.doesNotMatch(r.out, /secret-token/);
    assert.doesNotMatch((await code(['--lang', 'python'])).out, /sign_in|WIKIQ_/, 'anonymous without credentials');
  });
  it('copies a write as a program that signs in and fetches its own token, even without credentials; refuses it as curl', async () => {
    const py = await code(['--lang', 'python', '--request', '3']);
    assert.equal(py.status, 0, py.err);
    assert.match(py.out, /It WRITES\nto the wiki/);
    assert.match(py.out, /def sign_in[\s\S]*def fetch_token[\s\S]*session\.post\(API_URL/);
    const curl = await code(['--lang', 'curl', '--request', '3']);
    assert.deepEqual([curl.status, curl.out], [1, '']);
    assert.match(curl.err, /^wikiq: edit writes to the wiki: it is not copied as a curl command/);
  });
});
