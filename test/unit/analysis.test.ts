/**
 * The one rule for who owns a request name (analysis.ts `ownerOf`), and `ownedNames`, which lists
 * every owned name by that rule: for each request, each listed name's owner is the one `ownerOf`
 * gives, in any order of asking. Fixture: paraminfo/repeated-name.json (see analysis-owners.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyse, ownedNames, ownerOf } from '../../core/src/analysis';
import { bundledCatalogue } from '../../core/src/bundled';
import type { Catalogue } from '../../core/src/catalogue/model';
import { parse } from '../../core/src/parser/parser';
import { catalogueOf, read } from './catalogueFixtures';
import { requestsOf } from '../../core/src/parser/blocks';

const probe = catalogueOf(read('repeated-name.json'));

/** `owners`: full name → `module path:parameter name:type` of its owner, for the names to look at. */
function check(input: string, owners: Record<string, string | undefined>, catalogue: Catalogue = probe): void {
  const file = parse(input);
  const a = analyse(file, requestsOf(file)[0], catalogue);
  const describe = (o: ReturnType<typeof ownerOf>) => o && `${o.selection.module.path}:${o.param.name}:${String(o.param.type)}`;
  const listed = ownedNames(a);
  assert.equal(new Set(listed.map((o) => o.fullName)).size, listed.length, 'each name listed once');
  // Asked one by one, in both orders, and listed: the same answers.
  for (const names of [Object.keys(owners), Object.keys(owners).reverse()]) {
    for (const name of names) assert.equal(describe(ownerOf(a, name)), owners[name], `ownerOf ${name}`);
  }
  for (const name of Object.keys(owners)) assert.equal(describe(listed.find((o) => o.fullName === name)), owners[name], `ownedNames ${name}`);
  for (const o of listed) {
    const again = ownerOf(a, o.fullName);
    assert.ok(again && again.param === o.param && again.selection === o.selection, `ownerOf agrees with ownedNames on ${o.fullName}`);
  }
}

describe('ownerOf and ownedNames', () => {
  it('a repeated name: its last description', () =>
    check('action = probe\n', { depth: 'probe:depth:integer', slots: 'probe:slots:main,aux', action: 'main:action:probe', nosuch: undefined }));
  it('a templated name: made from its supplier\'s values only', () =>
    check('action = probe\nslots = main|aux\n', { 'text-main': 'probe:text-{slot}:text', 'text-aux': 'probe:text-{slot}:text', 'text-other': undefined, depth: 'probe:depth:integer' }));
  it('prefixed names of the selected modules, and a generator\'s under its g prefix', () =>
    check('action = query\nlist = allimages\ngenerator = allpages\n', { aifrom: 'query+allimages:from:string', gapfrom: 'query+allpages:from:string', apfrom: undefined, format: 'main:format:' + String(bundledCatalogue().param(bundledCatalogue().main()!, 'format')!.type) }, bundledCatalogue()));
});
