/** Export: CSV quoting (RFC 4180), formula-injection prefix, NDJSON/JSON, the run's state in JSON only, atomic writes. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { NdjsonFileWriter, csvCell, exportName, renderExport, toCsv, writeAtomic } from '../../engine/src';
import { resultTables } from '../../core/src';

const tmpdir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-export-'));

/** A small RFC 4180 reader, to check that what is written reads back to the same cells. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else cell += text[i++];
    } else if (c === '"' && cell === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else if (c === '"' || c === '\r' || c === '\n') {
      throw new Error(`bare ${JSON.stringify(c)} at ${i}`);
    } else cell += text[i++];
  }
  if (cell !== '' || row.length) throw new Error('no CRLF at the end');
  return rows;
}

describe('engine: export', () => {
  const quoting: Array<[unknown, string]> = [
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rlf', '"cr\rlf"'],
    [' padded ', '" padded "'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [12, '12'],
    [true, 'true'],
    [{ x: 1 }, '"{""x"":1}"'],
    [['a', 'b'], 'a | b'],
    [['a|b', 'c'], '"[""a|b"",""c""]"'],
    [[{ ns: 14, title: 'Category:A' }, { ns: 14, title: 'Category:B' }], 'Category:A | Category:B'],
    ['Café ☕', 'Café ☕'],
  ];
  for (const [v, expected] of quoting) it(`quotes ${JSON.stringify(v)} per RFC 4180`, () => assert.equal(csvCell(v), expected));

  const formulas: Array<[unknown, string]> = [
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['=1,2', `"'=1,2"`],
    ['a=1', 'a=1'],
    [-1, '-1'], // a JSON number is data (ns: -1), not a formula
  ];
  for (const [v, expected] of formulas) it(`prefixes formula-like ${JSON.stringify(v)} with '`, () => assert.equal(csvCell(v), expected));
  it('leaves formulas alone when asked', () => {
    assert.equal(csvCell('=1', false), '=1');
    assert.equal(toCsv({ name: 't', columns: ['a'], rows: [{ a: '=1' }] }, { escapeFormulas: false }), 'a\r\n=1\r\n');
  });

  it('writes a table that reads back to the same cells', () => {
    const rows = [{ name: 'A,1', comment: 'he said "no"\nthen left', ns: -1 }, { name: '=HYPERLINK("x")', extra: { k: [1] } }];
    const t = resultTables({ query: { allimages: rows } })[0];
    // allimages' usual columns first (name … ns), as the results view shows them, then the rest
    assert.deepEqual(t.columns, ['name', 'ns', 'comment', 'extra']);
    const csv = toCsv(t);
    assert.ok(csv.endsWith('\r\n'));
    assert.deepEqual(readCsv(csv), [
      ['name', 'ns', 'comment', 'extra'],
      ['A,1', '-1', 'he said "no"\nthen left', ''],
      [`'=HYPERLINK("x")`, '', '', '{"k":[1]}'],
    ]);
  });

  it('finds one table per list, one for pages (fv2 array or fv1 object), and meta objects as key/value', () => {
    const t = resultTables({ query: { logevents: [{ logid: 1 }, { logid: 2, extra: true }], pages: { 5: { pageid: 5, title: 'A' } }, general: { sitename: 'W' } } });
    assert.deepEqual(t.map((x) => [x.name, x.columns, x.rows.length]), [['logevents', ['logid', 'extra'], 2], ['pages', ['pageid', 'title'], 1], ['general', ['key', 'value'], 1]]);
  });

  const input = { result: { query: { allimages: [{ name: 'A' }] } }, complete: false, continue: { aicontinue: 'B', continue: '-||' }, endpoint: 'https://w/api.php', params: { action: 'query' } };
  it('offers a partial or failed run\'s export under a name that says so', () => {
    assert.equal(exportName('/x/r.csv', true), '/x/r.partial.csv');
    assert.equal(exportName('/x/r.tar.json', 'failed'), '/x/r.tar.failed.json');
    assert.equal(exportName('/x/r', true), '/x/r.partial');
    assert.equal(exportName('/x/r.csv', false), '/x/r.csv');
    // As Node's path.extname reads a name (export.ts has no `path`: the web bundles use it): a dot in
    // a folder's name or a leading dot is no extension.
    assert.equal(exportName('/x.d/r', true), '/x.d/r.partial');
    assert.equal(exportName('/x/.hidden', true), '/x/.hidden.partial');
    assert.equal(exportName('C:\\x.d\\r.csv', true), 'C:\\x.d\\r.partial.csv');
  });
  it('CSV and NDJSON hold the data only; JSON says the state, with the continue to resume from', () => {
    assert.deepEqual(readCsv(renderExport(input, 'csv')), [['name'], ['A']]);
    assert.deepEqual(renderExport(input, 'ndjson').trim().split('\n').map((l) => JSON.parse(l) as unknown), [{ name: 'A' }]);
    const j = JSON.parse(renderExport(input, 'json'));
    assert.deepEqual(Object.keys(j), ['endpoint', 'request', 'status', 'complete', 'continue', 'query']);
    assert.equal(j.status, 'partial');
    assert.deepEqual(j.continue, input.continue);
    assert.deepEqual(j.query, input.result.query);
    assert.equal(JSON.parse(renderExport({ ...input, complete: true, continue: null }, 'json')).status, 'complete');
    const failed = JSON.parse(renderExport({ ...input, result: {}, complete: false, continue: null, failure: 'the wiki is down' }, 'json'));
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error, 'the wiki is down');
  });
  it('says which tables exist when asked for another', () =>
    assert.throws(() => renderExport(input, 'csv', { table: 'logevents' }), /no table 'logevents' \(it has allimages\)/));

  it('writes atomically: the target is whole or untouched, no temp file left', () => {
    const dir = tmpdir();
    const f = path.join(dir, 'sub', 'out.json');
    writeAtomic(f, 'one');
    writeAtomic(f, 'two');
    assert.equal(fs.readFileSync(f, 'utf8'), 'two');
    assert.deepEqual(fs.readdirSync(path.dirname(f)), ['out.json']);
    // A failing write (the target is a folder) leaves no temp file behind and the folder intact.
    const asDir = path.join(dir, 'taken');
    fs.mkdirSync(asDir);
    fs.writeFileSync(path.join(asDir, 'keep'), 'k');
    assert.throws(() => writeAtomic(asDir, 'x'));
    assert.deepEqual(fs.readdirSync(dir).sort(), ['sub', 'taken']);
    assert.equal(fs.readFileSync(path.join(asDir, 'keep'), 'utf8'), 'k');
  });

  it('streams NDJSON into a temp file and renames it into place on commit', async () => {
    const dir = tmpdir();
    const w = new NdjsonFileWriter(path.join(dir, 'log.ndjson'));
    w.write({ a: 1 });
    w.write({ a: 2 });
    assert.ok(!fs.existsSync(path.join(dir, 'log.ndjson')), 'not in place before commit');
    const target = await w.commit();
    assert.equal(target, path.join(dir, 'log.ndjson'));
    assert.equal(fs.readFileSync(target, 'utf8'), '{"a":1}\n{"a":2}\n');
    assert.deepEqual(fs.readdirSync(dir), ['log.ndjson']);

    const a = new NdjsonFileWriter(path.join(dir, 'gone.ndjson'));
    a.write({ a: 1 });
    await a.abort();
    assert.deepEqual(fs.readdirSync(dir).sort(), ['log.ndjson']);
  });
});
