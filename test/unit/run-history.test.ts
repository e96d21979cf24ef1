/**
 * Run history (client/src/results/history.ts) over an in-memory folder: runs kept and read back
 * (checked), the same run grown replacing itself, the bounds per request and in bytes (the oldest
 * go first, across requests), a run larger than the limit refused with why, files that do not read
 * back ignored and forgotten, secrets masked, and a kept run shown again as a results model.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RunHistory, folderOf, keptRunOf, modelOfKept, parseKeptRun, withoutSecrets, type HistoryFs, type HistoryLimits, type KeptRun } from '../../client/src/results/history';
import type { ResultsModel } from '../../client/shared/model';
import { requestKey } from '../../common/requestRef';

/** A folder in memory: files by path; folders are prefixes. */
class MemoryFs implements HistoryFs {
  readonly files = new Map<string, Uint8Array>();
  read(file: string) {
    return Promise.resolve(this.files.get(file));
  }
  write(file: string, data: Uint8Array) {
    this.files.set(file, data);
    return Promise.resolve();
  }
  delete(file: string) {
    for (const k of [...this.files.keys()]) if (k === file || k.startsWith(`${file}/`)) this.files.delete(k);
    return Promise.resolve();
  }
  list(folder: string) {
    const prefix = folder ? `${folder}/` : '';
    return Promise.resolve([...new Set([...this.files.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length).split('/')[0]))]);
  }
  text(file: string) {
    return new TextDecoder().decode(this.files.get(file));
  }
}

function model(titles: string[], over: Partial<ResultsModel> = {}): ResultsModel {
  return {
    requestName: 'Pages', endpoint: 'http://127.0.0.1:8080/api.php', params: { action: 'query', list: 'allpages' }, batches: 1, complete: true, partial: false,
    continue: null, errors: [], warnings: [], rawBatches: ['{"raw":1}'], result: { batchcomplete: true, query: { allpages: titles.map((title, i) => ({ pageid: i + 1, title })) } },
    ...over,
  };
}

const run = (id: string, minute: number, titles: string[] = ['A'], over: Partial<ResultsModel> = {}): KeptRun => keptRunOf(model(titles, over), id, new Date(Date.UTC(2026, 10, 27, 5, minute)));

function setup(limits: Partial<HistoryLimits> = {}) {
  const fs = new MemoryFs();
  const history = new RunHistory(fs, () => ({ maxRunsPerRequest: 10, maxBytes: 1024 * 1024, ...limits }));
  return { fs, history };
}

const KEY = requestKey({ uri: 'file:///w/pages.wikiq', index: 0, title: 'Pages' });
const OTHER = requestKey({ uri: 'file:///w/pages.wikiq', index: 1, title: 'request 2' });

describe('run history: keeping and reading back', () => {
  it('keys a request by its file and name (its number when unnamed)', () => {
    assert.equal(KEY, 'file:///w/pages.wikiq#Pages');
    assert.equal(OTHER, 'file:///w/pages.wikiq#request 2');
    assert.match(folderOf(KEY), /^[0-9a-f]{14}$/);
    assert.notEqual(folderOf(KEY), folderOf(OTHER));
  });

  it('keeps runs, lists them newest first with their state and records, reads each back as written', async () => {
    const { history } = setup();
    assert.deepEqual(await history.list(KEY), []);
    await history.save(KEY, run('r1', 1, ['A', 'B']));
    await history.save(KEY, run('r2', 2, ['A'], { complete: false, continue: { apcontinue: 'B' } }));
    const list = await history.list(KEY);
    assert.deepEqual(list.map((r) => [r.id, r.status, r.records, r.time]), [['r2', 'partial', 1, '2026-11-27T05:02:00.000Z'], ['r1', 'complete', 2, '2026-11-27T05:01:00.000Z']]);
    assert.deepEqual(await history.load(KEY, 'r1'), run('r1', 1, ['A', 'B']));
    assert.equal(await history.load(KEY, 'nope'), undefined);
    assert.deepEqual(await history.list(OTHER), [], 'another request has its own runs');
  });

  it('the same run saved again (more batches loaded) replaces itself', async () => {
    const { history } = setup();
    await history.save(KEY, run('r1', 1, ['A'], { complete: false, continue: { apcontinue: 'B' } }));
    await history.save(KEY, run('r1', 1, ['A', 'B'], { batches: 2 }));
    const list = await history.list(KEY);
    assert.deepEqual(list.map((r) => [r.id, r.status, r.records, r.batches]), [['r1', 'complete', 2, 2]]);
  });

  it('a kept run shows again as a results model (no raw bodies, no paging)', () => {
    const m = modelOfKept(run('r1', 1, ['A']));
    assert.deepEqual(m, { ...model(['A']), rawBatches: [], keptAt: '2026-11-27T05:01:00.000Z' });
  });
});

describe('run history: bounds', () => {
  it('at most maxRunsPerRequest per request: the oldest runs and their files go', async () => {
    const { fs, history } = setup({ maxRunsPerRequest: 2 });
    for (let i = 1; i <= 4; i++) await history.save(KEY, run(`r${i}`, i));
    assert.deepEqual((await history.list(KEY)).map((r) => r.id), ['r4', 'r3']);
    assert.deepEqual([...fs.files.keys()].filter((f) => f.endsWith('.json') && !f.endsWith('index.json')).sort(), [`${folderOf(KEY)}/r3.json`, `${folderOf(KEY)}/r4.json`]);
  });

  it('at most maxBytes in all: the oldest runs of any request go first, never the one just kept', async () => {
    const size = new TextEncoder().encode(JSON.stringify(run('r1', 1))).byteLength;
    const { fs, history } = setup({ maxBytes: size * 2 + 10 });
    await history.save(KEY, run('r1', 1));
    await history.save(OTHER, run('o2', 2));
    const outcome = await history.save(KEY, run('r3', 3));
    assert.deepEqual(outcome, { kept: true, dropped: 1 });
    assert.deepEqual((await history.list(KEY)).map((r) => r.id), ['r3'], 'r1 (the oldest) went');
    assert.deepEqual((await history.list(OTHER)).map((r) => r.id), ['o2']);
    await history.save(KEY, run('r4', 4));
    await history.save(KEY, run('r5', 5));
    assert.deepEqual((await history.list(OTHER)).map((r) => r.id), [], 'the other request\'s old run went too');
    assert.ok(![...fs.files.keys()].some((f) => f.startsWith(`${folderOf(OTHER)}/`)), 'and its folder');
  });

  it('a run larger than maxBytes is not kept, and says why', async () => {
    const { fs, history } = setup({ maxBytes: 100 });
    const big = run('r1', 1, ['A'.repeat(200)]);
    const size = new TextEncoder().encode(JSON.stringify(big)).byteLength;
    assert.deepEqual(await history.save(KEY, big), { kept: false, reason: `the run takes ${size} B, more than wikiq.history.maxMB allows (100 B)` });
    assert.equal(fs.files.size, 0);
  });

  it('history off (maxRunsPerRequest 0): nothing written', async () => {
    const { fs, history } = setup({ maxRunsPerRequest: 0 });
    const outcome = await history.save(KEY, run('r1', 1));
    assert.equal(outcome.kept, false);
    assert.equal(fs.files.size, 0);
  });

  it('saves queue: ten at once keep ten runs (no index lost to a race)', async () => {
    const { history } = setup();
    await Promise.all(Array.from({ length: 10 }, (_, i) => history.save(KEY, run(`r${i}`, i))));
    assert.equal((await history.list(KEY)).length, 10);
  });
});

describe('run history: what does not read back', () => {
  const cases: Array<[string, (fs: MemoryFs) => void]> = [
    ['a run file cut short', (fs) => fs.files.set(`${folderOf(KEY)}/r1.json`, fs.files.get(`${folderOf(KEY)}/r1.json`)!.slice(0, 40))],
    ['a run file that is not UTF-8', (fs) => fs.files.set(`${folderOf(KEY)}/r1.json`, Uint8Array.from([0xff, 0xfe, 0x7b]))],
    ['a run file of another shape', (fs) => fs.files.set(`${folderOf(KEY)}/r1.json`, new TextEncoder().encode('{"id":"r1","result":1}'))],
    ['a run file deleted', (fs) => fs.files.delete(`${folderOf(KEY)}/r1.json`)],
    ['a run file of another run', (fs) => fs.files.set(`${folderOf(KEY)}/r1.json`, new TextEncoder().encode(JSON.stringify(run('r9', 9))))],
  ];
  for (const [name, spoil] of cases) {
    it(`${name}: not shown, and forgotten`, async () => {
      const { fs, history } = setup();
      await history.save(KEY, run('r1', 1));
      await history.save(KEY, run('r2', 2));
      spoil(fs);
      assert.equal(await history.load(KEY, 'r1'), undefined);
      assert.deepEqual((await history.list(KEY)).map((r) => r.id), ['r2']);
    });
  }
  it('an index of another version, another key or garbage: no runs', async () => {
    for (const text of ['{"version":2,"key":"file:///w/pages.wikiq#Pages","runs":[]}', `{"version":1,"key":"x","runs":[{"id":"r1"}]}`, 'garbage']) {
      const { fs, history } = setup();
      await history.save(KEY, run('r1', 1));
      fs.files.set(`${folderOf(KEY)}/index.json`, new TextEncoder().encode(text));
      assert.deepEqual(await history.list(KEY), [], text);
    }
  });
  it('parseKeptRun refuses what lacks a member the view reads', () => {
    const good = run('r1', 1);
    assert.ok(parseKeptRun(JSON.parse(JSON.stringify(good))));
    for (const k of ['id', 'params', 'errors', 'result', 'complete'] as const) {
      const bad: Record<string, unknown> = { ...good };
      delete bad[k];
      assert.equal(parseKeptRun(bad), undefined, k);
    }
  });
});

describe('run history: no secrets', () => {
  it('masks parameters named like a password or token, and Bearer values', () => {
    assert.deepEqual(withoutSecrets({ action: 'query', lgpassword: 'hunter2', token: 'abc+\\', clientsecret: 's', q: 'Bearer xyz', list: 'tokens' }), {
      action: 'query', lgpassword: '***', token: '***', clientsecret: '***', q: '***', list: 'tokens',
    });
  });
  it('a kept run\'s file holds no masked value', async () => {
    const { fs, history } = setup();
    await history.save(KEY, run('r1', 1, ['A'], { params: { action: 'query', meta: 'userinfo', centralauthtoken: 'sekrit-123' } }));
    const text = fs.text(`${folderOf(KEY)}/r1.json`);
    assert.doesNotMatch(text, /sekrit-123/);
    assert.match(text, /"centralauthtoken":"\*\*\*"/);
  });
});

