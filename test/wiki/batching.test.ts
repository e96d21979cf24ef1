/**
 * Multi-value batching against the real MediaWiki: 120 file titles with `prop=info` are one
 * request too many for the API (it refuses them: `toomanyvalues`); `wikiq run --all` sends them
 * in three requests of 50 anonymously, and the bot (`apihighlimits`, the private wiki) in one of
 * 500; a signed-in user without `apihighlimits` in three. The requests are counted at the wiki
 * (its router logs every request).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../cli/src/cli';
import { apiUrl } from '../../core/src';
import { Credentials, HttpClient, RunSession, SignedInHttpClient, WikiSession, resolveRequest } from '../../engine/src';
import { TestWiki, fileName, startWiki } from './harness';
import { PRIVATE, startPrivateWiki } from './private';
import { bundledCatalogue } from '../../core/src/bundled';

interface Page { pageid: number; title: string; missing?: boolean; invalid?: boolean }
interface Result { status?: string; query: { pages: Page[] } }
const TITLES = Array.from({ length: 120 }, (_, i) => `File:${fileName(i)}`);
const request = (endpoint: string) => `@endpoint = ${endpoint}\n### Files\naction = query\nprop = info\ntitles = ${TITLES.join('|')}\n`;
const infoRequests = (wiki: TestWiki) => wiki.requests().filter((r) => r.method === 'GET' && /[?&]prop=info(&|$)/.test(r.uri));
const titlesPerRequest = (uris: string[]) => uris.map((u) => new URL(u, 'http://x').searchParams.get('titles')!.split('|').length);

/** Every page of the result exists and is one of the titles asked, once. */
function assertAllPages(pages: Page[]): void {
  assert.equal(pages.length, 120);
  assert.equal(pages.filter((p) => p.missing || p.invalid).length, 0);
  assert.equal(new Set(pages.map((p) => p.pageid)).size, 120);
  assert.deepEqual(new Set(pages.map((p) => p.title)), new Set(TITLES.map((t) => t.replace(/_/g, ' '))));
}

describe('batching against a real MediaWiki', () => {
  let wiki: TestWiki;
  let dir: string;
  before(async () => {
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-batching-'));
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the wiki itself refuses 120 titles in one request (toomanyvalues), as the diagnostic says', async () => {
    const r = resolveRequest(request(wiki.endpoint), { index: 0 }, { catalogue: bundledCatalogue() });
    const res = await new HttpClient().get(apiUrl(r.endpoint, r.params));
    assert.equal((JSON.parse(res.body) as { errors?: Array<{ code: string }> }).errors?.[0]?.code, 'toomanyvalues');
  });

  it('anonymous: `wikiq run --all --format json` returns 120 pages from three requests of 50, 50 and 20', async () => {
    const file = path.join(dir, 'files.wikiq');
    fs.writeFileSync(file, request(wiki.endpoint));
    const seen = infoRequests(wiki).length;
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['run', file, '--all', '--format', 'json'], { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd: dir });
    assert.equal(code, 0, err.join('\n'));
    const sent = infoRequests(wiki).slice(seen).map((r) => r.uri);
    assert.deepEqual(titlesPerRequest(sent), [50, 50, 20]);
    const json = JSON.parse(out.join('\n')) as Result;
    assert.equal(json.status, 'complete');
    assertAllPages(json.query.pages);
  });

  it('`--max-records 60` stops at exactly 60 pages (50 then 10 titles), and `--continue` its status file gets the other 60', async () => {
    const file = path.join(dir, 'files.wikiq');
    fs.writeFileSync(file, request(wiki.endpoint));
    const cli = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['run', file, '--all', '--format', 'json', ...args], { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd: dir });
      return { code, json: JSON.parse(out.join('\n')) as Result & { continue: Record<string, string> | null }, err: err.join('\n') };
    };
    let seen = infoRequests(wiki).length;
    const first = await cli(['--max-records', '60', '--status-file', 'status.json']);
    assert.deepEqual([first.code, first.json.status, first.json.query.pages.length, first.json.continue], [2, 'partial', 60, { wikiqbatch: 'titles:60' }], first.err);
    assert.deepEqual(titlesPerRequest(infoRequests(wiki).slice(seen).map((r) => r.uri)), [50, 10]);
    seen = infoRequests(wiki).length;
    const rest = await cli(['--continue', 'status.json']);
    assert.deepEqual([rest.code, rest.json.status, rest.json.query.pages.length], [0, 'complete', 60], rest.err);
    assert.deepEqual(titlesPerRequest(infoRequests(wiki).slice(seen).map((r) => r.uri)), [50, 10]);
    assert.equal(new Set([...first.json.query.pages, ...rest.json.query.pages].map((p) => p.pageid)).size, 120);
  });
});

describe('batching signed in to the real private MediaWiki', () => {
  let wiki: TestWiki;
  before(async () => {
    wiki = await startPrivateWiki();
  });
  after(async () => {
    await wiki?.stop();
  });

  async function runAs(creds: Credentials): Promise<{ sent: string[]; pages: Page[] }> {
    const seen = infoRequests(wiki).length;
    const session = new RunSession(resolveRequest(request(wiki.endpoint), { index: 0 }, { catalogue: bundledCatalogue() }), new SignedInHttpClient(new WikiSession(wiki.endpoint, creds)), { all: true });
    const state = await session.run();
    assert.equal(state.stopped, 'complete', state.failure?.message);
    return { sent: infoRequests(wiki).slice(seen).map((r) => r.uri), pages: (session.result() as unknown as Result).query.pages };
  }

  it('the bot (apihighlimits) sends the 120 titles in one request', async () => {
    const { sent, pages } = await runAs({ kind: 'botpassword', user: PRIVATE.bot.login, password: PRIVATE.bot.botPassword });
    assert.deepEqual(titlesPerRequest(sent), [120]);
    assertAllPages(pages);
  });

  it('a signed-in user without apihighlimits sends them in three requests', async () => {
    const { sent, pages } = await runAs({ kind: 'botpassword', user: PRIVATE.normal.login, password: PRIVATE.normal.botPassword });
    assert.deepEqual(titlesPerRequest(sent), [50, 50, 20]);
    assertAllPages(pages);
  });
});
