/**
 * Saving a previewed edit (#39) against the real private test wiki, signed in with bot passwords
 * with edit rights (PRIVATE.editor: bot and sysop; PRIVATE.writer: no protected pages). The wiki is
 * opened to anonymous readers (openToAnonymous), so an IP address may edit as on most public wikis:
 * a save in a lapsed session could land as one, and every test of a lapsed session checks it did not.
 *
 * Races "between the check and the POST" are made real: the test's client runs a step on the wiki
 * (another account's edit, a deletion, a sign-in that replaces the session's cookies) right after
 * the token is fetched, before the save's POST is sent.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  ApiError, HttpClient, RefusedError, SignedInHttpClient, WikiSession, WritePlans, planOfEdit, previewEdit, resolveRequest, saveWrite,
  type Credentials, type EditPreview, type HttpResponse, type RequestExtras, type SaveResult, type WritePlan,
} from '../../engine/src';
import { apiUrl } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { TestWiki, maintenance, startWiki } from './harness';
import { PRIVATE, expireSessions, openToAnonymous, restoreBotPassword, revokeBotPassword, startPrivateWiki } from './private';

type Json = Record<string, any>;
type Account = typeof PRIVATE.editor;
const creds = (a: { login: string; botPassword: string }): Credentials => ({ kind: 'botpassword', user: a.login, password: a.botPassword });

/** What a person or a program could see: every HTTP log line, error message and save result (the last test greps it for tokens). */
const shown: string[] = [];

/** A signed-in client whose steps `afterToken` run on the wiki right after a csrf token is fetched (one per fetch), and which keeps the API error code of every answer. */
class RacingClient extends SignedInHttpClient {
  readonly afterToken: Array<() => void | Promise<void>> = [];
  readonly codes: string[] = [];
  override async get(url: string, signal?: AbortSignal, extras: RequestExtras = {}): Promise<HttpResponse> {
    const res = await super.get(url, signal, extras);
    const body = JSON.parse(res.body) as Json;
    this.codes.push(body.errors?.[0]?.code ?? body.error?.code ?? (body.edit?.result ? `edit:${body.edit.result}` : 'ok'));
    if (/[?&]meta=tokens/.test(url) && /[?&]type=csrf/.test(url)) await this.afterToken.shift()?.();
    return res;
  }
}

describe('saving a previewed edit to a real MediaWiki', () => {
  let wiki: TestWiki;
  let dir: string;
  let reader: SignedInHttpClient;
  let editor: RacingClient;
  const plans = new WritePlans();
  before(async () => {
    wiki = await startPrivateWiki();
    openToAnonymous(wiki);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-save-'));
    reader = new SignedInHttpClient(new WikiSession(wiki.endpoint, creds(PRIVATE.bot)));
    editor = client(PRIVATE.editor);
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function client(account: Account): RacingClient {
    return new RacingClient(new WikiSession(wiki.endpoint, creds(account)), {}, (e) => shown.push(JSON.stringify(e)));
  }
  /** The wiki's own answer to a read (asked as the bot, apart from the engine's save). */
  async function api(params: Record<string, string>): Promise<Json> {
    return JSON.parse((await reader.get(apiUrl(wiki.endpoint, { ...params, format: 'json', formatversion: '2' }))).body);
  }
  /** The page's text now, undefined when it does not exist. */
  async function textOf(title: string): Promise<string | undefined> {
    const page = (await api({ action: 'query', prop: 'revisions', rvprop: 'content', rvslots: 'main', titles: title })).query.pages[0];
    return page.missing ? undefined : page.revisions[0].slots.main.content;
  }
  /** The page's revisions, newest first: id and user. */
  async function historyOf(title: string): Promise<Array<{ revid: number; user: string; anon?: boolean }>> {
    const page = (await api({ action: 'query', prop: 'revisions', rvprop: 'ids|user', rvlimit: 'max', titles: title })).query.pages[0];
    return page.revisions ?? [];
  }
  /** Every edit any IP address made on the wiki (deleted pages' too: the deletion log is not needed, recent changes keep them). */
  async function anonymousEdits(): Promise<string[]> {
    return (await api({ action: 'query', list: 'recentchanges', rcshow: 'anon', rcprop: 'title|user', rclimit: 'max' })).query.recentchanges.map((r: Json) => `${r.title} by ${r.user}`);
  }
  /** The edits POSTed to the wiki since request number `from`. */
  const editPosts = (from: number) => wiki.requests().slice(from).filter((r) => r.method === 'POST' && /(^|&)action=edit(&|$)/.test(`${r.uri.split('?')[1] ?? ''}&${r.body ?? ''}`));
  const logins = (from: number) => wiki.requests().slice(from).filter((r) => r.method === 'POST' && /action=login/.test(r.body ?? '')).length;

  /** Another account's edit, made on the wiki by its maintenance script (edit.php). */
  const editAs = (user: string, title: string, text: string) => maintenance(wiki.dir, 'edit.php', [`--user=${user}`, '--summary=between preview and save', title], text);
  function deletePage(title: string): void {
    const list = path.join(dir, 'delete.txt');
    fs.writeFileSync(list, `${title}\n`);
    maintenance(wiki.dir, 'deleteBatch.php', ['-u', PRIVATE.editor.name, '-r', 'deleted after its preview', list]);
  }

  /** A request file: the edit with its parameters, one a line (a value of several lines in the block form). */
  function source(title: string, params: Record<string, string>): string {
    const lines = Object.entries(params).map(([k, v]) => (v.includes('\n') ? `${k} = """\n${v}\n"""` : `${k} = ${v}`));
    return `@endpoint = ${wiki.endpoint}\n### Edit\naction = edit\ntitle = ${title}\nsummary = save test\n${lines.join('\n')}\n`;
  }
  /** Previews the request in `text` with `http` and keeps its plan. */
  async function preview(text: string, http: HttpClient = editor, files?: { base: string }): Promise<{ p: EditPreview; plan: WritePlan }> {
    const resolved = resolveRequest(text, { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview', files });
    const p = await previewEdit(resolved, http);
    return { p, plan: plans.add(planOfEdit(resolved, p)) };
  }
  /** Saves a confirmed plan (taken from the plans, so once); the result is kept among what is shown. */
  async function save(plan: WritePlan, http: HttpClient = editor): Promise<SaveResult> {
    try {
      const r = await saveWrite(plans.take(plan.id), http);
      shown.push(JSON.stringify(r));
      return r;
    } catch (e) {
      shown.push((e as Error).message);
      throw e;
    }
  }
  /** The save is refused with a message matching `why`; the error is returned. */
  async function refused(plan: WritePlan, why: RegExp, http: HttpClient = editor): Promise<Error> {
    const e = await save(plan, http).then(() => assert.fail('the save was not refused'), (x: Error) => x);
    assert.match(e.message, why);
    return e;
  }
  /** A page created for one test (by the editor's maintenance edit), with its text. */
  async function page(title: string, text: string): Promise<string> {
    editAs(PRIVATE.editor.name, title, text);
    assert.equal(await textOf(title), text);
    return title;
  }

  /** The preview's diff says what the save did: the lines it removed and added are the `-` and `+` lines. */
  function check(p: EditPreview, before: string | undefined, after: string | undefined): void {
    const minus = p.diffText.filter((l) => l.startsWith('-')).map((l) => l.slice(1));
    const plus = p.diffText.filter((l) => l.startsWith('+')).map((l) => l.slice(1));
    const count = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
    const less = (a: string[], b: string[]) => {
      const left = count(b);
      return a.filter((x) => !(left.get(x)! > 0 && left.set(x, left.get(x)! - 1)));
    };
    const old = before === undefined ? [] : before.split('\n');
    const now = after === undefined ? [] : after.split('\n');
    assert.deepEqual(less(now, old).sort(), plus.sort(), `added lines: the diff said ${JSON.stringify(plus)}; the page is ${JSON.stringify(after)}`);
    assert.deepEqual(less(old, now).sort(), minus.sort(), 'removed lines');
  }

  describe('the preview\'s diff is what is saved', () => {
    it('text=: the whole text replaced', async () => {
      const before = 'First line.\nSecond line.\nThird line.';
      const title = await page('Save text', before);
      const { p, plan } = await preview(source(title, { text: 'First line.\nA new second line.\nThird line.\nA fourth.' }));
      const r = await save(plan);
      check(p, before, await textOf(title));
      assert.deepEqual([r.account, r.oldrevid, r.nochange], [PRIVATE.editor.name, p.page.revid, false]);
      assert.equal((await historyOf(title))[0].revid, r.newrevid);
      assert.equal(r.diffUrl, `${wiki.base}/index.php?diff=${r.newrevid}&oldid=${r.oldrevid}`);
    });

    it('appendtext=: one line added at the end', async () => {
      const before = 'Only line.';
      const title = await page('Save appendtext', before);
      const { p, plan } = await preview(source(title, { appendtext: '\nAppended line.' }));
      await save(plan);
      check(p, before, await textOf(title));
      assert.equal(await textOf(title), 'Only line.\nAppended line.');
    });

    it('section=1: the section merged into the page', async () => {
      const before = 'Lead.\n\n== One ==\nOld body.\n\n== Two ==\nKept.';
      const title = await page('Save section', before);
      const { p, plan } = await preview(source(title, { section: '1', text: '== One ==\nNew body.\nAnd more.' }));
      await save(plan);
      check(p, before, await textOf(title));
      assert.equal(await textOf(title), 'Lead.\n\n== One ==\nNew body.\nAnd more.\n\n== Two ==\nKept.');
    });

    it('starttimestamp: the preview\'s start (EditPreview.startedAt, when the preview has it) is sent with the save', async () => {
      const title = await page('Save starttimestamp', 'Before.');
      const startedAt: string = (await api({ action: 'query', curtimestamp: '1' })).curtimestamp;
      const resolved = resolveRequest(source(title, { appendtext: '\nAfter.' }), { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview' });
      const plan = plans.add(planOfEdit(resolved, { ...(await previewEdit(resolved, editor)), startedAt }));
      const from = wiki.requests().length;
      await save(plan);
      assert.equal(new URLSearchParams(editPosts(from)[0].body).get('starttimestamp'), startedAt);
      assert.equal(await textOf(title), 'Before.\nAfter.');
    });

    it('a page created: the diff from an empty page is its text', async () => {
      const title = 'Save created page';
      const { p, plan } = await preview(source(title, { text: 'Made.\nBy a save.' }));
      assert.equal(p.page.exists, false);
      const r = await save(plan);
      check(p, undefined, await textOf(title));
      assert.equal(r.oldrevid, 0);
    });
  });

  describe('a change between preview and save is refused, and nothing is lost', () => {
    /** Previews `mine` over the page, lets `account` edit it to `theirs`, then saves: refused, nothing sent, their text kept. */
    async function conflict(title: string, mine: string, account: string, theirs: string): Promise<void> {
      const { plan } = await preview(source(title, { text: mine }));
      editAs(account, title, theirs);
      const revisions = (await historyOf(title)).length;
      const from = wiki.requests().length;
      await refused(plan, new RegExp(`^${title} changed \\(revision \\d+ is now \\d+\\) since your preview: nothing was sent`));
      assert.deepEqual(editPosts(from), [], 'no edit POSTed');
      assert.equal(await textOf(title), theirs, 'their text is still there');
      assert.equal((await historyOf(title)).length, revisions);
      assert.equal((await historyOf(title))[0].user, account);
    }

    it('another account changed the same lines', async () => {
      const title = await page('Conflict same lines', 'Line A.\nLine B.');
      await conflict(title, 'Line A, mine.\nLine B.', PRIVATE.writer.name, 'Line A, theirs.\nLine B.');
    });

    it('another account changed other lines (the wiki would have merged them silently)', async () => {
      const title = await page('Conflict other lines', 'Line A.\nLine B.\nLine C.\nLine D.\nLine E.');
      await conflict(title, 'Line A, mine.\nLine B.\nLine C.\nLine D.\nLine E.', PRIVATE.writer.name, 'Line A.\nLine B.\nLine C.\nLine D.\nLine E, theirs.');
    });

    it('the same account changed it (the wiki never calls that a conflict)', async () => {
      const title = await page('Conflict same account', 'Line A.\nLine B.');
      await conflict(title, 'Line A, mine.\nLine B.', PRIVATE.editor.name, 'Line A.\nLine B, mine before.');
    });

    it('another account\'s edit of the same lines after the check, before the POST: the wiki refuses it (baserevid; no basetimestamp, which would let a same-second edit through)', async () => {
      const title = await page('Conflict race', 'Line A.\nLine B.');
      const { plan } = await preview(source(title, { text: 'Line A, mine.\nLine B.' }));
      editor.afterToken.push(() => void editAs(PRIVATE.writer.name, title, 'Line A, theirs.\nLine B.'));
      const from = wiki.requests().length;
      const e = await refused(plan, /editconflict|conflict/i);
      assert.ok(e instanceof ApiError && e.code === 'editconflict', e.message);
      assert.equal(await textOf(title), 'Line A, theirs.\nLine B.');
      const sent = new URLSearchParams(editPosts(from).at(-1)?.body ?? '');
      assert.equal(sent.get('baserevid'), String(plan.base!.revid));
      assert.equal(sent.has('basetimestamp'), false, 'with basetimestamp, an edit in the previewed revision\'s second is not a conflict to MediaWiki');
    });

    it('nocreate: a page deleted after its preview is not created again (refused before sending, and by the wiki when the deletion races the check)', async () => {
      const title = await page('Deleted after preview', 'Soon gone.');
      const first = await preview(source(title, { appendtext: '\nMore.' }));
      deletePage(title);
      const from = wiki.requests().length;
      await refused(first.plan, /was deleted since your preview: nothing was sent/);
      assert.deepEqual(editPosts(from), []);
      assert.equal(await textOf(title), undefined, 'not created again');

      await page(title, 'Back again.');
      const second = await preview(source(title, { appendtext: '\nMore.' }));
      editor.afterToken.push(() => deletePage(title));
      const e = await refused(second.plan, /doesn't exist|does not exist/);
      assert.ok(e instanceof ApiError && e.code === 'missingtitle', e.message);
      assert.equal(await textOf(title), undefined, 'not created again');
      assert.match(editPosts(from).at(-1)?.body ?? '', /(^|&)nocreate=1(&|$)/);
    });

    it('createonly: a page created after a preview of its creation is refused (before sending, and by the wiki in a race)', async () => {
      const title = 'Created after preview';
      const first = await preview(source(title, { text: 'Mine.' }));
      editAs(PRIVATE.writer.name, title, 'Theirs.');
      await refused(first.plan, /was created \(revision \d+\) since your preview: nothing was sent/);
      assert.equal(await textOf(title), 'Theirs.');

      const raced = 'Created in a race';
      const second = await preview(source(raced, { text: 'Mine.' }));
      editor.afterToken.push(() => void editAs(PRIVATE.writer.name, raced, 'Theirs.'));
      const e = await refused(second.plan, /has been created already/);
      assert.ok(e instanceof ApiError && e.code === 'articleexists', e.message);
      assert.equal(await textOf(raced), 'Theirs.');
    });
  });

  describe('sessions: never saved as an IP address', () => {
    it('an expired session: the wiki refuses the assert, the client signs in again as the same account, and the edit is saved once, by it', async () => {
      const title = await page('Expired session', 'Before.');
      const { plan } = await preview(source(title, { appendtext: '\nAfter.' }));
      assert.ok(expireSessions(wiki) >= 1);
      const from = wiki.requests().length;
      const r = await save(plan);
      assert.equal(logins(from), 1, 'the wiki refused the assert of the lapsed session, and the client signed in once more');
      assert.equal(r.account, PRIVATE.editor.name);
      assert.deepEqual((await historyOf(title)).slice(0, 2).map((v) => v.user), [PRIVATE.editor.name, PRIVATE.editor.name]);
      assert.equal(editPosts(from).length, 1);
      assert.deepEqual(await anonymousEdits(), []);
    });

    it('a session expired between the token and the POST: the POST\'s assert fails, the stale token is refused, refreshed once, saved by the account', async () => {
      const title = await page('Expired before the POST', 'Before.');
      const { plan } = await preview(source(title, { appendtext: '\nAfter.' }));
      editor.afterToken.push(() => void expireSessions(wiki));
      editor.codes.length = 0;
      const from = wiki.requests().length;
      const r = await save(plan);
      // The client repeats the POST after signing in again (its assert failed): with the old session's token, badtoken.
      assert.deepEqual(editor.codes, ['ok', 'badtoken', 'ok', 'edit:Success']);
      assert.equal(logins(from), 1);
      assert.equal(editPosts(from).length, 3, 'the POST refused for its assert, the one refused for its token, the save');
      assert.equal(r.account, PRIVATE.editor.name);
      assert.equal(await textOf(title), 'Before.\nAfter.', 'saved once');
      assert.deepEqual(await anonymousEdits(), []);
    });

    it('a session signed in as another account than the preview\'s: refused before sending', async () => {
      const title = await page('Other account', 'Before.');
      const { plan } = await preview(source(title, { appendtext: '\nAfter.' }));
      const from = wiki.requests().length;
      await refused(plan, new RegExp(`previewed as ${PRIVATE.editor.name}, but the session .* is signed in as ${PRIVATE.writer.name}: nothing was sent`), client(PRIVATE.writer));
      assert.deepEqual(editPosts(from), []);
    });

    for (const when of ['between preview and save', 'between the token and the POST']) {
      it(`a bot password revoked ${when}: nothing saved, no edit by an IP address`, async () => {
        const title = await page(`Revoked ${when}`, 'Before.');
        const writer = client(PRIVATE.writer);
        const { plan } = await preview(source(title, { appendtext: '\nAfter.' }), writer);
        const revoke = () => {
          assert.equal(revokeBotPassword(wiki, PRIVATE.writer), 1);
          expireSessions(wiki);
        };
        if (when === 'between preview and save') revoke();
        else writer.afterToken.push(revoke);
        const from = wiki.requests().length;
        try {
          await refused(plan, new RegExp(`Signing in to .* as ${PRIVATE.writer.login} failed: .*Nothing was saved\\.$`), writer);
        } finally {
          restoreBotPassword(wiki, PRIVATE.writer);
        }
        assert.ok(editPosts(from).length <= 1, 'at most the one POST the wiki refused for its assert');
        assert.ok(editPosts(from).every((r) => /[?&]assert=user(&|$)/.test(r.uri)), 'asserted');
        assert.equal(await textOf(title), 'Before.');
        assert.deepEqual(await anonymousEdits(), []);
      });
    }

    it('badtoken (the session\'s cookies replaced after the token was fetched) is refreshed once, and saved', async () => {
      const title = await page('Bad token', 'Before.');
      const { plan } = await preview(source(title, { appendtext: '\nAfter.' }));
      const resignIn = () => editor.session.signIn((u, s, x) => HttpClient.prototype.get.call(editor, u, s, x)).then(() => undefined);
      editor.afterToken.push(resignIn);
      editor.codes.length = 0;
      const from = wiki.requests().length;
      await save(plan);
      assert.deepEqual(editor.codes, ['ok', 'badtoken', 'ok', 'edit:Success']);
      assert.equal(editPosts(from).length, 2);
      assert.equal(await textOf(title), 'Before.\nAfter.');

      const again = await preview(source(title, { appendtext: '\nOnce more.' }));
      editor.afterToken.push(resignIn, resignIn);
      const posted = wiki.requests().length;
      const e = await refused(again.plan, /badtoken|Invalid CSRF token/i);
      assert.ok(e instanceof ApiError && e.code === 'badtoken');
      assert.equal(editPosts(posted).length, 2, 'refreshed once, not again');
      assert.equal(await textOf(title), 'Before.\nAfter.');
    });
  });

  describe('refusals', () => {
    it('a protected page, edited by an account that may not: the preview says so with the wiki\'s reason, and the save is refused with it', async () => {
      const title = await page('Protected for save', 'Protected text.');
      maintenance(wiki.dir, 'protect.php', [`--user=${PRIVATE.editor.name}`, '--reason=save test', title]);
      const writer = client(PRIVATE.writer);
      const { p, plan } = await preview(source(title, { appendtext: '\nNot allowed.' }), writer);
      assert.equal(p.mayEdit, false);
      assert.ok(p.reasons.length > 0);
      assert.deepEqual(p.page.protection.find((r) => r.type === 'edit')?.level, 'sysop');
      const e = await refused(plan, /Nothing was saved\.$/, writer);
      assert.ok(e instanceof ApiError && e.code === 'protectedpage', e.message);
      assert.ok(p.reasons.some((why) => e.message.includes(why)), `the preview's reason ${JSON.stringify(p.reasons)} is the save's: ${e.message}`);
      assert.equal(await textOf(title), 'Protected text.');
    });

    it('a write to the anonymous public wiki is refused before sending, and so is one through another wiki\'s session', async () => {
      const open = await startWiki();
      try {
        const resolved = resolveRequest(`@endpoint = ${open.endpoint}\n### E\naction = edit\ntitle = Anonymous save\ntext = x\n`, { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview' });
        const p = await previewEdit(resolved, new HttpClient());
        assert.equal(p.account.anonymous, true);
        const from = open.requests().length;
        const own = wiki.requests().length;
        for (const http of [new HttpClient(), editor]) {
          const plan = plans.add(planOfEdit(resolved, p));
          const e = await refused(plan, /needs a signed-in session for that wiki .*: nothing was sent/, http);
          assert.ok(e instanceof RefusedError);
        }
        assert.deepEqual(open.requests().slice(from), [], 'nothing sent to the public wiki');
        assert.deepEqual(wiki.requests().slice(own), [], 'nor to the private one');
      } finally {
        await open.stop();
      }
    });

    it('a plan replayed after its save saves nothing (taken twice, or saved again without its plans)', async () => {
      const title = await page('Replayed', 'Before.');
      const { plan } = await preview(source(title, { appendtext: '\nOnce.' }));
      await save(plan);
      const from = wiki.requests().length;
      await refused(plan, /unknown, already saved or too old: nothing was sent/);
      await assert.rejects(saveWrite(plan, editor), /changed \(revision \d+ is now \d+\) since your preview: nothing was sent/);
      assert.deepEqual(editPosts(from), []);
      assert.equal(await textOf(title), 'Before.\nOnce.');
    });
  });

  describe('values of several lines, and undo', () => {
    const text = '  Indented first line.\n\n* a | pipe, # not a comment, // nor this\n\tA tab, ünïcödé, 漢字, %0A and \\n as text.\n== Heading ==\nLast line.';

    /** The request in `request` sends `expected` as the text, and the page reads it back byte for byte, as its diff said. */
    async function savesExactly(title: string, request: string, expected: string, files?: { base: string }): Promise<void> {
      const { p, plan } = await preview(request, editor, files);
      assert.equal(plan.params.text, expected);
      await save(plan);
      assert.equal(await textOf(title), expected);
      check(p, undefined, expected);
    }

    it('the block form (text = """ … """) saves exactly', () => savesExactly('Block value', source('Block value', { text }), text));

    it('a value read from a file (text = < ./page.wiki) saves exactly, `|` and `{{…}}` as text', async () => {
      const written = `${text}\n{{Template|x=1}} and [[Link|shown]].`;
      fs.writeFileSync(path.join(dir, 'page.wiki'), written);
      await savesExactly('File value', `@endpoint = ${wiki.endpoint}\n### E\naction = edit\ntitle = File value\nsummary = file\ntext = < ./page.wiki\n`, written, { base: dir });
    });

    it('an undo: its diff takes the page back, and its save does', async () => {
      const before = 'Kept.\nAlso kept.';
      const title = await page('Undone', before);
      const { plan } = await preview(source(title, { appendtext: '\nTo be undone.' }));
      const done = await save(plan);
      const undo = await preview(source(title, { undo: String(done.newrevid), undoafter: String(done.oldrevid) }));
      assert.deepEqual(undo.p.diffText.filter((l) => /^[-+]/.test(l)), ['-To be undone.']);
      await save(undo.plan);
      assert.equal(await textOf(title), before);
      check(undo.p, 'Kept.\nAlso kept.\nTo be undone.', before);
    });
  });

  it('no token in any output: the HTTP log, the error messages and the results hold none of the tokens the wiki received, nor the session\'s', async () => {
    const sent = wiki.requests().filter((r) => r.method === 'POST' && /(^|&)token=/.test(r.body ?? '')).map((r) => new URLSearchParams(r.body).get('token')!);
    const answer = JSON.parse((await editor.get(apiUrl(wiki.endpoint, { action: 'query', meta: 'tokens', format: 'json', formatversion: '2' }))).body);
    const tokens = [...new Set([...sent, answer.query.tokens.csrftoken as string])];
    assert.ok(sent.length >= 15 && tokens.every((t) => t.length > 10 && t.endsWith('+\\')), `the saves' tokens: ${sent.length}`);
    assert.ok(shown.length > 100, 'log lines, errors and results were collected');
    const all = shown.join('\n');
    for (const t of tokens) assert.ok(!all.includes(t) && !all.includes(encodeURIComponent(t)) && !all.includes(t.slice(0, 32)), `a token (${t.slice(0, 4)}…) is shown`);
  });
});
