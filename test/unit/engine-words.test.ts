/** The engine's words for people: waits and the clock time they end, network codes, HTML entities; the CLI's escapes for the terminal. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clockTime, decodeEntities, networkWords, retryWait } from '../../engine/src';
import { forTerminal } from '../../cli/src/terminal';

describe('words for people', () => {
  it('a wait is never shorter than the wiki asked, and too long when it asks for more than the cap', () => {
    const check = (retryAfter: string, cap: number, expected: { ms: number; tooLong: boolean }) => {
      const w = retryWait({ status: 503, code: '', retryAfter }, 0, 1000, cap);
      assert.deepEqual({ ms: w.ms, tooLong: w.tooLong }, expected, `${retryAfter} with cap ${cap}`);
    };
    check('30', 120_000, { ms: 30_000, tooLong: false });
    check('120', 120_000, { ms: 120_000, tooLong: false });
    check('3600', 120_000, { ms: 120_000, tooLong: true });
  });
  it('says until when in local time, with the date when it is not today', () => {
    const now = new Date(2026, 10, 25, 13, 5);
    assert.equal(clockTime(new Date(2026, 10, 25, 14, 5), now), '14:05');
    assert.equal(clockTime(new Date(2026, 10, 26, 9, 0), now), '2026-11-26 09:00');
  });
  it('network codes in words', () => {
    const cases: Array<[string, string | undefined]> = [
      ['UND_ERR_SOCKET', 'the server closed the connection'], ['ECONNRESET', 'the connection was reset'], ['ENOTFOUND', 'the host name could not be found (DNS)'],
      ['CERT_HAS_EXPIRED', 'the secure connection (TLS) failed: the certificate could not be verified or the handshake was refused'], ['EWHATEVER', undefined],
    ];
    for (const [code, words] of cases) assert.equal(networkWords(code), words, code);
  });
  it('decodes the entities of an error page', () => {
    assert.equal(decodeEntities('Tom &amp; Jerry &lt;3&gt; &quot;x&quot; &#39;y&#39; &#x41;&#8212; &bogus; &#0;'), 'Tom & Jerry <3> "x" \'y\' A— &bogus; &#0;');
  });
  it('escapes controls and bidi overrides for the terminal, keeping newlines and tabs', () => {
    assert.equal(forTerminal('a\u001b[2J\u0007\tb\nc\u009b\u202e\u2066\r\u007f'), 'a\\x1b[2J\\x07\tb\nc\\x9b\\u202e\\u2066\\x0d\\x7f');
    assert.equal(forTerminal('plain — ünïcode'), 'plain — ünïcode');
  });
});
