/**
 * Values read from files (`name = < ./page.wiki`): the parser records the path (core is pure), the
 * engine's resolver reads the file (engine/src/fileValues.ts) relative to the `.wikiq` file,
 * exactly, bounded, and only where allowed. Real files in a temporary folder.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { errorsOf, requestsOf, paramsOf, parse } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { FILE_VALUE_LIMIT, type FileValues, ResolveError, fileExistsAt, resolveRequest } from '../../engine/src';

describe('file values: parsing', () => {
  const view = (text: string) => requestsOf(parse(text)).flatMap((r) => paramsOf(r).map((p) => [p.name, p.value?.file ?? null, p.value?.parts.map((x) => x.text).join('|') ?? null]));
  const cases: Array<[string, unknown[]]> = [
    ['text = < ./page.wiki', [['text', './page.wiki', './page.wiki']]],
    ['text =<  pages/a b.wiki  ', [['text', 'pages/a b.wiki', 'pages/a b.wiki']]],
    ['text = <b>bold</b>', [['text', null, '<b>bold</b>']]],
    ['text = <', [['text', null, '<']]],
    ['text = a < b', [['text', null, 'a < b']]],
  ];
  for (const [input, expected] of cases) it(JSON.stringify(input), () => assert.deepEqual(view(input), expected));
  it('reads a | line after a file value as continuing nothing', () =>
    assert.deepEqual(errorsOf(parse('text = < a.wiki\n| b')).map((e) => e.code), ['syntax-orphan-continuation']));
});

describe('file values: what is sent', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-file-values-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const inner = path.join(dir, 'work');
  fs.mkdirSync(path.join(inner, 'pages'), { recursive: true });
  const exact = '== H ==\r\n* a | b {{x}}\n\nlast line\n';
  fs.writeFileSync(path.join(inner, 'pages', 'page.wiki'), exact);
  fs.writeFileSync(path.join(inner, 'big.wiki'), 'x'.repeat(FILE_VALUE_LIMIT + 1));
  fs.writeFileSync(path.join(inner, 'limit.wiki'), 'é'.repeat(FILE_VALUE_LIMIT / 2));
  fs.writeFileSync(path.join(dir, 'outside.wiki'), 'outside');

  const send = (value: string, files: FileValues | undefined) =>
    resolveRequest(`@endpoint = https://w.example/api.php\naction = parse\ntext = ${value}\n`, { index: 0 }, { catalogue: bundledCatalogue(), ...(files ? { files } : {}) }).params.text;
  const untrusted: FileValues = { base: inner, folders: [inner] };
  const cases: Array<{ name: string; value: string; files?: FileValues; expected: string | RegExp }> = [
    { name: 'the file exactly (CRLF, trailing newline, | and {{x}} as they are)', value: '< ./pages/page.wiki', files: { base: inner }, expected: exact },
    { name: 'a file of exactly 2 MiB', value: '< limit.wiki', files: { base: inner }, expected: 'é'.repeat(FILE_VALUE_LIMIT / 2) },
    { name: 'a file over 2 MiB: refused, naming the file and the bound', value: '< big.wiki', files: { base: inner }, expected: /Line 3: text is not sent: the file 'big\.wiki' holds 2,097,153 bytes, more than .* \(2,097,152 bytes, 2 MiB\)/ },
    { name: 'a missing file: names it', value: '< nope.wiki', files: { base: inner }, expected: /Line 3: text is not sent: the file 'nope\.wiki' \(.*nope\.wiki\) does not exist/ },
    { name: 'a folder: not a file', value: '< pages', files: { base: inner }, expected: /'pages' \(.*\) is not a file/ },
    { name: 'outside the folder, untrusted: refused', value: '< ../outside.wiki', files: untrusted, expected: /'\.\.\/outside\.wiki' \(.*\) is outside the workspace folder/ },
    { name: 'outside the folder, trusted: read', value: '< ../outside.wiki', files: { base: inner }, expected: 'outside' },
    { name: 'inside the folder, untrusted: read', value: '< pages/page.wiki', files: untrusted, expected: exact },
    { name: 'no file to read relative to (a request given as text)', value: '< page.wiki', expected: /has no file to read it relative to/ },
  ];
  for (const c of cases) {
    it(c.name, () => {
      if (typeof c.expected === 'string') assert.equal(send(c.value, c.files), c.expected);
      else assert.throws(() => send(c.value, c.files), (e) => e instanceof ResolveError && (c.expected as RegExp).test(e.message) && e.line === 2);
    });
  }
  it('fileExistsAt: a file, a missing file, a folder, a URI that is no file', () => {
    const uri = (p: string) => pathToFileURL(path.join(inner, p)).href;
    assert.deepEqual([uri('pages/page.wiki'), uri('nope.wiki'), uri('pages'), 'untitled:Untitled-1'].map(fileExistsAt), [true, false, false, true]);
  });
});
