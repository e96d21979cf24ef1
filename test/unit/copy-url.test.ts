/**
 * One URL encoder: "Copy as URL" / "Copy as curl", the URL⇄lines code action and the runner write
 * the same URL for the same request, and it is what an HTTP server receives. Data-driven: each case
 * is a request in lines; its URL is checked against the URL the engine's RunSession sends through
 * HttpClient to a local server, and against the URL the server reads.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { requestsOf, parse, requestToUrl, scopeFor, urlToLines } from '../../core/src';
import { HttpClient, RunSession, resolveRequest } from '../../engine/src';
import { copyText, shellQuote } from '../../client/src/run/runText';
import { bundledCatalogue } from '../../core/src/bundled';

/** What the runner adds to every request (resolve.ts), after the request's own parameters. */
const ADDED = '&format=json&formatversion=2&errorformat=plaintext';

interface Case {
  name: string;
  lines: string;
  /** The query the request is sent with, before ADDED. */
  query: string;
  env?: Record<string, string>;
  /** The runner leaves out a boolean switched off by a variable; the URL form of the file keeps the line (no catalogue there). */
  omits?: boolean;
}

const cases: Case[] = [
  { name: 'a bare boolean is sent as name=', lines: 'action = query\nlist = allimages\nredirects\ncurtimestamp', query: 'action=query&list=allimages&redirects=&curtimestamp=' },
  { name: 'multi values are joined with a readable |', lines: 'action = query\nlist = allimages\naiprop = timestamp|url|size', query: 'action=query&list=allimages&aiprop=timestamp|url|size' },
  { name: 'a value holding | uses the U+001F form', lines: 'action = query\ntitles = A\\|B|C', query: 'action=query&titles=%1FA%7CB%1FC' },
  {
    name: 'variables are expanded (a list variable gives several values; spaces, + & = # % and non-ASCII are encoded)',
    lines: '@props = timestamp|url\n@from = B C+D&x=1#%\naction = query\nlist = allimages\naiprop = {{props}}|size\naifrom = {{from}}\naito = Ä{{suffix}}',
    env: { suffix: '/ü' },
    query: 'action=query&list=allimages&aiprop=timestamp|url|size&aifrom=B%20C%2BD%26x%3D1%23%25&aito=%C3%84/%C3%BC',
  },
  { name: 'a variable holding an escaped pipe', lines: '@odd = a\\|b\naction = query\ntitles = {{odd}}|c', query: 'action=query&titles=%1Fa%7Cb%1Fc' },
  { name: 'a boolean switched off by a variable is left out', lines: '@follow = off\naction = query\nredirects = {{follow}}\nexport', query: 'action=query&export=', omits: true },
];

describe('one URL encoder: copy, the URL⇄lines action and the runner agree', () => {
  let server: http.Server;
  let endpoint = '';
  const received: string[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      received.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end('{"batchcomplete":true,"query":{"allimages":[]}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Runs the request's first batch; returns the URL the session sent and the one the server read. */
  async function send(text: string, env?: Record<string, string>) {
    const resolved = resolveRequest(text, { index: 0 }, { catalogue: bundledCatalogue(), env: { variables: env ?? {} } });
    const session = new RunSession(resolved, new HttpClient({ userAgent: 'wikiq-test' }));
    const state = await session.run();
    assert.equal(state.failure, undefined, state.failure?.message);
    return { resolved, sent: state.batchInfo[0].url, read: received[received.length - 1] };
  }

  for (const c of cases) {
    it(c.name, async () => {
      const text = `@endpoint = ${endpoint}\n${c.lines}\n`;
      const { resolved, sent, read } = await send(text, c.env);
      const expected = `${endpoint}?${c.query}${ADDED}`;
      assert.equal(sent, expected, 'the runner sends the expected URL');
      assert.equal(`${endpoint.replace(/^http:\/\/[^/]+/, '')}?${c.query}${ADDED}`, read, 'the server reads that URL');
      assert.equal(copyText(resolved, 'url', 'UA'), sent, '"Copy as URL" copies what is sent');
      assert.equal(copyText(resolved, 'curl', 'UA'), `curl --compressed -H 'User-Agent: UA' ${shellQuote(sent)}`, '"Copy as curl" fetches what is sent');

      // The URL⇄lines action: the request as a URL (variables expanded), and as a URL line in the file (kept).
      const file = parse(text);
      const request = requestsOf(file)[0];
      if (!c.omits) {
        const expandedUrl = requestToUrl(request, endpoint, { scope: scopeFor(file, request, { variables: c.env ?? {} }), method: false });
        assert.equal(expandedUrl.url + ADDED, sent, 'the URL form of the request, expanded, is what is sent');
      }
      const urlLine = requestToUrl(request, endpoint).url;
      const asUrl = `${c.lines.split('\n').filter((l) => l.startsWith('@')).join('\n')}\n${urlLine}\n`;
      const back = await send(asUrl, c.env);
      assert.equal(back.sent, sent, `the request turned into a URL line sends the same URL (${urlLine})`);
      // …and the URL turned back into lines sends it too.
      const lines = urlToLines(requestToUrl(request, endpoint, { scope: scopeFor(file, request, { variables: c.env ?? {} }) }).url, { isBoolean: (n) => ['redirects', 'curtimestamp', 'export'].includes(n) });
      if (!c.omits) assert.equal((await send(`@endpoint = ${endpoint}\n${lines.lines.join('\n')}\n`)).sent, sent, `lines from the URL send the same URL (${lines.lines.join(' / ')})`);
    });
  }
});
