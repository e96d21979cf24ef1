/**
 * `wikiq diff A.json B.json` on fixture outputs (test/fixtures/diff/, as `wikiq run --format json`
 * and `--format ndjson` write them): exit 0 equal, 1 different, 2 a usage or input error in one
 * line; a partial output refused unless --allow-partial, which says so on stderr; the table and
 * JSON forms. test/wiki/diff.test.ts runs it on real runs of the test wiki.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main, type Io } from '../../cli/src/cli';

const FIXTURES = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'diff');

async function wikiq(argv: string[], opts: { tty?: boolean; cwd?: string } = {}): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, stdoutTty: opts.tty ?? false, columns: 100, cwd: opts.cwd ?? FIXTURES };
  const code = await main(['diff', ...argv], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('wikiq diff: exit status and output', () => {
  it('equal outputs: exit 0, "no change"', async () => {
    const r = await wikiq(['before.json', 'before.json', '--format', 'table']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^before\.json → before\.json: no change$/m);
    assert.equal(r.err, '');
  });

  it('different outputs: exit 1; the table shows + added, - removed, ~ changed with the field', async () => {
    const r = await wikiq(['before.json', 'after.json'], { tty: true });
    assert.equal(r.code, 1, r.err);
    assert.deepEqual(r.out.split('\n'), [
      'before.json → after.json: 1 added, 1 removed, 1 changed',
      '',
      'allpages (by pageid; 3 → 3 records): 1 added, 1 removed, 1 changed',
      '+ 4  ns=0  title=Cherry',
      '- 2  ns=0  title=Apple',
      '~ 3  Banana split',
      '    title: Banana → Banana split',
    ]);
  });

  it('piped, the default is JSON: counts, key and changed fields', async () => {
    const r = await wikiq(['before.json', 'after.json']);
    assert.equal(r.code, 1);
    const j = JSON.parse(r.out);
    assert.equal(j.equal, false);
    assert.deepEqual(j.a, { file: 'before.json', status: 'complete', endpoint: 'http://127.0.0.1:8080/api.php' });
    const [t] = j.tables;
    assert.equal(t.key, 'pageid');
    assert.deepEqual(t.counts, { before: 3, after: 3, added: 1, removed: 1, changed: 1, same: 1 });
    assert.deepEqual(t.changed[0].fields, [{ field: 'title', before: 'Banana', after: 'Banana split' }]);
  });

  it('--key title: the renamed page is one removed and one added', async () => {
    const r = await wikiq(['before.json', 'after.json', '--key', 'title', '--format', 'json']);
    const [t] = JSON.parse(r.out).tables;
    assert.equal(t.key, 'title');
    assert.deepEqual([t.counts.added, t.counts.removed, t.counts.changed], [2, 2, 0]);
  });

  it('--key a field no record has: keyed as usual, and said', async () => {
    const r = await wikiq(['before.json', 'after.json', '--key', 'logid', '--format', 'json']);
    assert.equal(JSON.parse(r.out).tables[0].key, 'pageid');
    assert.match(r.err, /^wikiq: warning: --key logid: no table has a unique logid in every record/);
  });

  it('NDJSON against JSON: the JSON output\'s first table against the records', async () => {
    const r = await wikiq(['before.json', 'after.ndjson', '--format', 'json']);
    assert.equal(r.code, 1, r.err);
    const [t] = JSON.parse(r.out).tables;
    assert.equal(t.key, 'pageid');
    assert.deepEqual([t.counts.added, t.counts.removed, t.counts.changed], [1, 1, 1]);
    assert.equal((await wikiq(['after.ndjson', 'after.ndjson'])).code, 0);
  });
});

describe('wikiq diff: partial outputs', () => {
  it('a partial output is refused (exit 2, one line saying why and what to do)', async () => {
    const r = await wikiq(['before.json', 'partial.json']);
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    assert.equal(r.err.split('\n').length, 1, r.err);
    assert.match(r.err, /^wikiq: partial\.json is a partial run \(more results remained\): .*--all.*--allow-partial/);
  });
  it('--allow-partial compares it and flags it on stderr', async () => {
    const r = await wikiq(['before.json', 'partial.json', '--allow-partial', '--format', 'json']);
    assert.equal(r.code, 1);
    assert.match(r.err, /^wikiq: warning: partial\.json is a partial run \(more results remained\); compared as it is \(--allow-partial\)\.$/);
    assert.equal(JSON.parse(r.out).b.status, 'partial');
  });
});

describe('wikiq diff: bad input is one line, exit 2', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-diff-'));
  fs.writeFileSync(path.join(dir, 'binary.json'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
  fs.writeFileSync(path.join(dir, 'empty.json'), '');
  fs.writeFileSync(path.join(dir, 'deep.json'), '['.repeat(5000) + ']'.repeat(5000));
  fs.copyFileSync(path.join(FIXTURES, 'before.json'), path.join(dir, 'before.json'));
  const cases: Array<[string, string[], RegExp]> = [
    ['a missing file', ['before.json', 'missing.json'], /^wikiq: Cannot read missing\.json: no such file\.$/m],
    ['a folder', ['before.json', '.'], /^wikiq: Cannot read \.: it is a folder\.$/m],
    ['JSON that is not a wikiq output', ['before.json', path.join(FIXTURES, 'not-wikiq.json')], /not an output of wikiq run \(a JSON object with "status": complete, partial or failed\); write one with wikiq run FILE --format json/],
    ['not JSON (a CSV)', ['before.json', path.join(FIXTURES, 'not-json.csv')], /not-json\.csv:1: not JSON; wikiq diff compares outputs of wikiq run/],
    ['a binary file', ['before.json', 'binary.json'], /^wikiq: binary\.json: not a text file \(it holds NUL bytes\)\.$/],
    ['an empty file', ['before.json', 'empty.json'], /^wikiq: empty\.json: empty; write one with/],
    ['JSON nested too deep', ['before.json', 'deep.json'], /^wikiq: deep\.json: nested too deep \(more than 1000 levels\) to be read\.$/],
    ['one file', ['before.json'], /^wikiq: wikiq diff takes two files \(A\.json B\.json\), not 1\.$/m],
    ['an unknown option', ['before.json', 'before.json', '--wide'], /^wikiq: Unknown option --wide for wikiq diff\.$/m],
    ['an unknown option before the command is known', ['--bogus'], /^wikiq: Unknown option --bogus\.$/m],
    ['a format diff does not write', ['before.json', 'before.json', '--format', 'csv'], /^wikiq: --format is table or json, not 'csv'\.$/m],
  ];
  for (const [name, argv, expected] of cases) {
    it(name, async () => {
      const r = await wikiq(argv, { cwd: dir });
      assert.equal(r.code, 2, `${name}: ${r.err}`);
      assert.equal(r.out, '');
      assert.match(r.err, expected);
      assert.doesNotMatch(r.err, /\n\s+at /, 'no stack trace');
      assert.ok(r.err.split('\n').length <= 2, `one line (and the pointer to --help): ${r.err}`);
    });
  }
});
