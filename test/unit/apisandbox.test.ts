/**
 * ApiSandbox both ways: real sandbox links (test/fixtures/apisandbox/links.json: mediawiki.org's
 * API documentation, links the sandbox wrote, other languages' names of the page) open as the
 * request they hold, and a request → "Copy as ApiSandbox link" → "Open request from URL" is the
 * same request (the same parameters sent to the same endpoint).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { apiSandboxLink, apiSandboxPage } from '../../core/src';
import { resolveRequest } from '../../engine/src';
import { fromPastedUrl, sandboxLinkFor } from '../../client/src/run/pastedUrl';
import { bundledCatalogue } from '../../core/src/bundled';

interface Fixture { source: string; link: string; endpoint: string; lines: string[] }
const root = path.resolve(__dirname, '..', '..', '..');
const fixtures = (JSON.parse(readFileSync(path.join(root, 'test', 'fixtures', 'apisandbox', 'links.json'), 'utf8')) as { links: Fixture[] }).links;

/** The request's lines after its header, from a pasted link. */
function opened(link: string): { endpoint: string; lines: string[] } {
  const r = fromPastedUrl(link, bundledCatalogue());
  assert.ok(!('error' in r), `no error for ${link}: ${'error' in r ? r.error : ''}`);
  const lines = r.text.split('\n');
  return { endpoint: r.endpoint, lines: lines.slice(lines.indexOf('### Pasted request') + 1).filter(Boolean) };
}

/** A request → its ApiSandbox link → opened again: the same lines, and the same parameters sent to the same endpoint. */
function check(endpoint: string, body: string, link: string): void {
  const source = `@endpoint = ${endpoint}\n### R\n${body}\n`;
  const sent = resolveRequest(source, { index: 0 }, { catalogue: bundledCatalogue() });
  assert.equal(sandboxLinkFor(sent), link);
  const back = opened(link);
  assert.equal(back.endpoint, endpoint);
  assert.deepEqual(back.lines, body.split('\n').filter((l) => !l.startsWith('@')));
  const again = resolveRequest((fromPastedUrl(link, bundledCatalogue()) as { text: string }).text, { index: 0 }, { catalogue: bundledCatalogue() });
  assert.deepEqual([again.endpoint, again.params], [sent.endpoint, sent.params]);
}

describe('ApiSandbox links', () => {
  for (const f of fixtures) {
    it(`opens ${f.source}: ${f.link.slice(0, 90)}`, () => assert.deepEqual(opened(f.link), { endpoint: f.endpoint, lines: f.lines }));
  }

  it('finds the sandbox page from the endpoint: Wikimedia\'s /w/api.php → /wiki/, any other api.php → index.php?title=', () => {
    assert.equal(apiSandboxPage('https://en.wikipedia.org/w/api.php'), 'https://en.wikipedia.org/wiki/Special:ApiSandbox');
    assert.equal(apiSandboxPage('http://127.0.0.1:8080/api.php'), 'http://127.0.0.1:8080/index.php?title=Special:ApiSandbox');
    assert.equal(apiSandboxPage('https://wiki.example.org/mw/api.php'), 'https://wiki.example.org/mw/index.php?title=Special:ApiSandbox');
  });

  it('writes the fragment as the sandbox does ($.param: %7C for |, + for a space)', () =>
    assert.equal(apiSandboxLink('https://en.wikipedia.org/w/api.php', { action: 'query', titles: 'Main Page|Été', redirects: '' }),
      'https://en.wikipedia.org/wiki/Special:ApiSandbox#action=query&titles=Main+Page%7C%C3%89t%C3%A9&redirects='));

  it('round-trips a request: link → open → the same request', () => {
    check('https://en.wikipedia.org/w/api.php', 'action = query\nlist = allpages\napfrom = B\naplimit = 5',
      'https://en.wikipedia.org/wiki/Special:ApiSandbox#action=query&list=allpages&apfrom=B&aplimit=5&format=json&formatversion=2');
    check('http://127.0.0.1:8080/api.php', 'action = query\nprop = info|categories\ntitles = Main Page|Été & co|50% off\nredirects',
      'http://127.0.0.1:8080/index.php?title=Special:ApiSandbox#action=query&prop=info%7Ccategories&titles=Main+Page%7C%C3%89t%C3%A9+%26+co%7C50%25+off&redirects=&format=json&formatversion=2');
    // A value holding a pipe goes in the U+001F form, which the sandbox reads too.
    check('https://en.wikipedia.org/w/api.php', 'action = query\nlist = search\nsrsearch = a \\| b|c',
      'https://en.wikipedia.org/wiki/Special:ApiSandbox#action=query&list=search&srsearch=%1Fa+%7C+b%1Fc&format=json&formatversion=2');
    check('https://en.wikipedia.org/w/api.php', 'action = parse\npage = Main Page\nprop = wikitext\nformatversion = 1',
      'https://en.wikipedia.org/wiki/Special:ApiSandbox#action=parse&page=Main+Page&prop=wikitext&formatversion=1&format=json');
  });

  it('expands variables into the link (the sandbox has none)', () => {
    const sent = resolveRequest('@endpoint = https://en.wikipedia.org/w/api.php\n@who = Alice\n### R\naction = query\nlist = usercontribs\nucuser = {{who}}\n', { index: 0 }, { catalogue: bundledCatalogue() });
    assert.match(sandboxLinkFor(sent), /#action=query&list=usercontribs&ucuser=Alice&/);
  });

  it('says what is wrong with a page link that holds no request', () => {
    assert.match((fromPastedUrl('https://de.wikipedia.org/wiki/Spezial:API-Spielwiese', bundledCatalogue()) as { error: string }).error, /is not api\.php, and no request with an action follows its #/);
    assert.match((fromPastedUrl('https://en.wikipedia.org/wiki/Foo#History', bundledCatalogue()) as { error: string }).error, /no request with an action/);
    assert.match((fromPastedUrl('https://en.wikipedia.org/wiki/Special:ApiSandbox#action=query&titles=%E0%A4', bundledCatalogue()) as { error: string }).error, /not a request with an action \(a broken %-escape\)/);
  });
});
