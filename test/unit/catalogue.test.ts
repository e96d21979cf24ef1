/**
 * The catalogue model (one reader for every paraminfo shape) and the bundled catalogue (the API
 * contract as data, plus MediaWiki 1.39's machinery). Real answers of a MediaWiki 1.39 wiki are in
 * test/fixtures/paraminfo/mw139-*.json (taken from the Debian package's wiki, debuginfo removed);
 * small-*.json and old-shape.json are hand-made.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundledCatalogue } from '../../core/src/bundled';
import {
  Catalogue, ModuleInfo, deserialiseCatalogue, enumValues, moduleDescriptor, readModule, readParaminfo, serialiseCatalogue,
} from '../../core/src';
import { StaticCatalogueProvider } from '../../core/src/catalogue/provider';
import { catalogueOf, fixture, get, read } from './catalogueFixtures';


// ---------------------------------------------------------------------------------------------

describe('catalogue model: reading paraminfo', () => {
  const small = catalogueOf(read('small-fv1.json'));

  it('reads formatversion 1 ("" flags) and formatversion 2 (booleans) of the same modules identically', () => {
    assert.deepEqual(read('small-fv2.json'), read('small-fv1.json'));
  });

  it('reads the real MediaWiki 1.39 answers for all 121 modules identically in both formatversions', () => {
    const p1: string[] = [];
    const p2: string[] = [];
    const fv1 = read('mw139-all-fv1.json', p1);
    const fv2 = read('mw139-all-fv2.json', p2);
    assert.deepEqual([p1, p2], [[], []]);
    assert.equal(fv1.length, 121);
    assert.deepEqual(fv2, fv1);
  });

  it('normalises flags, limits, enumerations and notes', () => {
    const m = small.module('query+examplelist')!;
    assert.deepEqual([m.group, m.prefix, m.generator, m.readrights, m.deprecated, m.writerights, m.mustbeposted, m.internal, m.parametersKnown], ['list', 'ex', true, true, false, false, false, false, true]);
    const prop = get(small, 'query+examplelist', 'prop');
    assert.deepEqual([prop.multi, prop.default, prop.lowlimit, prop.highlimit, prop.limit, prop.allspecifier, prop.deprecatedvalues, prop.internalvalues], [true, 'a|b', 50, 500, 50, '*', ['old'], ['secret']]);
    const limit = get(small, 'query+examplelist', 'limit');
    assert.deepEqual([limit.type, limit.default, limit.min, limit.max, limit.highmax, limit.multi], ['limit', '10', 1, 500, 5000, false]);
    assert.deepEqual(get(small, 'query+examplelist', 'namespace').extranamespaces, [-2, -1]);
    assert.deepEqual(get(small, 'query+examplelist', 'user').subtypes, ['name', 'ip', 'id']);
    assert.deepEqual(get(small, 'query+examplelist', 'start').info, [{ name: 'useronly' }]);
    assert.deepEqual(get(small, 'query+examplelist', 'from').info, [{ name: 'modes', values: [1, 2] }]);
    const level = get(small, 'query+examplelist', 'level');
    assert.deepEqual([level.type, level.default], [['', 'sysop'], '']);
    assert.equal(get(small, 'query+examplelist', 'args').allowsduplicates, true);
    const redirect = get(small, 'query+examplelist', 'redirect');
    assert.deepEqual([redirect.type, redirect.deprecated, redirect.default], ['boolean', true, undefined]);
    const size = get(small, 'query+examplelist', 'size');
    assert.deepEqual([size.default, size.min, size.max], ['0', 0, 100]);
    const t = get(small, 'query+examplelist', 'contentformat-{slot}');
    assert.deepEqual([t.templatevars, m.templatedparameters.length], [{ slot: 'slots' }, 1]);
  });

  it('reads submodule parameters, write actions and dynamic parameters', () => {
    const action = get(small, 'main', 'action');
    assert.deepEqual(action.submodules, { query: 'query', write: 'write', secretaction: 'secretaction' });
    assert.deepEqual(action.internalvalues, ['secretaction']);
    assert.deepEqual(enumValues(action), ['query', 'write', 'secretaction']);
    assert.equal(get(small, 'query', 'generator').submoduleparamprefix, 'g');
    assert.deepEqual(get(small, 'query', 'list').deprecatedvalues, ['oldlist']);
    assert.equal(small.main()?.group, 'main', 'the main module has no group in paraminfo');
    const write = small.module('write')!;
    assert.deepEqual([write.mustbeposted, write.writerights, write.dynamicparameters, write.parametersKnown], [true, true, true, false]);
    const token = get(small, 'write', 'token');
    assert.deepEqual([token.required, token.sensitive, token.tokentype], [true, true, 'csrf']);
    assert.equal(get(small, 'write', 'title').type, 'title');
    assert.equal(small.module('secretaction')?.internal, true);
    assert.equal(enumValues(get(small, 'query+examplelist', 'user')), undefined);
  });

  it('answers the Catalogue queries', () => {
    assert.deepEqual(small.actions().map((m) => m.name), ['query', 'write', 'secretaction']);
    assert.deepEqual(small.formats().map((m) => m.name), ['json', 'jsonfm']);
    assert.deepEqual(small.queryModules('list').map((m) => m.name), ['examplelist', 'oldlist']);
    assert.deepEqual(small.queryModules('prop'), []);
    assert.deepEqual(small.generators().map((m) => m.name), ['examplelist']);
    assert.equal(small.param(small.module('query+examplelist')!, 'limit')?.type, 'limit');
    assert.equal(small.param(small.module('query+examplelist')!, 'contentformat-{slot}'), undefined, 'param() looks up plain parameters only');
    assert.equal(small.module('query+nosuch'), undefined);
    assert.deepEqual([small.source, small.exhaustive, small.endpoint, small.mwVersion], ['live', true, 'https://wiki.example/api.php', '1.39.17']);
  });

  it('keeps only the documentation apart between helpformat none, html, wikitext and raw', () => {
    const strip = (ms: ModuleInfo[]) => ms.map((m) => ({
      ...m, description: undefined, dynamicparametersDescription: undefined, examples: undefined,
      parameters: m.parameters.map((p) => ({ ...p, description: undefined, valuedescriptions: undefined, info: p.info.map((n) => ({ ...n, text: undefined })) })),
      templatedparameters: m.templatedparameters.map((p) => ({ ...p, description: undefined, valuedescriptions: undefined, info: p.info.map((n) => ({ ...n, text: undefined })) })),
    }));
    const none = read('mw139-all-fv2.json');
    for (const name of ['mw139-selected-fv2-html.json', 'mw139-selected-fv1-wikitext.json', 'mw139-selected-fv2-raw.json']) {
      const withHelp = read(name);
      assert.deepEqual(withHelp.map((m) => m.path), ['main', 'query+deletedrevs', 'query+alldeletedrevisions', 'compare', 'createaccount']);
      assert.deepEqual(strip(withHelp), strip(withHelp.map((m) => none.find((n) => n.path === m.path)!)), name);
      const dr = withHelp.find((m) => m.path === 'query+deletedrevs')!;
      assert.ok(dr.description && dr.description.length > 20, `${name}: module description`);
      assert.ok(dr.parameters.every((p) => p.description), `${name}: every parameter described`);
      assert.ok(dr.parameters[0].info[0].text, `${name}: modes note text`);
      const ca = withHelp.find((m) => m.path === 'createaccount')!;
      assert.ok(ca.dynamicparametersDescription && ca.examples?.length, `${name}: dynamic parameters and examples`);
    }
    const raw = read('mw139-selected-fv2-raw.json');
    const dir = raw.find((m) => m.path === 'query+deletedrevs')!.parameters.find((p) => p.name === 'dir')!;
    assert.deepEqual(dir.valuedescriptions, { newer: '(api-help-paramvalue-direction-newer)', older: '(api-help-paramvalue-direction-older)' });
    assert.equal(dir.description, '(api-help-param-direction)');
    const html = read('mw139-selected-fv2-html.json');
    assert.match(html.find((m) => m.path === 'query+deletedrevs')!.description!, /<p>List deleted revisions/);
    assert.equal(none.find((m) => m.path === 'query+deletedrevs')!.description, undefined);
  });

  it('reads the deprecated querymodules/mainmodule/pagesetmodule/formatmodules answer of MediaWiki 1.39', () => {
    const problems: string[] = [];
    const ms = read('mw139-old-parameters-fv1.json', problems);
    assert.deepEqual(ms.map((m) => [m.path, m.group]), [['main', 'main'], ['pageset', 'pageset'], ['query+allimages', 'list'], ['query+logevents', 'list'], ['json', 'format'], ['jsonfm', 'format']]);
    assert.deepEqual(ms[1].parameters.map((p) => p.name), ['titles', 'pageids', 'revids', 'generator', 'redirects', 'converttitles']);
    assert.ok(problems.some((p) => /querymodules.*deprecated/.test(p)), problems.join('\n'));
    const fv1 = read('mw139-all-fv1.json');
    assert.deepEqual(ms[2], fv1.find((m) => m.path === 'query+allimages'));
  });

  it('reads the oldest shapes: querymodules with querytype, type "bool", default "false", missing modules', () => {
    const problems: string[] = [];
    const c = catalogueOf(read('old-shape.json', problems));
    assert.deepEqual(c.modules().map((m) => [m.path, m.group]), [['parse', 'action'], ['main', 'main'], ['query+allpages', 'list'], ['query+siteinfo', 'meta']]);
    const pst = get(c, 'parse', 'pst');
    assert.deepEqual([pst.type, pst.default], ['boolean', undefined]);
    assert.equal(get(c, 'parse', 'text').type, 'string');
    assert.equal(get(c, 'parse', 'prop').multi, true);
    assert.deepEqual(get(c, 'main', 'action').submodules, { help: 'help', parse: 'parse', query: 'query' }, 'old enumerations of actions become submodule maps');
    assert.equal(get(c, 'query+allpages', 'limit').highmax, 5000);
    assert.equal(c.module('query+allpages')?.generator, true);
    assert.deepEqual(problems, ['the wiki has no module nosuchaction', 'the wiki has no module query+nosuchlist']);
    const query = readModule({ name: 'query', path: 'query', parameters: [{ name: 'generator', type: ['allpages'] }, { name: 'list', type: ['allpages'], multi: '' }] })!;
    assert.deepEqual([query.parameters[0].submodules, query.parameters[0].submoduleparamprefix, query.parameters[1].submodules], [{ allpages: 'query+allpages' }, 'g', { allpages: 'query+allpages' }]);
  });

  it('reports what a wiki could not describe', () => {
    const problems: string[] = [];
    const ms = read('mw139-missing-fv2.json', problems);
    assert.deepEqual(ms.map((m) => m.path), ['query+allimages']);
    assert.ok(problems.some((p) => p.includes('nosuchmodule')) && problems.some((p) => p.includes('nosuch"')), problems.join('\n'));
  });

  it('never throws on odd input, and skips only what is malformed', () => {
    const odd: unknown[] = [
      null, undefined, 3, 'x', [], {}, { paraminfo: 5 }, { paraminfo: [] }, { paraminfo: { modules: 'no' } }, { paraminfo: { querymodules: [null, 7, { name: 3 }] } },
      { paraminfo: { modules: [null, 1, { name: 5 }, { name: '' }, { name: 'x', parameters: [null, { name: '' }, { name: 'ok', type: 7 }], templatedparameters: 'no' }] } },
      { paraminfo: { modules: [{ name: 'y', path: 'y', parameters: [{ name: 'p', type: ['a', 1, null, {}], default: { weird: true }, min: 'lots', info: [null, { name: 3 }, { name: 'n', values: 'no' }], submodules: 4, templatevars: [] }] }] } },
      { warnings: { paraminfo: 8 }, paraminfo: { mainmodule: 'x', pagesetmodule: [], formatmodules: {} } },
    ];
    for (const input of odd) {
      const problems: string[] = [];
      assert.doesNotThrow(() => readParaminfo(input, problems), JSON.stringify(input));
      assert.doesNotThrow(() => deserialiseCatalogue(input, { problems }));
    }
    const [x] = readParaminfo({ paraminfo: { modules: [{ name: 'x', parameters: [null, { name: 'ok', type: 7 }] }] } });
    assert.deepEqual(x.parameters.map((p) => [p.name, p.type]), [['ok', 'string']]);
    const [y] = readParaminfo(odd[11]);
    assert.deepEqual([y.parameters[0].type, y.parameters[0].min, y.parameters[0].info], [['a', '1'], undefined, [{ name: 'n' }]]);
  });

  it('never throws on random corruptions of real descriptors', () => {
    let seed = 12345;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const junk = [null, true, false, 0, -1, 1.5, '', 'x', [], [null], {}, { '*': 3 }, 'bool', ['a'], { key: 5 }];
    const base = JSON.stringify(fixture('mw139-selected-fv2-raw.json'));
    for (let round = 0; round < 300; round++) {
      const json = JSON.parse(base);
      const nodes: Array<Record<string, unknown> | unknown[]> = [];
      const walk = (v: unknown) => {
        if (v && typeof v === 'object') {
          nodes.push(v as Record<string, unknown>);
          for (const c of Object.values(v)) walk(c);
        }
      };
      walk(json);
      for (let k = 0; k < 5; k++) {
        const node = nodes[rnd(nodes.length)];
        const keys = Object.keys(node);
        if (!keys.length) continue;
        (node as Record<string, unknown>)[keys[rnd(keys.length)]] = junk[rnd(junk.length)];
      }
      assert.doesNotThrow(() => catalogueOf(readParaminfo(json, [])), `round ${round}`);
    }
  });

  it('keeps the first of duplicate module paths', () => {
    const c = new Catalogue({ source: 'live', exhaustive: true, modules: readParaminfo([{ name: 'a', path: 'a', group: 'action', parameters: [{ name: 'p' }] }, { name: 'b', path: 'a', group: 'action' }]) });
    assert.equal(c.modules().length, 1);
    assert.equal(c.param(c.module('a')!, 'p')?.name, 'p');
  });
});

describe('catalogue model: serialisation (the on-disk cache)', () => {
  it('round-trips a live catalogue with its metadata', () => {
    const c = catalogueOf(read('mw139-selected-fv2-html.json').concat(read('mw139-all-fv2.json')));
    const text = serialiseCatalogue(c);
    const back = deserialiseCatalogue(text);
    assert.ok(back);
    assert.deepEqual(back.modules(), c.modules());
    assert.deepEqual([back.source, back.exhaustive, back.endpoint, back.mwVersion, back.fetchedAt, back.namespaces], ['cached', true, c.endpoint, c.mwVersion, c.fetchedAt, c.namespaces]);
    assert.equal(deserialiseCatalogue(JSON.parse(text), { source: 'live' })?.source, 'live');
  });

  it('round-trips the bundled catalogue, unknown parameter lists and partial enumerations included', () => {
    const b = bundledCatalogue();
    const back = deserialiseCatalogue(serialiseCatalogue(b), { source: 'bundled' })!;
    assert.deepEqual(back.modules(), b.modules());
    assert.equal(back.exhaustive, false);
    for (const m of b.modules()) assert.deepEqual(readModule(moduleDescriptor(m)), m, m.path);
  });

  it('refuses corrupt or foreign input with a reason, without throwing', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{"wikiqcatalogue": 1, "paraminfo": {"modules": [', /not JSON/],
      ['{"paraminfo": {"modules": []}}', /not a wikiq catalogue/],
      [JSON.stringify({ wikiqcatalogue: 99, paraminfo: { modules: [{ name: 'a' }] } }), /not a wikiq catalogue/],
      [JSON.stringify({ wikiqcatalogue: 1, paraminfo: { modules: [] } }), /no module/],
      [JSON.stringify({ wikiqcatalogue: 1, paraminfo: { modules: [null, 3] } }), /no module/],
      [42, /not a wikiq catalogue/],
    ];
    for (const [input, why] of cases) {
      const problems: string[] = [];
      assert.equal(deserialiseCatalogue(input, { problems }), undefined);
      assert.match(problems.join('\n'), why);
    }
  });
});

describe('catalogue provider', () => {
  it('the static provider gives its one catalogue for every endpoint and never changes', () => {
    const b = bundledCatalogue();
    const p = new StaticCatalogueProvider(b);
    assert.equal(p.get(undefined), b);
    assert.equal(p.get('https://other.example/api.php'), b);
    const sub = p.onDidChange();
    assert.doesNotThrow(() => sub.dispose());
  });
});

// ---------------------------------------------------------------------------------------------
