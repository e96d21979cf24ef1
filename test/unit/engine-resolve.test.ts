/** Resolving `.wikiq` requests into what the engine sends. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RefusedError, ResolveError, listRequests, resolveRequest } from '../../engine/src';
import { chain } from './shapes';
import { bundledCatalogue } from '../../core/src/bundled';

const EP = '@endpoint = https://w.example/api.php\n';
const OUT = { format: 'json', formatversion: '2', errorformat: 'plaintext' };

describe('engine: resolve', () => {
  const params = (text: string, opts: Omit<Parameters<typeof resolveRequest>[2], 'catalogue'> = {}, sel: Parameters<typeof resolveRequest>[1] = { index: 0 }) =>
    resolveRequest(text, sel, { catalogue: bundledCatalogue(), ...opts }).params;

  const cases: Array<{ name: string; text: string; expected: Record<string, string>; env?: Record<string, string> }> = [
    { name: 'adds format=json, formatversion=2, errorformat=plaintext', text: `${EP}action = query\nlist = allimages`, expected: { action: 'query', list: 'allimages', ...OUT } },
    { name: 'substitutes variables (file, request, environment)', text: `${EP}@n = 5\n### R\n@p = timestamp\naction = query\nlist = allimages\nailimit = {{n}}\naiprop = {{p}}|url\naifrom = {{start}}`, env: { start: 'B' }, expected: { action: 'query', list: 'allimages', ailimit: '5', aiprop: 'timestamp|url', aifrom: 'B', ...OUT } },
    { name: 'keeps formatversion and errorformat the file sets; format is always json', text: `${EP}action = query\nformatversion = 1\nerrorformat = wikitext\nformat = xml`, expected: { action: 'query', formatversion: '1', errorformat: 'wikitext', format: 'json' } },
    { name: 'joins multi values with |', text: `${EP}action = query\ntitles = A|B| C `, expected: { action: 'query', titles: 'A|B|C', ...OUT } },
    { name: 'uses the U+001F form when a value holds a pipe', text: `${EP}action = query\ntitles = A\\|x|B`, expected: { action: 'query', titles: '\u001fA|x\u001fB', ...OUT } },
    { name: 'a variable holding a list gives several values; \\| stays a pipe', text: `${EP}@props = timestamp|url\n@odd = a\\|b\naction = query\nlist = allimages\naiprop = {{props}}|size\ntitles = {{odd}}|c`, expected: { action: 'query', list: 'allimages', aiprop: 'timestamp|url|size', titles: '\u001fa|b\u001fc', ...OUT } },
    { name: 'sends a bare name as present (name=)', text: `${EP}action = query\nredirects\ncurtimestamp`, expected: { action: 'query', redirects: '', curtimestamp: '', ...OUT } },
    { name: 'sends a literal boolean as written (any presence is true)', text: `${EP}action = query\nredirects = false`, expected: { action: 'query', redirects: 'false', ...OUT } },
    { name: 'leaves out a boolean whose variable expands to a false word or nothing', text: `${EP}@follow = false\n@empty =\naction = query\nredirects = {{follow}}\ncurtimestamp = {{empty}}\nexport = {{on}}`, env: { on: '1' }, expected: { action: 'query', export: '1', ...OUT } },
    { name: 'a non-boolean set from an empty variable is sent empty', text: `${EP}@e =\naction = query\nlist = allimages\naifrom = {{e}}`, expected: { action: 'query', list: 'allimages', aifrom: '', ...OUT } },
    { name: 'reads the last of repeated parameters, as the API does', text: `${EP}action = query\nlist = allimages\nailimit = 1\nailimit = 2`, expected: { action: 'query', list: 'allimages', ailimit: '2', ...OUT } },
    { name: 'sends {{…}} in a pasted URL as written unless it names a defined variable', text: '@n = 3\n### R\nGET https://u.example/w/api.php?action=parse&text={{Project:Sandbox}}%20{{PAGENAME}}%20{{n}}&title={{x', expected: { action: 'parse', text: '{{Project:Sandbox}} {{PAGENAME}} 3', title: '{{x', ...OUT } },
    { name: 'reads a pasted URL', text: 'GET https://u.example/w/api.php?action=query&list=allimages&ailimit=3', expected: { action: 'query', list: 'allimages', ailimit: '3', ...OUT } },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(params(c.text, c.env ? { env: { variables: c.env } } : {}), c.expected));
  }

  it('records omitted booleans', () =>
    assert.deepEqual(resolveRequest(`${EP}@f = no\naction = query\nredirects = {{f}}`, { index: 0 }, { catalogue: bundledCatalogue() }).omitted, ['redirects']));

  it('chooses the endpoint: pasted URL, @endpoint, environment, default; --endpoint overrides', () => {
    assert.equal(resolveRequest('GET https://u.example/w/api.php?action=query', { index: 0 }, { catalogue: bundledCatalogue() }).endpoint, 'https://u.example/w/api.php');
    assert.equal(resolveRequest(`${EP}action=query`, { index: 0 }, { catalogue: bundledCatalogue(), env: { endpoint: 'https://e.example/api.php' } }).endpoint, 'https://w.example/api.php');
    assert.equal(resolveRequest('action=query', { index: 0 }, { catalogue: bundledCatalogue(), env: { endpoint: 'https://e.example/api.php' } }).endpoint, 'https://e.example/api.php');
    assert.equal(resolveRequest('action=query', { index: 0 }, { catalogue: bundledCatalogue(), defaultEndpoint: 'https://d.example/api.php' }).endpoint, 'https://d.example/api.php');
    assert.equal(resolveRequest(`${EP}action=query`, { index: 0 }, { catalogue: bundledCatalogue(), forceEndpoint: 'http://127.0.0.1:1/api.php' }).endpoint, 'http://127.0.0.1:1/api.php');
    assert.equal(resolveRequest('@host = h.example\n@endpoint = https://{{host}}/api.php\naction=query', { index: 0 }, { catalogue: bundledCatalogue() }).endpoint, 'https://h.example/api.php');
  });

  it('says clearly when there is no endpoint or it is not http(s)', () => {
    assert.throws(() => resolveRequest('action=query', { index: 0 }, { catalogue: bundledCatalogue() }), (e: Error) => e instanceof ResolveError && /No endpoint/.test(e.message));
    assert.throws(() => resolveRequest('@endpoint = ftp://x/api.php\naction=query', { index: 0 }, { catalogue: bundledCatalogue() }), /The endpoint 'ftp:\/\/x\/api.php' is not an http\(s\) URL/);
    assert.throws(() => resolveRequest('@endpoint = https://{{nohost}}/api.php\naction=query', { index: 0 }, { catalogue: bundledCatalogue() }),
      (e: Error) => e instanceof ResolveError && e.line === 0 && /Line 1: the endpoint uses the undefined variable 'nohost'/.test(e.message));
  });

  it('names an undefined variable, its parameter and its line', () =>
    assert.throws(() => resolveRequest(`${EP}action = query\nlist = allimages\nailimit = {{nope}}`, { index: 0 }, { catalogue: bundledCatalogue() }),
      (e: Error) => e instanceof ResolveError && e.line === 3 && /^Line 4: the variable 'nope' \(in ailimit\) is not defined/.test(e.message)));

  it('names a variable that refers to itself', () =>
    assert.throws(() => resolveRequest(`${EP}@a = {{b}}\n@b = {{a}}\naction = query\ntitles = {{a}}`, { index: 0 }, { catalogue: bundledCatalogue() }), /refers to itself/));

  // Line 1 is @endpoint; the variables follow; the parameter is the line after `action` and `list`.
  for (const c of [
    { name: 'exponential variables (22, each using the next twice)', vars: chain(22, 2, 'abcdefgh'), message: /^Line 26: aifrom is not sent: the variable 'v3' \(line 5\) expands to more than 1,048,576 characters/, line: 4 },
    { name: 'a chain of 20,000 variables', vars: chain(20000, 1, 'x'), message: /^Line 20004: aifrom is not sent: the variable 'v19934' \(line 19936\) uses variables nested more than 64 deep/, line: 19935 },
  ]) {
    it(`refuses a value past the bounds of expansion, naming the variable and the lines: ${c.name}`, () =>
      assert.throws(() => resolveRequest(`${EP}${c.vars}action = query\nlist = allimages\naifrom = {{v0}}`, { index: 0 }, { catalogue: bundledCatalogue() }),
        (e: Error) => e instanceof ResolveError && e.line === c.line && c.message.test(e.message)));
  }
  it('reports a syntax error of the request with its line', () =>
    assert.throws(() => resolveRequest(`${EP}action = query\n= novalue`, { index: 0 }, { catalogue: bundledCatalogue() }), (e: Error) => e instanceof ResolveError && /^Line 3: /.test(e.message)));

  it('selects by cursor, name (or number) and index', () => {
    const t = `${EP}### A\naction = query\n\n### B\naction = paraminfo\n`;
    assert.equal(resolveRequest(t, { name: 'B' }, { catalogue: bundledCatalogue() }).params.action, 'paraminfo');
    assert.equal(resolveRequest(t, { name: 'b' }, { catalogue: bundledCatalogue() }).params.action, 'paraminfo');
    assert.equal(resolveRequest(t, { name: '2' }, { catalogue: bundledCatalogue() }).params.action, 'paraminfo');
    assert.equal(resolveRequest(t, { offset: t.indexOf('### B') + 2 }, { catalogue: bundledCatalogue() }).params.action, 'paraminfo');
    assert.equal(resolveRequest(t, { offset: t.indexOf('action = query') }, { catalogue: bundledCatalogue() }).params.action, 'query');
    assert.equal(resolveRequest(t, { index: 0 }, { catalogue: bundledCatalogue() }).name, 'A');
    assert.throws(() => resolveRequest(t, { name: 'C' }, { catalogue: bundledCatalogue() }), /No request is named 'C'. Requests: 'A' \(1\), 'B' \(2\)/);
    assert.throws(() => resolveRequest(t, { index: 5 }, { catalogue: bundledCatalogue() }), /There is no request 6/);
  });

  it('lists the runnable requests', () =>
    assert.deepEqual(listRequests(`${EP}### A\naction = query\n### B\naction = paraminfo\n`).map((r) => [r.number, r.name, r.line]), [[1, 'A', 1], [2, 'B', 3]]));

  it('refuses writes, POST-only modules and tokens unless resolved for a preview', () => {
    assert.throws(() => resolveRequest(`${EP}action = edit\ntitle = X\ntext = y`, { index: 0 }, { catalogue: bundledCatalogue() }),
      (e: Error) => e instanceof RefusedError && /action=edit \(line 2\) writes to the wiki: here only read requests \(GET\) are run/.test(e.message));
    assert.throws(() => resolveRequest(`${EP}action = login\nlgname = x`, { index: 0 }, { catalogue: bundledCatalogue() }), RefusedError);
    assert.throws(() => resolveRequest(`${EP}action = query\nlist = allimages\ncsrftoken = x`, { index: 0 }, { catalogue: bundledCatalogue() }),
      (e: Error) => e instanceof RefusedError && /Line 4: 'csrftoken' is a token/.test(e.message));
    assert.doesNotThrow(() => resolveRequest(`${EP}action = query\nmeta = tokens`, { index: 0 }, { catalogue: bundledCatalogue() }));
  });

  it('keeps the line of each parameter and the module prefixes, for mapping warnings', () => {
    const r = resolveRequest(`${EP}action = query\nlist = allimages\naifrom = B\ngenerator = allpages\ngaplimit = 2`, { index: 0 }, { catalogue: bundledCatalogue() });
    assert.deepEqual([r.lines.action, r.lines.list, r.lines.aifrom, r.lines.gaplimit], [1, 2, 3, 5]);
    assert.deepEqual(r.modules.find((m) => m.name === 'allimages'), { name: 'allimages', prefix: 'ai', via: 'list' });
    assert.deepEqual(r.modules.find((m) => m.name === 'allpages'), { name: 'allpages', prefix: 'gap', via: 'generator' });
  });
});
