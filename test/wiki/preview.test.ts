/**
 * The preview of an edit (#39) against the real test wiki: MediaWiki's own diff of what the edit
 * would save (text, appendtext, a new section, undo, a missing page, a text past the GET bound),
 * the page's facts and the account as the wiki says them, and no write: no revision is added, no
 * request names a write module or a token. The CLI's `run --dry-run` as a real process.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../cli/src/cli';
import {
  HttpClient, PREVIEW_URL_BOUND, SignedInHttpClient, WikiSession, previewAction, previewEdit, resolveRequest, type ActionPreview, type EditPreview,
} from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { SEED, TestWiki, pageTitle, startWiki } from './harness';
import { pageText } from './seed';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');
type Json = Record<string, any>;

describe('preview of an edit against a real MediaWiki (nothing saved)', () => {
  let wiki: TestWiki;
  let dir: string;
  /** Signed in (action=login with the account's own password): a sysop, and a user who may move but not delete. */
  let sysop: SignedInHttpClient;
  let user: SignedInHttpClient;
  before(async () => {
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-preview-'));
    sysop = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: SEED.sysop, password: SEED.password }));
    user = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: SEED.users[1], password: SEED.password }));
    // Signed in before any preview: the sign-in's own login token is not a preview's request.
    await Promise.all([sysop.ready(), user.ready()]);
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A request file: the edit as a pasted URL (the form in which a value keeps its newlines and pipes exactly). */
  const file = (params: Record<string, string>) =>
    `### Edit\nGET ${wiki.endpoint}?${Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}\n`;
  const resolve = (params: Record<string, string>) => resolveRequest(file(params), { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview' });
  const preview = (params: Record<string, string>, maxLines?: number): Promise<EditPreview> => previewEdit(resolve(params), new HttpClient(), { maxLines });
  const plan = (params: Record<string, string>, http: HttpClient = new HttpClient()): Promise<ActionPreview> => previewAction(resolve(params), http);
  /** The wiki's own answer to `intestactions=action` on `title`, asked apart from the plan through `http`: the reasons' texts. */
  const wikiReasons = async (http: HttpClient, title: string, action: string): Promise<string[]> => {
    const url = `${wiki.endpoint}?action=query&format=json&formatversion=2&errorformat=plaintext&prop=info&intestactions=${action}&intestactionsdetail=full&titles=${encodeURIComponent(title)}`;
    return (JSON.parse((await http.get(url)).body) as Json).query.pages[0].actions[action].map((r: Json) => r.text);
  };
  const lastLogId = async (): Promise<number> => (await (await fetch(`${wiki.endpoint}?action=query&format=json&formatversion=2&list=logevents&lelimit=1&leprop=ids`)).json()).query.logevents[0].logid;
  /** The wiki's own word on a page (asked apart from the preview). */
  const pageFacts = async (title: string): Promise<Json> => {
    const url = `${wiki.endpoint}?action=query&format=json&formatversion=2&prop=info&inprop=protection&intestactions=edit&titles=${encodeURIComponent(title)}`;
    return (await (await fetch(url)).json()).query.pages[0];
  };
  const changed = (p: EditPreview) => p.diffText.filter((l) => l.startsWith('-') || l.startsWith('+'));

  /** Every preview in `body`, checked to leave the wiki as it was: same last revisions, no write module, no token sent. */
  async function noWrite<T>(titles: string[], body: () => Promise<T>): Promise<T> {
    const before = await Promise.all(titles.map(pageFacts));
    const log = await lastLogId();
    const from = wiki.requests().length;
    const out = await body();
    assert.deepEqual((await Promise.all(titles.map(pageFacts))).map((p) => [p.lastrevid, p.missing]), before.map((p) => [p.lastrevid, p.missing]), 'no revision was saved');
    assert.equal(await lastLogId(), log, 'nothing logged (no move, deletion, protection)');
    for (const r of wiki.requests().slice(from)) {
      assert.doesNotMatch(r.url, /[?&]action=(edit|undelete|delete|move|protect|rollback|options|login)\b|token=/, `${r.method} ${r.url.slice(0, 200)}`);
    }
    return out;
  }

  it('text=: the diff shows the removed and the added line; the facts are the current revision', async () => {
    const title = pageTitle(2);
    const old = pageText(2, 2).split('\n');
    const text = ['This line was written by a preview.', ...old.slice(1)].join('\n');
    const p = await noWrite([title], () => preview({ action: 'edit', title, text }));
    const wikiSays = await pageFacts(title);
    assert.equal(p.page.exists, true);
    assert.equal(p.page.revid, wikiSays.lastrevid);
    assert.match(p.page.timestamp ?? '', /^\d{4}-\d\d-\d\dT/);
    assert.deepEqual(changed(p), [`-${old[0]}`, '+This line was written by a preview.']);
    assert.ok(p.diffText.some((l) => l === ` ${old[1]}`), `context line: ${p.diffText.join('\n')}`);
    assert.match(p.diffHtml, /diff-addedline/);
    assert.equal(p.plan.text, text, 'the plan is the request');
    assert.equal(Object.keys(p.plan).some((k) => /token/i.test(k)), false);
  });

  it('appendtext=: only the appended line is added', async () => {
    const title = pageTitle(4);
    const p = await noWrite([title], () => preview({ action: 'edit', title, appendtext: '\nAppended by a preview.' }));
    assert.deepEqual(changed(p), ['+Appended by a preview.']);
  });

  it('section=new with sectiontitle: the heading and the text are added at the end', async () => {
    const title = pageTitle(5);
    const p = await noWrite([title], () => preview({ action: 'edit', title, section: 'new', sectiontitle: 'Preview heading', text: 'Section body.' }));
    assert.ok(changed(p).includes('+== Preview heading =='), changed(p).join('\n'));
    assert.ok(changed(p).includes('+Section body.'));
    assert.equal(changed(p).some((l) => l.startsWith('-')), false, 'nothing removed');
  });

  it('section=0 of a page named by pageid: MediaWiki merges the section into the page', async () => {
    const title = pageTitle(11);
    const pageid = String((await pageFacts(title)).pageid);
    const p = await noWrite([title], () => preview({ action: 'edit', pageid, section: '0', text: 'A new lead.' }));
    assert.equal(p.page.title, title);
    assert.ok(changed(p).includes('+A new lead.'), changed(p).join('\n'));
    assert.ok(changed(p).includes(`-${pageText(11, 2).split('\n')[0]}`), 'the old lead removed');
  });

  it('undo=: the diff takes the undone revision back to its parent', async () => {
    const title = pageTitle(3);
    const revs = (await (await fetch(`${wiki.endpoint}?action=query&format=json&formatversion=2&prop=revisions&rvprop=ids&rvlimit=2&titles=${encodeURIComponent(title)}`)).json()).query.pages[0].revisions;
    const p = await noWrite([title], () => preview({ action: 'edit', title, undo: String(revs[0].revid) }));
    assert.deepEqual(changed(p), [`-${pageText(3, 2).split('\n')[0]}`, `+${pageText(3).split('\n')[0]}`]);
  });

  it('a missing page: said not to exist, the diff from an empty page', async () => {
    const title = 'Page made by no preview';
    const p = await noWrite([title], () => preview({ action: 'edit', title, text: 'Hello\nWorld' }));
    assert.equal(p.page.exists, false);
    assert.equal(p.page.revid, undefined);
    assert.deepEqual(changed(p), ['+Hello', '+World'], 'nothing removed (MediaWiki\'s empty line of an empty page is left out)');
  });

  it('anonymous: the account is anonymous; may edit and protection as the wiki says', async () => {
    for (const title of [pageTitle(6), pageTitle(SEED.protectedPage)]) {
      const p = await noWrite([title], () => preview({ action: 'edit', title, appendtext: '\nx' }));
      const wikiSays = await pageFacts(title);
      assert.equal(p.account.anonymous, true);
      assert.equal(p.mayEdit, wikiSays.actions.edit === true, title);
      assert.equal(p.reasons.length > 0, !p.mayEdit, `reasons when it may not: ${p.reasons.join(' ')}`);
      assert.deepEqual(p.page.protection, wikiSays.protection, title);
      assert.ok(p.wiki.name, 'the wiki is named');
    }
  });

  it(`a text past the ${PREVIEW_URL_BOUND}-byte GET bound is compared and parsed in POST forms (compare, parse, no token)`, async () => {
    const title = pageTitle(7);
    const big = Array.from({ length: 400 }, (_, i) => `Line ${i} of a long preview text.`).join('\n');
    const from = wiki.requests().length;
    const p = await noWrite([title], () => preview({ action: 'edit', title, text: big }, 1000));
    const posts = wiki.requests().slice(from).filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((r) => /[?&]action=(\w+)/.exec(r.uri)?.[1]), ['compare', 'parse'], 'the compare and the parse of the new text, read modules');
    assert.ok(changed(p).includes('+Line 399 of a long preview text.'));
    assert.equal(p.diffOmitted, 0);
    const cut = await preview({ action: 'edit', title, text: big }, 50);
    assert.equal(cut.diffText.length, 50);
    assert.equal(cut.diffOmitted, p.diffText.length - 50, 'the lines left out are counted');
  });

  it('parse warnings of the new text: a display title that is not the page\'s and a template given a parameter twice; none for plain text', async () => {
    const title = pageTitle(12);
    const from = wiki.requests().length;
    const p = await noWrite([title], () => preview({ action: 'edit', title, appendtext: '\n{{DISPLAYTITLE:Another title}}\n{{Fruit note|a=1|a=2}}' }));
    assert.equal(p.warnings.length, 2, p.warnings.join('\n'));
    assert.match(p.warnings[0], /^Warning: Display title "Another title" was ignored/);
    assert.match(p.warnings[1], new RegExp(`^Warning: ${title} is calling Template:Fruit note with more than one value for the "a" parameter`));
    const parses = wiki.requests().slice(from).filter((r) => /[?&]action=parse\b/.test(r.url));
    assert.equal(parses.length, 1);
    assert.match(parses[0].url, /[?&]pst=1\b/);
    assert.match(parses[0].url, /[?&]prop=parsewarningshtml(&|$)/);
    assert.equal((await preview({ action: 'edit', title, appendtext: '\nNo warning here.' })).warnings.length, 0);
  });

  it('undo: no parse asked; the facts carry the wiki\'s clock (curtimestamp) as startedAt', async () => {
    const title = pageTitle(3);
    const revs = (await (await fetch(`${wiki.endpoint}?action=query&format=json&formatversion=2&prop=revisions&rvprop=ids&rvlimit=1&titles=${encodeURIComponent(title)}`)).json()).query.pages[0].revisions;
    const from = wiki.requests().length;
    const p = await preview({ action: 'edit', title, undo: String(revs[0].revid) });
    assert.deepEqual(p.warnings, []);
    assert.equal(wiki.requests().slice(from).some((r) => /action=parse/.test(r.url)), false, 'no parse for an undo');
    assert.match(p.startedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(p.startedAt >= (p.page.timestamp ?? ''), `${p.startedAt} after the current revision's ${p.page.timestamp}`);
    assert.ok(Math.abs(Date.parse(p.startedAt) - Date.now()) < 60_000, 'the wiki\'s clock, now (the same machine)');
  });

  it('a move plan: the params as sent without token, both pages\' facts, refused anonymously with the wiki\'s reason, allowed for a user', async () => {
    const from = pageTitle(13);
    const to = 'Where a plan would move it';
    const anon = await noWrite([from, to], () => plan({ action: 'move', from, to, reason: 'try' }));
    assert.deepEqual(Object.keys(anon.plan).filter((k) => !['format', 'formatversion', 'errorformat'].includes(k)), ['action', 'from', 'to', 'reason']);
    assert.equal(anon.method, 'POST');
    assert.equal(anon.account.anonymous, true);
    assert.deepEqual(anon.pages.map((p) => [p.param, p.page.exists, p.permission?.action]), [['from', true, 'move'], ['to', false, 'move-target']]);
    assert.equal(anon.pages[0].page.revid, (await pageFacts(from)).lastrevid);
    assert.equal(anon.pages[0].permission?.allowed, false);
    assert.deepEqual(anon.pages[0].permission?.reasons, await wikiReasons(new HttpClient(), from, 'move'));
    assert.match(anon.pages[0].permission?.reasons.join(' ') ?? '', /registered user/);
    for (const http of [user, sysop]) {
      const p = await noWrite([from, to], () => plan({ action: 'move', from, to }, http));
      assert.equal(p.account.anonymous, false);
      assert.deepEqual(p.pages.map((x) => [x.permission?.allowed, x.permission?.reasons]), [[true, []], [true, []]], p.account.name);
    }
  });

  it('a delete plan by pageid: refused for a user with the wiki\'s reason (the signed-in session), allowed for a sysop', async () => {
    const title = pageTitle(14);
    const pageid = String((await pageFacts(title)).pageid);
    const refused = await noWrite([title], () => plan({ action: 'delete', pageid }, user));
    assert.equal(refused.account.name, SEED.users[1]);
    assert.equal(refused.pages[0].page.title, title);
    assert.equal(refused.pages[0].permission?.allowed, false);
    assert.deepEqual(refused.pages[0].permission?.reasons, await wikiReasons(user, title, 'delete'));
    assert.match(refused.pages[0].permission?.reasons.join(' ') ?? '', /Administrators/);
    const allowed = await noWrite([title], () => plan({ action: 'delete', pageid }, sysop));
    assert.deepEqual(allowed.pages[0].permission, { action: 'delete', allowed: true, reasons: [] });
    assert.equal(allowed.note, undefined);
  });

  it('protect and undelete plans: the protection and the deleted page as the wiki says; options: no page, said plainly', async () => {
    const protectedTitle = pageTitle(SEED.protectedPage);
    const p = await noWrite([protectedTitle], () => plan({ action: 'protect', title: protectedTitle, protections: 'edit=sysop' }, user));
    assert.deepEqual(p.pages[0].page.protection, (await pageFacts(protectedTitle)).protection);
    assert.ok(p.pages[0].page.protection.length > 0);
    assert.equal(p.pages[0].permission?.allowed, false);
    const gone = pageTitle(SEED.deletedPage);
    const u = await noWrite([gone], () => plan({ action: 'undelete', title: gone }, sysop));
    assert.deepEqual([u.pages[0].page.exists, u.pages[0].permission?.allowed], [false, true]);
    const o = await noWrite([], () => plan({ action: 'options', change: 'gender=female' }, sysop));
    assert.deepEqual(o.pages, []);
    assert.equal(o.account.name, SEED.sysop);
    assert.match(o.note ?? '', /^options names no page/);
  });

  /** The CLI as a real process. */
  const cli = (args: string[]) => new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir }, (e, out, err) => resolve({ code: e ? Number((e as { code?: number }).code) : 0, out, err }));
  });

  it('wikiq run --dry-run prints the plan, the facts and the diff, exit 0; without it and without a terminal the edit is refused, exit 2', async () => {
    const title = pageTitle(8);
    fs.writeFileSync(path.join(dir, 'edit.wikiq'), file({ action: 'edit', title, appendtext: '\nAppended by the CLI.', summary: 'try' }));
    const r = await noWrite([title], () => cli(['run', 'edit.wikiq', '--dry-run']));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Nothing was saved \(--dry-run\)\.$/m);
    assert.match(r.out, /^ {2}appendtext = ⏎Appended by the CLI\.$/m);
    assert.match(r.out, new RegExp(`^Page: ${title} exists; current revision ${(await pageFacts(title)).lastrevid} of \\d{4}-`, 'm'));
    assert.match(r.out, /^Account: anonymous/m);
    assert.match(r.out, /^May edit: (yes|no)/m);
    assert.match(r.out, /^\+Appended by the CLI\.$/m);
    assert.equal(r.out.includes('\x1b'), false, 'no colour when stdout is not a terminal');
    const sent = wiki.requests().length;
    const refused = await cli(['run', 'edit.wikiq']);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /writes to the wiki and there is no terminal to confirm on/);
    assert.equal(wiki.requests().length, sent, 'nothing sent');
  });

  it('on a terminal: - red, + green; the wiki\'s control characters escaped', async () => {
    const title = pageTitle(10);
    fs.writeFileSync(path.join(dir, 'tty.wikiq'), file({ action: 'edit', title, appendtext: '\nReversed \u202e here.' }));
    const out: string[] = [];
    const err: string[] = [];
    const code = await noWrite([title], () => main(['run', 'tty.wikiq', '--dry-run'], { out: (t) => out.push(t), err: (t) => err.push(t), tty: true, stdoutTty: true, cwd: dir }));
    assert.equal(code, 0, err.join('\n'));
    const text = out.join('\n');
    assert.ok(text.includes('\x1b[32m+Reversed \\u202e here.\x1b[0m'), text);
    assert.equal(text.includes('\u202e'), false, 'the bidi override is shown as an escape');
  });

  it('wikiq run --dry-run on a move prints the plan and the permission facts; on a read it is a usage error', async () => {
    const from = pageTitle(15);
    fs.writeFileSync(path.join(dir, 'move.wikiq'), file({ action: 'move', from, to: 'Moved by no CLI' }));
    const r = await noWrite([from], () => cli(['run', 'move.wikiq', '--dry-run']));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Plan of move: nothing was sent but read requests/m);
    assert.match(r.out, new RegExp(`^Page \\(from\\): ${from} exists; current revision ${(await pageFacts(from)).lastrevid} of `, 'm'));
    assert.match(r.out, /^Page \(to\): Moved by no CLI does not exist$/m);
    assert.match(r.out, /^ {2}May move: no: You must be a registered user/m);
    fs.writeFileSync(path.join(dir, 'read.wikiq'), file({ action: 'query', meta: 'siteinfo' }));
    const read = await cli(['run', 'read.wikiq', '--dry-run']);
    assert.equal(read.code, 1);
    assert.match(read.err, /--dry-run previews a write; read\.wikiq asks action=query, a read/);
  });

  it('a token in the request is refused, with --dry-run too', async () => {
    fs.writeFileSync(path.join(dir, 'token.wikiq'), file({ action: 'edit', title: pageTitle(9), text: 'x', token: '+\\' }));
    const r = await cli(['run', 'token.wikiq', '--dry-run']);
    assert.equal(r.code, 1);
    assert.match(r.err, /'token' is a token/);
  });
});
