/**
 * The bundled catalogue: generated from its source (the contract and MediaWiki 1.39's paraminfo),
 * the contract as data, and MediaWiki 1.39's machinery checked against a real 1.39 wiki.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { bundledCatalogue } from '../../core/src/bundled';
import { buildBundledParaminfo } from '../../scripts/catalogue-source';
import { readParaminfo, type ModuleInfo, type ParamInfo } from '../../core/src';
import { catalogueOf, get, read, root } from './catalogueFixtures';

const cat = bundledCatalogue();
const param = (p: string, n: string) => get(cat, p, n);
const mod = (p: string) => {
  const m = cat.module(p);
  assert.ok(m, `module ${p}`);
  return m;
};

/** The contract's module index (module-catalogue.md), as the contract shows it. */
const MODULE_INDEX = `
allcategories | query+allcategories | list | ac | G, R
alldeletedrevisions | query+alldeletedrevisions | list | adr | G, R
allfileusages | query+allfileusages | list | af | G, R
allimages | query+allimages | list | ai | G, R
alllinks | query+alllinks | list | al | G, R
allmessages | query+allmessages | meta | am | R
allpages | query+allpages | list | ap | G, R
allredirects | query+allredirects | list | ar | G, R
allrevisions | query+allrevisions | list | arv | G, R
alltransclusions | query+alltransclusions | list | at | G, R
allusers | query+allusers | list | au | R
authmanagerinfo | query+authmanagerinfo | meta | ami | none
backlinks | query+backlinks | list | bl | G, R
blocks | query+blocks | list | bk | R
categories | query+categories | prop | cl | G, R
categoryinfo | query+categoryinfo | prop | ci | R
categorymembers | query+categorymembers | list | cm | G, R
contributors | query+contributors | prop | pc | R
deletedrevisions | query+deletedrevisions | prop | drv | G, R
deletedrevs | query+deletedrevs | list | dr | deprecated, R
duplicatefiles | query+duplicatefiles | prop | df | G, R
embeddedin | query+embeddedin | list | ei | G, R
extlinks | query+extlinks | prop | el | R
exturlusage | query+exturlusage | list | eu | G, R
filearchive | query+filearchive | list | fa | R
filerepoinfo | query+filerepoinfo | meta | fri | R
fileusage | query+fileusage | prop | fu | G, R
imageinfo | query+imageinfo | prop | ii | R
images | query+images | prop | im | G, R
imageusage | query+imageusage | list | iu | G, R
info | query+info | prop | in | R
siteinfo | query+siteinfo | meta | si | R
parse | parse | action | | R
phpfm | phpfm | format | | R`;

describe('bundled catalogue: generated from its source', () => {
  it('bundled-paraminfo.json is what the source generates now (run npm run gen:catalogue if not)', () => {
    const committed = JSON.parse(readFileSync(path.join(root, 'core/src/catalogue/bundled-paraminfo.json'), 'utf8'));
    assert.deepEqual(committed, JSON.parse(JSON.stringify(buildBundledParaminfo())), 'bundled-paraminfo.json is stale: run npm run gen:catalogue');
  });

  it('the generator script agrees (gen-catalogue.mjs --check)', () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/gen-catalogue.mjs'), '--check'], { stdio: 'pipe' });
  });

  it('reads without a problem and is bundled, not exhaustive', () => {
    const problems: string[] = [];
    readParaminfo(buildBundledParaminfo(), problems);
    assert.deepEqual(problems, []);
    assert.deepEqual([cat.source, cat.exhaustive], ['bundled', false]);
    assert.equal(bundledCatalogue(), cat, 'memoised');
  });
});

describe('bundled catalogue: the contract, as data', () => {
  it('has every module of the module index with its path, group, prefix and flags', () => {
    for (const line of MODULE_INDEX.trim().split('\n')) {
      const [name, p, group, prefix, flags] = line.split('|').map((s) => s.trim());
      const m = mod(p);
      const f = flags.split(',').map((s) => s.trim());
      assert.deepEqual([m.name, m.group, m.prefix, m.generator, m.readrights, m.deprecated, m.parametersKnown], [name, group, prefix, f.includes('G'), f.includes('R'), f.includes('deprecated'), true], line);
    }
  });

  it('follows the limit convention: min 1, max 500, highmax 5000, default 10 unless stated', () => {
    const l = param('query+allimages', 'limit');
    assert.deepEqual([l.type, l.min, l.max, l.highmax, l.default], ['limit', 1, 500, 5000, '10']);
    assert.equal(param('query+imageinfo', 'limit').default, '1');
    for (const m of ['query+alldeletedrevisions', 'query+allrevisions', 'query+deletedrevisions']) assert.equal(param(m, 'limit').default, undefined, m);
    let n = 0;
    // The contract's own parameters (those with its words); MediaWiki's fill-ins are checked against the real wiki below.
    for (const m of cat.modules()) for (const p of m.parameters) if (p.type === 'limit' && p.description) {
      n++;
      assert.deepEqual([p.min, p.max, p.highmax], [1, 500, 5000], `${m.path} ${p.name}`);
      if (!['query+imageinfo', 'query+alldeletedrevisions', 'query+allrevisions', 'query+deletedrevisions'].includes(m.path)) assert.equal(p.default, '10', `${m.path} ${p.name}`);
    }
    assert.equal(n, 26, 'limit parameters');
  });

  it('follows the multi convention: lowlimit 50, highlimit 500, limit 50', () => {
    const p = param('query+allimages', 'prop');
    assert.deepEqual([p.multi, p.lowlimit, p.highlimit, p.limit, p.default], [true, 50, 500, 50, 'timestamp|url']);
    for (const m of cat.modules()) for (const q of [...m.parameters, ...m.templatedparameters]) if (q.multi && q.description) assert.deepEqual([q.lowlimit, q.highlimit, q.limit], [50, 500, 50], `${m.path} ${q.name}`);
  });

  it('shares the enumerations of the shared definitions', () => {
    assert.deepEqual(param('query+allcategories', 'dir').type, ['ascending', 'descending']);
    const b = param('query+blocks', 'dir');
    assert.deepEqual([b.type, b.default], [['newer', 'older'], 'older']);
    assert.deepEqual(param('query+backlinks', 'filterredir').type, ['all', 'nonredirects', 'redirects']);
    assert.deepEqual(param('query+allimages', 'user').subtypes, ['name', 'ip', 'temp', 'interwiki', 'id']);
    assert.deepEqual(param('query+blocks', 'users').subtypes, ['name', 'ip', 'temp', 'cidr']);
    assert.deepEqual(param('query+allusers', 'group').type, ['bot', 'bureaucrat', 'interface-admin', 'patroller', 'suppress', 'sysop']);
    const rev = param('query+deletedrevisions', 'prop');
    assert.deepEqual([(rev.type as string[]).length, rev.default, rev.deprecatedvalues], [16, 'ids|timestamp|flags|comment|user', ['parsetree']]);
    const rights = param('query+allusers', 'rights').type as string[];
    const contributorRights = param('query+contributors', 'excluderights').type as string[];
    assert.equal(rights.length, 94);
    assert.equal(contributorRights.length, 84);
    assert.ok(rights.includes('badcaptcha') && !contributorRights.includes('badcaptcha') && contributorRights.includes('apihighlimits'));
    assert.deepEqual(param('parse', 'contentformat').type, param('query+alldeletedrevisions', 'contentformat').type);
  });

  it('has templated contentformat-{slot} supplied by slots', () => {
    for (const m of ['query+alldeletedrevisions', 'query+allrevisions', 'query+deletedrevisions']) {
      const t = param(m, 'contentformat-{slot}');
      assert.deepEqual(t.templatevars, { slot: 'slots' });
      assert.ok((t.type as string[]).includes('text/x-wiki'));
      assert.equal(param(m, 'slots').allspecifier, '*');
      assert.equal(mod(m).parameters.some((p) => p.name.includes('{')), false, 'templated ones are not plain parameters');
    }
  });

  it('has the mode notes: useronly, nonuseronly and modes', () => {
    for (const n of ['start', 'end']) assert.deepEqual(param('query+alldeletedrevisions', n).info, [{ name: 'useronly' }]);
    for (const n of ['from', 'to', 'prefix', 'excludeuser']) assert.deepEqual(param('query+alldeletedrevisions', n).info, [{ name: 'nonuseronly' }]);
    for (const n of ['start', 'end', 'excludeuser']) assert.deepEqual(param('query+allrevisions', n).info, []);
    assert.equal(mod('query+allrevisions').parameters.some((p) => p.name === 'from'), false);
    assert.deepEqual(param('query+deletedrevs', 'start').info, [{ name: 'modes', values: [1, 2] }]);
    assert.deepEqual(param('query+deletedrevs', 'dir').info, [{ name: 'modes', values: [1, 3] }]);
    for (const n of ['from', 'to', 'prefix', 'unique', 'namespace']) assert.deepEqual(param('query+deletedrevs', n).info, [{ name: 'modes', values: [3] }]);
    assert.deepEqual(param('query+deletedrevs', 'tag').info, []);
  });

  it('has generators, deprecation and read rights', () => {
    assert.equal(mod('query+deletedrevs').deprecated, true);
    const gens = cat.generators().map((m) => m.name);
    for (const g of ['allpages', 'allimages', 'categories', 'categorymembers', 'alldeletedrevisions']) assert.ok(gens.includes(g), g);
    for (const n of ['allusers', 'blocks', 'imageinfo', 'siteinfo', 'logevents', 'allmessages', 'contributors', 'deletedrevs', 'extlinks']) assert.ok(!gens.includes(n), n);
    assert.deepEqual(Object.keys(param('query', 'generator').submodules!).sort(), cat.generators().filter((m) => m.path.startsWith('query+')).map((m) => m.name).sort());
    assert.equal(mod('query+authmanagerinfo').readrights, false);
    assert.equal(mod('query+allimages').readrights, true);
  });

  it('has deprecated parameters and values', () => {
    for (const n of ['expandtemplates', 'generatexml', 'parse', 'difftotextpst', 'diffto', 'difftotext', 'contentformat']) assert.equal(param('query+alldeletedrevisions', n).deprecated, true, n);
    for (const [m, n] of [['query+categorymembers', 'startsortkey'], ['query+categorymembers', 'endsortkey'], ['query+extlinks', 'expandurl'], ['query+exturlusage', 'expandurl'], ['parse', 'effectivelanglinks'], ['parse', 'disablepp'], ['parse', 'generatexml']]) assert.equal(param(m, n).deprecated, true, `${m} ${n}`);
    assert.equal(param('query+alldeletedrevisions', 'section').deprecated, false);
    assert.deepEqual(param('query+info', 'prop').deprecatedvalues, ['preload', 'readable']);
    assert.deepEqual(param('query+deletedrevs', 'prop').deprecatedvalues, ['token']);
    assert.deepEqual(param('parse', 'prop').deprecatedvalues, ['headitems']);
    assert.deepEqual(param('query', 'list').deprecatedvalues, ['deletedrevs'], 'a deprecated module is a deprecated value of its selector');
  });

  it('has empty enumeration values, extra namespaces, namespace defaults and duplicates', () => {
    assert.ok((param('query+allpages', 'prlevel').type as string[]).includes(''));
    const protocol = param('query+extlinks', 'protocol');
    assert.deepEqual([(protocol.type as string[])[0], protocol.default], ['', '']);
    for (const [m, d] of [['query+alllinks', '0'], ['query+allredirects', '0'], ['query+alltransclusions', '10']]) {
      const ns = param(m, 'namespace');
      assert.deepEqual([ns.extranamespaces, ns.default, ns.multi], [[-2, -1], d, false], m);
    }
    assert.equal(mod('query+allfileusages').parameters.some((p) => p.name === 'namespace'), false);
    assert.equal(param('query+allmessages', 'args').allowsduplicates, true);
    assert.equal(param('query+allmessages', 'messages').default, '*');
    assert.equal(param('query+embeddedin', 'namespace').allspecifier, '*');
    assert.equal(mod('query+embeddedin').parameters.some((p) => p.name === 'redirect'), false);
    assert.equal(param('query+imageusage', 'redirect').type, 'boolean');
  });

  it('has the stated defaults', () => {
    const facts: Array<[string, string, string | undefined]> = [
      ['query+imageinfo', 'metadataversion', '1'], ['query+imageinfo', 'urlwidth', '-1'], ['query+imageinfo', 'urlparam', ''], ['query+imageinfo', 'extmetadatalanguage', 'en'],
      ['query+imageinfo', 'prop', 'timestamp|user'], ['query+allcategories', 'prop', ''], ['query+siteinfo', 'prop', 'general'],
      ['query+filerepoinfo', 'prop', 'canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url'],
      ['query+blocks', 'prop', 'id|user|by|timestamp|expiry|reason|flags'], ['query+categorymembers', 'type', 'page|subcat|file'],
      ['query+categorymembers', 'dir', 'ascending'], ['query+authmanagerinfo', 'messageformat', 'wikitext'], ['query+siteinfo', 'filteriw', undefined],
      ['parse', 'wrapoutputclass', 'mw-parser-output'], ['phpfm', 'formatversion', '1'], ['query+deletedrevs', 'prop', 'user|comment'], ['query+allpages', 'namespace', '0'],
    ];
    for (const [m, n, d] of facts) assert.equal(param(m, n).default, d, `${m} ${n}`);
    assert.deepEqual(param('phpfm', 'formatversion').type, ['1', '2', 'latest']);
    assert.equal(param('query+info', 'linkcontext').type, 'title');
    assert.equal(param('parse', 'text').type, 'text');
  });

  it('marks partial enumerations as such', () => {
    assert.equal(param('parse', 'useskin').valuesIncomplete, true);
    assert.equal(param('parse', 'contentmodel').valuesIncomplete, true);
    assert.equal(param('query+allusers', 'rights').valuesIncomplete, true);
    assert.equal(param('query+contributors', 'rights').valuesIncomplete, true);
    assert.equal(param('query+allimages', 'sort').valuesIncomplete, false);
  });

  it('knows logevents and info: the contract\'s parameters in its words, MediaWiki 1.39\'s for the rest', () => {
    const le = mod('query+logevents');
    assert.deepEqual([le.prefix, le.group, le.parametersKnown, le.generator], ['le', 'list', true, false]);
    assert.deepEqual(le.parameters.map((p) => p.name).slice(0, 1), ['continue']);
    assert.ok(le.parameters[0].description);
    for (const n of ['prop', 'type', 'action', 'limit']) assert.ok(cat.param(le, n), n);
    assert.ok((cat.param(le, 'type')!.type as string[]).includes('upload'));
    assert.equal(mod('query+info').parametersKnown, true);
    assert.deepEqual(mod('query+info').parameters.map((p) => p.name).slice(0, 2), ['prop', 'linkcontext']);
    assert.equal(mod('query+allimages').parametersKnown, true);
    assert.ok(cat.queryModules('list').some((m) => m.name === 'logevents'));
  });

  it('gives every spec parameter a description', () => {
    const undescribed: string[] = [];
    for (const line of MODULE_INDEX.trim().split('\n')) {
      const m = mod(line.split('|')[1].trim());
      const filled = m.path === 'query+logevents' || m.path === 'query+info'; // beyond the contract's, MediaWiki's own (no words)
      for (const p of [...m.parameters, ...m.templatedparameters]) if (!p.description && !p.deprecated && !filled) undescribed.push(`${m.path} ${p.name}`);
    }
    assert.deepEqual(undescribed, []);
  });
});

describe('bundled catalogue: MediaWiki 1.39 machinery, checked against a real 1.39 wiki', () => {
  const real = catalogueOf(read('mw139-all-fv1.json'));

  it('main, query, paraminfo, json and jsonfm have the real parameters', () => {
    for (const p of ['main', 'query', 'paraminfo', 'json', 'jsonfm', 'phpfm']) {
      const b = mod(p);
      const r = real.module(p)!;
      const shape = (q: ParamInfo) => ({ name: q.name, type: q.type, default: q.default, multi: q.multi, submodules: q.submodules, submoduleparamprefix: q.submoduleparamprefix, deprecated: q.deprecated, deprecatedvalues: q.deprecatedvalues, internalvalues: q.internalvalues, subtypes: q.subtypes, min: q.min, max: q.max });
      assert.deepEqual(b.parameters.map(shape), r.parameters.map(shape), p);
    }
  });

  it('knows every core module of MediaWiki 1.39 with its real group, prefix and flags', () => {
    assert.equal(cat.modules().length, real.modules().length);
    for (const r of real.modules()) {
      const b = mod(r.path);
      const flags = (m: ModuleInfo) => [m.name, m.group, m.prefix, m.readrights, m.writerights, m.mustbeposted, m.generator, m.deprecated, m.internal, m.dynamicparameters];
      assert.deepEqual(flags(b), flags(r), r.path);
      if (r.helpurls.length) assert.deepEqual(b.helpurls, r.helpurls, r.path);
    }
  });

  it('knows the parameters of every core module, as the real wiki describes them', () => {
    const unknown = cat.modules().filter((m) => !m.parametersKnown).map((m) => m.path);
    assert.deepEqual(unknown.sort(), ['changeauthenticationdata', 'clientlogin', 'createaccount', 'linkaccount'], 'only the modules with dynamic parameters are open');
    const shape = (q: ParamInfo) => ({ name: q.name, type: q.type, default: q.default, multi: q.multi, min: q.min, max: q.max, highmax: q.highmax, required: q.required, templatevars: q.templatevars });
    for (const p of ['query+recentchanges', 'query+revisions', 'edit', 'upload', 'help', 'xml', 'expandtemplates']) {
      assert.deepEqual(mod(p).parameters.map(shape), real.module(p)!.parameters.map(shape), p);
      assert.ok(mod(p).examples?.length || p === 'xml', `${p} examples`);
    }
  });

  it('flags write actions so that they are not runnable', () => {
    for (const a of ['edit', 'upload', 'delete', 'move', 'protect', 'block', 'import', 'rollback']) {
      const m = mod(a);
      assert.deepEqual([m.mustbeposted, m.writerights, m.parametersKnown], [true, true, true], a);
    }
    assert.deepEqual([mod('logout').mustbeposted, mod('logout').writerights], [true, false]);
    assert.deepEqual([mod('query').mustbeposted, mod('parse').mustbeposted, mod('paraminfo').mustbeposted], [false, false, false]);
    assert.deepEqual(param('main', 'action').internalvalues, ['cspreport', 'stashedit']);
  });
});
