/**
 * `requestAt(file, offset)`: the request the cursor is in (the last one starting at or before it;
 * before the first `###`, the preamble's request when it is one). `¦` marks the offset; the
 * expected value is the request's name (`''` for a `###` line without one, `null` for the
 * preamble's request, `undefined` for none).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestsOf, parse, requestAt } from '../../core/src';

function check(input: string, expected: string | null | undefined): void {
  const offset = input.indexOf('¦');
  const file = parse(input.replace('¦', ''));
  const r = requestAt(file, offset);
  assert.equal(r === undefined ? undefined : (r.name ?? null), expected, input);
}

describe('requestAt', () => {
  it('finds the request an offset is in', () => {
    check('¦', null);
    check('action = query¦', null);
    check('@v = 1\n¦\n### A\naction = query', undefined);
    check('### A\naction = query¦', 'A');
    check('¦### A\naction = query', 'A');
    check('### A\na = 1\n### B\nb = 2¦\n### C', 'B');
    check('### A\na = 1\n### B\nb = 2\n###¦ C', 'C');
    check('### A\na = 1\n### B\nb = 2\n### C\n¦', 'C');
    check('action = query\n### A\n¦', 'A');
    check('action = q¦uery\n### A\n', null);
    check('###\na¦ = 1', '');
  });

  it('agrees with a scan over every request, at every offset of a file of many requests', () => {
    const text = Array.from({ length: 40 }, (_, i) => `### R${i}\naction = query\n`).join('');
    const file = parse(text);
    const requests = requestsOf(file);
    for (let offset = 0; offset <= text.length; offset++) {
      const scan = [...requests].reverse().find((r) => r.span.start <= offset) ?? requests[0];
      // A request is made when asked (two views of one request are two objects): its place says which.
      assert.equal(requestAt(file, offset)?.index, scan.index, `offset ${offset}`);
    }
  });
});
