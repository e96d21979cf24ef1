/**
 * Trees that stay valid across an await (#31): `reparse` makes a new tree and changes none it was
 * given, so a tree a handler still holds after later edits arrived answers as a fresh `parse` of
 * its own text does — requests, spans, variables, URL lines, comments, errors, line starts, and
 * every request's parameters (`paramsOf`) and the file's syntax errors as analysis reads them.
 * Random documents and random edit sequences (seeded).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { assertionsOf, paramsOf, parse, reparse, syntaxErrors } from '../../core/src';
import type { WikiqFile } from '../../core/src';
import { PIECES, applyChange, changeOf, editBases, editSeedArb, tree } from './edits';

/** What a tree answers through the API analysis uses, as plain data. */
function answers(file: WikiqFile): unknown {
  return {
    tree: tree(file),
    params: file.requests.map((r) => JSON.parse(JSON.stringify(paramsOf(r))) as unknown),
    assertions: file.requests.map((r) => JSON.parse(JSON.stringify(assertionsOf(r))) as unknown),
    syntaxErrors: JSON.parse(JSON.stringify(syntaxErrors(file))) as unknown,
  };
}

/** Lines as a `.wikiq` file has them (and pieces that make them something else). */
const LINES = [
  '### R', '###', '#### Named request', 'action = query', 'list = allimages', 'aiprop = timestamp|url|size', '| more', '|',
  '@endpoint = https://w.example/w/api.php', '@v = {{w}}', '@x', 'titles = {{v}}|B\\|C', 'GET https://w.example/api.php?action=query&list=x%7Cy',
  'https://w.example/api.php?titles=%1Fa%1Fb&%zz=1', '# comment', '// comment', '= value', 'bad name = 1', 'redirects', '{{', '', '  ',
  '?? records > 0', '?? every ns == 6', '?? $.query.general.sitename == "W"', '?? some title matches /^A/i', '??', '?? records',
];

const documentArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...editBases.map((b) => b.text)),
  fc.array(fc.oneof(fc.constantFrom(...LINES), fc.constantFrom(...PIECES)), { maxLength: 40 })
    .chain((lines) => fc.constantFrom('\n', '\r\n', '\r').map((eol) => lines.join(eol))),
);

describe('incremental parsing: kept trees', () => {
  it('every tree made along random edit sequences still answers as a parse of its own text, after all later edits', () => {
    fc.assert(fc.property(documentArb, fc.array(editSeedArb, { minLength: 1, maxLength: 12 }), fc.array(fc.boolean(), { maxLength: 12 }), (base, seeds, given) => {
      const kept: Array<{ file: WikiqFile; text: string }> = [];
      let text = base;
      let file = parse(text);
      kept.push({ file, text });
      seeds.forEach((seed, i) => {
        const change = changeOf(text, seed);
        text = applyChange(text, change);
        file = reparse(file, change, given[i] ? text : undefined);
        kept.push({ file, text });
      });
      for (const [k, { file: old, text: itsText }] of kept.entries()) {
        assert.equal(old.text, itsText, `tree ${k}: its text`);
        assert.deepStrictEqual(answers(old), answers(parse(itsText)), `tree ${k} of ${kept.length - 1} edits`);
      }
    }), { seed: 20250131, numRuns: 400 });
  });

  it('a tree held while a request before it grows keeps its requests where its text has them', () => {
    const text = '### A\naction = query\n### B\nlist = allimages\n@v = 1\n# note\nbad name = 2\n';
    const old = parse(text);
    const edited = reparse(old, { start: 5, end: 5, text: 'xyz' });
    assert.equal(edited.requests[1].span.start, text.indexOf('### B') + 3);
    assert.deepStrictEqual(answers(old), answers(parse(text)));
    assert.deepStrictEqual(paramsOf(old.requests[1]).map((p) => [p.name, p.start]), [['list', text.indexOf('list')], ['bad name', text.indexOf('bad')]]);
  });
});
