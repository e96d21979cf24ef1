/**
 * `wikiq mcp` signed in with a credential from its environment (WIKIQ_USER and WIKIQ_PASSWORD), on
 * the private test wiki where nobody else may read: the tools work, and the secret appears in no
 * answer and nowhere in the server's log, whether the sign-in works or fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SEED, TestWiki } from './harness';
import { PRIVATE, startPrivateWiki } from './private';
import { startMcp, type McpUnderTest } from './mcpClient';

const files = { params: { action: 'query', list: 'allimages', ailimit: 'max' }, max_records: 1000 };

describe('wikiq mcp with a credential from the environment', () => {
  let wiki: TestWiki;
  const servers: McpUnderTest[] = [];
  before(async () => {
    wiki = await startPrivateWiki();
  });
  after(async () => {
    for (const s of servers) await s.close();
    await wiki?.stop();
  });
  const start = async (env: Record<string, string>) => {
    const s = await startMcp(['--endpoint', wiki.endpoint, '--cache-dir', `${wiki.dir}/mcp-cache-${servers.length}`], env);
    servers.push(s);
    return s;
  };
  /** Neither the secret nor its URL-encoded form in any answer or in the log. */
  const assertNoSecret = (s: McpUnderTest, secret: string) => {
    for (const form of [secret, encodeURIComponent(secret)]) {
      for (const a of s.answers()) assert.ok(!a.includes(form), 'the secret is not in an answer');
      assert.ok(!s.log().includes(form), 'the secret is not in the log');
    }
  };

  it('without one, the private wiki refuses to read (the control)', async () => {
    const s = await start({});
    const r = await s.call('run_request', files);
    assert.equal(r.isError, true);
    assert.match(r.text, /readapidenied|sign in/i);
  });

  it('signed in with the bot password, every tool answers, and the password is in no answer or log', async () => {
    const s = await start({ WIKIQ_USER: PRIVATE.bot.login, WIKIQ_PASSWORD: PRIVATE.bot.botPassword });
    const run = await s.call('run_request', files);
    assert.ok(!run.isError, run.text);
    assert.equal(run.structured!.status, 'complete');
    assert.equal((run.structured!.records as unknown[]).length, SEED.files);
    for (const [tool, input] of [['find_modules', { query: 'images' }], ['describe_module', { module: 'allimages' }], ['check_request', files]] as const) {
      const r = await s.call(tool, input);
      assert.ok(!r.isError, `${tool}: ${r.text}`);
    }
    assertNoSecret(s, PRIVATE.bot.botPassword);
  });

  it('a wrong password fails in words, and is in no answer or log either', async () => {
    const wrong = 'wrong-secret-0123456789abcdefghij';
    const s = await start({ WIKIQ_USER: PRIVATE.bot.login, WIKIQ_PASSWORD: wrong });
    const r = await s.call('run_request', files);
    assert.equal(r.isError, true);
    assert.ok(r.text.length > 20, r.text);
    assertNoSecret(s, wrong);
  });
});
