/**
 * `wikiq test` against a real MediaWiki, as a real process (dist/cli.js): assertions of every
 * subject and operator that hold and that fail on the seeded wiki; the text report a person reads;
 * exit codes 0, 1 and 2; JUnit that a JUnit reader (an XML DOM parser) reads as testcases with
 * failures and their messages; a malformed assertion refused by `check` and by `test` (exit 2)
 * before anything is sent to the wiki.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DOMParser } from '@xmldom/xmldom';
import { SEED, TestWiki, fileName, startWiki } from './harness';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');

/** Assertions about the seeded files (list=allimages, 140 files in 3 batches of 50), each holding. */
const FILES_HOLD = [
  '?? status == complete',
  '?? status != failed',
  `?? records == ${SEED.files}`,
  '?? batches == 3',
  '?? batches >= 3',
  '?? warnings == 0',
  '?? warnings <= 0',
  '?? ms > 0',
  '?? ms < 600000',
  '?? every ns == 6',
  '?? every mime == image/png',
  '?? every size > 0',
  '?? every title matches /^File:/',
  `?? some name == "${fileName(1)}"`,
  '?? some user == Alice',
  '?? no user == Mallory',
  '?? no name matches /\\.jpe?g$/i',
  '?? every url contains /images/',
  '?? every timestamp >= 2000-01-01',
  '?? no missing exists',
  '?? every missing !exists',
];

/** Assertions on the same run that fail, each with what the report says of it. */
const FILES_FAIL: Array<[string, RegExp]> = [
  ['?? status == partial', /actual: complete {2}\(expected == partial\)/],
  ['?? records < 10', new RegExp(`actual: ${SEED.files}  \\(expected < 10\\)`)],
  ['?? batches > 3', /actual: 3 {2}\(expected > 3\)/],
  ['?? warnings != 0', /actual: 0 {2}\(expected != 0\)/],
  ['?? ms < 0', /actual: \d+ {2}\(expected < 0\)/],
  ['?? every user == Alice', new RegExp(`actual: ${(SEED.files * 2) / 3 | 0} of ${SEED.files} records break it`)],
  ['?? some name == "Nope.png"', new RegExp(`^ +none of the ${SEED.files} records of query\\.allimages has name == Nope\\.png$`, 'm')],
  ['?? no title matches /Apple/', /actual: \d+ of 140 records break it[\s\S]*first records that break it \(query\.allimages\):\n\s+#1 title "File:Apple/],
  ['?? every name !exists', /actual: 140 of 140 records break it/],
  ['?? some url contains /nowhere/', /none of the 140 records of query\.allimages has url containing \/nowhere\/\n(?! +#)/],
  ['?? every size <= 1', /records break it/],
  ['?? some missing exists', /none of the 140 records of query\.allimages has missing/],
];

const SITE_HOLD = ['?? $.query.general.sitename exists', '?? $.query.general.mainpage == Main Page', '?? $.query.namespaces.6.canonical == File', '?? $.query.general.generator matches /^MediaWiki 1\\./', '?? $.query.general.generator contains MediaWiki', '?? $.query.general.nothing !exists'];
const SITE_FAIL: Array<[string, RegExp]> = [
  ['?? $.query.general.mainpage != Main Page', /actual: "Main Page" {2}\(expected != Main Page\)/],
  ['?? $.query.general.nothing exists', /actual: \(absent\) {2}\(expected exists\)/],
  ['?? $.query.namespaces.6.canonical == Image', /actual: "File" {2}\(expected == Image\)/],
];

describe('wikiq test against a real MediaWiki', () => {
  let wiki: TestWiki;
  let dir: string;
  before(async () => {
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-test-cmd-'));
    const files = 'action = query\nlist = allimages\nailimit = 50\naiprop = mime|size|user|url|timestamp\n';
    const site = 'action = query\nmeta = siteinfo\nsiprop = general|namespaces\n';
    fs.writeFileSync(path.join(dir, 'hold.wikiq'), `@endpoint = ${wiki.endpoint}\n### Files\n${files}${FILES_HOLD.join('\n')}\n\n### Site\n${site}${SITE_HOLD.join('\n')}\n`);
    fs.writeFileSync(path.join(dir, 'fail.wikiq'), `@endpoint = ${wiki.endpoint}\n### Files fail\n${files}${FILES_FAIL.map(([a]) => a).join('\n')}\n\n### Site fail\n${site}${SITE_FAIL.map(([a]) => a).join('\n')}\n\n### Site holds\n${site}?? status == complete\n`);
    fs.writeFileSync(path.join(dir, 'malformed.wikiq'), `@endpoint = ${wiki.endpoint}\n### Bad\naction = query\nmeta = siteinfo\n?? records > 0\n?? recods > 0\n?? status == done\n?? some title matches /(?i)a{2000}{2000}/\n`);
    fs.writeFileSync(path.join(dir, 'none.wikiq'), `@endpoint = ${wiki.endpoint}\n### No checks\naction = query\nmeta = siteinfo\n`);
  });
  after(async () => {
    await wiki?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const cli = (args: string[]) => new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir, maxBuffer: 1 << 24 }, (e, out, err) => resolve({ code: e ? Number((e as { code?: number }).code) : 0, out, err }));
  });

  it('every subject and operator that holds: exit 0, each request ✓ with its run', async () => {
    const r = await cli(['test', 'hold.wikiq']);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out.trimEnd(), /^hold\.wikiq\n {2}✓ Files {2}\(complete, 3 batches, 140 records, \d+ ms\)\n {2}✓ Site {2}\(complete, 1 batch, 0 records, \d+ ms\)\n\n2 requests: 2 passed, 0 failed \((\d+) assertions: \1 held, 0 failed\)$/);
  });

  it('each failing assertion: file:line, the assertion, the actual value, an every/no\'s first breaking records, a some\'s none; exit 1', async () => {
    const r = await cli(['test', 'fail.wikiq']);
    assert.equal(r.code, 1, r.err);
    const lines = fs.readFileSync(path.join(dir, 'fail.wikiq'), 'utf8').split('\n');
    for (const [a, actual] of [...FILES_FAIL, ...SITE_FAIL]) {
      const line = lines.indexOf(a) + 1;
      const at = r.out.indexOf(`fail.wikiq:${line}  ${a}\n`);
      assert.ok(at >= 0, `fail.wikiq:${line}  ${a} in\n${r.out}`);
      const next = r.out.indexOf('fail.wikiq:', at + 1);
      assert.match(r.out.slice(at, next < 0 ? undefined : next), actual, a);
    }
    assert.match(r.out, / {2}✗ Files fail {2}\(complete, 3 batches, 140 records/);
    assert.match(r.out, / {2}✓ Site holds /);
    assert.match(r.out.trimEnd(), /3 requests: 1 passed, 2 failed \(16 assertions: 1 held, 15 failed\)$/);
  });

  it('--reporter junit --out: a JUnit reader finds a testcase per request, named by its title, with failures and their messages', async () => {
    const r = await cli(['test', 'fail.wikiq', 'hold.wikiq', '--reporter', 'junit', '--out', 'junit.xml']);
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /5 requests: 3 passed, 2 failed/, 'the text report goes to the log');
    const doc = new DOMParser().parseFromString(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8'), 'text/xml');
    const root = doc.documentElement!;
    assert.equal(root.tagName, 'testsuites');
    assert.deepEqual([root.getAttribute('tests'), root.getAttribute('failures'), root.getAttribute('errors')], ['5', '2', '0']);
    const suites = Array.from(root.getElementsByTagName('testsuite'));
    assert.deepEqual(suites.map((s) => [s.getAttribute('name'), s.getAttribute('tests'), s.getAttribute('failures')]), [['fail.wikiq', '3', '2'], ['hold.wikiq', '2', '0']]);
    const cases = Array.from(root.getElementsByTagName('testcase'));
    assert.deepEqual(cases.map((c) => [c.getAttribute('name'), c.getAttribute('classname'), c.getElementsByTagName('failure').length]),
      [['Files fail', 'fail.wikiq', 1], ['Site fail', 'fail.wikiq', 1], ['Site holds', 'fail.wikiq', 0], ['Files', 'hold.wikiq', 0], ['Site', 'hold.wikiq', 0]]);
    const failure = cases[0].getElementsByTagName('failure')[0];
    assert.match(failure.getAttribute('message')!, /^fail\.wikiq:\d+ \?\? status == partial actual: complete \(expected == partial\)$/);
    const body = failure.textContent!;
    for (const [a] of FILES_FAIL) assert.ok(body.includes(a), `${a} in the failure's text`);
    assert.match(body, /first records that break it \(query\.allimages\):\n\s+#1 title "File:Apple/);
    for (const c of cases) assert.match(c.getAttribute('time')!, /^\d+\.\d{3}$/);
  });

  it('--reporter tap and json, and --grep picks requests by title', async () => {
    const tap = await cli(['test', 'fail.wikiq', '--reporter', 'tap', '--grep', 'SITE']);
    assert.equal(tap.code, 1);
    assert.match(tap.out.trimEnd(), /^TAP version 13\n1\.\.2\nnot ok 1 - fail\.wikiq › Site fail\n {2}---\n {2}message: \|-\n {4}fail\.wikiq:\d+ {2}\?\? \$\.query\.general\.mainpage != Main Page\n[\s\S]*\n {2}\.\.\.\nok 2 - fail\.wikiq › Site holds$/);
    const json = await cli(['test', 'fail.wikiq', '--reporter', 'json', '--grep', 'holds']);
    assert.equal(json.code, 0, json.err);
    const report = JSON.parse(json.out);
    assert.deepEqual([report.pass, report.passed, report.failed, report.requests.map((q: { title: string }) => q.title)], [true, 1, 0, ['Site holds']]);
    assert.deepEqual(report.requests[0].assertions.map((a: { assertion: string; pass: boolean; actual: string }) => [a.assertion, a.pass, a.actual]), [['?? status == complete', true, 'complete']]);
  });

  it('a run that fails fails its request (exit 1), with the wiki\'s error', async () => {
    fs.writeFileSync(path.join(dir, 'apierror.wikiq'), `@endpoint = ${wiki.endpoint}\n### Bad generator\naction = query\ngenerator = nosuchgenerator\n?? records >= 0\n`);
    const r = await cli(['test', 'apierror.wikiq', '--reporter', 'junit']);
    assert.equal(r.code, 1, r.out + r.err);
    const doc = new DOMParser().parseFromString(r.out, 'text/xml');
    const error = doc.documentElement!.getElementsByTagName('error')[0];
    assert.ok(error, r.out);
    assert.match(error.getAttribute('message')!, /apierror\.wikiq:2 the run failed: /);
  });

  it('a malformed assertion: check reports invalid-assertion; test prints the same diagnostics and exits 2 before sending anything', async () => {
    const check = await cli(['check', 'malformed.wikiq']);
    assert.equal(check.code, 1);
    assert.match(check.out, /^malformed\.wikiq:6:4 error invalid-assertion Malformed assertion: 'recods' is not a subject/m);
    assert.match(check.out, /^malformed\.wikiq:7:14 error invalid-assertion Malformed assertion: A run's status is complete, partial or failed, not 'done'\./m);
    const before = wiki.apiRequestCount();
    const r = await cli(['test', 'malformed.wikiq', 'hold.wikiq']);
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    // The language service's diagnostics, each line as check prints it.
    const checked = check.out.split('\n').filter((l) => l.startsWith('malformed.wikiq:'));
    assert.deepEqual(r.err.split('\n').filter((l) => l.startsWith('malformed.wikiq:')), checked);
    // What only the linear-time engine refuses (a repeat past RE2's 1,000), found by compiling before sending.
    assert.match(r.err, /^malformed\.wikiq:8:\d+ error invalid-assertion Malformed assertion: The pattern \/\(\?i\)a\{2000\}\{2000\}\/ cannot be used: /m);
    assert.match(r.err, /wikiq: 3 problems in the assertions: nothing was sent\./);
    assert.equal(wiki.apiRequestCount(), before, 'nothing was sent');
  });

  it('usage and file errors exit 2: no file, no request with assertions, an unknown reporter, a missing file', async () => {
    for (const args of [['test'], ['test', 'none.wikiq'], ['test', 'hold.wikiq', '--reporter', 'xml'], ['test', 'missing.wikiq'], ['test', 'hold.wikiq', '--grep', 'zzz']]) {
      const r = await cli(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, /^wikiq: /, args.join(' '));
    }
  });
});
