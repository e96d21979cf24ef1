/**
 * Merging continuation batches, as data; and, against a model of MediaWiki's continuation rules
 * (ApiContinuationManager: a generator batch's pages are listed in every batch until all prop
 * modules are done, each prop module pages through its own items, `batchcomplete` when the
 * generator batch is done), that the merged result equals asking for each page alone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ContinuationTracker, LoopError, Merger, continueOf, continuedParams, readResumePoint, sameContinue } from '../../engine/src';

type Json = Record<string, any>;

function merged(batches: unknown[], key = 'query'): Json {
  const m = new Merger(key);
  for (const b of batches) m.add(b as Json);
  return m.value();
}

describe('engine: merge', () => {
  const cases: Array<{ name: string; batches: unknown[]; expected: Json; key?: string }> = [
    {
      name: 'list arrays concatenated in order',
      batches: [{ batchcomplete: true, continue: { aicontinue: 'B' }, query: { allimages: [{ name: 'A' }] } }, { batchcomplete: true, query: { allimages: [{ name: 'B' }, { name: 'C' }] } }],
      expected: { query: { allimages: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] } },
    },
    {
      name: 'empty batches leave the list as it is',
      batches: [{ query: {} }, { query: { allimages: [] } }, { query: { allimages: [{ name: 'C' }] } }],
      expected: { query: { allimages: [{ name: 'C' }] } },
    },
    {
      name: 'two lists in one query, each concatenated',
      batches: [{ query: { allimages: [{ name: 'A' }], logevents: [{ logid: 9 }] } }, { query: { logevents: [{ logid: 8 }] } }],
      expected: { query: { allimages: [{ name: 'A' }], logevents: [{ logid: 9 }, { logid: 8 }] } },
    },
    {
      name: 'pages merged by id, props across batches in API order',
      batches: [
        { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C1' }] }, { pageid: 2, title: 'B' }] } },
        { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C2' }], images: [{ title: 'F' }] }, { pageid: 2, title: 'B', categories: [{ title: 'C3' }] }] } },
        { batchcomplete: true, query: { pages: [{ pageid: 1, title: 'A' }, { pageid: 2, title: 'B', images: [{ title: 'G' }] }] } },
        { batchcomplete: true, query: { pages: [{ pageid: 3, title: 'D' }] } },
      ],
      expected: { query: { pages: [
        { pageid: 1, title: 'A', categories: [{ title: 'C1' }, { title: 'C2' }], images: [{ title: 'F' }] },
        { pageid: 2, title: 'B', categories: [{ title: 'C3' }], images: [{ title: 'G' }] },
        { pageid: 3, title: 'D' },
      ] } },
    },
    {
      name: 'a page listed again by a later generator batch is not doubled',
      batches: [
        { batchcomplete: true, query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C1' }] }] } },
        { batchcomplete: true, query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C1' }] }, { pageid: 2, title: 'B' }] } },
      ],
      expected: { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C1' }] }, { pageid: 2, title: 'B' }] } },
    },
    {
      name: 'missing pages merged by title',
      batches: [
        { query: { pages: [{ ns: 0, title: 'Nope', missing: true, categories: [] }, { pageid: 5, title: 'Y' }] } },
        { batchcomplete: true, query: { pages: [{ ns: 0, title: 'Nope', missing: true }, { pageid: 5, title: 'Y', categories: [{ title: 'K' }] }] } },
      ],
      expected: { query: { pages: [{ ns: 0, title: 'Nope', missing: true, categories: [] }, { pageid: 5, title: 'Y', categories: [{ title: 'K' }] }] } },
    },
    {
      name: 'formatversion 1 page objects, missing pages keep negative keys',
      batches: [
        { query: { pages: { '-1': { ns: 0, title: 'X', missing: '' }, '5': { pageid: 5, title: 'Y', categories: [{ title: 'K1' }] } } } },
        { query: { pages: { '-1': { ns: 0, title: 'X', missing: '' }, '5': { pageid: 5, title: 'Y', categories: [{ title: 'K2' }] } } } },
        { batchcomplete: '', query: { pages: { '-1': { ns: 0, title: 'Z', missing: '' } } } },
      ],
      expected: { query: { pages: { '-1': { ns: 0, title: 'X', missing: '' }, '5': { pageid: 5, title: 'Y', categories: [{ title: 'K1' }, { title: 'K2' }] }, '-2': { ns: 0, title: 'Z', missing: '' } } } },
    },
    {
      name: 'arrays repeated in every batch are kept once',
      batches: [
        { query: { normalized: [{ from: 'a', to: 'A' }], redirects: [{ from: 'R', to: 'A' }], pageids: ['1'], pages: [{ pageid: 1, title: 'A' }] } },
        { query: { normalized: [{ from: 'a', to: 'A' }], redirects: [{ from: 'R', to: 'A' }], pageids: ['1'], pages: [{ pageid: 1, title: 'A' }] } },
      ],
      expected: { query: { normalized: [{ from: 'a', to: 'A' }], redirects: [{ from: 'R', to: 'A' }], pageids: ['1'], pages: [{ pageid: 1, title: 'A' }] } },
    },
    {
      name: 'objects merged, first scalar kept (siteinfo, searchinfo)',
      batches: [{ query: { searchinfo: { totalhits: 12 }, general: { sitename: 'W' } } }, { query: { searchinfo: { totalhits: 12 }, namespaces: { 0: { id: 0 } } } }],
      expected: { query: { searchinfo: { totalhits: 12 }, general: { sitename: 'W' }, namespaces: { 0: { id: 0 } } } },
    },
    {
      name: 'a non-query action under its own member',
      key: 'paraminfo',
      batches: [{ paraminfo: { helpformat: 'none', modules: [{ name: 'a' }] }, debuginfo: {} }],
      expected: { paraminfo: { helpformat: 'none', modules: [{ name: 'a' }] } },
    },
    {
      name: 'an action whose member is named otherwise',
      key: 'someaction',
      batches: [{ warnings: [], other: { x: 1 }, servedby: 'mw1' }],
      expected: { other: { x: 1 } },
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(merged(c.batches, c.key), c.expected));

  it('does not change the batches it merges', () => {
    const b1 = { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C1' }] }] } };
    const b2 = { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C2' }] }] } };
    const copy = JSON.stringify([b1, b2]);
    merged([b1, b2]);
    assert.equal(JSON.stringify([b1, b2]), copy);
  });

  it('records batchcomplete boundaries', () => {
    const m = new Merger('query');
    m.add({ query: {} });
    m.add({ batchcomplete: true, query: {} });
    m.add({ query: {} });
    m.add({ batchcomplete: '', query: {} });
    assert.deepEqual(m.batchcomplete, [2, 4]);
  });

  it('streams list records to a sink without keeping them, and pages once their batch is complete', () => {
    const seen: string[] = [];
    const m = new Merger('query', (list, r) => seen.push(`${list}:${(r as Json).name ?? (r as Json).title}:${((r as Json).categories ?? []).length}`));
    m.add({ query: { allimages: [{ name: 'A' }, { name: 'B' }] } });
    assert.deepEqual(seen, ['allimages:A:0', 'allimages:B:0']);
    m.add({ query: { pages: [{ pageid: 1, title: 'P', categories: [{ title: 'C1' }] }] } });
    assert.equal(seen.length, 2, 'a page is held until its generator batch is complete');
    m.add({ batchcomplete: true, query: { pages: [{ pageid: 1, title: 'P', categories: [{ title: 'C2' }] }] } });
    assert.deepEqual(seen.slice(2), ['pages:P:2']);
    m.add({ query: { pages: [{ pageid: 2, title: 'Q' }] } });
    m.finish();
    assert.deepEqual(seen.slice(3), ['pages:Q:0']);
    assert.deepEqual(m.value(), { query: {} });
    assert.equal(m.records(), 4);
  });
});

describe('engine: continuation', () => {
  it('next batch = original parameters + every member of continue, unchanged', () => {
    assert.deepEqual(continuedParams({ action: 'query', list: 'allimages', ailimit: '5' }, { aicontinue: 'B|x', continue: '-||' }),
      { action: 'query', list: 'allimages', ailimit: '5', aicontinue: 'B|x', continue: '-||' });
    assert.deepEqual(continuedParams({ a: '1' }, null), { a: '1' });
  });
  it('reads continue as strings', () => {
    assert.deepEqual(continueOf({ continue: { gapcontinue: 'B', rvcontinue: 123, continue: 'gapcontinue||' } }), { gapcontinue: 'B', rvcontinue: '123', continue: 'gapcontinue||' });
    assert.equal(continueOf({ batchcomplete: true }), null);
  });
  it('stops on a continue seen before in the run, whatever the member order', () => {
    const t = new ContinuationTracker();
    t.follow({ aicontinue: 'B', continue: '-||' });
    t.follow({ aicontinue: 'C', continue: '-||' });
    assert.throws(() => t.follow({ continue: '-||', aicontinue: 'B' }), (e: Error) => e instanceof LoopError && /same continuation twice/.test(e.message));
    assert.ok(sameContinue({ a: '1', b: '2' }, { b: '2', a: '1' }));
    const resumed = new ContinuationTracker({ aicontinue: 'X' });
    assert.throws(() => resumed.follow({ aicontinue: 'X' }), LoopError);
  });
  it('reads a resume point from a partial export, CLI output or a bare continue', () => {
    assert.deepEqual(readResumePoint({ endpoint: 'https://w/api.php', request: { action: 'query' }, complete: false, continue: { aicontinue: 'B', continue: '-||' } }),
      { continue: { aicontinue: 'B', continue: '-||' }, endpoint: 'https://w/api.php', params: { action: 'query' } });
    assert.deepEqual(readResumePoint({ aicontinue: 'B', continue: '-||' }), { continue: { aicontinue: 'B', continue: '-||' } });
    assert.throws(() => readResumePoint({ complete: true, continue: null }), /nothing to resume/);
    assert.throws(() => readResumePoint([1]), /JSON object/);
  });
});

// ---- A model of MediaWiki's generator + prop continuation -------------------------------------

interface Page { pageid: number; title: string; categories: string[]; images: string[] }

/** The batches MediaWiki would send for generator=allpages&prop=categories|images with these limits. */
function* apiBatches(pages: Page[], gaplimit: number, cllimit: number, imlimit: number): Generator<Json> {
  for (let g = 0; g < pages.length; g += gaplimit) {
    const set = pages.slice(g, g + gaplimit);
    const cursor = { categories: 0, images: 0 }; // position in the flattened (page, item) sequence
    const flat = (k: 'categories' | 'images') => set.flatMap((p) => p[k].map((t) => ({ pageid: p.pageid, t })));
    const done = { categories: false, images: false };
    for (;;) {
      const out = new Map<number, Json>(set.map((p) => [p.pageid, { pageid: p.pageid, ns: 0, title: p.title }]));
      const cont: Json = {};
      for (const [k, limit, ck] of [['categories', cllimit, 'clcontinue'], ['images', imlimit, 'imcontinue']] as const) {
        if (done[k]) continue;
        const items = flat(k);
        const slice = items.slice(cursor[k], cursor[k] + limit);
        for (const it of slice) ((out.get(it.pageid)![k] ??= []) as Json[]).push({ ns: 14, title: it.t });
        cursor[k] += slice.length;
        if (cursor[k] < items.length) cont[ck] = `${items[cursor[k]].pageid}|${items[cursor[k]].t}`;
        else done[k] = true;
      }
      const more = g + gaplimit < pages.length;
      const batch: Json = { query: { pages: [...out.values()] } };
      if (Object.keys(cont).length) {
        batch.continue = { ...cont, gapcontinue: pages[g]?.title, continue: 'gapcontinue||' };
        yield batch;
        continue;
      }
      batch.batchcomplete = true;
      if (more) batch.continue = { gapcontinue: pages[g + gaplimit].title, continue: 'gapcontinue||' };
      yield batch;
      break;
    }
  }
}

const alone = (p: Page): Json => {
  const r: Json = { pageid: p.pageid, ns: 0, title: p.title };
  if (p.categories.length) r.categories = p.categories.map((t) => ({ ns: 14, title: t }));
  if (p.images.length) r.images = p.images.map((t) => ({ ns: 14, title: t }));
  return r;
};

describe('engine: merge equals each page asked alone (model of MediaWiki continuation)', () => {
  const pageArb = fc.array(fc.record({ categories: fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E'), { maxLength: 5 }), images: fc.array(fc.constantFrom('x.png', 'y.png', 'z.png'), { maxLength: 4 }) }), { minLength: 1, maxLength: 14 })
    .map((ps) => ps.map((p, i) => ({ pageid: 100 + i, title: `P${i}`, categories: [...new Set(p.categories)], images: [...new Set(p.images)] })));
  it('for any pages and limits, kept or streamed', () => {
    fc.assert(fc.property(pageArb, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), (pages, gap, cl, im) => {
      const batches = [...apiBatches(pages, gap, cl, im)];
      const tracker = new ContinuationTracker();
      for (const b of batches) if (b.continue) tracker.follow(continueOf(b)!);
      assert.deepEqual(merged(batches).query.pages, pages.map(alone));
      const streamed: Json[] = [];
      const m = new Merger('query', (_l, r) => streamed.push(r as Json));
      for (const b of batches) m.add(b);
      m.finish();
      assert.deepEqual(streamed, pages.map(alone));
    }), { numRuns: 300 });
  });
  it('the model itself continues over several batches (sanity)', () => {
    const pages: Page[] = [{ pageid: 1, title: 'A', categories: ['A', 'B', 'C'], images: ['x.png', 'y.png'] }, { pageid: 2, title: 'B', categories: ['D'], images: [] }];
    const batches = [...apiBatches(pages, 1, 1, 1)];
    assert.equal(batches.length, 4);
    assert.equal(batches.filter((b) => b.batchcomplete).length, 2);
  });
});
