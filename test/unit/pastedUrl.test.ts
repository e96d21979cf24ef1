/** wikiq.openFromUrl's reading of what a user pastes: an api.php URL or a Special:ApiSandbox link, as `.wikiq` text. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromPastedUrl } from '../../client/src/run/pastedUrl';
import { bundledCatalogue } from '../../core/src/bundled';

/** `expected`: the request's lines after its `### Pasted request` header, or the error's words. */
function check(input: string, expected: { endpoint: string; lines: string[] } | RegExp): void {
  const r = fromPastedUrl(input, bundledCatalogue());
  if (expected instanceof RegExp) {
    assert.ok('error' in r, `an error for ${input}`);
    assert.match(r.error, expected);
    return;
  }
  assert.ok(!('error' in r), `no error for ${input}: ${'error' in r ? r.error : ''}`);
  assert.equal(r.endpoint, expected.endpoint);
  assert.equal(r.text, [`@endpoint = ${expected.endpoint}`, '', '### Pasted request', ...expected.lines, ''].join('\n'));
}

describe('open from URL', () => {
  it('reads an api.php URL (a leading GET too), dropping format', () => {
    check('GET https://www.mediawiki.org/w/api.php?action=query&list=allimages&ailimit=5&format=json', {
      endpoint: 'https://www.mediawiki.org/w/api.php',
      lines: ['action = query', 'list = allimages', 'ailimit = 5'],
    });
  });
  it('reads an ApiSandbox link: the endpoint from the page path, the request from after #', () => {
    check('https://en.wikipedia.org/wiki/Special:ApiSandbox#action=query&meta=siteinfo&format=json', {
      endpoint: 'https://en.wikipedia.org/w/api.php',
      lines: ['action = query', 'meta = siteinfo'],
    });
  });
  it('says what is wrong with anything else', () => {
    check('not a url', /is not a URL/);
    check('ftp://w.example/w/api.php?action=query', /Only http\(s\) URLs/);
    check('https://w.example/wiki/Main_Page?action=raw', /is not api\.php/);
    check('https://w.example/wiki/Special:ApiSandbox', /no request after its #/);
  });
});
