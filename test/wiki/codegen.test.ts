/**
 * Copy as code against a real MediaWiki: for each language, `wikiq code` writes a program for seven
 * requests (a list; its first batch only; a generator with two props; paraminfo; a variable from an
 * environment; 120 titles, sent in chunks of 50; a signed-in request on the private wiki), the program RUNS on its
 * own runtime (Debian's Python with requests or mwclient, PHP with curl, Node with mwn, mw.Api in
 * a page of the wiki in chromium), and what it prints has the records `wikiq run --all --format
 * json` (without `--all` for one batch) gives for the same request (compared without order: the API's order is not the point).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeLanguage } from '../../core/src';
import { SEED, pageTitle, startWiki, type TestWiki } from './harness';
import { PRIVATE, startPrivateWiki } from './private';
import { ensureCodegenRuntimes } from './codegenRuntimes';
import { WikiBrowser, runProgram } from './codegenRun';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');
const LANGUAGES: CodeLanguage[] = ['python', 'mwclient', 'php', 'mwn', 'mwapi'];
const BOT = { WIKIQ_USER: PRIVATE.bot.login, WIKIQ_PASSWORD: PRIVATE.bot.botPassword };

/** 36 pages of the wiki and 84 that do not exist: 120 titles, more than the 50 the API takes. */
const TITLES = [...Array.from({ length: SEED.pages - 1 }, (_, i) => pageTitle(i)), ...Array.from({ length: 85 }, (_, i) => `No such page ${i}`)];

interface Case {
  name: string;
  /** The .wikiq file (`ENDPOINT` is replaced by the wiki's). */
  file: string;
  /** Extra flags for both `run` and `code`. */
  flags?: string[];
  private?: boolean;
  /** "This batch only" (`code --batch`), compared with `run` without `--all`. */
  batch?: boolean;
  /** Checks on the program's records beyond equality with wikiq's. */
  check: (records: string[]) => void;
}

const CASES: Case[] = [
  {
    name: 'a list (list=allimages, three batches)',
    file: 'ENDPOINT\n### Files\naction = query\nlist = allimages\nailimit = 50\naiprop = size|user\n',
    check: (r) => assert.equal(r.length, SEED.files),
  },
  {
    name: 'a generator with two props (categories and images, continued within generator batches)',
    file: 'ENDPOINT\n### Pages\naction = query\ngenerator = allpages\ngaplimit = 10\nprop = categories|images\ncllimit = 7\nimlimit = 7\n',
    check: (r) => assert.ok(r.filter((x) => x.includes('"categories"') && x.includes('"images"')).length >= SEED.pages - 2, 'pages with both their categories and images'),
  },
  {
    name: 'this batch only (--batch) of the list',
    file: 'ENDPOINT\n### Files\naction = query\nlist = allimages\nailimit = 50\n',
    batch: true,
    check: (r) => assert.equal(r.length, 50),
  },
  {
    name: 'paraminfo',
    file: 'ENDPOINT\n### Modules\naction = paraminfo\nmodules = query+allpages|query+info\n',
    check: (r) => assert.equal(r.length, 2),
  },
  {
    name: 'a variable and an environment (cmtitle = Category:{{category}}, the category from --env)',
    file: '@limit = 3\n### Fruit\naction = query\nlist = categorymembers\ncmtitle = Category:{{category}}\ncmlimit = {{limit}}\n',
    flags: ['--env', 'test', '--config', 'settings.json'],
    check: (r) => assert.ok(r.length > 3, `more than one batch of members (${r.length})`),
  },
  {
    name: '120 titles with prop=info, sent 50 at a time',
    file: `ENDPOINT\n### Many titles\naction = query\nprop = info\ntitles = ${TITLES.join('|')}\n`,
    check: (r) => assert.equal(r.length, TITLES.length),
  },
  {
    name: 'signed in on the private wiki (a bot password from WIKIQ_USER and WIKIQ_PASSWORD)',
    file: 'ENDPOINT\n### Private pages\naction = query\nlist = allpages\naplimit = 20\n',
    private: true,
    check: (r) => assert.ok(r.length > 20, `more than one batch of pages (${r.length})`),
  },
];

/** A value with its object keys sorted, its arrays in a fixed order and `{}` read as `[]` (PHP writes an empty object so). */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (v && typeof v === 'object') {
    const entries = Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1));
    return entries.length ? Object.fromEntries(entries.map(([k, x]) => [k, canonical(x)])) : [];
  }
  return v;
}

/** The records of a result: every element of every list of its action's member (pages, allimages, modules…), as canonical JSON, sorted. */
function records(result: unknown): string[] {
  const r = result as Record<string, unknown>;
  const body = (r.query ?? r.paraminfo) as Record<string, unknown> | undefined;
  assert.ok(body, `a query or paraminfo member in ${JSON.stringify(result).slice(0, 300)}`);
  return Object.entries(body)
    .filter(([, v]) => Array.isArray(v))
    .flatMap(([k, v]) => (v as unknown[]).map((x) => `${k} ${JSON.stringify(canonical(x))}`))
    .sort();
}

describe('Copy as code: each language\'s program, run against a real MediaWiki, gives the records wikiq run gives', () => {
  let wiki: TestWiki;
  let priv: TestWiki;
  let browser: WikiBrowser;
  let dir: string;
  const expected = new Map<Case, Promise<string[]>>();

  before(async () => {
    ensureCodegenRuntimes();
    [wiki, priv, browser] = await Promise.all([startWiki(), startPrivateWiki(), WikiBrowser.start()]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-codegen-wiki-'));
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ 'wikiq.environments': { test: { endpoint: wiki.endpoint, variables: { category: 'Fruit' } } } }));
  });
  after(async () => {
    await Promise.all([wiki?.stop(), priv?.stop(), browser?.close()]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const cli = (args: string[], secrets: Record<string, string>) => new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir, maxBuffer: 64 * 1024 * 1024, env: { PATH: process.env.PATH, HOME: dir, ...secrets } }, (e, out, err) => {
      if (e) reject(new Error(`wikiq ${args.join(' ')}: ${err || e.message}`));
      else resolve(out);
    });
  });

  /** The case's file in `dir` (its endpoint the wiki's): its name. */
  const fileOf = (c: Case, titles?: string[]): string => {
    const name = `${CASES.indexOf(c)}${titles ? `-${titles[0]}` : ''}.wikiq`;
    let text = c.file.replace('ENDPOINT', `@endpoint = ${(c.private ? priv : wiki).endpoint}`);
    if (titles) text = text.replace(/^titles = .*$/m, `titles = ${titles.join('|')}`);
    fs.writeFileSync(path.join(dir, name), text);
    return name;
  };

  /** wikiq's records: `run --all --format json`, once per chunk of 50 titles for the titles case (the runner of this branch sends them as written). */
  const wikiqRecords = (c: Case): Promise<string[]> => {
    const secrets: Record<string, string> = c.private ? BOT : {};
    const run = async (file: string) => records(JSON.parse(await cli(['run', file, ...(c.batch ? [] : ['--all']), '--format', 'json', ...(c.flags ?? [])], secrets)));
    if (!c.file.includes('titles = ')) return run(fileOf(c));
    const chunks = Array.from({ length: Math.ceil(TITLES.length / 50) }, (_, i) => TITLES.slice(i * 50, i * 50 + 50));
    return Promise.all(chunks.map((t) => run(fileOf(c, t)))).then((rs) => rs.flat().sort());
  };

  for (const c of CASES) {
    for (const lang of LANGUAGES) {
      it(`${lang}: ${c.name}`, async () => {
        const secrets: Record<string, string> = c.private ? BOT : {};
        const code = await cli(['code', fileOf(c), '--lang', lang, ...(c.batch ? ['--batch'] : []), ...(c.flags ?? [])], secrets);
        for (const secret of Object.values(secrets)) assert.ok(!code.includes(secret.slice(0, 12)), 'no secret in the code');
        const base = (c.private ? priv : wiki).base;
        const result = lang === 'mwapi'
          ? await browser.run(base, code, c.private ? { user: PRIVATE.bot.login, password: PRIVATE.bot.botPassword } : undefined)
          : await runProgram(lang, code, secrets);
        if (!expected.has(c)) expected.set(c, wikiqRecords(c));
        const want = await expected.get(c)!;
        const got = records(result);
        c.check(got);
        assert.deepEqual(got, want);
      });
    }
  }
});
