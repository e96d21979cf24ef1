/**
 * `wikiq mcp --allow-writes` (#39) against the real private wiki, through the SDK's own client over
 * stdio (test/wiki/mcpClient.ts), signed in as the editor (PRIVATE.editor): preview_write then
 * save_write saves exactly the previewed text (a value read from a file in --files-dir, the summary
 * tag appended), read back from the wiki; the undo it answers is previewed and saved in turn; a plan
 * whose page changed since its preview is refused and the other edit stays; a plan replayed after its
 * save saves nothing; no answer or log holds a token.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SignedInHttpClient, WikiSession } from '../../engine/src';
import type { TestWiki } from './harness';
import { PRIVATE, startPrivateWiki } from './private';
import { startMcp, type Elicit, type McpUnderTest } from './mcpClient';

type Json = Record<string, any>;
const TAG = '#wikiq-mcp-test';
/** The shape of every MediaWiki token (32 hex digits, then `+\`, escaped or not in JSON): none may reach an answer or the log. */
const TOKEN_SHAPE = /[0-9a-f]{32}\+/;

describe('wikiq mcp --allow-writes on the private wiki', () => {
  let wiki: TestWiki;
  let dir: string;
  let editor: SignedInHttpClient;
  const servers: McpUnderTest[] = [];
  const asked: string[] = [];
  const accept: Elicit = (request) => {
    asked.push(request.message);
    return { action: 'accept', content: { save: true } };
  };

  before(async () => {
    wiki = await startPrivateWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-mcp-writes-'));
    fs.writeFileSync(path.join(dir, 'page.wiki'), 'First line of a page written through MCP.\n\n== A heading ==\nA | pipe, {{braces}} and a last line');
    editor = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: PRIVATE.editor.login, password: PRIVATE.editor.botPassword }));
  });
  after(async () => {
    for (const s of servers) await s.close();
    await wiki?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = async (elicit?: Elicit) => {
    const s = await startMcp(
      ['--endpoint', wiki.endpoint, '--cache-dir', path.join(dir, `cache-${servers.length}`), '--allow-writes', '--summary-tag', TAG, '--files-dir', dir],
      { WIKIQ_USER: PRIVATE.editor.login, WIKIQ_PASSWORD: PRIVATE.editor.botPassword }, undefined, elicit,
    );
    servers.push(s);
    return s;
  };
  const api = async (params: Record<string, string>): Promise<Json> => {
    const res = await editor.get(`${wiki.endpoint}?${new URLSearchParams({ ...params, format: 'json', formatversion: '2' })}`);
    return JSON.parse(res.body) as Json;
  };
  /** The page's latest revision as the wiki says it (read apart from the server). */
  const latest = async (title: string): Promise<{ revid?: number; text?: string; comment?: string; count: number }> => {
    const j = await api({ action: 'query', prop: 'revisions', titles: title, rvprop: 'ids|content|comment', rvslots: 'main', rvlimit: 'max' });
    const revs = (j.query.pages[0].revisions ?? []) as Json[];
    return { revid: revs[0]?.revid, text: revs[0]?.slots.main.content, comment: revs[0]?.comment, count: revs.length };
  };
  const ok = async (s: McpUnderTest, tool: string, input: Record<string, unknown>): Promise<Json> => {
    const r = await s.call(tool, input);
    assert.ok(!r.isError, `${tool}: ${r.text}`);
    return r.structured!;
  };
  /** Another edit, made between a preview and its save, apart from the server, by `account` (signed in with its bot password). */
  const editApart = async (account: { login: string; botPassword: string }, title: string, appendtext: string) => {
    const http = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: account.login, password: account.botPassword }));
    const tokens = JSON.parse((await http.get(`${wiki.endpoint}?action=query&meta=tokens&format=json`)).body) as Json;
    const body = new URLSearchParams({ action: 'edit', title, appendtext, summary: 'in between', token: tokens.query.tokens.csrftoken, format: 'json' }).toString();
    const res = await http.get(`${wiki.endpoint}?action=edit&format=json`, undefined, { form: body });
    assert.match(res.body, /"result":"Success"/);
  };

  it('preview_write then save_write: the person is asked, the page holds exactly the file\'s text, the undo is previewed and saved', async () => {
    const s = await start(accept);
    const logins = () => wiki.requests().filter((r) => r.method === 'POST' && /(^|&)action=login(&|$)/.test(`${r.uri.split('?')[1] ?? ''}&${r.body ?? ''}`)).length;
    await api({ action: 'query', meta: 'userinfo' }); // the test's own client signs in before the count
    const loginsBefore = logins();
    const title = 'Written through MCP';
    const preview = await ok(s, 'preview_write', { request: `action = edit\ntitle = ${title}\ntext = < ./page.wiki\nsummary = A page from a file` });
    assert.equal(preview.page.exists, false);
    assert.equal(preview.account, PRIVATE.editor.name);
    assert.equal(preview.params.summary, `A page from a file ${TAG}`, 'the tag is in what is previewed');
    assert.ok(preview.diff.includes('+First line of a page written through MCP.'), preview.diff.join('\n'));
    assert.equal(typeof preview.plan_id, 'string');
    const saved = await ok(s, 'save_write', { plan_id: preview.plan_id });
    assert.deepEqual(asked, [`Save this edit as ${PRIVATE.editor.name} on ${wiki.endpoint}, to the page "${title}" (summary: "A page from a file ${TAG}")? It sends exactly the previewed request.`]);
    const after1 = await latest(title);
    assert.equal(after1.text, fs.readFileSync(path.join(dir, 'page.wiki'), 'utf8').trimEnd(), 'the saved text is the file\'s (MediaWiki trims the end)');
    assert.equal(after1.comment, `A page from a file ${TAG}`);
    assert.deepEqual([saved.saved, saved.newrevid, saved.account, saved.title], [true, after1.revid, PRIVATE.editor.name, title]);
    assert.equal(saved.diffUrl, undefined, 'a page created has no diff');
    assert.deepEqual(saved.undo, { request: `action = delete\ntitle = ${title}\nreason = Undo the creation of revision ${saved.newrevid} by ${PRIVATE.editor.name}`, endpoint: wiki.endpoint }, 'a page created: its undo deletes it');

    // An edit of the page now: its answer carries the undo, which is previewed and saved like any other write.
    const edit = await ok(s, 'preview_write', { params: { action: 'edit', title, appendtext: '\nAppended through MCP.', summary: 'append' } });
    assert.deepEqual(edit.diff.filter((l: string) => /^[-+]/.test(l)), ['+Appended through MCP.']);
    const appended = await ok(s, 'save_write', { plan_id: edit.plan_id });
    assert.match(appended.diffUrl, new RegExp(`diff=${appended.newrevid}\\b`));
    assert.equal((await latest(title)).text, `${after1.text}\nAppended through MCP.`);
    assert.deepEqual(appended.undo, { request: `action = edit\ntitle = ${title}\nundo = ${appended.newrevid}\nundoafter = ${appended.oldrevid}\nsummary = Undo revision ${appended.newrevid} by ${PRIVATE.editor.name}`, endpoint: wiki.endpoint });
    const undo = await ok(s, 'preview_write', appended.undo);
    assert.deepEqual(undo.diff.filter((l: string) => /^[-+]/.test(l)), ['-Appended through MCP.']);
    await ok(s, 'save_write', { plan_id: undo.plan_id });
    assert.equal((await latest(title)).text, after1.text, 'undone');
    assert.equal(logins() - loginsBefore, 2, 'the server signed in once for the catalogue and once for its six write calls, not once a call');
  });

  for (const [who, account] of [['the same account', PRIVATE.editor], ['another account', PRIVATE.writer]] as const) {
    it(`a plan whose page changed since its preview (an edit by ${who}) is refused, and the edit in between stays`, async () => {
      const s = await start(accept);
      const title = `Changed in between by ${account.name}`;
      await ok(s, 'save_write', { plan_id: (await ok(s, 'preview_write', { params: { action: 'edit', title, text: 'Start.', summary: 'start' } })).plan_id });
      const preview = await ok(s, 'preview_write', { params: { action: 'edit', title, text: 'Replaced by MCP.', summary: 'replace' } });
      await editApart(account, title, '\nIn between.');
      const before = await latest(title);
      const r = await s.call('save_write', { plan_id: preview.plan_id });
      assert.equal(r.isError, true);
      assert.match(r.text, new RegExp(`^${title} changed \\(revision \\d+ is now \\d+\\) since your preview: nothing was sent`));
      assert.deepEqual(await latest(title), before, 'nothing was saved: the edit in between is the latest');
      assert.equal(before.text, 'Start.\nIn between.');
    });
  }

  it('a plan replayed after its save saves nothing; without elicitation the client\'s own confirmation is relied on', async () => {
    const s = await start();
    const title = 'Replayed';
    const preview = await ok(s, 'preview_write', { params: { action: 'edit', title, appendtext: 'Once.', summary: 'once' } });
    const saved = await ok(s, 'save_write', { plan_id: preview.plan_id });
    assert.equal(saved.confirmed, 'by the client (this client cannot be asked through elicitation)');
    const before = await latest(title);
    const again = await s.call('save_write', { plan_id: preview.plan_id });
    assert.equal(again.isError, true);
    assert.match(again.text, /^This plan_id is not one this server made in this session, or it was already saved/);
    assert.deepEqual(await latest(title), before);
    assert.equal(before.text, 'Once.');
    // A plan of another session (server) is unknown here.
    const other = await ok(await start(accept), 'preview_write', { params: { action: 'edit', title, appendtext: 'Twice.', summary: 'other' } });
    assert.equal((await s.call('save_write', { plan_id: other.plan_id })).isError, true);
    assert.deepEqual(await latest(title), before);
  });

  it('another write: a move\'s plan names both pages with this account\'s permission, and saved, the page is at its new title', async () => {
    const s = await start(accept);
    const [from, to] = ['To be moved', 'Moved through MCP'];
    await ok(s, 'save_write', { plan_id: (await ok(s, 'preview_write', { params: { action: 'edit', title: from, text: 'Moving.', summary: 'start' } })).plan_id });
    const plan = await ok(s, 'preview_write', { request: `action = move\nfrom = ${from}\nto = ${to}\nreason = A test move\nnoredirect = 1` });
    assert.equal(plan.module, 'move');
    assert.deepEqual(plan.pages.map((p: Json) => [p.param, p.page.exists, p.permission?.action, p.permission?.allowed]), [['from', true, 'move', true], ['to', false, 'move-target', true]]);
    asked.length = 0;
    const saved = await ok(s, 'save_write', { plan_id: plan.plan_id });
    assert.deepEqual(asked, [`Save this move as ${PRIVATE.editor.name} on ${wiki.endpoint}, to the pages "${from}" and "${to}" (reason: "A test move")? It sends exactly the previewed request.`]);
    assert.deepEqual([saved.saved, saved.module, saved.undo], [true, 'move', { request: `action = move\nfrom = ${to}\nto = ${from}\nreason = Undo the move by ${PRIVATE.editor.name}`, endpoint: wiki.endpoint }]);
    assert.deepEqual([(await latest(from)).count, (await latest(to)).text], [0, 'Moving.']);
  });

  it('no token in any answer or log (the shape of every token, and a token of this account fetched apart)', async () => {
    const { query } = await api({ action: 'query', meta: 'tokens' });
    const token = query.tokens.csrftoken as string;
    assert.match(token, TOKEN_SHAPE);
    assert.ok(servers.length >= 3 && servers.every((s) => s.answers().length > 0));
    for (const s of servers) {
      for (const text of [...s.answers(), s.log()]) {
        assert.ok(!text.includes(token.slice(0, 32)), 'the token is in no answer');
        assert.doesNotMatch(text, TOKEN_SHAPE);
        assert.ok(!text.includes(PRIVATE.editor.botPassword));
      }
    }
  });
});
