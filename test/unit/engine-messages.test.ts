/** Errors and warnings read from API bodies in every shape, and mapped to the lines that caused them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { locate, readErrors, readWarnings, resolveRequest } from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';

describe('engine: API messages', () => {
  // Bodies as MediaWiki 1.39 sends them (taken from the test wiki).
  const shapes: Array<{ name: string; body: unknown; warnings: Array<{ code?: string; text: string; module?: string }> }> = [
    {
      name: 'formatversion 1 default',
      body: { warnings: { main: { '*': 'Unrecognized parameter: bogus.' }, allimages: { '*': 'Unrecognized value for parameter "aiprop": foo' } } },
      warnings: [{ text: 'Unrecognized parameter: bogus.', module: 'main' }, { text: 'Unrecognized value for parameter "aiprop": foo', module: 'allimages' }],
    },
    {
      name: 'formatversion 2 default, several lines in one module',
      body: { warnings: { main: { warnings: 'Unrecognized parameter: bogus.\nUnrecognized parameter: other.' } } },
      warnings: [{ text: 'Unrecognized parameter: bogus.', module: 'main' }, { text: 'Unrecognized parameter: other.', module: 'main' }],
    },
    {
      name: 'errorformat=plaintext',
      body: { warnings: [{ code: 'unrecognizedvalues', text: 'Unrecognized value for parameter "aiprop": foo', data: { values: ['foo'] }, module: 'query+allimages' }, { code: 'unrecognizedparams', text: 'Unrecognized parameter: bogus.', module: 'main' }] },
      warnings: [{ code: 'unrecognizedvalues', text: 'Unrecognized value for parameter "aiprop": foo', module: 'query+allimages' }, { code: 'unrecognizedparams', text: 'Unrecognized parameter: bogus.', module: 'main' }],
    },
    {
      name: 'errorformat=raw',
      body: { warnings: [{ code: 'unrecognizedparams', key: 'apiwarn-unrecognizedparams', params: ['bogus'], module: 'main' }] },
      warnings: [{ code: 'unrecognizedparams', text: 'apiwarn-unrecognizedparams bogus', module: 'main' }],
    },
    { name: 'errorformat=none', body: { warnings: [{ code: 'unrecognizedparams', module: 'main' }] }, warnings: [{ code: 'unrecognizedparams', text: 'unrecognizedparams', module: 'main' }] },
    { name: 'no warnings', body: { batchcomplete: true }, warnings: [] },
  ];
  for (const s of shapes) it(`reads warnings: ${s.name}`, () => assert.deepEqual(readWarnings(s.body), s.warnings));

  it('reads errors: error {code, info} and errors[]', () => {
    assert.deepEqual(readErrors({ error: { code: 'badinteger', info: 'Invalid value "abc" for integer parameter "ailimit".', '*': 'See …' } }),
      [{ code: 'badinteger', text: 'Invalid value "abc" for integer parameter "ailimit".' }]);
    assert.deepEqual(readErrors({ errors: [{ code: 'badinteger', text: 'Invalid value "abc" for integer parameter "ailimit".', module: 'query+allimages' }], docref: 'See …' }),
      [{ code: 'badinteger', text: 'Invalid value "abc" for integer parameter "ailimit".', module: 'query+allimages' }]);
    assert.deepEqual(readErrors({ batchcomplete: true }), []);
  });

  const req = resolveRequest([
    '@endpoint = https://w.example/api.php', // 0
    'action = query', // 1
    'list = allimages', // 2
    'aiprop = timestamp|foo', // 3
    'bogus = 1', // 4
    'generator = allpages', // 5
    'prop = categories', // 6
    'gapfoo = 1', // 7
    'ailimit = abc', // 8
  ].join('\n'), { index: 0 }, { catalogue: bundledCatalogue() });
  const lineCases: Array<[string, { text: string; module?: string }, number | undefined]> = [
    ['an unrecognized parameter → its line', { text: 'Unrecognized parameter: bogus.', module: 'main' }, 4],
    ['an unrecognized prefixed parameter → its line', { text: 'Unrecognized parameter: gapfoo.', module: 'main' }, 7],
    ['several unrecognized parameters → the first known', { text: 'Unrecognized parameters: nothere, bogus.', module: 'main' }, 4],
    ['a quoted parameter name → its line', { text: 'Unrecognized value for parameter "aiprop": foo', module: 'query+allimages' }, 3],
    ['an error about a parameter → its line', { text: 'Invalid value "abc" for integer parameter "ailimit".', module: 'query+allimages' }, 8],
    ['a module message → a line of that module\'s parameters', { text: 'Something about files.', module: 'allimages' }, 3],
    ['a module message (plaintext module path) → its parameters', { text: 'Something about files.', module: 'query+allimages' }, 3],
    ['a module without parameters → the line that selected it', { text: 'Something about categories.', module: 'query+categories' }, 6],
    ['a generator\'s message → its prefixed parameters', { text: 'Something about pages.', module: 'query+allpages' }, 7],
    ['a main-module message about nothing in the file → no line', { text: 'Subscribe to the mailing list.', module: 'main' }, undefined],
  ];
  for (const [name, m, line] of lineCases) it(`maps ${name}`, () => assert.equal(locate(m, req).line, line));
});
