/**
 * One name for a request (common/requestRef.ts): the results panels, the run history, the Test
 * Explorer's items and the run fields all key a request by `requestKey` of its RequestRef.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRequestKey, requestKey, requestRefAt, requestRefs } from '../../common/requestRef';
import { requestsOf, parse } from '../../core/src';

const URI = 'file:///home/me/wiki%20work/q.wikiq';

/** The titles and keys of `text`'s requests. */
function check(text: string, expected: Array<[title: string, key: string]>): void {
  const refs = requestRefs(URI, requestsOf(parse(text)));
  assert.deepEqual(refs.map((r) => [r.title, requestKey(r)]), expected);
  refs.forEach((r, i) => {
    assert.equal(r.index, i);
    assert.deepEqual(requestRefAt(URI, requestsOf(parse(text)), i), r, 'one request alone is named as among all');
    assert.deepEqual(parseRequestKey(requestKey(r)), { uri: URI, title: r.title });
  });
}

test('a request is named by its ### title', () => check('### Files\naction = query\n', [['Files', `${URI}#Files`]]));
test('without a title, by its place', () => check('action = query\n\n###\naction = query\n', [['request 1', `${URI}#request 1`], ['request 2', `${URI}#request 2`]]));
test('a repeated title is numbered in file order', () =>
  check('### A\naction = query\n\n### B\naction = query\n\n### A\naction = query\n', [['A', `${URI}#A`], ['B', `${URI}#B`], ['A (2)', `${URI}#A (2)`]]));
test('a title holding # keeps it: the first # ends the URI', () => check('### C# and #tags\naction = query\n', [['C# and #tags', `${URI}#C# and #tags`]]));
test('a key without # is a file alone (a file\'s test item)', () => assert.deepEqual(parseRequestKey(URI), { uri: URI, title: '' }));
test('no such request, no ref', () => assert.equal(requestRefAt(URI, requestsOf(parse('action = query\n')), 3), undefined));
