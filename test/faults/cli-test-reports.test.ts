/**
 * `wikiq test`'s reports for CI survive a hostile wiki: answers, an API error, a request title,
 * an assertion and an environment's variable holding `<`, `&`, `"`, `]]>`, control characters, a
 * line break and a lone surrogate still give JUnit that a strict XML parser reads (every error
 * fatal, and what it lets through — characters XML 1.0 cannot hold, `]]>` in text — checked
 * besides), TAP 13 that a TAP parser reads (each test's YAML block whole, no line outside the
 * protocol) and JSON that JSON.parse reads; each with the hostile text there to read. Through the
 * real CLI process (dist/cli.js) against a local fault server. And what stops a test before
 * anything is sent: the language service's diagnostics of its assertions, printed as `check` does.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DOMParser } from '@xmldom/xmldom';
import { Parser as TapParser } from 'tap-parser';
import { json } from './faultServer';
import { cliHarness, type CliHarness } from './cliHarness';

/** What the wiki answers with. */
const HOSTILE = 'a<b & "c" ]]> \u0001\u001b[31m\ud800 end';
/** The same as a report shows it: what XML and YAML cannot hold written as \uXXXX. */
const SHOWN = 'a<b & \\"c\\" ]]> \\u0001\\u001b[31m\\ud800 end';
/** An assertion's own hostile text (a raw control character and ESC in the file). */
const ASSERTION = '?? $.query.general.sitename == x<&"]]>\u0001\u001b';
const ASSERTION_SHOWN = '?? $.query.general.sitename == x<&"]]>\\u0001\\u001b';
const TITLE = 'Hostile <&"]]> # \u0001';

/** XML 1.0's Char production: what a document may hold at all. */
const XML_CHARS = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

/** The XML parsed with every warning and error fatal; and what xmldom does not check. */
function strictXml(text: string) {
  assert.match(text, XML_CHARS, 'only characters XML 1.0 can hold');
  assert.ok(!text.includes(']]>'), "no ']]>' in text (not in a CDATA section)");
  const doc = new DOMParser({ onError: (level, message) => assert.fail(`the XML parser's ${level}: ${message}`) }).parseFromString(text, 'text/xml');
  return doc;
}

describe('wikiq test: reports for CI that survive a hostile wiki', () => {
  let h: CliHarness;
  const run = async (args: string[]) => {
    const p = h.spawnCli(args);
    const code = await p.exited;
    return { code, out: Buffer.concat(p.out).toString('utf8'), err: Buffer.concat(p.err).toString('utf8') };
  };
  before(async () => {
    h = await cliHarness();
    h.routes.set('hostile', (_q, res) => json(res, {
      batchcomplete: true,
      query: { general: { sitename: HOSTILE }, allpages: [{ pageid: 1, title: HOSTILE }, { pageid: 2, title: 'Plain' }] },
    }));
    h.routes.set('refuse', (_q, res) => json(res, { error: { code: 'bad<&>', info: `${HOSTILE}\nsecond line ]]>` } }));
    h.write('.vscode/settings.json', JSON.stringify({ 'wikiq.environments': { h: { variables: { nl: 'one\ntwo <&\u0001' } } } }));
    const body = 'action = query\nmeta = siteinfo\nlist = allpages';
    h.write('hostile.wikiq', [
      `@endpoint = ${h.base}/hostile/api.php`, `### ${TITLE}`, body,
      ASSERTION, '?? every title == Plain', '?? some title == ]]>', '?? $.query.general.sitename == {{nl}}', '',
    ].join('\n'));
    h.write('refused.wikiq', `@endpoint = ${h.base}/refuse/api.php\n### Refused <&>\n${body}\n?? records >= 0\n`);
  });
  after(() => h.close());

  it('JUnit: a strict XML parser reads it, with the hostile text in names, messages and failures', async () => {
    const r = await run(['test', 'hostile.wikiq', 'refused.wikiq', '--env', 'h', '--reporter', 'junit', '--out', 'junit.xml']);
    assert.equal(r.code, 1, r.err);
    const doc = strictXml(fs.readFileSync(path.join(h.dir, 'junit.xml'), 'utf8'));
    const cases = Array.from(doc.getElementsByTagName('testcase'));
    assert.deepEqual(cases.map((c) => c.getAttribute('name')), ['Hostile <&"]]> # \\u0001', 'Refused <&>']);
    const failure = cases[0].getElementsByTagName('failure')[0];
    assert.equal(failure.getAttribute('message'), `hostile.wikiq:6 ${ASSERTION_SHOWN} actual: "${SHOWN}" (expected == x<&"]]>\\u0001\\u001b)`);
    const text = failure.textContent!;
    for (const s of [ASSERTION_SHOWN, `actual: "${SHOWN}"`, '#1 title "a<b', 'none of the 2 records of query.allpages has title == ]]>', 'expected == one\ntwo <&\\u0001)']) assert.ok(text.includes(s), `${s} in\n${text}`);
    const error = cases[1].getElementsByTagName('error')[0];
    assert.match(error.getAttribute('message')!, /^refused\.wikiq:2 the run failed: .*bad<&>.*a<b & "c" \]\]> \\u0001\\u001b\[31m\\ud800 end/);
  });

  it('TAP 13: a TAP parser reads every test and its YAML block; every line is a TAP line', async () => {
    const r = await run(['test', 'hostile.wikiq', 'refused.wikiq', '--env', 'h', '--reporter', 'tap']);
    assert.equal(r.code, 1, r.err);
    const events = TapParser.parse(r.out);
    assert.deepEqual(events.filter(([e]) => e === 'extra'), [], 'nothing outside the protocol');
    const asserts = events.filter(([e]) => e === 'assert').map(([, a]) => a as { ok: boolean; name: string; diag: { message?: string } | null });
    assert.deepEqual(asserts.map((a) => [a.ok, a.name]), [[false, 'hostile.wikiq › Hostile <&"]]> # \\u0001'], [false, 'refused.wikiq › Refused <&>']]);
    const message = asserts[0].diag?.message ?? '';
    for (const s of [ASSERTION_SHOWN, `actual: "${SHOWN}"`, 'expected == one\ntwo <&\\u0001)']) assert.ok(message.includes(s), `${s} in\n${message}`);
    assert.match(asserts[1].diag?.message ?? '', /the run failed: .*bad<&>.*\nsecond line \]\]>/);
    // What a YAML reader refuses and tap-parser lets through: no control characters.
    // eslint-disable-next-line no-control-regex
    for (const line of r.out.split('\n')) assert.doesNotMatch(line, /[\u0000-\u0008\u000b-\u001f\u007f]/, JSON.stringify(line));
  });

  it('JSON: JSON.parse reads it, the values as the wiki sent them', async () => {
    const r = await run(['test', 'hostile.wikiq', 'refused.wikiq', '--env', 'h', '--reporter', 'json']);
    assert.equal(r.code, 1, r.err);
    const report = JSON.parse(r.out);
    const [hostile, refused] = report.requests;
    assert.equal(hostile.title, TITLE);
    assert.equal(hostile.assertions[0].assertion, ASSERTION);
    assert.equal(hostile.assertions[0].actual, JSON.stringify(HOSTILE));
    assert.equal(hostile.assertions[3].expected, 'one\ntwo <&\u0001');
    assert.equal(refused.verdict, 'errored');
    assert.ok(refused.error.includes(HOSTILE), refused.error);
  });
});

describe('wikiq test: the assertions\' problems, from the language service', () => {
  let h: CliHarness;
  before(async () => {
    h = await cliHarness();
    h.routes.set('siteinfo', (_q, res) => json(res, { batchcomplete: true, query: { general: { sitename: 'W' } } }));
  });
  after(() => h.close());

  it('a malformed assertion or an undefined variable in one: printed as check prints it, exit 2, nothing sent', async () => {
    h.write('bad.wikiq', h.req('siteinfo', 'action = query\nmeta = siteinfo\nnosuchparam = 1\n?? recods > 0\n?? ms < {{budget}}\n?? some title matches /a{2000}/\n?? records >= 0'));
    const check = await h.cli(['check', 'bad.wikiq']);
    const r = await h.cli(['test', 'bad.wikiq']);
    assert.equal(r.code, 2, r.err);
    assert.equal(r.out, '');
    const assertionLines = check.out.split('\n').filter((l) => / error (invalid-assertion|undefined-variable) /.test(l));
    assert.equal(assertionLines.length, 3, check.out);
    assert.equal(r.err, [...assertionLines, 'wikiq: 3 problems in the assertions: nothing was sent.'].join('\n'));
    assert.deepEqual(h.hits, [], 'nothing was sent');
  });

  it('other diagnostics (an unknown parameter, an undefined variable in a parameter) do not stop a test', async () => {
    h.write('other.wikiq', h.req('siteinfo', 'action = query\nmeta = siteinfo\nnosuchparam = 1\ntitles = {{nope}}\n?? $.query.general.sitename == W'));
    const r = await h.cli(['test', 'other.wikiq']);
    assert.ok(r.code !== 2, r.err);
    assert.match(r.out, /other\.wikiq\n {2}[✓✗] R /);
  });
});
