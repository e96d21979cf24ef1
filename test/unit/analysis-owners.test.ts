/**
 * Who owns a request name, as every feature sees it: hover, completion and validation must agree,
 * whatever else the request holds or was asked before. The fixture module (paraminfo/repeated-name.json)
 * repeats `depth` (first a boolean, last an integer from 0 to 3: the last is the one that counts, as
 * `Catalogue.param` reads it) and has a templated `text-{slot}` supplied by `slots`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MarkupContent } from 'vscode-languageserver-types';
import { catalogueOf, read } from './catalogueFixtures';
import { doc, service, withCursor } from './helpers';

const catalogue = catalogueOf(read('repeated-name.json'));

interface Expected {
  /** A piece of the hover on the name at the cursor (undefined: no hover). */
  hover?: string;
  /** How the completion item of that name begins its detail (undefined: no such item). */
  detail?: string;
  /** The codes of the request's diagnostics, in order. */
  codes: string[];
}

function check(input: string, expected: Expected): void {
  const { text, offset } = withCursor(input);
  const d = doc(text);
  const ls = service(catalogue);
  const position = d.positionAt(offset);
  const name = /[\w{}-]*$/.exec(text.slice(0, offset))![0] + /^[\w-]*/.exec(text.slice(offset))![0];
  const codes = ls.doValidation(d).map((x) => String(x.code));
  const hover = ls.doHover(d, position);
  const item = ls.doComplete(d, position).items.find((i) => i.label === name);
  assert.deepEqual(codes, expected.codes, 'validation');
  if (expected.hover === undefined) assert.equal(hover, null, 'no hover');
  else assert.ok((hover?.contents as MarkupContent | undefined)?.value.includes(expected.hover), `hover ${JSON.stringify(hover?.contents)} includes '${expected.hover}'`);
  if (expected.detail === undefined) assert.equal(item, undefined, `no completion item ${name}`);
  else assert.ok(item?.detail?.startsWith(expected.detail), `completion detail '${item?.detail}' starts with '${expected.detail}'`);
}

const LAST_DEPTH = { hover: 'Last description of depth.', detail: 'integer' };

describe('owners: a name the module\'s paraminfo repeats means its last description', () => {
  it('to validation, hover and completion alike', () =>
    check('action = probe\ndep¦th = 7\n', { ...LAST_DEPTH, codes: ['integer-out-of-range'] }));
  it('also after a templated name was looked up in the same request', () =>
    check('action = probe\nslots = main\ntext-main = hi\ndep¦th = 7\n', { ...LAST_DEPTH, codes: ['integer-out-of-range'] }));
  it('also when the name is written twice', () =>
    // (Completion does not offer a name the request already has.)
    check('action = probe\ndepth = 1\ndep¦th = 7\n', { hover: LAST_DEPTH.hover, codes: ['duplicate-parameter', 'integer-out-of-range'] }));
});

describe('owners: templated names', () => {
  it('a name made from the supplier\'s value is owned by the templated parameter', () =>
    check('action = probe\nslots = main\ntext-ma¦in = hi\n', { hover: 'text-main', detail: 'text', codes: [] }));
  it('a name the supplier does not make is owned by nobody', () =>
    check('action = probe\nslots = main\ntext-a¦ux = hi\n', { codes: ['unknown-parameter'] }));
});
