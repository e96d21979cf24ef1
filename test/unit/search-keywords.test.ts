/**
 * CirrusSearch's keywords (#31): the signal that a wiki's search is CirrusSearch, read from its
 * catalogue (a real answer of the Debian wiki, which has none; the same plus the extension's
 * modules; the bundled catalogue; a cached copy), and the keyword table's own rules.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Catalogue, SEARCH_KEYWORDS, deserialiseCatalogue, runsCirrusSearch, searchKeyword, serialiseCatalogue, wikiqForm } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { catalogueOf, cirrusCatalogue, read } from './catalogueFixtures';
import { doc, service } from './helpers';

function check(name: string, catalogue: Catalogue, expected: boolean): void {
  it(name, () => assert.equal(runsCirrusSearch(catalogue), expected));
}

describe('CirrusSearch: read from the catalogue (paraminfo\'s source of a module)', () => {
  check('the Debian wiki\'s real paraminfo answer: no', catalogueOf(read('mw139-all-fv2.json')), false);
  check('its formatversion 1 answer: no', catalogueOf(read('mw139-all-fv1.json')), false);
  check('the bundled catalogue: no', bundledCatalogue(), false);
  check('the same wiki with the extension\'s modules: yes', cirrusCatalogue(), true);
  check('a module of another source named alike does not count', catalogueOf(read('mw139-all-fv2.json').map((m, i) => (i === 0 ? { ...m, source: 'CirrusSearchLike' } : m))), false);
  it('a cached copy says the same as the live one (the source is serialised)', () => {
    const back = deserialiseCatalogue(serialiseCatalogue(cirrusCatalogue()));
    assert.ok(back);
    assert.equal(runsCirrusSearch(back), true);
    const plain = deserialiseCatalogue(serialiseCatalogue(catalogueOf(read('mw139-all-fv2.json'))));
    assert.ok(plain);
    assert.equal(runsCirrusSearch(plain), false);
  });
});

describe('the keyword table', () => {
  const names = SEARCH_KEYWORDS.flatMap((k) => [k.keyword, ...(k.aliases ?? [])]);
  it('names each keyword once, in lower case as CirrusSearch matches them', () => {
    assert.equal(new Set(names).size, names.length);
    for (const n of names) assert.match(n, /^[a-z][a-z-]*$/);
  });
  it('finds a keyword by its name or alias', () => {
    assert.equal(searchKeyword('deepcat')?.keyword, 'deepcategory');
    assert.equal(searchKeyword('filewidth')?.keyword, 'filew');
    assert.equal(searchKeyword('Intitle'), undefined);
  });
  it('has the common keywords of the issue', () => {
    for (const n of ['intitle', 'incategory', 'insource', 'hastemplate', 'linksto', 'prefix', 'filetype', 'deepcat', 'filemime', 'filesize', 'filew', 'fileh', 'fileres', 'inlanguage', 'morelike', 'subpageof', 'articletopic', 'boost-templates']) assert.ok(names.includes(n), n);
  });
  for (const k of SEARCH_KEYWORDS) {
    it(`${k.keyword}: one-line description, an example that uses it, a help section`, () => {
      assert.ok(k.description && !k.description.includes('\n'));
      assert.ok([k.keyword, ...(k.aliases ?? [])].some((n) => k.example.startsWith(`${n}:`)), k.example);
      assert.match(k.help, /^(#[A-Za-z_-]+)?$/);
      assert.equal(k.syntax === '', k.keyword === 'local', 'only local takes no value');
    });
    it(`${k.keyword}: its example, as the hover writes it, is one srsearch value with no diagnostic`, () => {
      const d = doc(`action = query\nlist = search\nsrsearch = ${wikiqForm(k.example)}`);
      assert.deepEqual(service(cirrusCatalogue()).doValidation(d).map((x) => `${String(x.code)}: ${x.message}`), []);
    });
  }
});
