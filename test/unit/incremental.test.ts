/**
 * Incremental parsing (core/src/parser/incremental.ts): after any sequence of edits, the tree
 * `reparse` keeps is the tree `parse` gives for the final text, node for node; on every fixture
 * and generated shape, with a seeded property test.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parse, reparse } from '../../core/src';
import { applyChange, changeOf, editBases, editSeedArb } from './edits';

describe('incremental parsing', () => {
  for (const base of editBases) {
    it(`random edit sequences of ${base.name} parse as the final text does`, () => {
      fc.assert(fc.property(fc.array(editSeedArb, { minLength: 1, maxLength: 12 }), (seeds) => {
        let file = parse(base.text);
        let text = base.text;
        for (const seed of seeds) {
          const change = changeOf(text, seed);
          text = applyChange(text, change);
          file = reparse(file, change);
          assert.equal(file.text, text);
        }
        assert.deepStrictEqual(file, parse(text));
      }), { seed: 20240607, numRuns: 150 });
    });
  }

  it('a header made, unmade and joined to the line above', () => {
    const steps: Array<[number, number, string]> = [[0, 0, '### A\n'], [6, 6, 'x'], [0, 1, ''], [5, 6, ''], [0, 0, '\r'], [1, 1, '\n']];
    let text = 'action = query\n### B\nlist = x\r### C\n';
    let file = parse(text);
    for (const [start, end, insert] of steps) {
      text = applyChange(text, { start, end, text: insert });
      file = reparse(file, { start, end, text: insert });
      assert.deepStrictEqual(file, parse(text));
    }
  });

  it('an edit out of range is clamped, and a tree not from parse is parsed again', () => {
    const file = reparse(parse('a = 1\n'), { start: 99, end: -3, text: 'b' });
    assert.deepStrictEqual(file, parse('a = 1\nb'));
    const foreign = { ...parse('x = 1') };
    assert.deepStrictEqual(reparse(foreign, { start: 0, end: 1, text: 'y' }), parse('y = 1'));
  });
});

describe('incremental parsing: many edits', () => {
  it('past the edits after which a full parse is made, the tree is still the text\'s', () => {
    let text = editBases[0].text;
    let file = parse(text);
    for (let i = 0; i < 80; i++) {
      const change = { start: (i * 37) % (text.length + 1), end: (i * 37) % (text.length + 1), text: i % 5 ? 'x' : '\n' };
      text = applyChange(text, change);
      file = reparse(file, change);
    }
    assert.deepStrictEqual(file, parse(text));
  });
});
