/**
 * The save's faults (#39) that the real test wiki will not produce on demand, against the fake
 * signed-in wiki: a signed-in session handed the anonymous token `+\` (never used), an edit's
 * answer lost after the POST was sent (whether it was saved is not known, and the message says so),
 * and a `maxlag` wait longer than allowed (nothing saved). The rest of the save is tested against
 * the real wiki (test/wiki/save.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { BOT, fakeWiki, type FakeWiki } from './fakeWiki';
import { json } from './faultServer';
import { SignedInHttpClient, WikiSession, WritePlans, saveWrite, type PlanInput } from '../../engine/src';

describe('saving: faults of the wiki (fake wiki)', () => {
  let wiki: FakeWiki;
  before(async () => {
    wiki = await fakeWiki();
  });
  after(async () => {
    await wiki.close();
  });
  beforeEach(() => {
    wiki.csrfToken = 'c0ffee+\\';
    wiki.onEdit = undefined;
    wiki.seen.length = 0;
  });

  /** Saves an appendtext edit of `Page`, previewed at revision 5, as Bot: the outcome ('saved' or the error's message) matches `expected`, after `edits` edit POSTs. */
  async function check(expected: RegExp, edits: number): Promise<void> {
    const http = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: BOT.user, password: BOT.password }), { timeoutMs: 3000 });
    const input: PlanInput = {
      endpoint: wiki.endpoint, params: { action: 'edit', title: 'Page', appendtext: '\nx' }, tokentype: 'csrf',
      base: { title: 'Page', exists: true, revid: 5, timestamp: '2026-01-01T00:00:00Z' }, account: 'Bot',
    };
    const plans = new WritePlans();
    const outcome = await saveWrite(plans.take(plans.add(input).id), http, { maxBackoffMs: 1000 }).then(() => 'saved', (e: Error) => e.message);
    assert.match(outcome, expected);
    assert.equal(wiki.seen.filter((r) => r.method === 'POST' && /action=edit/.test(r.url)).length, edits, 'edit POSTs');
    assert.ok(!outcome.includes(wiki.csrfToken), 'no token in the message');
  }

  it('saves when the wiki answers Success (the fake wiki is a fair one)', () => check(/^saved$/, 1));

  it('the anonymous token +\\ handed to a signed-in session is never used: nothing is sent', async () => {
    wiki.csrfToken = '+\\';
    await check(/has lapsed \(the wiki gave the anonymous token\): nothing was saved/, 0);
  });

  it('the answer of the edit lost after it was sent: the message says whether it was saved is not known', async () => {
    wiki.onEdit = (req) => req.socket.destroy();
    await check(/Whether the wiki saved it is not known: look at the page's history before saving again\.$/, 1);
  });

  it('maxlag asking a wait longer than allowed: stopped, nothing saved', async () => {
    wiki.onEdit = (_req, res) => json(res, { errors: [{ code: 'maxlag', text: 'Waiting for a database server: 30 seconds lagged.' }] }, 200, { 'retry-after': '30' });
    await check(/longer than the longest wait .* Nothing was saved\.$/, 1);
  });
});
