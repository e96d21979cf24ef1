/** Hover, as data: input with a cursor ¦ and patterns the hover text must (not) match. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Catalogue, readParaminfo } from '../../core/src';
import { cirrusCatalogue } from './catalogueFixtures';
import { doc, service, withCursor } from './helpers';

function check(input: string, expected: RegExp[] | null, env?: { endpoint?: string; variables?: Record<string, string> }, catalogue?: Catalogue): void {
  const { text, offset } = withCursor(input);
  const d = doc(text);
  const h = service(catalogue, env).doHover(d, d.positionAt(offset));
  if (expected === null) {
    assert.equal(h, null);
    return;
  }
  assert.ok(h, 'expected a hover');
  const value = typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : JSON.stringify(h.contents);
  for (const re of expected) assert.match(value, re);
}

describe('hover', () => {
  it('explains a limit parameter', () =>
    check('action = query\nlist = allimages\nai¦limit = 5', [/\*\*ailimit\*\*/, /max 500/, /5000/, /Default: `10`/, /list=allimages/, /query\+allimages/]));
  it('explains an enumeration parameter with its values', () =>
    check('action = query\nlist = allimages\naiso¦rt = name', [/`name`/, /`timestamp`/, /Default: `name`/]));
  it('explains a module value', () => check('action = query\nlist = all¦images', [/\*\*allimages\*\*/, /prefix `ai`/, /generator/]));
  it('explains a generator module with its g prefix', () => check('action = query\ngenerator = all¦pages', [/prefix `gap`/, /as generator/]));
  it('says nothing of variables on template syntax in a pasted URL (it is the text sent)', () => {
    check('https://w.example/api.php?action=query&list=allimages&aifrom={{PAGE¦NAME}}', null);
    check('action = query\nlist = allimages\naifrom = {{PAGE¦NAME}}', [/not defined/]);
  });
  it('explains the action value', () => check('action = que¦ry', [/\*\*query\*\*/]));
  it('marks deprecated modules', () => check('action = query\nlist = deleted¦revs', [/deprecated/]));
  it('explains a deprecated value', () =>
    check('action = query\nlist = alldeletedrevisions\nadrprop = ids|parse¦tree', [/Deprecated/]));
  it('shows mode notes', () =>
    check('action = query\nlist = alldeletedrevisions\nadrsta¦rt = 2020-01-01T00:00:00Z', [/Only with `adruser`/]));
  it('shows a variable\'s expanded value', () =>
    check('@base = https://w.example\n@endpoint = {{base}}/api.php\naction = query\nlist = allimages\nailimit = {{end¦point}}', [/https:\/\/w\.example\/api\.php/]));
  it('shows an environment variable', () =>
    check('action = query\nlist = allimages\nailimit = {{li¦m}}', [/environment/, /`50`/], { variables: { lim: '50' } }));
  it('says so for an undefined variable', () => check('action = query\nlist = allimages\nailimit = {{no¦pe}}', [/not defined/]));
  it('shows a variable from either of its braces', () => {
    check('@limit = 50\naction = query\nlist = allimages\nailimit = ¦{{limit}}', [/Variable \*\*limit\*\*/]);
    check('@limit = 50\naction = query\nlist = allimages\nailimit = {{limit}¦}', [/Variable \*\*limit\*\*/]);
    check('@limit = {{ot¦her}}\n@other = 5', [/Variable \*\*other\*\*/]);
  });
  it('shows the request as sent on its header', () =>
    check('@endpoint = https://w.example/api.php\n### Fi¦les\naction = query\nlist = allimages', [/https:\/\/w\.example\/api\.php/, /list=allimages/]));
  it('explains a namespace value', () => check('action = query\nlist = backlinks\nblnamespace = 1¦4', [/Category/]));
  it('says a parameter has no description in wikiq\'s catalogue and links the module\'s help page', () => {
    check('action = block\nus¦er = Example', [/\*\*user\*\*/, /No description in wikiq's catalogue\._ The module's help page: \[Help\]\(https:\/\/www\.mediawiki\.org\/wiki\/Special:MyLanguage\/API:Block\)/]);
    check('action = query\nlist = allrevisions\narvexpand¦templates = 1', [/No description in wikiq's catalogue/, /API:Allrevisions/]);
    // No helpurls: the module's Special:ApiHelp page (mediawiki.org for the bundled catalogue).
    check('action = checktoken\ntype = csrf\nto¦ken = x', [/No description in wikiq's catalogue/, /\(https:\/\/www\.mediawiki\.org\/wiki\/Special:ApiHelp\/checktoken\)/]);
  });
  it('a described parameter says no such thing', () =>
    check('action = query\nlist = allimages\nai¦limit = 5', [/^(?![\s\S]*No description)/]));
  it('has nothing on an unknown parameter', () => check('action = query\nlist = allimages\nbo¦gus = 1', null));
  it('explains the words of an assertion, and nothing else on its line (not an inherited name such as constructor)', () => {
    check('action = query\n?? reco¦rds > 0', [/\*\*Assertion\*\* `records`: The number of records/]);
    check('action = query\n?? records cont¦ains 1', [/\*\*Assertion\*\* `contains`: Text that contains/, /Malformed: 'records' is a number/]);
    check('action = query\n?? $.query.pages[0].title starts¦with "Main"', [/\*\*Assertion\*\* `startswith`: Text that begins with the value/, /^(?![\s\S]*Malformed)/]);
    check('action = query\n?? constru¦ctor > 0', null);
    check('action = query\n?? records toStr¦ing 1', null);
  });
  it('has nothing on blank lines', () => check('action = query\n¦\nlist = allimages', null));
  it('says a module takes parameters beyond its list (dynamicparameters), in the wiki\'s words', () => {
    const modules = readParaminfo({ paraminfo: { modules: [
      { name: 'main', path: 'main', prefix: '', parameters: [{ name: 'action', type: 'submodule', submodules: { flex: 'flex' } }] },
      { name: 'flex', path: 'flex', group: 'action', prefix: 'fx', dynamicparameters: 'Any fx… parameter names a field.', parameters: [{ name: 'limit', type: 'limit' }] },
    ] } });
    const catalogue = new Catalogue({ source: 'live', modules, exhaustive: true, endpoint: 'https://w.example/api.php' });
    const { text, offset } = withCursor('action = fl¦ex\nfxcolour = red');
    const d = doc(text);
    const h = service(catalogue).doHover(d, d.positionAt(offset));
    const value = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(value, /beyond those listed: Any fx… parameter names a field\./);
    assert.deepEqual(service(catalogue).doValidation(d).map((x) => x.code), [], 'fxcolour is not an error');
  });
});

describe('hover: CirrusSearch keywords in a search', () => {
  const cirrus = cirrusCatalogue();
  const search = 'action = query\nlist = search\n';
  it('explains a keyword: what it does, its value, an example, its help section', () =>
    check(`${search}srsearch = gold in¦title:rush`, [/\*\*intitle:\*\*/, /title has the words/, /Value: /, /Example: `intitle:"gold rush"`/, /\(https:\/\/www\.mediawiki\.org\/wiki\/Help:CirrusSearch#Intitle_and_incategory\)/], undefined, cirrus));
  it('on a negated keyword and an alias, in the generator form', () => {
    check(`${search}srsearch = -incat¦egory:Physicists`, [/\*\*incategory:\*\*/, /`-incategory:` excludes/], undefined, cirrus);
    check('action = query\ngenerator = search\ngsrsearch = deep¦cat:Vehicles', [/\*\*deepcat:\*\*/, /subcategories/, /Also written `deepcategory:`/], undefined, cirrus);
  });
  it('says which keywords cannot be negated or must come first', () =>
    check(`${search}srsearch = morel¦ike:Wikipedia`, [/Only at the start of the query/, /Cannot be negated/], undefined, cirrus));
  it('writes an example\'s | as a .wikiq value needs it (\\|), and says why', () =>
    check(`${search}srsearch = morel¦ike:Wikipedia`, [/Example: `morelike:Wikipedia\\\|Wikidata`/, /write a `\|` of the search as `\\\|`/], undefined, cirrus));
  it('nothing on the keyword\'s value, in a quoted phrase, or for an unknown word', () => {
    check(`${search}srsearch = intitle:ru¦sh`, null, undefined, cirrus);
    check(`${search}srsearch = "gold intit¦le:rush"`, null, undefined, cirrus);
    check(`${search}srsearch = nosu¦chkeyword:x`, null, undefined, cirrus);
  });
  it('nothing on a wiki without CirrusSearch (the bundled catalogue)', () => check(`${search}srsearch = in¦title:rush`, null));
});
