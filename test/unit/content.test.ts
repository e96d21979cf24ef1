/** Value completion from the wiki's content (#31), as data: input with a cursor ¦, what the test provider is asked, what is offered. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundledCatalogue } from '../../core/src/bundled';
import { StaticCatalogueProvider } from '../../core/src/catalogue/provider';
import type { ContentKind, ContentProvider, ContentSuggestion } from '../../core/src/content';
import { escapeMarkdown, factMarkdown } from '../../core/src/content';
import { getLanguageService } from '../../core/src/languageService';
import { ContentLane } from '../../engine/src/contentLane';
import { contentQuery, factsQuery, readContentAnswer, readFactsAnswer } from '../../engine/src';
import { doc, withCursor } from './helpers';

/** A provider over a fixed list of names per kind; records what it is asked. */
class TestProvider implements ContentProvider {
  asked: string[] = [];
  constructor(private readonly names: Record<ContentKind, ContentSuggestion[]>, private readonly answer = true) {}
  suggest(endpoint: string, kind: ContentKind, prefix: string, options: { namespace?: number }): Promise<ContentSuggestion[] | undefined> {
    this.asked.push(`${kind} ${options.namespace ?? '-'} ${JSON.stringify(prefix)}`);
    if (!this.answer) return Promise.resolve(undefined);
    const ns = kind === 'category' ? 'Category:' : kind === 'file' ? 'File:' : '';
    return Promise.resolve(this.names[kind].filter((s) => s.name.startsWith(prefix) || s.name.startsWith(ns + prefix)));
  }
}

const NAMES: Record<ContentKind, ContentSuggestion[]> = {
  title: [{ name: 'Banana page 2' }, { name: 'Banana' , redirect: true }, { name: 'Template:Infobox' }],
  user: [{ name: 'Alice', editcount: 140, groups: ['sysop'] }, { name: 'Bob', editcount: 1 }],
  category: [{ name: 'Fruit', members: 20 }, { name: 'Fungi', members: 1 }],
  file: [{ name: 'Fig_[1].png', size: 2048 }],
};

interface Expect {
  /** What the provider is asked: `kind namespace "prefix"`; none: nothing. */
  asked?: string;
  /** Labels offered from the wiki, in order. */
  labels?: string[];
  /** An item's detail. */
  detail?: Record<string, string>;
  incomplete?: boolean;
}

async function check(input: string, expected: Expect, answer = true): Promise<void> {
  const provider = new TestProvider(NAMES, answer);
  const ls = getLanguageService({
    catalogues: new StaticCatalogueProvider(bundledCatalogue()),
    content: provider,
    environment: () => ({ endpoint: 'https://wiki.example/w/api.php', variables: {} }),
    onError: (feature, e) => {
      throw new Error(`${feature} threw: ${String(e)}`);
    },
  });
  const { text, offset } = withCursor(input);
  const d = doc(text);
  const list = await ls.doCompleteContent(d, d.positionAt(offset));
  assert.deepEqual(provider.asked, expected.asked ? [expected.asked] : []);
  const fromWiki = list.items.filter((i) => i.sortText?.startsWith('00') && typeof i.detail === 'string' && /^(page|user|category|file)/.test(i.detail));
  if (expected.labels) assert.deepEqual(fromWiki.map((i) => i.label), expected.labels);
  for (const [label, detail] of Object.entries(expected.detail ?? {})) {
    const item = fromWiki.find((i) => i.label === label);
    assert.equal(item?.detail, detail);
    assert.equal(item?.labelDetails?.description, detail, 'on every row of the suggest widget');
  }
  assert.equal(list.isIncomplete, expected.incomplete ?? false);
}

describe('content completion: which parameters ask the wiki, and for what', () => {
  const cases: Array<[string, string, Expect]> = [
    ['titles: any title, in the wiki\'s order, redirects labelled', 'action = query\ntitles = Ban¦', { asked: 'title - "Ban"', labels: ['Banana page 2', 'Banana'], detail: { Banana: 'page, redirect' } }],
    ['titles: the value after the last |', 'action = query\ntitles = Main Page|Ban¦', { asked: 'title - "Ban"', labels: ['Banana page 2', 'Banana'] }],
    ['cmtitle: categories, Category: added', 'action = query\nlist = categorymembers\ncmtitle = F¦', { asked: 'category 14 "F"', labels: ['Category:Fruit', 'Category:Fungi'], detail: { 'Category:Fruit': 'category, 20 members' } }],
    ['cmtitle: the Category: typed is not sent', 'action = query\nlist = categorymembers\ncmtitle = Category:Fr¦', { asked: 'category 14 "Fr"', labels: ['Category:Fruit'] }],
    ['gcmtitle (as a generator) too', 'action = query\ngenerator = categorymembers\ngcmtitle = Fu¦', { asked: 'category 14 "Fu"', labels: ['Category:Fungi'] }],
    ['leuser: users with their edit counts', 'action = query\nlist = logevents\nleuser = A¦', { asked: 'user - "A"', labels: ['Alice'], detail: { Alice: 'user, 140 edits' } }],
    ['ususers: each value of the list', 'action = query\nlist = users\nususers = Alice|B¦', { asked: 'user - "B"', labels: ['Bob'] }],
    ['aifrom: files without File:', 'action = query\nlist = allimages\naifrom = F¦', { asked: 'file 6 "F"', labels: ['Fig_[1].png'], detail: { 'Fig_[1].png': 'file, 2.0 KiB' } }],
    ['imimages: files with File:', 'action = query\nprop = images\nimimages = F¦', { asked: 'file 6 "F"', labels: ['File:Fig_[1].png'] }],
    ['tltemplates: Template: namespace', 'action = query\nprop = templates\ntltemplates = Template:In¦', { asked: 'title 10 "In"' }],
    ['apfrom: the namespace of apnamespace', 'action = query\nlist = allpages\napnamespace = 4\napfrom = Ab¦', { asked: 'title 4 "Ab"' }],
    ['a parameter of another kind asks nothing', 'action = query\nlist = logevents\nletype = ¦', {}],
    ['a parameter name asks nothing', 'action = query\ntit¦', {}],
  ];
  for (const [name, input, expected] of cases) it(name, () => check(input, expected));
  it('no answer yet: the list is incomplete, so the editor asks again', () => check('action = query\ntitles = Ban¦', { asked: 'title - "Ban"', labels: [], incomplete: true }, false));
});

describe('content completion: wiki text stays text', () => {
  it('escapes Markdown in titles', () => assert.equal(escapeMarkdown('A_[b](c)*'), 'A\\_\\[b\\]\\(c\\)\\*'));
  it('shows a file\'s dimensions and uploader, a page\'s size and last edit, escaped', () =>
    assert.equal(factMarkdown('file', { name: 'File:A.png', exists: true, length: 120, lastEdit: { timestamp: '2026-11-01T10:00:00Z', user: 'A_b' }, file: { width: 640, height: 480, size: 2048, user: '*Bob*' } }),
      '**File:A\\.png**: the page exists  \nFile: 640 × 480 px, 2.0 KiB, uploaded by \\*Bob\\*  \n120 B, last edited 2026\\-11\\-01 by A\\_b'));
  it('escapes it in hover facts', () =>
    assert.equal(factMarkdown('title', { name: 'A*b', exists: true, redirectTo: '[x](javascript:y)' }), '**A\\*b**: the page exists  \nA redirect to \\[x\\]\\(javascript:y\\)'));
});

describe('facts: the answer read, name by name (a batch)', () => {
  const read = (kind: ContentKind, names: string[], body: unknown) => Object.fromEntries(readFactsAnswer(kind, names, body));
  it('a redirect, normalised', () =>
    assert.deepEqual(read('title', ['redirect 0'], { query: { normalized: [{ from: 'redirect 0', to: 'Redirect 0' }], redirects: [{ from: 'Redirect 0', to: 'Apple page 0' }], pages: [{ title: 'Apple page 0' }] } }),
      { 'redirect 0': { name: 'redirect 0', exists: true, redirectTo: 'Apple page 0', normalised: 'Redirect 0', members: undefined } }));
  it('several names: each through normalized and redirects to its page; an invalid or interwiki one has no fact', () =>
    assert.deepEqual(read('title', ['a_b', 'R', 'Gone', 'X[', 'en:Foo'], {
      query: {
        normalized: [{ from: 'a_b', to: 'A b' }], redirects: [{ from: 'R', to: 'T' }], interwiki: [{ title: 'en:Foo', iw: 'en' }],
        pages: [{ title: 'A b' }, { title: 'T', missing: true }, { title: 'Gone', missing: true }, { title: 'X[', invalid: true }],
      },
    }), {
      a_b: { name: 'a_b', exists: true, redirectTo: undefined, normalised: 'A b', members: undefined },
      R: { name: 'R', exists: true, redirectTo: 'T', normalised: undefined, members: undefined },
      Gone: { name: 'Gone', exists: false, redirectTo: undefined, normalised: undefined, members: undefined },
    }));
  it('a category\'s members, its page missing', () =>
    assert.deepEqual(read('category', ['Category:F'], { query: { pages: [{ title: 'Category:F', missing: true, categoryinfo: { size: 3, pages: 2, files: 1, subcats: 0 } }] } }),
      { 'Category:F': { name: 'Category:F', exists: false, redirectTo: undefined, normalised: undefined, members: { pages: 2, files: 1, subcats: 0 } } }));
  it('a category without categoryinfo has no members, its page there or not', () =>
    assert.deepEqual(readFactsAnswer('category', ['Category:E'], { query: { pages: [{ title: 'Category:E' }] } }).get('Category:E')?.members, { pages: 0, files: 0, subcats: 0 }));
  it('users: registered, not, normalised by the wiki, invalid', () =>
    assert.deepEqual(read('user', ['alice', 'Nobody', 'A|b'], { query: { users: [{ name: 'Alice', editcount: 3, groups: ['*', 'sysop'] }, { name: 'Nobody', missing: true }, { name: 'A|b', invalid: true }] } }), {
      alice: { name: 'alice', exists: true, normalised: 'Alice', editcount: 3, groups: ['sysop'] },
      Nobody: { name: 'Nobody', exists: false, normalised: undefined, editcount: undefined, groups: [] },
    }));
  it('a page\'s size and last edit; a file\'s dimensions, size and uploader (prop=revisions, prop=imageinfo)', () =>
    assert.deepEqual(read('file', ['File:A.png', 'Audio.ogg'], {
      query: {
        normalized: [{ from: 'Audio.ogg', to: 'File:Audio.ogg' }],
        pages: [
          { title: 'File:A.png', length: 120, revisions: [{ timestamp: '2026-11-01T10:00:00Z', user: 'Alice' }], imageinfo: [{ size: 2048, width: 640, height: 480, user: 'Bob' }] },
          { title: 'File:Audio.ogg', length: 0, revisions: [{ timestamp: '2026-10-01T00:00:00Z', userhidden: true }], imageinfo: [{ size: 10, width: 0, height: 0, user: 'Carol' }] },
        ],
      },
    }), {
      'File:A.png': { name: 'File:A.png', exists: true, redirectTo: undefined, normalised: undefined, members: undefined, length: 120, lastEdit: { timestamp: '2026-11-01T10:00:00Z', user: 'Alice' }, file: { width: 640, height: 480, size: 2048, user: 'Bob' } },
      'Audio.ogg': { name: 'Audio.ogg', exists: true, redirectTo: undefined, normalised: 'File:Audio.ogg', members: undefined, length: 0, lastEdit: { timestamp: '2026-10-01T00:00:00Z' }, file: { width: 0, height: 0, size: 10, user: 'Carol' } },
    }));
  it('nothing in the answer', () => assert.equal(readFactsAnswer('user', ['X'], 'bogus').size, 0));
  it('the request: all names in one titles= or ususers=', () => {
    assert.deepEqual(factsQuery('title', ['A', 'B']), { action: 'query', format: 'json', formatversion: '2', maxlag: '5', titles: 'A|B', prop: 'info|categoryinfo|revisions|imageinfo', rvprop: 'timestamp|user', iiprop: 'size|user', redirects: '1' });
    assert.deepEqual(factsQuery('user', ['A', 'B']), { action: 'query', format: 'json', formatversion: '2', maxlag: '5', list: 'users', ususers: 'A|B', usprop: 'editcount|groups' });
  });
});

describe('a wiki\'s content lane: one request in flight, completion ahead of facts batches', () => {
  /** Runs the steps: each `name` queued (urgent when it starts with `c`); returns the order they were sent in. */
  async function order(names: string[], abortBeforeStart: string[] = []): Promise<string[]> {
    const lane = new ContentLane();
    const sent: string[] = [];
    let inFlight = 0;
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const runs = names.map((name, i) => {
      const abort = new AbortController();
      const p = lane.run(name.startsWith('c'), abort.signal, async () => {
        assert.equal(++inFlight, 1, 'one in flight');
        sent.push(name);
        if (i === 0) await first;
        inFlight--;
        return name;
      }).catch(() => undefined);
      if (abortBeforeStart.includes(name)) abort.abort();
      return p;
    });
    release();
    await Promise.all(runs);
    assert.ok(lane.isIdle());
    return sent;
  }
  it('facts batches in order', async () => assert.deepEqual(await order(['f1', 'f2', 'f3']), ['f1', 'f2', 'f3']));
  it('a completion lookup goes ahead of the facts batches waiting', async () => assert.deepEqual(await order(['f1', 'f2', 'f3', 'c1']), ['f1', 'c1', 'f2', 'f3']));
  it('one aborted while waiting is never sent', async () => assert.deepEqual(await order(['f1', 'c1', 'f2'], ['c1']), ['f1', 'f2']));
});

describe('content requests: what is sent and how answers are read', () => {
  const cases: Array<[ContentKind, string, number | undefined, Record<string, string>]> = [
    ['title', 'Ban', 0, { generator: 'prefixsearch', gpssearch: 'Ban', gpsnamespace: '0', gpslimit: '15', prop: 'info' }],
    ['title', '', 10, { generator: 'allpages', gapnamespace: '10', gaplimit: '15', prop: 'info' }],
    ['user', 'A', undefined, { list: 'allusers', auprefix: 'A', auprop: 'editcount|groups', aulimit: '15' }],
    ['category', 'F', 14, { list: 'allcategories', acprefix: 'F', acprop: 'size', aclimit: '15' }],
    ['file', 'F', 6, { list: 'allimages', aiprefix: 'F', aiprop: 'size', ailimit: '15' }],
  ];
  for (const [kind, prefix, ns, params] of cases) {
    it(`${kind} ${JSON.stringify(prefix)}`, () => assert.deepEqual(contentQuery(kind, prefix, ns), { action: 'query', format: 'json', formatversion: '2', maxlag: '5', ...params }));
  }
  it('ranks titles by the wiki\'s index and reads redirects', () =>
    assert.deepEqual(readContentAnswer('title', { query: { pages: [{ title: 'B', index: 2 }, { title: 'A', index: 1, redirect: true }, 7] } }), [{ name: 'A', redirect: true }, { name: 'B', redirect: undefined }]));
  it('leaves malformed entries out', () =>
    assert.deepEqual(readContentAnswer('category', { query: { allcategories: [{ category: 'X', size: 3 }, { size: 1 }, null] } }), [{ name: 'X', members: 3 }]));
});
