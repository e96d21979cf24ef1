/**
 * What `wikiq` writes to a terminal cannot be used by a wiki or a file to drive it: ESC, BEL, C1
 * (U+009B) and bidi overrides (U+202E) arrive through a wiki warning, a title, an error body and a
 * file; the bytes written by the real process are read. Data formats stay exact; a binary file is
 * refused in one line.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from './faultServer';
import { cliHarness, type CliHarness, type Spawned } from './cliHarness';

/** Retitles the terminal, rings, clears the screen, then a C1 CSI and a right-to-left override. */
const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil';
/** The same as wikiq shows it. */
const SHOWN = '\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\u202eevil';

/** Bytes a terminal acts on: C0 but newline, DEL, C1 (UTF-8 C2 80–C2 9F) and the bidi controls. */
function unsafeBytes(b: Buffer): string[] {
  const found: string[] = [];
  // eslint-disable-next-line no-control-regex -- the control characters are what this looks for
  for (const m of b.toString('utf8').matchAll(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g)) found.push(`U+${m[0].charCodeAt(0).toString(16)}`);
  return found;
}

async function finished(p: Spawned) {
  const code = await p.exited;
  return { code, out: Buffer.concat(p.out), err: Buffer.concat(p.err) };
}

describe('wikiq and the terminal', () => {
  let h: CliHarness;
  before(async () => {
    h = await cliHarness();
    h.routes.set('evil', (_q, res) => json(res, {
      batchcomplete: true,
      warnings: [{ code: 'x', module: 'main', text: `Beware ${HOSTILE}` }],
      query: { allimages: [{ name: `A${HOSTILE}`, title: `File:${HOSTILE}` }] },
    }));
    h.routes.set('evilpage', (_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(`<h1>Bad gateway ${HOSTILE}</h1>`);
    });
    h.write('evil.wikiq', h.req('evil'));
    h.write('evilpage.wikiq', h.req('evilpage'));
  });
  after(() => h.close());

  it('a wiki warning and titles in a table: escaped on stderr and stdout (the warning reached stderr raw, the table kept C1)', async () => {
    const r = await finished(h.spawnCli(['run', 'evil.wikiq', '--format', 'table']));
    assert.equal(r.code, 0, r.err.toString());
    assert.deepEqual(unsafeBytes(r.err), [], r.err.toString());
    assert.deepEqual(unsafeBytes(r.out), [], r.out.toString());
    assert.ok(r.err.toString().includes(`warning evil.wikiq: [main] Beware ${SHOWN}`), r.err.toString());
    assert.ok(r.out.toString().includes(`File:${SHOWN}`), r.out.toString());
  });
  it('data formats stay exact: json, ndjson and csv carry the wiki\'s text unchanged', async () => {
    for (const format of ['json', 'ndjson', 'csv']) {
      const r = await finished(h.spawnCli(['run', 'evil.wikiq', '--format', format]));
      assert.equal(r.code, 0, format);
      const out = r.out.toString();
      const title = format === 'json' ? JSON.parse(out).query.allimages[0].title : format === 'ndjson' ? JSON.parse(out).title : out.split('\r\n')[1].split(',')[1];
      assert.equal(title, `File:${HOSTILE}`, format);
      assert.deepEqual(unsafeBytes(r.err), [], format);
    }
  });
  it('an error page\'s excerpt on stderr is escaped', async () => {
    const r = await finished(h.spawnCli(['run', 'evilpage.wikiq']));
    assert.equal(r.code, 1);
    assert.deepEqual(unsafeBytes(r.err), [], r.err.toString());
    // The excerpt is quoted as JSON, whose escapes (\u001b) stand for C0; the rest as everywhere.
    assert.match(r.err.toString(), /starting "Bad gateway \\u001b\]0;pwned\\u0007\\u001b\[2J\\x9b31m\\u202eevil"/);
  });
  it('a file\'s text in check\'s diagnostics is escaped', async () => {
    h.write('odd.wikiq', `### R\naction = query\nlist = allimages\nai${HOSTILE} = 1\n`);
    const r = await finished(h.spawnCli(['check', 'odd.wikiq']));
    assert.deepEqual(unsafeBytes(r.out), [], r.out.toString());
    assert.ok(r.out.toString().includes(`ai${SHOWN}`), r.out.toString());
  });
  it('a binary or non-UTF-8 file is refused in one line by check and run (was 226 KB of raw bytes)', async () => {
    h.write('bin.wikiq', Buffer.concat([Buffer.from('\u007fELF\u0002\u0001'), Buffer.alloc(64), Buffer.from('\u001b[2J\u0007')]));
    h.write('latin1.wikiq', Buffer.from('### R\naction = query\nlist = caf\xe9\n', 'latin1'));
    for (const [file, why] of [['bin.wikiq', 'it holds NUL bytes'], ['latin1.wikiq', 'it is not UTF-8']]) {
      for (const cmd of ['check', 'run']) {
        const r = await finished(h.spawnCli([cmd, file]));
        assert.equal(r.code, 1, `${cmd} ${file}`);
        assert.equal(r.out.length, 0, `${cmd} ${file}`);
        assert.equal(r.err.toString(), `wikiq: ${file}: not a text file (${why}).\n`, `${cmd} ${file}`);
      }
    }
  });
});
