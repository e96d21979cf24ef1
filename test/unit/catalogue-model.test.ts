/** The catalogue model and the bundled catalogue: the contract's facts survive the round trip. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { bundledCatalogue } from '../../server/src/language/catalogue/bundled';
import { Catalogue, enumValues, readParaminfo } from '../../server/src/language/catalogue/model';

const cat = bundledCatalogue();
const mod = (p: string) => {
  const m = cat.module(p);
  assert.ok(m, `module ${p}`);
  return m;
};
const param = (p: string, n: string) => {
  const m = mod(p);
  const x = m.parameters.find((q) => q.name === n) ?? m.templatedparameters.find((q) => q.name === n);
  assert.ok(x, `${p} ${n}`);
  return x;
};

describe('catalogue model', () => {
  it('reads formatversion 1 and 2 shapes of the same module identically', () => {
    const fv1 = { paraminfo: { modules: [{ name: 'allimages', path: 'query+allimages', group: 'list', prefix: 'ai', readrights: '', generator: '', helpurls: [], parameters: [
      { index: 1, name: 'prop', type: ['size', 'url'], default: 'url', multi: '', lowlimit: 50, highlimit: 500, limit: 50, info: [] },
      { index: 2, name: 'limit', type: 'limit', default: 10, min: 1, max: 500, highmax: 5000 },
      { index: 3, name: 'redirect', type: 'boolean', deprecated: '' },
    ] }] } };
    const fv2 = { paraminfo: { modules: [{ name: 'allimages', path: 'query+allimages', group: 'list', prefix: 'ai', readrights: true, generator: true, deprecated: false, helpurls: [], parameters: [
      { index: 1, name: 'prop', type: ['size', 'url'], default: 'url', multi: true, lowlimit: 50, highlimit: 500, limit: 50, info: [], allowsduplicates: false },
      { index: 2, name: 'limit', type: 'limit', default: 10, min: 1, max: 500, highmax: 5000, multi: false },
      { index: 3, name: 'redirect', type: 'boolean', default: false, deprecated: true, multi: false },
    ] }] } };
    assert.deepEqual(readParaminfo(fv2), readParaminfo(fv1));
    const [m] = readParaminfo(fv1);
    assert.equal(m.generator, true);
    assert.equal(m.deprecated, false);
    assert.equal(m.parameters[0].multi, true);
    assert.equal(m.parameters[1].default, '10');
    assert.equal(m.parameters[2].default, undefined);
    assert.equal(m.parameters[2].deprecated, true);
  });
  it('reads the old querymodules shape', () => {
    const old = { paraminfo: { mainmodule: { name: 'main', parameters: [{ name: 'action', type: ['query', 'help'] }] }, querymodules: [{ name: 'allpages', prefix: 'ap', querytype: 'list', generator: '', parameters: [{ name: 'from', type: 'string' }] }] } };
    const ms = readParaminfo(old);
    assert.deepEqual(ms.map((m) => [m.path, m.group]), [['main', 'main'], ['query+allpages', 'list']]);
    assert.deepEqual(enumValues(ms[0].parameters[0]), ['query', 'help']);
  });
  it('never throws on odd input', () => {
    for (const odd of [null, 3, 'x', [], {}, { paraminfo: 5 }, { paraminfo: { modules: [null, 1, { name: 5 }, { name: 'x', parameters: [null, { name: '' }, { name: 'ok', type: 7 }] }] } }]) {
      const problems: string[] = [];
      const ms = readParaminfo(odd, problems);
      assert.ok(Array.isArray(ms));
    }
    const ms = readParaminfo({ paraminfo: { modules: [{ name: 'x', parameters: [null, { name: 'ok', type: 7 }] }] } });
    assert.deepEqual(ms[0].parameters.map((p) => [p.name, p.type]), [['ok', 'string']]);
  });
  it('keeps the first of duplicate module paths and answers lookups', () => {
    const c = new Catalogue({ source: 'live', exhaustive: true, modules: readParaminfo([{ name: 'a', path: 'a', group: 'action', parameters: [{ name: 'p' }] }, { name: 'b', path: 'a', group: 'action' }]) });
    assert.equal(c.modules().length, 1);
    assert.equal(c.param(c.module('a')!, 'p')?.name, 'p');
  });
});

describe('bundled catalogue (the contract, as data)', () => {
  it('is up to date with its source', () => {
    execFileSync(process.execPath, [path.resolve(__dirname, '../../../scripts/gen-catalogue.mjs'), '--check'], { stdio: 'pipe' });
  });
  it('is not exhaustive and is bundled', () => {
    assert.equal(cat.exhaustive, false);
    assert.equal(cat.source, 'bundled');
  });
  it('has allimages with prefix ai and its limit conventions', () => {
    assert.equal(mod('query+allimages').prefix, 'ai');
    const l = param('query+allimages', 'limit');
    assert.deepEqual([l.type, l.min, l.max, l.highmax, l.default], ['limit', 1, 500, 5000, '10']);
    const p = param('query+allimages', 'prop');
    assert.deepEqual([p.multi, p.lowlimit, p.highlimit, p.default], [true, 50, 500, 'timestamp|url']);
  });
  it('has imageinfo limit default 1 and revision listings without a default limit', () => {
    assert.equal(param('query+imageinfo', 'limit').default, '1');
    for (const m of ['query+alldeletedrevisions', 'query+allrevisions', 'query+deletedrevisions']) assert.equal(param(m, 'limit').default, undefined);
  });
  it('has templated contentformat-{slot} supplied by slots', () => {
    const t = param('query+alldeletedrevisions', 'contentformat-{slot}');
    assert.deepEqual(t.templatevars, { slot: 'slots' });
    assert.ok((t.type as string[]).includes('text/x-wiki'));
    assert.equal(param('query+alldeletedrevisions', 'slots').allspecifier, '*');
  });
  it('has mode notes', () => {
    assert.deepEqual(param('query+alldeletedrevisions', 'start').info, [{ name: 'useronly' }]);
    assert.deepEqual(param('query+alldeletedrevisions', 'from').info, [{ name: 'nonuseronly' }]);
    assert.deepEqual(param('query+allrevisions', 'start').info, []);
    assert.deepEqual(param('query+deletedrevs', 'dir').info, [{ name: 'modes', values: [1, 3] }]);
  });
  it('has flags: generators, deprecation, read rights', () => {
    assert.equal(mod('query+deletedrevs').deprecated, true);
    const gens = cat.generators().map((m) => m.name);
    for (const g of ['allpages', 'allimages', 'categories', 'categorymembers']) assert.ok(gens.includes(g), g);
    for (const n of ['allusers', 'blocks', 'imageinfo', 'siteinfo', 'logevents']) assert.ok(!gens.includes(n), n);
    assert.equal(mod('query+authmanagerinfo').readrights, false);
    assert.equal(mod('query+allimages').readrights, true);
  });
  it('has deprecated values, empty enum values and extra namespaces', () => {
    assert.deepEqual(param('query+alldeletedrevisions', 'prop').deprecatedvalues, ['parsetree']);
    assert.deepEqual(param('query+info', 'prop').deprecatedvalues, ['preload', 'readable']);
    assert.ok((param('query+allpages', 'prlevel').type as string[]).includes(''));
    assert.deepEqual(param('query+alltransclusions', 'namespace').extranamespaces, [-2, -1]);
    assert.equal(param('query+alltransclusions', 'namespace').default, '10');
    assert.equal(param('query+allmessages', 'args').allowsduplicates, true);
  });
  it('knows logevents but not its parameters, and info only partly', () => {
    assert.equal(mod('query+logevents').prefix, 'le');
    assert.equal(mod('query+logevents').parametersKnown, false);
    assert.equal(mod('query+info').parametersKnown, false);
    assert.equal(mod('query+allimages').parametersKnown, true);
  });
  it('selects modules through main and query submodule parameters', () => {
    const action = param('main', 'action');
    assert.equal(action.submodules?.query, 'query');
    assert.equal(action.submodules?.paraminfo, 'paraminfo');
    assert.equal(param('query', 'list').submodules?.allimages, 'query+allimages');
    assert.equal(param('query', 'generator').submoduleparamprefix, 'g');
    assert.equal(param('query', 'generator').submodules?.allusers, undefined);
    assert.equal(mod('edit').mustbeposted, true);
  });
  it('marks partial enumerations as such', () => {
    assert.equal(param('parse', 'useskin').valuesIncomplete, true);
    assert.equal(param('query+allusers', 'rights').valuesIncomplete, true);
    assert.equal(param('query+allimages', 'sort').valuesIncomplete, false);
  });
});
