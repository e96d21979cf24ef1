/** Completion, as data: input with a cursor ¦, and what must (and must not) be offered. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundledCatalogue } from '../../core/src/bundled';
import { Catalogue } from '../../core/src/catalogue/model';
import { readParaminfo } from '../../core/src/catalogue/paraminfo';
import { StaticCatalogueProvider } from '../../core/src/catalogue/provider';
import { type LanguageService, getLanguageService } from '../../core/src/languageService';
import { COMPLETION_TRIGGERS } from '../../core/src/completion/triggers';
import { cirrusCatalogue } from './catalogueFixtures';
import { doc, service, withCursor } from './helpers';

interface Expect {
  /** Labels that must be offered. */
  has?: string[];
  /** Labels that must not be offered. */
  not?: string[];
  /** Labels that must come first, in this order (by sortText). */
  first?: string[];
  /** The text an item inserts. */
  inserts?: Record<string, string>;
}

/**
 * The clients each case runs as: one without item defaults (each item its own edit and data) and
 * one taking LSP 3.17's `itemDefaults` (`editRange` and `data` shared by the list) — the name lists
 * are made and kept apart for each (completion/nameLists.ts), so both must offer the same.
 */
const CLIENTS: ReadonlyArray<readonly string[] | undefined> = [undefined, ['editRange', 'data']];

function check(input: string, expected: Expect, catalogue?: Catalogue): void {
  for (const itemDefaults of CLIENTS) checkAs(input, expected, service(catalogue, undefined, itemDefaults));
}

function checkAs(input: string, expected: Expect, ls: LanguageService): void {
  const { text, offset } = withCursor(input);
  const d = doc(text);
  const list = ls.doComplete(d, d.positionAt(offset));
  const labels = list.items.map((i) => i.label);
  for (const l of expected.has ?? []) assert.ok(labels.includes(l), `expected '${l}' among [${labels.join(', ')}]`);
  for (const l of expected.not ?? []) assert.ok(!labels.includes(l), `did not expect '${l}' among [${labels.join(', ')}]`);
  if (expected.first) {
    const sorted = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);
    assert.deepEqual(sorted.slice(0, expected.first.length), expected.first);
  }
  for (const [label, insert] of Object.entries(expected.inserts ?? {})) {
    const item = list.items.find((i) => i.label === label);
    assert.ok(item, `no item ${label}`);
    const got = item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : item.textEditText ?? item.insertText ?? item.label;
    assert.equal(got, insert);
  }
}

describe('completion offline: every core module of MediaWiki 1.39 in the bundled catalogue', () => {
  it('completes the parameters of list=logevents', () =>
    check('action = query\nlist = logevents\nle¦', { has: ['leprop', 'letype', 'leaction', 'lelimit', 'lecontinue'] }));
  it('completes letype with its values', () =>
    check('action = query\nlist = logevents\nletype = ¦', { has: ['block', 'delete', 'upload', 'move'] }));
  it('completes a namespace with its default names (0 (Main), 6 (File)…)', () => {
    const { text, offset } = withCursor('action = query\nlist = allpages\napnamespace = ¦');
    const d = doc(text);
    const details = service().doComplete(d, d.positionAt(offset)).items.map((i) => i.detail);
    for (const x of ['0 (Main)', '6 (File)', '14 (Category)']) assert.ok(details.includes(x), x);
  });
  it('completes the parameters of modules the contract does not describe (prop=revisions)', () =>
    check('action = query\nprop = revisions\nrv¦', { has: ['rvprop', 'rvslots', 'rvlimit'] }));
});

describe('completion: each trigger character opens what it is declared for (COMPLETION_TRIGGERS)', () => {
  for (const t of COMPLETION_TRIGGERS) {
    it(`${JSON.stringify(t.char)}: ${t.opens}`, () => {
      assert.ok(t.example.endsWith(`${t.char}¦`), `the example types ${JSON.stringify(t.char)} just before the cursor`);
      check(t.example, { has: [t.offers] });
    });
  }
});

describe('completion: ranking from the catalogue\'s data', () => {
  it('offers the parameters the module\'s examples use first, continuation tokens last', () => {
    const { text, offset } = withCursor('action = query\nlist = allimages\nai¦');
    const d = doc(text);
    const sorted = [...service().doComplete(d, d.positionAt(offset)).items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? '')).map((i) => i.label);
    const at = (l: string) => sorted.indexOf(l);
    for (const l of ['ailimit', 'aiprop', 'aifrom']) assert.ok(at(l) >= 0 && at(l) < at('aicontinue'), `${l} before aicontinue: ${sorted.join(', ')}`);
    const own = sorted.filter((l) => l.startsWith('ai'));
    assert.equal(own[own.length - 1], 'aicontinue', own.join(', '));
    assert.equal(own[0], 'aifrom', 'the most used in the examples first');
  });
});

/** A wiki whose `list=sample` (prefix `sa`) has values `a`…`e` and a deprecated `old`; its examples use `d` most, then `b`. */
const sampleWiki = new Catalogue({ source: 'live', exhaustive: true, endpoint: 'https://w.example/api.php', modules: readParaminfo({ paraminfo: { modules: [
  { name: 'main', path: 'main', prefix: '', parameters: [{ name: 'action', type: 'submodule', submodules: { query: 'query' } }] },
  { name: 'query', path: 'query', group: 'action', prefix: '', parameters: [{ name: 'list', type: 'submodule', multi: true, submodules: { sample: 'query+sample' } }] },
  {
    name: 'sample', path: 'query+sample', group: 'list', prefix: 'sa',
    parameters: [
      { name: 'show', type: ['a', 'b', 'c', 'd', 'old', 'e'], default: 'c', deprecatedvalues: ['old'] },
      { name: 'prop', type: ['a', 'b', 'c', 'd', 'old', 'e'], multi: true, default: 'e|a', deprecatedvalues: ['old'] },
    ],
    examples: [
      { query: 'action=query&list=sample&sashow=d&saprop=d%7Cold' },
      { query: 'action=query&list=sample&sashow=d&saprop=b|d' },
      { query: 'action=query&generator=sample&gsashow=b&gsaprop=a|old' },
    ],
  },
] } }) });

describe('completion: values ranked default first, then the examples\' favourites, deprecated last', () => {
  for (const [what, input, first, catalogue] of [
    ['one value', 'action = query\nlist = sample\nsashow = ¦', ['c', 'd', 'b', 'a', 'e', 'old'], sampleWiki],
    ['a multi-value list (defaults by use too; pipes and %7C both split; generator examples count)', 'action = query\nlist = sample\nsaprop = ¦', ['a', 'e', 'd', 'b', 'c', 'old'], sampleWiki],
    ['the bundled catalogue: list=allimages\'s examples use aidir=older', 'action = query\nlist = allimages\naidir = ¦', ['ascending', 'older', 'descending', 'newer'], undefined],
  ] as Array<[string, string, string[], Catalogue | undefined]>) {
    it(what, () => check(input, { first }, catalogue));
  }
});

describe('completion', () => {
  it('offers action values', () => check('action = ¦', { has: ['query', 'paraminfo', 'parse'], not: ['allimages'] }));
  it('offers the actions people run first, not help (the default) or writes', () =>
    check('action = ¦', { first: ['query', 'parse', 'paraminfo', 'expandtemplates'] }));
  it('ranks actions wikiq cannot run (writes, POST only) below readable ones', () => {
    const { text, offset } = withCursor('action = ¦');
    const d = doc(text);
    const rank = new Map(service().doComplete(d, d.positionAt(offset)).items.map((i) => [i.label, i.sortText ?? '']));
    for (const write of ['edit', 'delete', 'login']) for (const read of ['help', 'feedrecentchanges', 'opensearch']) {
      assert.ok(rank.get(write)! > rank.get(read)!, `${write} after ${read}`);
    }
  });
  it('offers json first among formats', () => check('action = query\nformat = ¦', { first: ['json'] }));
  it('offers action first in an empty request', () => check('¦', { first: ['action'], inserts: { action: 'action = ' } }));
  it('offers list modules for list=', () => check('action = query\nlist = ¦', { has: ['allimages', 'allpages', 'logevents', 'allusers'], not: ['siteinfo', 'categories', 'imageinfo'] }));
  it('offers prop modules for prop=', () => check('action = query\nprop = ¦', { has: ['categories', 'imageinfo', 'info'], not: ['allimages'] }));
  it('offers meta modules for meta=', () => check('action = query\nmeta = ¦', { has: ['siteinfo', 'allmessages', 'filerepoinfo'], not: ['allimages'] }));
  it('offers only generators for generator=', () => check('action = query\ngenerator = ¦', { has: ['allpages', 'allimages', 'categories'], not: ['allusers', 'blocks', 'imageinfo', 'siteinfo'] }));
  it('offers format modules', () => check('action = query\nformat = ¦', { has: ['json', 'phpfm'] }));
  it('offers further values after a pipe, not repeating chosen ones', () =>
    check('action = query\nlist = allimages|¦', { has: ['logevents'], not: ['allimages'] }));
  it('offers prefixed parameters of the selected list module', () =>
    check('action = query\nlist = allimages\nai¦', { has: ['aifrom', 'ailimit', 'aiprop', 'aisort', 'aidir'] }));
  it('offers generator parameters with the g prefix', () =>
    check('action = query\ngenerator = allimages\n¦', { has: ['gaifrom', 'gailimit'], not: ['aifrom'] }));
  it('does not offer parameters already present', () =>
    check('action = query\nlist = allimages\naifrom = B\n¦', { has: ['aito'], not: ['aifrom', 'action', 'list'] }));
  it('offers enumeration values', () =>
    check('action = query\nlist = allimages\naisort = ¦', { has: ['name', 'timestamp'], first: ['name'] }));
  it('offers multi enumeration values after pipes and on continuation lines', () =>
    check('action = query\nlist = allimages\naiprop = timestamp|url\n       | ¦', { has: ['size', 'sha1'], not: ['timestamp', 'url'] }));
  it('offers max for limits', () => check('action = query\nlist = allimages\nailimit = ¦', { has: ['max', '10'] }));
  it('offers * where an allspecifier exists', () =>
    check('action = query\nlist = backlinks\nblnamespace = ¦', { has: ['*', '0', '6', '14'] }));
  it('offers module paths for paraminfo modules', () =>
    check('action = paraminfo\nmodules = query+allimages|¦', { has: ['query+logevents', 'parse', 'query+*'], not: ['query+allimages'] }));
  it('offers templated parameters expanded from their supplier', () =>
    check('action = query\nlist = alldeletedrevisions\nadrslots = main\n¦', { has: ['adrcontentformat-main'] }));
  it('offers variables after {{', () =>
    check('@limit = 50\n@endpoint = https://w.example/api.php\naction = query\nlist = allimages\nailimit = {{¦', { has: ['limit', 'endpoint'] }));
  it('offers nothing in comments', () => check('# list = ¦', { not: ['allimages', 'action'] }));
  it('offers variables anywhere inside {{…}}, replacing the whole reference', () =>
    check('@limit = 50\naction = query\nlist = allimages\nailimit = {{limit}¦}', { has: ['limit'], inserts: { limit: 'limit}}' } }));
  it('offers values after a closed {{…}}', () =>
    check('@limit = 50\naction = query\nlist = allimages\nailimit = {{limit}}¦', { has: ['max', '{{limit}}'] }));
  it('offers values on a | line of a CRLF file, and nothing on a pasted URL line', () => {
    check('action = query\r\nlist = allimages\r\naiprop = timestamp\r\n  | ¦\r\n', { has: ['size', 'sha1'], not: ['timestamp'] });
    check('GET https://w.example/api.php?action=query&list=¦', { not: ['allimages'] });
  });
  it('offers request-local variables in their request only', () =>
    check('### A\n@x = 1\naction = query\n\n### B\naction = query\nlist = allimages\nailimit = {{¦', { not: ['x'] }));
  it('shares one edit range through item defaults where the client takes them', () => {
    const { text, offset } = withCursor('action = query\nlist = allimages\nai¦');
    const d = doc(text);
    const withDefaults = getLanguageService({ catalogues: new StaticCatalogueProvider(bundledCatalogue()), completionItemDefaults: true }).doComplete(d, d.positionAt(offset));
    assert.deepEqual(withDefaults.itemDefaults?.editRange, { start: { line: 2, character: 0 }, end: { line: 2, character: 2 } });
    const item = withDefaults.items.find((i) => i.label === 'aifrom');
    assert.equal(item?.textEditText, 'aifrom = ');
    assert.equal(item?.textEdit, undefined);
    const plain = service().doComplete(d, d.positionAt(offset)).items.find((i) => i.label === 'aifrom');
    assert.deepEqual(plain?.textEdit, { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 2 } }, newText: 'aifrom = ' });
  });
  it('documents an item when it is resolved', () => {
    const { text, offset } = withCursor('action = query\nlist = allimages\nai¦');
    const d = doc(text);
    const ls = service();
    const item = ls.doComplete(d, d.positionAt(offset)).items.find((i) => i.label === 'ailimit');
    assert.ok(item && item.documentation === undefined, 'documentation is left for resolve');
    const resolved = ls.doResolve(item);
    const value = typeof resolved.documentation === 'object' ? resolved.documentation.value : String(resolved.documentation);
    assert.match(value, /max 500/);
    const mod = ls.doComplete(d, d.positionAt(text.indexOf('allimages') + 3)).items.find((i) => i.label === 'allimages');
    assert.ok(mod);
    const mdoc = ls.doResolve(mod).documentation;
    assert.match(typeof mdoc === 'object' ? mdoc.value : String(mdoc), /prefix `ai`/);
  });
  it('shares resolve data through item defaults where the client takes them, and still documents each item', () => {
    const { text, offset } = withCursor('action = query\nlist = allimages\ngenerator = allpages\nadrslots = main\n¦');
    const d = doc(text);
    const ls = getLanguageService({ catalogues: new StaticCatalogueProvider(bundledCatalogue()), completionItemDefaults: ['editRange', 'data'] });
    const list = ls.doComplete(d, d.positionAt(offset));
    assert.ok(list.itemDefaults?.data, 'the list carries shared data');
    const docOf = (label: string) => {
      const item = list.items.find((i) => i.label === label);
      assert.ok(item, `${label} offered`);
      assert.equal(item.data, undefined, `${label} carries no data of its own`);
      // What the client does: an item without data gets the list's.
      const resolved = ls.doResolve({ ...item, data: list.itemDefaults!.data });
      assert.match(resolved.detail ?? '', / — /, `${label} gets its detail on resolve`);
      return typeof resolved.documentation === 'object' ? resolved.documentation.value : String(resolved.documentation);
    };
    assert.match(docOf('ailimit'), /max 500/);
    assert.match(docOf('gaplimit'), /generator/);
    assert.match(docOf('format'), /json/);
    // The same item from a client without shared data carries its own, and resolves the same.
    const own = service().doComplete(d, d.positionAt(offset)).items.find((i) => i.label === 'gaplimit')!;
    assert.ok(own.data);
    const ownDoc = service().doResolve(own).documentation;
    assert.equal(typeof ownDoc === 'object' ? ownDoc.value : ownDoc, docOf('gaplimit'));
  });
  it('resolves nothing from malformed data (a client may send anything back)', () => {
    const ls = service();
    for (const data of [
      null, 1, 'x', { d: 'p' }, { d: ['p'] }, { n: [1, [2]] }, { n: [['main', 5, 'x']] }, { d: ['m', 'nosuch', '', 0] },
      { kind: 'param' }, { kind: 'param', module: 'query+allimages', name: 5 }, { kind: 'module', module: 'nosuch', prefix: '', generator: false },
      { kind: 'names', selections: [1, null, { module: 'query+allimages', prefix: 5 }] }, { kind: 'names', selections: 'x' }, { kind: 'other', module: 'main' },
    ]) {
      const item = { label: 'ailimit', data };
      assert.deepEqual(ls.doResolve(item), item);
    }
  });
  it('offers deprecated parameters last', () => {
    const { text, offset } = withCursor('action = query\nlist = alldeletedrevisions\n¦');
    const d = doc(text);
    const items = service().doComplete(d, d.positionAt(offset)).items;
    const dep = items.find((i) => i.label === 'adrexpandtemplates');
    const live = items.find((i) => i.label === 'adrlimit');
    assert.ok(dep && live);
    assert.ok((dep.sortText ?? '') > (live.sortText ?? ''), 'deprecated sorts after');
    assert.deepEqual(dep.tags, [1]);
  });
});

describe('completion: CirrusSearch keywords in a search, on a wiki whose catalogue has CirrusSearch', () => {
  const cirrus = cirrusCatalogue();
  const search = 'action = query\nlist = search\n';
  it('offers the keywords with their colon at the start of the value', () =>
    check(`${search}srsearch = ¦`, { has: ['intitle:', 'incategory:', 'insource:', 'hastemplate:', 'linksto:', 'prefix:', 'filetype:', 'deepcat:', 'deepcategory:'], inserts: { 'intitle:': 'intitle:' } }, cirrus));
  it('offers them at the start of a later word, replacing what was typed (in any case: inserted in lower case)', () => {
    check(`${search}srsearch = gold intit¦`, { has: ['intitle:'], inserts: { 'intitle:': 'intitle:' } }, cirrus);
    check(`${search}srsearch = gold InTit¦`, { has: ['intitle:'], inserts: { 'intitle:': 'intitle:' } }, cirrus);
  });
  it('in the generator form (gsrsearch)', () =>
    check('action = query\ngenerator = search\ngsrsearch = haste¦', { has: ['hastemplate:'] }, cirrus));
  it('after a -, only the keywords that can be negated', () =>
    check(`${search}srsearch = cat -¦`, { has: ['incategory:', 'intitle:', 'prefix:'], not: ['morelike:', 'local:', 'prefer-recent:', 'boost-templates:'], inserts: { 'incategory:': 'incategory:' } }, cirrus));
  it('not inside a keyword\'s value, nor in a quoted phrase', () => {
    check(`${search}srsearch = intitle:fo¦`, { not: ['intitle:', 'incategory:'] }, cirrus);
    check(`${search}srsearch = "gold in¦`, { not: ['intitle:', 'incategory:'] }, cirrus);
    check(`${search}srsearch = "gold" in¦`, { has: ['intitle:', 'incategory:'] }, cirrus);
  });
  it('not in another parameter\'s value', () =>
    check('action = query\nlist = allpages\napprefix = in¦', { not: ['intitle:'] }, cirrus));
  it('not on a wiki without CirrusSearch: the bundled catalogue (Debian\'s MediaWiki)', () => {
    check(`${search}srsearch = ¦`, { not: ['intitle:', 'incategory:', 'insource:'] });
    check(`${search}srsearch = gold intit¦`, { not: ['intitle:'] });
  });
  it('the variables stay offered after the keywords', () =>
    check(`@q = gold\n${search}srsearch = ¦`, { has: ['intitle:', '{{q}}'] }, cirrus));
});
