/**
 * `wikiq mcp`'s run_request against a local server that counts what it is asked (a real wiki will
 * not fail on demand, and 2,000 log events would take seeding): an agent's pull through cursors
 * asks the wiki for the batches `wikiq run --all` asks for (+ 1 at most) and gets every record
 * once; a cursor still works in a new server process (it fetches its point again); a wiki whose
 * catalogue fails is not asked again on every call; a save_as run that fails leaves no file.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { logEventsBatch } from '../logEventsServer';
import { startMcp, type McpUnderTest } from '../wiki/mcpClient';
import { cliHarness, type CliHarness } from './cliHarness';
import { json } from './faultServer';

const TOTAL = 2000;
const BATCH = 500;

/** The log events from `lecontinue`, BATCH a response, as list=logevents gives them. */
const serveLog = (q: URLSearchParams, res: Parameters<typeof json>[0]) => json(res, logEventsBatch(Number(q.get('lecontinue') ?? 0), TOTAL, BATCH));

type Page = { status: string; records: Array<{ logid: number }>; cursor?: string };

/** run_request from `cursor` (or the start) and then each cursor it returns, `most` pages at most; every answer. */
async function follow(mcp: McpUnderTest, args: Record<string, unknown>, cursor?: string, most = 1000): Promise<Page[]> {
  const pages: Page[] = [];
  do {
    const r = await mcp.call('run_request', { ...args, ...(cursor ? { cursor } : {}) });
    assert.ok(!r.isError, r.text);
    pages.push(r.structured as Page);
    cursor = pages[pages.length - 1].cursor;
  } while (cursor && pages.length < most);
  return pages;
}

const ids = (pages: Page[]) => pages.flatMap((p) => p.records.map((r) => r.logid));

describe('wikiq mcp: run_request pulls through cursors at full batches', () => {
  let h: CliHarness;
  const started: McpUnderTest[] = [];
  const mcpOn = async (route: string, more: string[] = []) => {
    const m = await startMcp(['--endpoint', `${h.base}/${route}/api.php`, '--catalogue', 'bundled', ...more], {}, h.dir);
    started.push(m);
    return m;
  };
  const asked = (route: string) => h.hits.filter((u) => u.startsWith(`/${route}/`)).length;
  before(async () => {
    h = await cliHarness();
    for (const r of ['log', 'again', 'run']) h.routes.set(r, (_req, res, q) => serveLog(q, res));
  });
  after(async () => {
    for (const m of started) await m.close();
    await h?.close();
  });

  it(`pulls ${TOTAL} records 100 an answer, each once, asking the wiki no more than wikiq run --all does (+ 1)`, async () => {
    const request = { params: { action: 'query', list: 'logevents', lelimit: 'max' } };
    const mcp = await mcpOn('log');
    const pages = await follow(mcp, request);
    assert.equal(pages.length, TOTAL / 100);
    assert.deepEqual(pages.map((p) => p.records.length), Array(TOTAL / 100).fill(100));
    assert.deepEqual(pages.map((p) => p.status), [...Array(TOTAL / 100 - 1).fill('partial'), 'complete']);
    const got = ids(pages);
    assert.equal(new Set(got).size, TOTAL, 'every record once');
    assert.equal(got.length, TOTAL);
    h.write('run.wikiq', h.req('run', 'action = query\nlist = logevents\nlelimit = max'));
    const cli = await h.cli(['run', 'run.wikiq', '--all', '--format', 'ndjson', '--out', 'run.ndjson']);
    assert.equal(cli.code, 0, cli.err);
    assert.equal(asked('run'), TOTAL / BATCH);
    assert.ok(asked('log') <= asked('run') + 1, `run_request asked ${asked('log')} times, wikiq run --all ${asked('run')}`);
    assert.ok(h.hits.filter((u) => u.startsWith('/log/')).every((u) => /lelimit=max/.test(u)), 'never lowered');
  });

  it('a cursor works in a new server process: it fetches its point again, and the records go on once each', async () => {
    const request = { params: { action: 'query', list: 'logevents', lelimit: 'max' } };
    const first = await mcpOn('again');
    const head = await follow(first, { ...request, max_records: 150 }, undefined, 2);
    await first.close();
    assert.equal(asked('again'), 1, 'the second page came from what the first batch held');
    const second = await mcpOn('again');
    const rest = await follow(second, { ...request, max_records: 150 }, head[1].cursor);
    const got = ids([...head, ...rest]);
    assert.equal(new Set(got).size, TOTAL);
    assert.equal(got.length, TOTAL);
    assert.equal(asked('again'), 1 + TOTAL / BATCH, 'the new process fetched the cursor\'s batch again, then each batch once');
  });
});

describe('wikiq mcp: a wiki whose catalogue cannot be loaded', () => {
  let h: CliHarness;
  let mcp: McpUnderTest;
  before(async () => {
    h = await cliHarness();
    h.routes.set('down', (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<h1>Internal error</h1>');
    });
    mcp = await startMcp(['--endpoint', `${h.base}/down/api.php`, '--cache-dir', path.join(h.dir, 'cache')], {}, h.dir);
  });
  after(async () => {
    await mcp?.close();
    await h?.close();
  });

  it('is asked for it once in 60 s, not on every call, and each answer says so', async () => {
    const request = { params: { action: 'query', list: 'categorymembers', cmtitle: 'Category:Fruit' } };
    const first = await mcp.call('check_request', request);
    assert.ok(!first.isError, first.text);
    const once = h.hits.length;
    assert.ok(once >= 1);
    for (let i = 0; i < 3; i++) {
      const r = await mcp.call('check_request', request);
      assert.match(String(r.structured!.note), /Using the bundled catalogue\. The wiki is asked for its catalogue again from \d\d:\d\d:\d\d UTC \(60 s after the failure\)/);
    }
    const found = await mcp.call('find_modules', { query: 'members of a category' });
    assert.match(String(found.structured!.note), /asked for its catalogue again/);
    assert.equal(h.hits.length, once, 'no request after the first failure');
  });
});

describe('wikiq mcp: save_as of a run that fails', () => {
  let h: CliHarness;
  let mcp: McpUnderTest;
  const out = () => path.join(h.dir, 'saved');
  before(async () => {
    h = await cliHarness();
    // The third batch is refused by the wiki: the run fails after two batches were streamed into the file.
    h.routes.set('fails', (_req, res, q) => (Number(q.get('lecontinue') ?? 0) >= 2 * BATCH
      ? json(res, { error: { code: 'internal_api_error_DBQueryError', info: 'A database query error has occurred.' } })
      : serveLog(q, res)));
    h.routes.set('fine', (_req, res, q) => serveLog(q, res));
    // Records of 20,000 characters each, with many fields, and a long warning: the summary stays under its bound.
    h.routes.set('big', (_req, res) => json(res, {
      batchcomplete: true, warnings: { main: { '*': 'w'.repeat(10_000) } },
      query: { logevents: Array.from({ length: 5 }, (_, i) => ({ logid: i, comment: 'x'.repeat(20_000), ...Object.fromEntries(Array.from({ length: 80 }, (_, k) => [`field${k}`, 'y'.repeat(200)])) })) },
    }));
    mcp = await startMcp(['--endpoint', `${h.base}/fails/api.php`, '--endpoint', `${h.base}/fine/api.php`, '--endpoint', `${h.base}/big/api.php`, '--catalogue', 'bundled', '--out-dir', out()], {}, h.dir);
  });
  after(async () => {
    await mcp?.close();
    await h?.close();
  });

  for (const name of ['log.ndjson', 'log.json', 'log.csv']) {
    it(`leaves no file, not even half of one (${name}), and says why`, async () => {
      const r = await mcp.call('run_request', { params: { action: 'query', list: 'logevents', lelimit: 'max' }, save_as: name });
      assert.equal(r.isError, true);
      assert.match(r.text, /^Nothing was saved: .*database query error/);
      assert.deepEqual(fs.readdirSync(out()), [], 'no file and no temporary file');
    });
  }

  it('refuses save_as with a cursor or max_records, before sending anything', async () => {
    const before = h.hits.length;
    for (const more of [{ cursor: 'x' }, { max_records: 10 }]) {
      const r = await mcp.call('run_request', { params: { action: 'query', list: 'logevents' }, save_as: 'x.ndjson', ...more });
      assert.equal(r.isError, true);
      assert.match(r.text, /save_as saves the whole result from its start: leave out cursor and max_records/);
    }
    assert.equal(h.hits.length, before);
  });

  it('a run that does not fail writes the file whole, and answers a summary', async () => {
    const r = await mcp.call('run_request', { params: { action: 'query', list: 'logevents', lelimit: 'max' }, save_as: 'all/log.ndjson', endpoint: `${h.base}/fine/api.php` });
    assert.ok(!r.isError, r.text);
    const saved = r.structured!.saved as { path: string; records: number; batches: number; fields: Record<string, unknown> };
    assert.deepEqual([r.structured!.status, saved.path, saved.records, saved.batches], ['complete', 'all/log.ndjson', TOTAL, TOTAL / BATCH]);
    assert.equal(saved.fields.logid, TOTAL);
    const lines = fs.readFileSync(path.join(out(), 'all', 'log.ndjson'), 'utf8').trim().split('\n');
    assert.equal(new Set(lines.map((l) => (JSON.parse(l) as { logid: number }).logid)).size, TOTAL);
    assert.ok(r.text.length < 5000, `${r.text.length} characters`);
  });

  it('answers a summary under 5 KB whatever the records: large ones, many fields, a long warning', async () => {
    const r = await mcp.call('run_request', { params: { action: 'query', list: 'logevents' }, save_as: 'big.ndjson', endpoint: `${h.base}/big/api.php` });
    assert.ok(!r.isError, r.text);
    assert.ok(r.text.length < 5000, `${r.text.length} characters`);
    assert.equal((r.structured!.saved as { records: number }).records, 5);
    assert.equal(fs.readFileSync(path.join(out(), 'big.ndjson'), 'utf8').trim().split('\n').length, 5);
  });

  it('sends a progress notification after each batch when the client asks for them (a progressToken)', async () => {
    const seen: Array<{ progress: number; message?: string }> = [];
    const r = await mcp.client.callTool(
      { name: 'run_request', arguments: { params: { action: 'query', list: 'logevents', lelimit: 'max' }, save_as: 'progress.json', endpoint: `${h.base}/fine/api.php` } },
      undefined, { onprogress: (p) => seen.push({ progress: p.progress, message: p.message }) },
    );
    assert.ok(!r.isError, JSON.stringify(r.content));
    assert.deepEqual(seen.map((p) => p.progress), [1, 2, 3, 4]);
    assert.equal(seen[3].message, `batch 4, ${TOTAL} records`);
  });
});
