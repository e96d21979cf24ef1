/**
 * The write tools of `wikiq mcp` (#39) in process (test/unit/mcpHarness.ts: the SDK's client over its
 * in-memory transport, no wiki): they exist only with --allow-writes; save_write takes only a plan of
 * this session and saves nothing when the person declines or cancels (elicitation); preview_write's
 * refusals made before anything is sent, files read only inside --files-dir. The previews and saves
 * themselves are in test/wiki/mcp-writes.test.ts, against the real private wiki.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HARNESS_WIKI, startTools, type Elicited, type ToolHarness } from './mcpHarness';

const WRITES = ['--endpoint', HARNESS_WIKI, '--allow-writes'];
const edit = 'action = edit\ntitle = Sandbox\nappendtext = A line.\nsummary = test';

/** A plan in the session as preview_write makes one (nothing is sent for it in these tests). */
const planIn = (tools: ToolHarness) => tools.plans.add({
  endpoint: HARNESS_WIKI, params: { action: 'edit', title: 'Sandbox', appendtext: 'A line.', summary: 'test' }, tokentype: 'csrf',
  base: { title: 'Sandbox', exists: true, revid: 7, timestamp: '2026-01-01T00:00:00Z' }, account: 'WikiqEditor',
}).id;

/** What a call answers: the refusal's text, or (no refusal) the structured answer. */
async function refusal(tools: ToolHarness, tool: string, input: Record<string, unknown>): Promise<string> {
  const r = await tools.call(tool, input);
  assert.equal(r.isError, true, `${tool} should refuse: ${r.text}`);
  assert.equal(r.parts, 1, 'a refusal is one message');
  return r.text;
}

describe('the MCP write tools, in process', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-mcp-writes-'));
  const folder = path.join(dir, 'files');
  before(() => {
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'edit.wikiq'), `### Edit\n${edit}\n\n### Read\naction = query\nmeta = siteinfo\n`);
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the folder');
    fs.writeFileSync(path.join(folder, 'page.wiki'), 'A page.\n');
    fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(folder, 'link.txt'));
    fs.writeFileSync(path.join(dir, 'outside.wikiq'), edit);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const names = async (tools: ToolHarness) => (await tools.client.listTools()).tools.map((t) => t.name).sort();

  it('without --allow-writes no write tool is listed, and save_write cannot be called', async () => {
    const tools = await startTools();
    try {
      assert.deepEqual(await names(tools), ['check_request', 'describe_module', 'find_modules', 'run_request']);
      const r = await tools.call('save_write', { plan_id: planIn(tools) });
      assert.equal(r.isError, true);
      assert.match(r.text, /save_write not found/);
    } finally {
      await tools.close();
    }
  });

  it('with --allow-writes: preview_write is read-only, save_write destructive', async () => {
    const tools = await startTools(WRITES);
    try {
      const listed = (await tools.client.listTools()).tools.filter((t) => t.name.endsWith('_write'));
      assert.deepEqual(Object.fromEntries(listed.map((t) => [t.name, [t.annotations?.readOnlyHint, t.annotations?.destructiveHint]])), {
        preview_write: [true, false], save_write: [false, true],
      });
    } finally {
      await tools.close();
    }
  });

  describe('refusals before anything is sent', () => {
    let tools: ToolHarness;
    before(async () => (tools = await startTools([...WRITES, '--files-dir', folder])));
    after(() => tools.close());

    const check = async (tool: string, input: Record<string, unknown>, expected: string | RegExp) => {
      const text = await refusal(tools, tool, input);
      if (typeof expected === 'string') assert.equal(text, expected);
      else assert.match(text, expected);
    };

    it('save_write: a plan id this session did not make', () =>
      check('save_write', { plan_id: '6f1c1e4e-0000-4000-8000-000000000000' }, 'This plan_id is not one this server made in this session, or it was already saved, or it is older than 30 minutes: nothing was sent. Preview the write again with preview_write, then save its plan_id.'));
    it('preview_write: a read is not a write', () =>
      check('preview_write', { request: 'action = query\nmeta = siteinfo' }, 'This request does not write: run it with run_request. preview_write takes a write (an edit, a move, a delete…).'));
    it('preview_write: an edit without credentials for the wiki', () =>
      check('preview_write', { request: edit }, `Writing to ${HARNESS_WIKI} needs a signed-in session, and this server has no credentials for it (WIKIQ_USER and WIKIQ_PASSWORD, or the credentials file: docs/signed-in.md): nothing was sent.`));
    it('preview_write: another write without credentials is refused too', () =>
      check('preview_write', { params: { action: 'delete', title: 'Sandbox', reason: 'test' } }, /^Writing to .* needs a signed-in session/));
    it('preview_write: an upload stays refused', () =>
      check('preview_write', { params: { action: 'upload', filename: 'A.png', url: 'https://w.example/A.png' } }, /^The request was not sent: .*upload/));
    it('preview_write: a token written into the request', () =>
      check('preview_write', { request: `${edit}\ntoken = abc+\\` }, /token/i));
    it('preview_write: a request file outside --files-dir', () =>
      check('preview_write', { file: '../outside.wikiq' }, /^file: '\.\.\/outside\.wikiq' is outside the folder this server reads/));
    it('preview_write: a named request of a file is chosen (the read of the same file refused as a read)', () =>
      check('preview_write', { file: 'edit.wikiq', name: 'Read' }, /^This request does not write/));
    it('preview_write: a file value through a link leading out of --files-dir', () =>
      check('preview_write', { request: 'action = edit\ntitle = Sandbox\ntext = < ./link.txt' }, "text is read from './link.txt', which is outside the folder this server reads (--files-dir): nothing was read."));
    it('preview_write: a missing file value', () =>
      check('preview_write', { request: 'action = edit\ntitle = Sandbox\ntext = < ./none.wiki' }, "text is read from the file './none.wiki', which does not exist in the folder this server reads (--files-dir)."));
    it('preview_write: file and request together', () =>
      check('preview_write', { file: 'edit.wikiq', request: edit }, 'Give the request as one of `request` (.wikiq text or an api.php URL), `params` (an object of API parameters) or `file` (a .wikiq file), not several.'));
    it('run_request keeps refusing writes, and names the write tools', () =>
      check('run_request', { request: edit }, 'The request was not sent: run_request runs read requests only, and action=edit writes. Preview it with preview_write (nothing is saved), show the person the diff or plan, then save it with save_write.'));
    it('without --allow-writes: a file value is refused without --files-dir; a write is refused, saying why there is no write tool', async () => {
      const plain = await startTools();
      try {
        const text = await refusal(plain, 'run_request', { request: 'action = parse\ncontentmodel = wikitext\ntext = < ./page.wiki' });
        assert.match(text, /^text is read from the file '\.\/page\.wiki', but this server was started without --files-dir/);
        assert.match(await refusal(plain, 'run_request', { params: { action: 'delete', title: 'Sandbox' } }), /^The request was not sent: run_request runs read requests only, and action=delete writes\. This server was started without --allow-writes/);
      } finally {
        await plain.close();
      }
    });
  });

  describe('save_write asks the person first (elicitation); declined or cancelled, nothing is saved', () => {
    // Credentials for the harness's wiki, so that the save gets as far as asking (nothing is sent to it).
    const saved = { user: process.env.WIKIQ_USER, password: process.env.WIKIQ_PASSWORD };
    before(() => Object.assign(process.env, { WIKIQ_USER: 'WikiqEditor@wikiq', WIKIQ_PASSWORD: 'not-used-0123456789abcdefghijkl' }));
    after(() => {
      for (const [k, v] of [['WIKIQ_USER', saved.user], ['WIKIQ_PASSWORD', saved.password]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    });
    const cases: Array<{ name: string; answer: ReturnType<Elicited>; said: string }> = [
      { name: 'declined', answer: { action: 'decline' }, said: 'declined' },
      { name: 'cancelled', answer: { action: 'cancel' }, said: 'cancelled' },
      { name: 'accepted without ticking Save', answer: { action: 'accept', content: { save: false } }, said: 'declined' },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const asked: string[] = [];
        const tools = await startTools(WRITES, undefined, (request) => {
          asked.push(request.message);
          return c.answer;
        });
        try {
          const id = planIn(tools);
          const text = await refusal(tools, 'save_write', { plan_id: id });
          assert.equal(text, `The person ${c.said} the save: nothing was saved, and the plan is dropped. Preview again if the write should still be made.`);
          assert.deepEqual(asked, [`Save this edit as WikiqEditor on ${HARNESS_WIKI}, to the page "Sandbox" (summary: "test")? It sends exactly the previewed request.`]);
          assert.equal(tools.plans.peek(id), undefined, 'the plan is gone: it cannot be saved later');
        } finally {
          await tools.close();
        }
      });
    }

    it('without credentials for the wiki, refused before the person is asked; the plan is kept', async () => {
      delete process.env.WIKIQ_USER;
      delete process.env.WIKIQ_PASSWORD;
      let asked = 0;
      const tools = await startTools(WRITES, undefined, () => {
        asked++;
        return { action: 'accept', content: { save: true } };
      });
      try {
        const id = planIn(tools);
        assert.match(await refusal(tools, 'save_write', { plan_id: id }), /needs a signed-in session/);
        assert.equal(asked, 0);
        assert.ok(tools.plans.peek(id));
      } finally {
        await tools.close();
      }
    });
  });
});
