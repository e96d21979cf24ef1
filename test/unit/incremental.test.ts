/**
 * Incremental parsing (core/src/parser/incremental.ts): after any sequence of edits, the tree
 * `reparse` keeps is the tree `parse` gives for the final text, node for node, and every
 * request's parameters (`paramsOf`) are those of the final text; on every fixture and generated
 * shape, with a seeded property test.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { computeLineStarts, requestsOf, paramsOf, parse, reparse, syntaxErrors } from '../../core/src';
import type { WikiqFile } from '../../core/src';
import { applyChange, changeOf, editBases, editSeedArb, lineStartsOf, tree as treeOnly } from './edits';

/** A tree as plain data, with every request's parameters as `paramsOf` reads them. */
function tree(file: WikiqFile): unknown {
  return { tree: treeOnly(file), params: requestsOf(file).map((r) => JSON.parse(JSON.stringify(paramsOf(r))) as unknown) };
}

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
        assert.deepStrictEqual(tree(file), tree(parse(text)));
        assert.deepStrictEqual(lineStartsOf(file), Int32Array.from(computeLineStarts(text)));
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
      assert.deepStrictEqual(tree(file), tree(parse(text)));
    }
  });

  it('the caller\'s text is taken only when it is what the change makes', () => {
    const change = { start: 4, end: 5, text: 'x' };
    const right = applyChange('a = 1\nb = 2\n', change);
    assert.equal(reparse(parse('a = 1\nb = 2\n'), change, right).text, right);
    assert.deepStrictEqual(tree(reparse(parse('a = 1\nb = 2\n'), change, 'a = y\nb = 2\n')), tree(parse(right)), 'same length, other text: not taken');
    assert.deepStrictEqual(tree(reparse(parse('a = 1\nb = 2\n'), change, 'a = x\n')), tree(parse(right)), 'another length: not taken');
  });

  it('an edit out of range is clamped; a copy of a tree is as incremental as the tree (its blocks are fields of it)', () => {
    const file = reparse(parse('a = 1\n'), { start: 99, end: -3, text: 'b' });
    assert.deepStrictEqual(tree(file), tree(parse('a = 1\nb')));
    const original = parse('x = 1\n### B\nlist = y\n');
    const copied = reparse({ ...original }, { start: 0, end: 1, text: 'z' });
    assert.deepStrictEqual(tree(copied), tree(parse('z = 1\n### B\nlist = y\n')));
    assert.equal(copied.blocks[1], original.blocks[1], 'the block after the edit is shared, not scanned again');
  });
});

describe('incremental parsing: many edits', () => {
  it('through many edits (no full parse in between), the tree is still the text\'s', () => {
    let text = editBases[0].text;
    let file = parse(text);
    for (let i = 0; i < 80; i++) {
      const change = { start: (i * 37) % (text.length + 1), end: (i * 37) % (text.length + 1), text: i % 5 ? 'x' : '\n' };
      text = applyChange(text, change);
      file = reparse(file, change, i % 2 ? text : undefined);
    }
    assert.deepStrictEqual(tree(file), tree(parse(text)));
  });

  it('a big paste (more lines than one call takes arguments) parses as the text does', () => {
    const paste = Array.from({ length: 150_000 }, (_, i) => `p${i} = ${i}`).join('\n') + '\n';
    let text = editBases[0].text;
    let file = parse(text);
    const at = text.indexOf('\n') + 1;
    text = applyChange(text, { start: at, end: at, text: paste });
    file = reparse(file, { start: at, end: at, text: paste });
    assert.deepStrictEqual(lineStartsOf(file), Int32Array.from(computeLineStarts(text)));
  });

  it('a tree kept through many edits holds no earlier text (each edit\'s text is a new 2 MB string)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const blocks = 2000;
    let text = Array.from({ length: blocks }, (_, i) => `### R${i}\naction = query\nlist = categorymembers\ncmtitle = Category:${'x'.repeat(1000)}${i}\n`).join('');
    let file = parse(text);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let k = 0; k < 50; k++) {
      // Inside the title of a block of its own each time: that block is parsed again from this text.
      const at = paramsOf(requestsOf(file)[(k * 37) % blocks])[2].value!.span.start + 20;
      text = applyChange(text, { start: at, end: at, text: 'y' });
      file = reparse(file, { start: at, end: at, text: 'y' });
    }
    gc();
    const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    assert.deepStrictEqual(tree(file), tree(parse(text)));
    // 50 texts of 2 MB kept alive would be 100 MB; the tree's own growth is well under 20 MB.
    assert.ok(grown < 20, `the heap grew by ${grown.toFixed(1)} MB over 50 edits`);
  });
});

describe('parameters read on demand (core/src/parser/params.ts)', () => {
  const n = 1000;
  for (const preamble of ['', '@x = 1\n# a comment\n']) {
    it(`a request's parameters are its own, read in any order (${preamble ? 'after a preamble' : 'a ### on the very first line'})`, () => {
      const text = preamble + Array.from({ length: n }, (_, i) => `### R${i}\naction = query\nlist = x${i}|y\n\n`).join('');
      const file = parse(text);
      assert.equal(requestsOf(file).length, n);
      // Backwards, twice.
      for (let round = 0; round < 2; round++) {
        for (let i = n - 1; i >= 0; i--) {
          assert.equal(requestsOf(file)[i].paramCount, 2, `request ${i}: the count, known without the parameters`);
          const got = paramsOf(requestsOf(file)[i]).map((p) => [p.name, text.slice(p.span.start, p.span.end), p.value?.parts.map((x) => x.text)]);
          assert.deepEqual(got, [['action', 'action = query', ['query']], ['list', `list = x${i}|y`, [`x${i}`, 'y']]], `request ${i}`);
        }
      }
    });
  }

  it('the file\'s syntax errors leave out those about {{…}} inside a pasted URL\'s values', () => {
    const text = '### Bad\naction = query\ntitles = {{a b}}\n' + Array.from({ length: 100 }, (_, i) => `### R${i}\naction = query\nlist = x${i}\n`).join('') +
      '### Pasted\nGET https://w.example/w/api.php?action=query&titles={{Sandbox}}\n';
    const file = parse(text);
    assert.deepEqual(syntaxErrors(file).map((e) => text.slice(e.span.start, e.span.end)), ['a b'], 'the pasted URL\'s {{Sandbox}} is its own text; {{a b}} is an error');
  });

  it('after an edit, the requests it moved give their parameters at their new offsets', () => {
    let text = Array.from({ length: n }, (_, i) => `### R${i}\naction = query\nlist = x${i}\n`).join('');
    let file = parse(text);
    for (let k = 0; k < 5; k++) {
      const at = text.indexOf(`list = x${k * 100}\n`);
      text = applyChange(text, { start: at, end: at, text: 'a = 1\n' });
      file = reparse(file, { start: at, end: at, text: 'a = 1\n' }, text);
      for (let i = 0; i < n; i += 7) {
        for (const p of paramsOf(requestsOf(file)[i])) assert.equal(text.slice(p.nameSpan.start, p.nameSpan.end), p.name, `request ${i} after edit ${k}`);
      }
    }
    assert.deepStrictEqual(tree(file), tree(parse(text)));
  });
});

describe('parameters read on demand: memory', () => {
  it('a parsed file keeps its requests, not their parameters (heap kept by the tree of a 1 MB file)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const text = Array.from({ length: 5000 }, (_, i) => `### R${i}\naction = query\nlist = allimages\naisort = timestamp\naidir = older\naiprop = timestamp|url|size\nailimit = 50\nredirects\n\n`).join('');
    gc();
    const before = process.memoryUsage().heapUsed;
    const file = parse(text);
    gc();
    const kept = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    assert.equal(requestsOf(file).length, 5000);
    // The requests alone take under 2 MB; a tree that kept its 35,000 parameter nodes would take about 18 MB.
    assert.ok(kept < 3, `the tree keeps ${kept.toFixed(1)} MB`);
  });
});
