/** The engine's pure parts, as data: resolution, merging, messages, export. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Merger, RefusedError, ResolveError, csvCell, exportName, locate, readWarnings, renderExport, resolveRequest, tablesOf, toCsv, writeAtomic } from '../../engine/src';

describe('resolve', () => {
  const check = (text: string, expected: Record<string, string>, opts: Parameters<typeof resolveRequest>[2] = {}, sel: Parameters<typeof resolveRequest>[1] = { index: 0 }) =>
    assert.deepEqual(resolveRequest(text, sel, opts).params, expected);
  it('substitutes variables and adds the output parameters', () =>
    check('@endpoint = https://w.example/api.php\n@n = 5\naction = query\nlist = allimages\nailimit = {{n}}\nredirects', {
      action: 'query', list: 'allimages', ailimit: '5', redirects: '', format: 'json', formatversion: '2', errorformat: 'plaintext',
    }));
  it('keeps formatversion and errorformat the file sets', () =>
    check('@endpoint = https://w.example/api.php\naction = query\nformatversion = 1\nerrorformat = wikitext', { action: 'query', formatversion: '1', errorformat: 'wikitext', format: 'json' }));
  it('joins multi values with | or with U+001F when a value holds a pipe', () => {
    check('@endpoint = https://w.example/api.php\naction = query\ntitles = A|B', { action: 'query', titles: 'A|B', format: 'json', formatversion: '2', errorformat: 'plaintext' });
    check('@endpoint = https://w.example/api.php\naction = query\ntitles = A\\|x|B', { action: 'query', titles: '\u001fA|x\u001fB', format: 'json', formatversion: '2', errorformat: 'plaintext' });
  });
  it('chooses the endpoint: URL, @endpoint, environment, default', () => {
    assert.equal(resolveRequest('GET https://u.example/w/api.php?action=query', { index: 0 }).endpoint, 'https://u.example/w/api.php');
    assert.equal(resolveRequest('action=query', { index: 0 }, { env: { endpoint: 'https://e.example/api.php' } }).endpoint, 'https://e.example/api.php');
    assert.equal(resolveRequest('action=query', { index: 0 }, { defaultEndpoint: 'https://d.example/api.php' }).endpoint, 'https://d.example/api.php');
    assert.throws(() => resolveRequest('action=query', { index: 0 }), (e: Error) => e instanceof ResolveError && /No endpoint/.test(e.message));
  });
  it('selects by cursor, name and index', () => {
    const t = '@endpoint = https://w.example/api.php\n### A\naction = query\n\n### B\naction = paraminfo\n';
    assert.equal(resolveRequest(t, { name: 'B' }).params.action, 'paraminfo');
    assert.equal(resolveRequest(t, { offset: t.indexOf('### B') + 2 }).params.action, 'paraminfo');
    assert.equal(resolveRequest(t, { index: 0 }).name, 'A');
    assert.throws(() => resolveRequest(t, { name: 'C' }), /No request is named 'C'/);
  });
  it('names an undefined variable and its line', () =>
    assert.throws(() => resolveRequest('@endpoint = https://w.example/api.php\naction = query\nailimit = {{nope}}', { index: 0 }), /Line 3: the variable 'nope' is not defined/));
  it('refuses writes', () => {
    assert.throws(() => resolveRequest('@endpoint = https://w.example/api.php\naction = edit\ntitle = X', { index: 0 }), (e: Error) => e instanceof RefusedError && /read requests/.test(e.message));
    assert.throws(() => resolveRequest('@endpoint = https://w.example/api.php\naction = query\ncsrftoken = x', { index: 0 }), RefusedError);
  });
  it('records lines and module prefixes for warnings', () => {
    const r = resolveRequest('@endpoint = https://w.example/api.php\naction = query\nlist = allimages\naifrom = B', { index: 0 });
    assert.deepEqual([r.lines.action, r.lines.list, r.lines.aifrom], [1, 2, 3]);
    assert.deepEqual(r.modules.find((m) => m.name === 'allimages'), { name: 'allimages', prefix: 'ai', via: 'list' });
  });
});

describe('messages', () => {
  const req = resolveRequest('@endpoint = https://w.example/api.php\naction = query\nlist = allimages\naifrom = B\nbogus = 1', { index: 0 });
  it('reads warnings in the plaintext and the default shapes', () => {
    assert.deepEqual(readWarnings({ warnings: [{ code: 'unrecognizedparams', text: 'Unrecognized parameter: bogus.', module: 'main' }] }), [{ code: 'unrecognizedparams', text: 'Unrecognized parameter: bogus.', module: 'main' }]);
    assert.deepEqual(readWarnings({ warnings: { main: { '*': 'Unrecognized parameter: bogus.' } } }), [{ text: 'Unrecognized parameter: bogus.', module: 'main' }]);
    assert.deepEqual(readWarnings({ warnings: { allimages: { warnings: 'a\nb' } } }).map((w) => w.text), ['a', 'b']);
  });
  it('maps a warning to the line of its parameter or module', () => {
    assert.equal(locate({ text: 'Unrecognized parameter: bogus.', module: 'main' }, req).line, 4);
    assert.equal(locate({ text: 'Something about files.', module: 'allimages' }, req).line, 3);
  });
});

describe('merge', () => {
  const merged = (batches: unknown[], key = 'query') => {
    const m = new Merger(key);
    for (const b of batches) m.add(b as Record<string, unknown>);
    return m.value();
  };
  it('concatenates lists in order', () =>
    assert.deepEqual(merged([{ query: { allimages: [{ name: 'A' }] } }, { query: { allimages: [{ name: 'B' }] } }]), { query: { allimages: [{ name: 'A' }, { name: 'B' }] } }));
  it('merges pages by id, props across batches in order', () =>
    assert.deepEqual(merged([
      { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C1' }] }, { pageid: 2, title: 'B' }] } },
      { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C2' }], images: [{ title: 'F' }] }, { pageid: 2, title: 'B', categories: [{ title: 'C3' }] }] } },
      { query: { pages: [{ pageid: 3, title: 'D' }] } },
    ]), { query: { pages: [
      { pageid: 1, title: 'A', categories: [{ title: 'C1' }, { title: 'C2' }], images: [{ title: 'F' }] },
      { pageid: 2, title: 'B', categories: [{ title: 'C3' }] },
      { pageid: 3, title: 'D' },
    ] } }));
  it('merges formatversion 1 page objects and missing pages by title', () =>
    assert.deepEqual(merged([{ query: { pages: { '-1': { ns: 0, title: 'X', missing: '' }, '5': { pageid: 5, title: 'Y' } } } }, { query: { pages: { '-1': { ns: 0, title: 'X', missing: '' } } } }]),
      { query: { pages: { X: { ns: 0, title: 'X', missing: '' }, '5': { pageid: 5, title: 'Y' } } } }));
  it('keeps repeated normalisations once', () =>
    assert.deepEqual(merged([{ query: { normalized: [{ from: 'a', to: 'A' }] } }, { query: { normalized: [{ from: 'a', to: 'A' }] } }]), { query: { normalized: [{ from: 'a', to: 'A' }] } }));
  it('merges a non-query action under its own member', () =>
    assert.deepEqual(merged([{ paraminfo: { helpformat: 'none', modules: [{ name: 'a' }] } }], 'paraminfo'), { paraminfo: { helpformat: 'none', modules: [{ name: 'a' }] } }));
  it('streams list records to a sink without keeping them', () => {
    const seen: string[] = [];
    const m = new Merger('query', (list, r) => seen.push(`${list}:${(r as { name: string }).name}`));
    m.add({ query: { allimages: [{ name: 'A' }, { name: 'B' }] } });
    assert.deepEqual(seen, ['allimages:A', 'allimages:B']);
    assert.deepEqual(m.value(), { query: {} });
    assert.equal(m.records(), 2);
  });
  it('records batchcomplete boundaries', () => {
    const m = new Merger('query');
    m.add({ query: {} });
    m.add({ batchcomplete: true, query: {} });
    assert.deepEqual(m.batchcomplete, [2]);
  });
});

describe('export', () => {
  it('quotes CSV per RFC 4180 and neutralises formulas', () => {
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('line\nbreak'), '"line\nbreak"');
    assert.equal(csvCell('=SUM(A1)'), "'=SUM(A1)");
    for (const c of ['+1', '-1', '@x', '\tx', '\rx']) assert.ok(csvCell(c).includes(`'${c[0]}`), c);
    assert.equal(csvCell('=1', false), '=1');
    assert.equal(toCsv({ name: 't', columns: ['a', 'b'], rows: [{ a: 1, b: { x: 1 } }] }), 'a,b\r\n1,"{""x"":1}"\r\n');
  });
  it('finds tables with columns from the records', () => {
    const t = tablesOf({ query: { logevents: [{ logid: 1 }, { logid: 2, extra: true }] } });
    assert.deepEqual(t.map((x) => [x.name, x.columns]), [['logevents', ['logid', 'extra']]]);
  });
  it('marks partial exports in name and content', () => {
    assert.equal(exportName('/x/r.csv', true), '/x/r.partial.csv');
    assert.equal(exportName('/x/r.csv', false), '/x/r.csv');
    const input = { result: { query: { allimages: [{ name: 'A' }] } }, complete: false, continue: { aicontinue: 'B' }, endpoint: 'e', params: {} };
    assert.match(renderExport(input, 'csv'), /# partial: continue=\{"aicontinue":"B"\}/);
    assert.match(renderExport(input, 'ndjson'), /"_partial":true/);
    assert.equal(JSON.parse(renderExport(input, 'json')).partial, true);
  });
  it('writes atomically', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-export-'));
    const f = path.join(dir, 'out.json');
    writeAtomic(f, 'one');
    writeAtomic(f, 'two');
    assert.equal(fs.readFileSync(f, 'utf8'), 'two');
    assert.deepEqual(fs.readdirSync(dir), ['out.json']);
  });
});
