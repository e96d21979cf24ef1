/**
 * `wikiq mcp` against a real MediaWiki, driven by the MCP SDK's own client over stdio (mcpClient.ts):
 * every tool and its schemas, the misspelt module and parameter with their suggestions, a run
 * followed through its cursor to every record exactly once at full batches (no more requests than
 * `wikiq run --all`), a pull larger than the answer's bound coming back bounded with a cursor, a
 * whole result saved into the server's folder (save_as) and the names refused that would leave it,
 * a write refused with nothing reaching the wiki, and an endpoint nobody named refused without a
 * connection.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SEED, TestWiki, startWiki } from './harness';
import { CLI, startMcp, type McpUnderTest, type ToolAnswer } from './mcpClient';

type Diagnostic = { severity: string; code: string; message: string; parameter?: string; suggestion?: string };

/** Calls run_request with `args` (from the cursor `from`) and then with each cursor it returns until none, or `most` answers; every answer. */
async function follow(mcp: McpUnderTest, args: Record<string, unknown>, most = 200, from?: string): Promise<Array<Record<string, unknown>>> {
  const pages: Array<Record<string, unknown>> = [];
  let cursor = from;
  do {
    const r = await mcp.call('run_request', { ...args, ...(cursor ? { cursor } : {}) });
    assert.ok(!r.isError, r.text);
    pages.push(r.structured!);
    cursor = r.structured!.cursor as string | undefined;
    if (pages.length === most) return pages;
  } while (cursor);
  return pages;
}

const names = (pages: Array<Record<string, unknown>>) => pages.flatMap((p) => (p.records as Array<{ name: string }>).map((r) => r.name));

describe('wikiq mcp against a real MediaWiki', () => {
  let wiki: TestWiki;
  let mcp: McpUnderTest;
  before(async () => {
    wiki = await startWiki();
    mcp = await startMcp(['--endpoint', wiki.endpoint, '--cache-dir', `${wiki.dir}/mcp-cache`]);
  });
  after(async () => {
    await mcp?.close();
    await wiki?.stop();
  });

  it('lists four read-only tools named verb_noun, each with a description, an input and an output schema', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['check_request', 'describe_module', 'find_modules', 'run_request']);
    for (const t of tools) {
      assert.match(t.name, /^[a-z]+_[a-z]+$/);
      assert.ok((t.description ?? '').length > 80, `${t.name} is described for a model`);
      assert.equal(t.inputSchema.type, 'object');
      assert.equal(t.outputSchema?.type, 'object', `${t.name} has an output schema`);
      assert.equal(t.annotations?.readOnlyHint, true, `${t.name} is read-only`);
    }
    const run = tools.find((t) => t.name === 'run_request')!;
    assert.deepEqual(Object.keys(run.inputSchema.properties ?? {}).sort(), ['cursor', 'endpoint', 'max_records', 'params', 'request', 'save_as']);
    assert.deepEqual(Object.keys(run.outputSchema?.properties ?? {}).sort(), ['cursor', 'error', 'records', 'result', 'saved', 'status', 'truncated', 'warnings']);
  });

  it('find_modules finds categorymembers for "members of a category", from the wiki\'s catalogue', async () => {
    const r = await mcp.call('find_modules', { query: 'members of a category' });
    assert.ok(!r.isError, r.text);
    const modules = r.structured!.modules as Array<{ name: string; group: string; prefix: string; description: string }>;
    assert.deepEqual({ ...modules[0], description: undefined }, { name: 'categorymembers', group: 'list', prefix: 'cm', description: undefined });
    assert.match(modules[0].description, /categor/i);
  });

  it('describe_module gives the parameters with their names as sent (cmtitle), types, values and limits', async () => {
    for (const module of ['categorymembers', 'list=categorymembers', 'query+categorymembers']) {
      const r = await mcp.call('describe_module', { module });
      assert.ok(!r.isError, r.text);
      const m = r.structured as { name: string; group: string; prefix: string; generator: boolean; parameters: Array<Record<string, unknown>> };
      assert.deepEqual([m.name, m.group, m.prefix, m.generator], ['categorymembers', 'list', 'cm', true]);
      const p = (name: string) => m.parameters.find((x) => x.name === name)!;
      assert.equal(p('title').requestName, 'cmtitle');
      assert.deepEqual([p('limit').requestName, p('limit').type, p('limit').default, (p('limit').limits as Record<string, number>).max], ['cmlimit', 'limit', '10', 500]);
      assert.ok((p('type').values as string[]).includes('subcat'));
    }
    const wrong = await mcp.call('describe_module', { module: 'categorymember' });
    assert.equal(wrong.isError, true);
    assert.match(wrong.text, /No module 'categorymember'.*Did you mean 'categorymembers'/);
  });

  const listRequest = 'action = query\nlist = categorymembers\ncmtitle = Category:Fruit\ncmlimit = 5';
  const checks: Array<{ name: string; input: Record<string, unknown>; expected: Diagnostic[] }> = [
    { name: 'a correct request', input: { request: listRequest }, expected: [] },
    {
      name: 'the misspelt module (list=categorymember), as parameters',
      input: { params: { action: 'query', list: 'categorymember', cmtitle: 'Category:Fruit' } },
      expected: [
        { severity: 'warning', code: 'unknown-module', message: '', parameter: 'list', suggestion: 'categorymembers' },
        { severity: 'warning', code: 'unknown-parameter', message: '', parameter: 'cmtitle' },
      ],
    },
    {
      name: 'the misspelt parameter (cmlimt), as .wikiq text',
      input: { request: listRequest.replace('cmlimit', 'cmlimt') },
      expected: [{ severity: 'warning', code: 'unknown-parameter', message: '', parameter: 'cmlimt', suggestion: 'cmlimit' }],
    },
    {
      name: 'the misspelt parameter, as an api.php URL',
      input: { request: '' }, // filled in with the wiki's endpoint below
      expected: [{ severity: 'warning', code: 'unknown-parameter', message: '', parameter: 'cmlimt', suggestion: 'cmlimit' }],
    },
    {
      name: 'a write: checked as any request, and an edit without summary is a warning (run_request still refuses it)',
      input: { params: { action: 'edit', title: 'X', text: 'y' } },
      expected: [{ severity: 'warning', code: 'missing-summary', message: '', parameter: 'action' }],
    },
  ];
  for (const c of checks) {
    it(`check_request: ${c.name}`, async () => {
      const input = c.input.request === '' ? { request: `${wiki.endpoint}?action=query&list=categorymembers&cmtitle=Category:Fruit&cmlimt=5` } : c.input;
      const r = await mcp.call('check_request', input);
      assert.ok(!r.isError, r.text);
      const got = (r.structured!.diagnostics as Diagnostic[]).map((d) => ({ severity: d.severity, code: d.code, message: '', parameter: d.parameter, suggestion: d.suggestion }));
      assert.deepEqual(got, c.expected.map((d) => ({ ...d, suggestion: d.suggestion })));
      for (const d of r.structured!.diagnostics as Diagnostic[]) if (d.suggestion) assert.match(d.message, new RegExp(`Did you mean '${d.suggestion}'`));
    });
  }

  it('run_request refuses a request with errors, naming the problem, and sends nothing', async () => {
    const before = wiki.apiRequestCount((u) => /generator=categorymember\b/.test(u));
    const r = await mcp.call('run_request', { request: 'action = query\ngenerator = categorymember\ngcmtitle = Category:Fruit' });
    assert.equal(r.isError, true);
    assert.match(r.text, /^The request was not sent: generator: Unknown module 'categorymember'.*Did you mean 'categorymembers'/);
    assert.equal(wiki.apiRequestCount((u) => /generator=categorymember\b/.test(u)), before);
  });

  it('run_request follows its cursor to every record exactly once, each answer exactly max_records, asking the wiki what wikiq run --all asks', async () => {
    const ailimit7 = (u: string) => /list=allimages/.test(u) && /ailimit=7\b/.test(u);
    const pages = await follow(mcp, { request: 'action = query\nlist = allimages\nailimit = 7', max_records: 20 });
    const all = names(pages);
    assert.equal(all.length, SEED.files);
    assert.equal(new Set(all).size, SEED.files, 'no record twice');
    assert.deepEqual(pages.map((p) => (p.records as unknown[]).length), [...Array(7).fill(20)]);
    assert.deepEqual(pages.map((p) => p.status), [...Array(6).fill('partial'), 'complete']);
    const pulled = wiki.apiRequestCount(ailimit7);
    assert.equal(wiki.apiRequestCount((u) => /list=allimages/.test(u) && /ailimit=\d/.test(u) && !/ailimit=7\b/.test(u)), 0, 'the limit never lowered');
    fs.writeFileSync(path.join(wiki.dir, 'images7.wikiq'), `@endpoint = ${wiki.endpoint}\naction = query\nlist = allimages\nailimit = 7\n`);
    await new Promise<void>((resolve, reject) => execFile(process.execPath, [CLI, 'run', 'images7.wikiq', '--all', '--format', 'ndjson'], { cwd: wiki.dir }, (e) => (e ? reject(new Error(`wikiq run: ${e.message}`)) : resolve())));
    const ran = wiki.apiRequestCount(ailimit7) - pulled;
    assert.equal(ran, Math.ceil(SEED.files / 7));
    assert.ok(pulled <= ran + 1, `run_request asked ${pulled} times, wikiq run --all ${ran}`);
  });

  it('a generator whose pages\' data spans batches comes through cursors whole, each page once, in this server and in a new one', async () => {
    // 20 pages a group, their links 5 a batch: a group of batches ends only with batchcomplete.
    const request = { params: { action: 'query', generator: 'allpages', gaplimit: 20, prop: 'links', pllimit: 5, formatversion: 2 } };
    const whole = await follow(mcp, { ...request, max_records: 1000 });
    const byTitle = (pages: Array<Record<string, unknown>>) => new Map(pages.flatMap((p) => (p.records as Array<{ title: string; links?: unknown[] }>).map((r) => [r.title, r.links ?? []])));
    const expected = byTitle(whole);
    assert.ok(expected.size > 20, `${expected.size} pages`);
    assert.ok([...expected.values()].some((links) => links.length === 2), 'pages with their links');
    const first = await follow(mcp, { ...request, max_records: 7 }, 2);
    const other = await startMcp(['--endpoint', wiki.endpoint, '--cache-dir', `${wiki.dir}/mcp-cache`]);
    try {
      const rest = await follow(other, { ...request, max_records: 7 }, 1000, first[first.length - 1].cursor as string);
      const all = [...first, ...rest];
      const titles = all.flatMap((p) => (p.records as Array<{ title: string }>).map((r) => r.title));
      assert.equal(titles.length, expected.size, 'each page once');
      assert.deepEqual(byTitle(all), expected);
    } finally {
      await other.close();
    }
  });

  it('a pull larger than the answer\'s bound comes back bounded, with a cursor that resumes inside a batch, every record once', async () => {
    const small = await startMcp(['--endpoint', wiki.endpoint, '--cache-dir', `${wiki.dir}/mcp-cache`, '--max-answer-kb', '3']);
    try {
      const pages = await follow(small, { params: { action: 'query', list: 'allimages', ailimit: 'max', aiprop: 'timestamp|user|size|url' }, max_records: 1000 });
      assert.ok(pages.length > 3, `${pages.length} answers`);
      for (const p of pages.slice(0, -1)) {
        assert.equal(p.status, 'partial');
        assert.equal(p.truncated, true);
        assert.ok(JSON.stringify(p.records).length <= 3000, 'within the bound');
      }
      const all = names(pages);
      assert.equal(all.length, SEED.files);
      assert.equal(new Set(all).size, SEED.files);
      assert.equal(wiki.apiRequestCount((u) => /list=allimages/.test(u) && /ailimit=max/.test(u) && /aicontinue/.test(u)), 0, 'one batch of 500 holds all: every cursor resumed inside it');
    } finally {
      await small.close();
    }
  });

  it('refuses a write as a tool error, and nothing reaches the wiki', async () => {
    const before = wiki.requests().length;
    for (const input of [{ params: { action: 'edit', title: 'Mcp write', text: 'x', token: '+\\' } }, { request: 'action = delete\ntitle = Main Page' }]) {
      const r = await mcp.call('run_request', input);
      assert.equal(r.isError, true);
      assert.match(r.text, /not sent.*(writes|read-only)/);
    }
    const sent = wiki.requests().slice(before);
    assert.deepEqual(sent.filter((q) => q.method === 'POST' || /action=(edit|delete)/.test(q.url)), []);
  });

  it('refuses an endpoint nobody named before making a connection', async () => {
    let connections = 0;
    const listener = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(listener.address() as net.AddressInfo).port}/api.php`;
    try {
      const answers: ToolAnswer[] = [
        await mcp.call('run_request', { request: listRequest, endpoint: other }),
        await mcp.call('check_request', { params: { action: 'query' }, endpoint: other }),
        await mcp.call('find_modules', { query: 'category', endpoint: other }),
        await mcp.call('run_request', { request: `@endpoint = ${other}\n${listRequest}` }),
        await mcp.call('run_request', { request: `${other}?action=query&meta=siteinfo` }),
      ];
      for (const a of answers) {
        assert.equal(a.isError, true);
        assert.match(a.text, /may not use|not a wiki this server may use/);
        assert.ok(a.text.includes(wiki.endpoint), 'names the wikis it may use');
      }
    } finally {
      listener.close();
    }
    assert.equal(connections, 0);
  });

  it('says what is wrong with its input as a tool error, not a protocol error', async () => {
    const both = await mcp.call('run_request', { request: listRequest, params: { action: 'query' } });
    assert.equal(both.isError, true);
    assert.match(both.text, /either as `request`.*or as `params`/);
    const badCursor = await mcp.call('run_request', { request: listRequest, cursor: 'not-a-cursor' });
    assert.equal(badCursor.isError, true);
    assert.match(badCursor.text, /cursor is not one run_request gave/);
    const tooMany = await mcp.call('run_request', { request: listRequest, max_records: 0 });
    assert.equal(tooMany.isError, true);
    assert.match(tooMany.text, /max_records/);
  });

  it('run_request returns an answer without list records as its result (meta=siteinfo)', async () => {
    const r = await mcp.call('run_request', { params: { action: 'query', meta: 'siteinfo' } });
    assert.ok(!r.isError, r.text);
    assert.equal(r.structured!.status, 'complete');
    assert.match(String((r.structured!.result as { query: { general: { generator: string } } }).query.general.generator), /^MediaWiki 1\./);
  });
});

describe('wikiq mcp: save_as, the whole result into the server\'s folder', () => {
  let wiki: TestWiki;
  let mcp: McpUnderTest;
  let plain: McpUnderTest;
  let outDir: string;
  let outside: string;
  const images = { params: { action: 'query', list: 'allimages', ailimit: 'max', aiprop: 'timestamp|user|size|url' } };
  before(async () => {
    wiki = await startWiki();
    outDir = path.join(wiki.dir, 'saved');
    outside = path.join(wiki.dir, 'outside');
    fs.mkdirSync(outside);
    mcp = await startMcp(['--endpoint', wiki.endpoint, '--cache-dir', `${wiki.dir}/mcp-cache`, '--out-dir', outDir]);
    plain = await startMcp(['--endpoint', wiki.endpoint, '--cache-dir', `${wiki.dir}/mcp-cache`]);
    fs.symlinkSync(outside, path.join(outDir, 'link'));
    fs.writeFileSync(path.join(outside, 'target.ndjson'), '');
    fs.symlinkSync(path.join(outside, 'target.ndjson'), path.join(outDir, 'file-link.ndjson'));
  });
  after(async () => {
    await mcp?.close();
    await plain?.close();
    await wiki?.stop();
  });

  /** The wiki's own count of files (siteinfo's statistics). */
  async function wikiFiles(): Promise<number> {
    const r = await mcp.call('run_request', { params: { action: 'query', meta: 'siteinfo', siprop: 'statistics' } });
    return (r.structured!.result as { query: { statistics: { images: number } } }).query.statistics.images;
  }

  const saves: Array<[name: string, read: (text: string) => string[]]> = [
    ['files.ndjson', (t) => t.trim().split('\n').map((l) => (JSON.parse(l) as { name: string }).name)],
    ['sub/files.json', (t) => (JSON.parse(t) as { query: { allimages: Array<{ name: string }> }; status: string }).query.allimages.map((r) => r.name)],
    ['files.csv', (t) => t.trim().split('\n').slice(1)],
  ];
  for (const [name, read] of saves) {
    it(`saves every file of the wiki into ${name}, answering a summary under 5 KB`, async () => {
      const r = await mcp.call('run_request', { ...images, save_as: name });
      assert.ok(!r.isError, r.text);
      const files = await wikiFiles();
      assert.equal(files, SEED.files);
      const got = read(fs.readFileSync(path.join(outDir, name), 'utf8'));
      assert.equal(got.length, files);
      assert.equal(new Set(got).size, files);
      const saved = r.structured!.saved as { path: string; records: number; batches: number; fields: Record<string, unknown> };
      assert.deepEqual([r.structured!.status, saved.path, saved.records, saved.batches], ['complete', name, files, 1]);
      assert.match(String(saved.fields.name), /\.png$/);
      assert.ok((r.structured!.records as unknown[]).length > 0, 'the first records');
      assert.ok(r.text.length < 5000, `${r.text.length} characters`);
    });
  }

  it('is refused without --out-dir, saying how to enable it', async () => {
    const r = await plain.call('run_request', { ...images, save_as: 'files.ndjson' });
    assert.equal(r.isError, true);
    assert.match(r.text, /save_as is off.*--out-dir DIR/);
  });

  for (const name of ['../x.ndjson', 'sub/../../x.ndjson', '/tmp/x.ndjson', 'link/x.ndjson', 'file-link.ndjson', 'files.txt']) {
    it(`refuses '${name}' before sending anything, and writes nothing outside the folder`, async () => {
      const before = wiki.apiRequestCount((u) => /list=allimages/.test(u));
      const r = await mcp.call('run_request', { ...images, save_as: name.startsWith('/') ? path.join(outside, 'abs.ndjson') : name });
      assert.equal(r.isError, true);
      assert.match(r.text, /inside the server's folder|symbolic link|should end in \.ndjson/);
      assert.equal(wiki.apiRequestCount((u) => /list=allimages/.test(u)), before);
      assert.deepEqual(fs.readdirSync(outside), ['target.ndjson']);
      assert.equal(fs.readFileSync(path.join(outside, 'target.ndjson'), 'utf8'), '');
      assert.ok(!fs.existsSync(path.join(wiki.dir, 'x.ndjson')));
    });
  }
});
