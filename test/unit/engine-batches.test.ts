/**
 * Multi-value batching in the engine: a list over the API's limit is resolved with its values,
 * sent in batches of at most the limit in the order given, each with its own continuation, and
 * merged as one result; a partial run's resume point says which batch it stopped in. A wiki stand-in
 * (an HttpClient answering like prop=info) records every request; test/wiki/batching.test.ts
 * counts them at the real wiki.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpClient, HttpResponse, RunSession, resolveRequest } from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';

const titles = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `Page ${from + i}`);
const file = (lines: string) => `@endpoint = https://wiki.example/w/api.php\n###\naction = query\n${lines}\n`;

/** Answers prop=info for the titles asked (pages in the reverse order, as a wiki may sort them), with `continue` once per batch of values when asked. */
class InfoWiki extends HttpClient {
  readonly asked: URLSearchParams[] = [];
  constructor(private readonly continueOnce = false) {
    super();
  }

  override get(url: string): Promise<HttpResponse> {
    const q = new URL(url).searchParams;
    this.asked.push(q);
    const names = (q.get('titles') ?? '').split('|');
    const first = this.continueOnce && !q.has('incontinue');
    const pages = names.map((t) => ({ pageid: Number(t.replace(/\D/g, '')) + 1, ns: 0, title: t, ...(first ? {} : { touched: 'x' }) })).reverse();
    const body = first ? { continue: { incontinue: 'x', continue: '||' }, query: { pages } } : { batchcomplete: true, query: { pages } };
    return Promise.resolve({ url, status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), setCookies: [], bytes: 0, ms: 1 });
  }
}

const pagesOf = (s: RunSession) => ((s.result().query as { pages: Array<{ title: string; touched?: string }> }).pages);
const sentTitles = (w: InfoWiki) => w.asked.map((q) => q.get('titles')!.split('|').length);

describe('engine: multi-value batching', () => {
  it('resolves a list over its limit with its values (repeats dropped) and both limits; nothing for 50', () => {
    const r = resolveRequest(file(`prop = info\ntitles = ${[...titles(120), 'Page 3'].join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() });
    assert.deepEqual(r.overLimit?.map((o) => [o.name, o.values.length, o.limit, o.highlimit, o.line]), [['titles', 120, 50, 500, 4]]);
    assert.equal(resolveRequest(file(`prop = info\ntitles = ${titles(50).join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() }).overLimit, undefined);
  });

  it('sends 120 titles in three requests of 50, 50 and 20 in the order given, and merges 120 pages', async () => {
    const wiki = new InfoWiki();
    const s = new RunSession(resolveRequest(file(`prop = info\ntitles = ${titles(120).join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() }), wiki, { all: true });
    const state = await s.run();
    assert.equal(state.stopped, 'complete', state.failure?.message);
    assert.deepEqual(sentTitles(wiki), [50, 50, 20]);
    assert.equal(wiki.asked[1].get('titles')!.split('|')[0], 'Page 50');
    assert.ok(wiki.asked.every((q) => !q.has('wikiqbatch')), 'wikiqbatch is never sent');
    const pages = pagesOf(s);
    assert.equal(pages.length, 120);
    // Batch by batch in the order given (within a batch, the wiki's order).
    assert.deepEqual(pages.slice(0, 50).map((p) => p.title).sort(), titles(50).sort());
    assert.deepEqual(pages.slice(100).map((p) => p.title).sort(), titles(20, 100).sort());
  });

  it('follows each batch of values through its own continuation, and a page appears once', async () => {
    const wiki = new InfoWiki(true);
    const s = new RunSession(resolveRequest(file(`prop = info\ntitles = ${[...titles(60), 'Page 0'].join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() }), wiki, { all: true });
    await s.run();
    assert.deepEqual(wiki.asked.map((q) => [q.get('titles')!.split('|').length, q.get('incontinue')]), [[50, null], [50, 'x'], [10, null], [10, 'x']]);
    const pages = pagesOf(s);
    assert.equal(pages.length, 60);
    assert.ok(pages.every((p) => p.touched === 'x'), 'each page has the data its continuation brought');
  });

  it('keeps which batch a partial run stopped in, and a resumed run starts there', async () => {
    const request = resolveRequest(file(`prop = info\ntitles = ${titles(120).join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() });
    const first = new RunSession(request, new InfoWiki(), { all: true, maxBatches: 1 });
    const partial = await first.run();
    assert.deepEqual([partial.stopped, partial.continue], ['max-batches', { wikiqbatch: 'titles:50' }]);
    const wiki = new InfoWiki();
    const resumed = new RunSession(request, wiki, { all: true }, partial.continue!);
    await resumed.run();
    assert.deepEqual(sentTitles(wiki), [50, 20]);
    assert.equal(wiki.asked[0].get('titles')!.split('|')[0], 'Page 50');
    assert.equal(pagesOf(resumed).length, 70);
  });

  it('--max-records: a batch takes no more values than records are wanted, so the run stops at exactly the cap, and resumes after it', async () => {
    const request = resolveRequest(file(`prop = info\ntitles = ${titles(120).join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() });
    const first = new InfoWiki();
    const state = await new RunSession(request, first, { all: true, maxRecords: 60 }).run();
    assert.deepEqual([state.stopped, state.records, state.continue, sentTitles(first)], ['max-records', 60, { wikiqbatch: 'titles:60' }, [50, 10]]);
    const wiki = new InfoWiki();
    await new RunSession(request, wiki, { all: true }, state.continue!).run();
    assert.deepEqual([sentTitles(wiki), wiki.asked[0].get('titles')!.split('|')[0]], [[50, 10], 'Page 60']);
  });

  it('a run stopped inside a batch of values keeps its values with the API\'s continue, and resumes that batch', async () => {
    const request = resolveRequest(file(`prop = info\ntitles = ${titles(120).join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() });
    const partial = await new RunSession(request, new InfoWiki(true), { all: true, maxBatches: 1 }).run();
    assert.deepEqual(partial.continue, { incontinue: 'x', continue: '||', wikiqbatch: 'titles:0-50' });
    const wiki = new InfoWiki(true);
    await new RunSession(request, wiki, { all: true }, partial.continue).run();
    assert.deepEqual(wiki.asked.map((q) => [q.get('titles')!.split('|').length, q.get('incontinue')]), [[50, 'x'], [50, null], [50, 'x'], [20, null], [20, 'x']]);
  });

  it('refuses a resume point of another batching, and two lists over their limits, saying which', async () => {
    const request = resolveRequest(file(`prop = info\ntitles = ${titles(120).join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() });
    const wrong = await new RunSession(request, new InfoWiki(), {}, { wikiqbatch: 'pageids:50' }).run();
    assert.match(wrong.failure?.message ?? '', /wikiqbatch "pageids:50" does not fit this request \('titles' has 120 values\)/);
    const two = resolveRequest(file(`list = users\nususers = ${titles(60).join('|')}\ntitles = ${titles(60).join('|')}`), { index: 0 }, { catalogue: bundledCatalogue() });
    const failed = await new RunSession(two, new InfoWiki(), {}).run();
    assert.match(failed.failure?.message ?? '', /'ususers' \(line 5: 60 values, at most 50\) and 'titles' \(line 6: 60 values, at most 50\) are both over/);
  });
});
