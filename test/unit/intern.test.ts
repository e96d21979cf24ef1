/**
 * The parser's shared strings (core/src/parser/intern.ts): a read gives the text's characters,
 * whatever the table held before, and the table keeps no document text alive.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { paramsOf, parse, reparse } from '../../core/src';
import { NAME_MAX, Strings, VALUE_MAX } from '../../core/src/parser/intern';
import { applyChange } from './edits';

describe('shared strings', () => {
  it('a read is the text it reads, through any sequence of reads of any texts', () => {
    // A small alphabet and short texts: the same characters come back often, and slots collide.
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '|', ' ', '\u{1F600}'), maxLength: 40 });
    const read = fc.tuple(text, fc.nat(), fc.nat(), fc.constantFrom(NAME_MAX, VALUE_MAX, 0));
    fc.assert(fc.property(fc.array(read, { maxLength: 60 }), (reads) => {
      const strings = new Strings();
      for (const [t, a, b, max] of reads) {
        const s = Math.min(a, b) % (t.length + 1);
        const e = Math.min(Math.max(a, b) % (t.length + 1) + s, t.length);
        assert.equal(strings.get(t, s, e, max), t.slice(s, e));
      }
    }), { seed: 7, numRuns: 300 });
  });

  it('keeps no document text alive: names of 13 to 24 characters, new in each of 50 texts of 2 MB', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let text = Array.from({ length: 2000 }, (_, i) => `### R${i}\naction = query\nlist = categorymembers\ncmtitle = Category:${'x'.repeat(1000)}\n`).join('');
    let file = parse(text);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let k = 0; k < 50; k++) {
      // A name no text had before, read into the table when the request's parameters are read.
      const at = file.requests[k].span.end;
      const line = `\nlongname${String(k).padStart(5, '0')}x = 1`;
      text = applyChange(text, { start: at, end: at, text: line });
      file = reparse(file, { start: at, end: at, text: line });
      assert.equal(paramsOf(file.requests[k]).at(-1)!.name, `longname${String(k).padStart(5, '0')}x`);
    }
    gc();
    const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    // Names kept as views onto their texts would keep the 50 texts: 100 MB.
    assert.ok(grown < 20, `the heap grew by ${grown.toFixed(1)} MB over 50 edits`);
  });
});
