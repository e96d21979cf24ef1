/**
 * Reading a request's parameters (`paramsOf`, core/src/parser/params.ts) gives the same answer
 * whatever was read before it: random orders of reads over the fixtures and generated files,
 * after random edits (`reparse`), each read compared with a fresh parse of the same text read in
 * file order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { requestsOf, type RequestNode, type WikiqFile, paramsOf, parse, reparse } from '../../core/src';
import { applyChange, changeOf, editBases, editSeedArb } from './edits';

/** Each request's parameters as plain data, read in file order. */
function inOrder(file: WikiqFile): unknown[] {
  return requestsOf(file).map((r) => plain(r));
}

function plain(request: RequestNode): unknown {
  return JSON.parse(JSON.stringify(paramsOf(request))) as unknown;
}

describe('reading parameters', () => {
  it('gives the same answer whatever was read before, after any edits', () => {
    const base = fc.constantFrom(...editBases);
    fc.assert(fc.property(base, fc.array(editSeedArb, { maxLength: 8 }), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (b, seeds, reads) => {
      let text = b.text;
      let file = parse(text);
      for (const seed of seeds) {
        const change = changeOf(text, seed);
        text = applyChange(text, change);
        file = reparse(file, change);
      }
      const expected = inOrder(parse(text));
      assert.equal(requestsOf(file).length, expected.length);
      for (const k of reads) {
        const i = k % requestsOf(file).length;
        assert.deepStrictEqual(plain(requestsOf(file)[i]), expected[i], `request ${i} of ${b.name}`);
        assert.equal(paramsOf(requestsOf(file)[i]).length, requestsOf(file)[i].paramCount, `request ${i}: paramCount`);
      }
    }), { seed: 20261125, numRuns: 300 });
  });

  it('two reads give equal lists of nodes of their own (a node changed by a reader changes no other read)', () => {
    const file = parse('### R\naction = query\nlist = a|b\n');
    const [one, two] = [paramsOf(requestsOf(file)[0]), paramsOf(requestsOf(file)[0])];
    assert.deepStrictEqual(JSON.parse(JSON.stringify(one)), JSON.parse(JSON.stringify(two)));
    assert.notEqual(one, two);
    assert.notEqual(one[1].value, two[1].value);
  });
});
