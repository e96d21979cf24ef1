/**
 * `wikiq run` on a write (#39), the built CLI as a real process against the real private wiki,
 * signed in as PRIVATE.editor through WIKIQ_USER / WIKIQ_PASSWORD (docs/signed-in.md): `--yes`
 * saves and prints the revision, its diff link, the account and the undo (itself previewed and
 * saved); no terminal without `--yes` and `--dry-run` leave the revisions as they were; on a
 * pseudo-terminal (util-linux `script`, in every Debian) "n" saves nothing and "y" saves, unless
 * the page changed while the question waited; the token the save sent appears in no output.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SignedInHttpClient, WikiSession, WritePlans, planOfEdit, previewEdit, resolveRequest, saveWrite } from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { pageTitle, type TestWiki } from './harness';
import { PRIVATE, startPrivateWiki } from './private';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');
type Json = Record<string, any>;
/** The colour of an added line on a terminal. */
const GREEN = '\u001b\\[32m';
interface Ran { code: number; out: string; err: string }

const EDITOR = { WIKIQ_USER: PRIVATE.editor.login, WIKIQ_PASSWORD: PRIVATE.editor.botPassword };
/** The most a pseudo-terminal run may take before the test gives up on it. */
const PTY_BOUND_MS = 60_000;

describe('wikiq run on a write, against the real private wiki', () => {
  let wiki: TestWiki;
  let dir: string;
  let reader: SignedInHttpClient;
  before(async () => {
    wiki = await startPrivateWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-cli-write-'));
    reader = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: PRIVATE.bot.login, password: PRIVATE.bot.botPassword }));
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The environment of a CLI run: only the credentials given (no credentials file, none inherited). */
  const envOf = (creds: Record<string, string>): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, WIKIQ_CREDENTIALS: path.join(dir, 'none.json'), ...creds };
    for (const k of ['WIKIQ_USER', 'WIKIQ_PASSWORD', 'WIKIQ_TOKEN']) if (!(k in creds)) delete env[k];
    return env;
  };
  const cli = (args: string[], creds: Record<string, string> = EDITOR) => new Promise<Ran>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir, env: envOf(creds) }, (e, out, err) => resolve({ code: e ? Number((e as { code?: number }).code) : 0, out, err }));
  });
  /** A request file editing `title` with `params`; its name. */
  const editFile = (name: string, title: string, params: string) => {
    fs.writeFileSync(path.join(dir, name), `@endpoint = ${wiki.endpoint}\n### Edit\naction = edit\ntitle = ${title}\n${params}\n`);
    return name;
  };
  const page = async (title: string): Promise<Json> => {
    const url = `${wiki.endpoint}?action=query&format=json&formatversion=2&prop=revisions&rvprop=ids|comment|user|content&rvslots=main&titles=${encodeURIComponent(title)}`;
    const p = JSON.parse((await reader.get(url)).body).query.pages[0];
    const r = p.revisions[0];
    return { revid: r.revid, user: r.user, comment: r.comment, text: r.slots.main.content };
  };
  const writes = () => wiki.requests().filter((r) => r.method === 'POST' && /[?&]action=(edit|delete|move|upload)\b/.test(r.url));

  /** The answers `check`s expect of one CLI run on a write: exit status, outputs, and whether a revision was added. */
  async function check(title: string, run: () => Promise<Ran>, expected: { code: number; saved: boolean; out?: RegExp[]; err?: RegExp[] }): Promise<{ ran: Ran; before: Json; after: Json }> {
    const before = await page(title);
    const sent = writes().length;
    const ran = await run();
    const after = await page(title);
    assert.equal(ran.code, expected.code, `exit status; stderr: ${ran.err}`);
    for (const re of expected.out ?? []) assert.match(ran.out, re);
    for (const re of expected.err ?? []) assert.match(ran.err, re);
    assert.equal(after.revid !== before.revid, expected.saved, expected.saved ? 'a revision was added' : 'the revisions are unchanged');
    assert.equal(writes().length - sent, expected.saved ? 1 : 0, 'write requests sent');
    // No token in any output: the one the save sent (read from the wiki's request log), nor the anonymous one.
    for (const w of writes().slice(sent)) {
      const token = new URLSearchParams(w.body ?? '').get('token') ?? '';
      assert.ok(token.length > 3 && token !== '+\\', 'a real token was sent');
      assert.ok(!`${ran.out}${ran.err}`.includes(token) && !`${ran.out}${ran.err}`.includes(encodeURIComponent(token)), 'the token is in no output');
    }
    assert.ok(!`${ran.out}${ran.err}`.includes(PRIVATE.editor.botPassword), 'no password in any output');
    return { ran, before, after };
  }

  it('--yes saves: the preview, then the revision, its diff link, the account and the undo, which itself previews and saves', async () => {
    const title = pageTitle(12);
    const { before, after, ran } = await check(title, () => cli(['run', editFile('yes.wikiq', title, 'appendtext = """\n\nSaved by wikiq run --yes.\n"""\nsummary = CLI test'), '--yes']), {
      code: 0, saved: true, out: [/^\+Saved by wikiq run --yes\.$/m, /^--yes: sending it as WikiqEditor without asking\.$/m],
    });
    assert.equal(after.text, `${before.text}\nSaved by wikiq run --yes.`, 'the page holds what the preview showed');
    assert.equal(after.user, PRIVATE.editor.name);
    assert.match(ran.out, new RegExp(`^Saved: revision ${after.revid} of ${title} \\(was ${before.revid}\\) at \\d{4}-`, 'm'));
    assert.ok(ran.out.includes(`Diff: ${wiki.base}/index.php?diff=${after.revid}&oldid=${before.revid}`), ran.out);
    assert.match(ran.out, /^Account: WikiqEditor$/m);
    const undo = ran.out.slice(ran.out.indexOf('@endpoint = '));
    assert.ok(undo.includes(`undo = ${after.revid}\nundoafter = ${before.revid}\n`), undo);
    fs.writeFileSync(path.join(dir, 'undo.wikiq'), undo);
    const undone = await check(title, () => cli(['run', 'undo.wikiq', '--yes']), { code: 0, saved: true, out: [/^-Saved by wikiq run --yes\.$/m] });
    assert.equal(undone.after.text, before.text, 'the undo restored the text');
  });

  it('no terminal and no --yes: exit 2, nothing sent; --dry-run: the preview, exit 0, nothing saved', async () => {
    const title = pageTitle(13);
    const file = editFile('ci.wikiq', title, 'appendtext = Not saved.\nsummary = x');
    const asked = wiki.requests().length;
    const refused = await cli(['run', file]);
    assert.equal(wiki.requests().length, asked, 'nothing sent, not even the preview');
    assert.equal(refused.code, 2, refused.err);
    assert.match(refused.err, /ci\.wikiq writes to the wiki and there is no terminal to confirm on.*Pass --dry-run to preview it, or --yes/);
    assert.equal(refused.out, '');
    await check(title, () => cli(['run', file, '--dry-run']), { code: 0, saved: false, out: [/^Account: WikiqEditor$/m, /^Nothing was saved \(--dry-run\)\.$/m] });
    await check(title, () => cli(['run', file, '--dry-run', '--yes']), { code: 1, saved: false, err: [/--dry-run never saves and --yes saves without asking/] });
  });

  it('--summary-tag is in the previewed plan and in the saved summary', async () => {
    const title = pageTitle(14);
    const { after } = await check(title, () => cli(['run', editFile('tag.wikiq', title, 'appendtext = """\n\nTagged.\n"""\nsummary = Batch edit'), '--yes', '--summary-tag', '([[:toollabs:editgroups/b/wikiq/abc123|details]])']), {
      code: 0, saved: true, out: [/^ {2}summary = Batch edit \(\[\[:toollabs:editgroups\/b\/wikiq\/abc123\|details\]\]\)$/m],
    });
    assert.equal(after.comment, 'Batch edit ([[:toollabs:editgroups/b/wikiq/abc123|details]])');
  });

  it('refused before sending: no credentials (says how to sign in), an upload', async () => {
    const title = pageTitle(15);
    await check(title, () => cli(['run', editFile('anon.wikiq', title, 'appendtext = x'), '--yes'], {}), {
      code: 1, saved: false, err: [/Saving to .*api\.php needs you signed in to it: set WIKIQ_USER and WIKIQ_PASSWORD .* \(see docs\/signed-in\.md\)\. Nothing was sent/],
    });
    fs.writeFileSync(path.join(dir, 'upload.wikiq'), `@endpoint = ${wiki.endpoint}\n### Upload\naction = upload\nfilename = A.png\nurl = https://example.org/A.png\n`);
    await check(title, () => cli(['run', 'upload.wikiq', '--yes']), { code: 1, saved: false, err: [/wikiq does not send upload: a file upload sends a file body.*Nothing was sent/] });
  });

  it('a move with --yes: its plan and permission facts, then sent; the undo printed moves it back', async () => {
    const from = pageTitle(18);
    const to = 'Moved by wikiq run';
    fs.writeFileSync(path.join(dir, 'move.wikiq'), `@endpoint = ${wiki.endpoint}\n### Move\naction = move\nfrom = ${from}\nto = ${to}\nreason = CLI test\n`);
    const { ran, before } = await check(from, () => cli(['run', 'move.wikiq', '--yes']), {
      code: 0, saved: true, out: [/^Plan of move: nothing was sent but read requests; it is sent only if you confirm\.$/m, /^ {2}May move: yes$/m, /^ {2}May move-target: yes$/m, /^--yes: sending it as WikiqEditor without asking\.$/m],
    });
    assert.match(ran.out, new RegExp(`^Sent: move\\. The wiki answered: .*"from":"${from}","to":"${to}"`, 'm'));
    assert.equal((await page(to)).text, before.text, 'the page is at its new title');
    const undo = ran.out.slice(ran.out.indexOf('@endpoint = '));
    assert.ok(undo.includes(`action = move\nfrom = ${to}\nto = ${from}\n`), undo);
    fs.writeFileSync(path.join(dir, 'unmove.wikiq'), undo);
    await check(to, () => cli(['run', 'unmove.wikiq', '--yes']), { code: 0, saved: true, out: [/^Sent: move\./m] });
    assert.equal((await page(from)).text, before.text, 'moved back');
  });

  /**
   * The CLI on a pseudo-terminal (`script` gives it one for stdin, stdout and stderr): `answer` is
   * typed once the question is on the screen and `meanwhile` is done; the screen's text (stdout and
   * stderr, as one).
   */
  function onTerminal(file: string, answer: string, meanwhile: () => Promise<void> = async () => undefined): Promise<Ran> {
    return new Promise((resolve, reject) => {
      const command = [process.execPath, CLI, 'run', file].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { cwd: dir, env: envOf(EDITOR), stdio: ['pipe', 'pipe', 'pipe'] });
      let screen = '';
      let typed = false;
      const bound = setTimeout(() => { child.kill(); reject(new Error(`no end within ${PTY_BOUND_MS} ms: ${screen}`)); }, PTY_BOUND_MS);
      child.stdout.on('data', (d: Buffer) => {
        screen += d.toString('utf8');
        if (!typed && screen.includes('[y/N] ')) {
          typed = true;
          meanwhile().then(() => child.stdin.write(`${answer}\r`), reject);
        }
      });
      child.stderr.on('data', (d: Buffer) => (screen += d.toString('utf8')));
      child.on('close', (code) => {
        clearTimeout(bound);
        child.stdin.destroy();
        resolve({ code: code ?? -1, out: screen.replace(/\r\n/g, '\n'), err: '' });
      });
    });
  }

  it('on a terminal: the question names the page, the wiki and the account; "n" saves nothing (exit 2), "y" saves', async () => {
    const title = pageTitle(16);
    const file = editFile('tty.wikiq', title, 'appendtext = """\n\nTyped yes.\n"""\nsummary = tty');
    const question = new RegExp(`Save this edit to ${title} on .+ \\(127\\.0\\.0\\.1:${wiki.port}\\) as WikiqEditor\\? \\[y/N\\] `);
    await check(title, () => onTerminal(file, 'n'), { code: 2, saved: false, out: [question, new RegExp(`${GREEN}\\+Typed yes\\.`), /Not saved: nothing was sent\./] });
    await check(title, () => onTerminal(file, 'nope, yes'), { code: 2, saved: false, out: [/Not saved: nothing was sent\./] });
    const { after } = await check(title, () => onTerminal(file, 'Yes'), { code: 0, saved: true, out: [question, /Saved: revision \d+ of /] });
    assert.match(after.text, /\nTyped yes\.$/);
  });

  it('on a terminal: the same account, in another session, edits the page while the question waits (which the wiki alone would merge); "y" then saves nothing, and says why (exit 1)', async () => {
    const title = pageTitle(17);
    const file = editFile('race.wikiq', title, 'appendtext = """\n\nMine.\n"""\nsummary = race');
    const other = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: PRIVATE.editor.login, password: PRIVATE.editor.botPassword }));
    const theirs = resolveRequest(`@endpoint = ${wiki.endpoint}\naction = edit\ntitle = ${title}\nprependtext = Theirs.\nsummary = meanwhile`, { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview' });
    const sent = writes().length;
    const ran = await onTerminal(file, 'y', async () => {
      const plans = new WritePlans();
      await saveWrite(plans.take(plans.add(planOfEdit(theirs, await previewEdit(theirs, other))).id), other);
    });
    assert.equal(ran.code, 1, ran.out);
    assert.match(ran.out, /changed \(revision \d+ is now \d+\) since your preview: nothing was sent/);
    assert.equal(writes().length - sent, 1, 'only the other session\'s edit was sent');
    const now = await page(title);
    assert.equal(now.comment, 'meanwhile', 'the last revision is the other session\'s');
    assert.match(now.text, /^Theirs\./);
    assert.doesNotMatch(now.text, /Mine\./);
  });
});
