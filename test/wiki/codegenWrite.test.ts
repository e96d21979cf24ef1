/**
 * Copy as code of a write (#39) against the real private wiki: for each language, `wikiq code`
 * writes the program of an edit (a text of several lines, in the block form), the program RUNS on
 * its own runtime signed in as the editor's bot password, saves, and the page's text read back is
 * the text; run without credentials, on a wiki where anonymous users MAY edit, it fails and nothing
 * is POSTed as an edit. Neither the programs nor what they print hold a token: not the ones the
 * wiki received from them, nor the account's own (fetched here apart).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiUrl, type CodeLanguage } from '../../core/src';
import { SignedInHttpClient, WikiSession } from '../../engine/src';
import type { TestWiki } from './harness';
import { PRIVATE, openToAnonymous, startPrivateWiki } from './private';
import { ensureCodegenRuntimes } from './codegenRuntimes';
import { WikiBrowser, runProgram } from './codegenRun';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');
const FILE_LANGUAGES: CodeLanguage[] = ['python', 'mwclient', 'php', 'mwn'];
const EDITOR = { WIKIQ_USER: PRIVATE.editor.login, WIKIQ_PASSWORD: PRIVATE.editor.botPassword };
type Json = Record<string, any>;

/** The text each program saves: lines, quotes, an ampersand, a non-ASCII letter. */
const textFor = (lang: string) => `Saved by the ${lang} program.\nIt's "quoted" & accented: é.\n* A list item`;

describe('Copy as code of an edit: each language\'s program saves it on a real MediaWiki, signed in, with a token it fetched itself', () => {
  let wiki: TestWiki;
  let browser: WikiBrowser;
  let dir: string;
  let reader: SignedInHttpClient;
  /** Everything the programs were and printed (the last test greps it for tokens). */
  const shown: string[] = [];

  before(async () => {
    ensureCodegenRuntimes();
    [wiki, browser] = await Promise.all([startPrivateWiki(), WikiBrowser.start()]);
    openToAnonymous(wiki);
    // Anonymous users may edit: a program that did not sign in, or did not assert it, would save as an IP address.
    fs.appendFileSync(path.join(wiki.dir, 'LocalSettings.php'), "$wgGroupPermissions['*']['edit'] = true;\n");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-codegen-write-'));
    reader = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: PRIVATE.bot.login, password: PRIVATE.bot.botPassword }));
  });
  after(async () => {
    await Promise.all([wiki?.stop(), browser?.close()]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `wikiq code FILE --lang L` for an edit of `title`, with `secrets` in its environment. */
  const codeOf = (lang: CodeLanguage, title: string, secrets: Record<string, string>) => new Promise<string>((resolve, reject) => {
    const file = path.join(dir, `${lang}-${title.replace(/\W/g, '_')}.wikiq`);
    fs.writeFileSync(file, `@endpoint = ${wiki.endpoint}\n### Edit\naction = edit\ntitle = ${title}\nsummary = Copy as code test\ntext = """\n${textFor(lang)}\n"""\n`);
    execFile(process.execPath, [CLI, 'code', file, '--lang', lang], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, ...secrets } }, (e, out, err) => {
      if (e) reject(new Error(`wikiq code: ${err || e.message}`));
      else resolve(out);
    });
  });
  const api = async (params: Record<string, string>): Promise<Json> => JSON.parse((await reader.get(apiUrl(wiki.endpoint, { ...params, format: 'json', formatversion: '2' }))).body);
  /** The page's latest revision: its text and user, undefined when the page does not exist. */
  async function latest(title: string): Promise<{ text: string; user: string } | undefined> {
    const page = (await api({ action: 'query', prop: 'revisions', rvprop: 'content|user', rvslots: 'main', titles: title })).query.pages[0];
    return page.missing ? undefined : { text: page.revisions[0].slots.main.content, user: page.revisions[0].user };
  }
  /** The edits POSTed to the wiki since request number `from`. */
  const editPosts = (from: number) => wiki.requests().slice(from).filter((r) => r.method === 'POST' && /(^|&)action=edit(&|$)/.test(r.body ?? ''));

  for (const lang of [...FILE_LANGUAGES, 'mwapi' as const]) {
    it(`${lang}: the program saves the edit as the editor, and the page's text is the text`, async () => {
      const title = `Copied ${lang} edit`;
      const code = await codeOf(lang, title, EDITOR);
      shown.push(code);
      assert.ok(!code.includes(PRIVATE.editor.botPassword.slice(0, 12)), 'no secret in the code');
      const answer = lang === 'mwapi'
        ? await browser.run(wiki.base, code, { user: PRIVATE.editor.login, password: PRIVATE.editor.botPassword })
        : await runProgram(lang, code, EDITOR);
      shown.push(JSON.stringify(answer));
      assert.equal((answer as Json).edit?.result, 'Success', JSON.stringify(answer));
      assert.deepEqual(await latest(title), { text: textFor(lang), user: PRIVATE.editor.name });
    });
  }

  it('control: on this wiki an anonymous user may edit (so a program that saved unsigned would be seen)', async () => {
    const get = (params: Record<string, string>) => fetch(apiUrl(wiki.endpoint, { ...params, format: 'json', formatversion: '2' })).then((r) => r.json() as Promise<Json>);
    const token = (await get({ action: 'query', meta: 'tokens' })).query.tokens.csrftoken as string;
    assert.equal(token, '+\\');
    const form = new URLSearchParams({ action: 'edit', title: 'Anonymous control', text: 'By an IP address.', token, format: 'json', formatversion: '2' });
    const answer = await fetch(wiki.endpoint, { method: 'POST', body: form }).then((r) => r.json() as Promise<Json>);
    assert.equal(answer.edit?.result, 'Success', JSON.stringify(answer).slice(0, 300));
  });

  for (const lang of FILE_LANGUAGES) {
    it(`${lang}: without credentials the program fails and POSTs no edit, though anonymous users may edit`, async () => {
      const title = `Uncredited ${lang} edit`;
      const code = await codeOf(lang, title, {});
      const from = wiki.requests().length;
      const failed = await runProgram(lang, code, {}).then(() => undefined, (e: Error) => e.message);
      assert.ok(failed, 'the program exits non-zero');
      shown.push(failed);
      assert.deepEqual(editPosts(from), [], 'no edit was POSTed');
      assert.equal(await latest(title), undefined);
    });
  }

  it('no token in any program or anything it printed: neither those the wiki received nor the account\'s own', async () => {
    // mw.Api first posts the page's preloaded anonymous token (+\), refused as badtoken, then fetches one asserted.
    const sent = wiki.requests().filter((r) => r.method === 'POST' && /(^|&)token=/.test(r.body ?? '')).map((r) => new URLSearchParams(r.body).get('token')!).filter((t) => t !== '+\\');
    const editor = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: PRIVATE.editor.login, password: PRIVATE.editor.botPassword }));
    const own = JSON.parse((await editor.get(apiUrl(wiki.endpoint, { action: 'query', meta: 'tokens', assert: 'user', format: 'json', formatversion: '2' }))).body).query.tokens.csrftoken as string;
    const tokens = [...new Set([...sent, own])];
    assert.ok(sent.length >= FILE_LANGUAGES.length + 1 && tokens.every((t) => t.length > 10 && t.endsWith('+\\')), `the saves' tokens: ${sent.length}`);
    const all = shown.join('\n');
    assert.ok(shown.length >= 2 * FILE_LANGUAGES.length + 2, 'programs and their outputs were collected');
    for (const t of tokens) assert.ok(!all.includes(t) && !all.includes(encodeURIComponent(t)) && !all.includes(t.slice(0, 32)), `a token (${t.slice(0, 4)}…) is shown`);
  });
});
