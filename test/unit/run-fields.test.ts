/**
 * The record fields of a request's last run, for completion after `every`/`some`/`no` on its `??`
 * lines: what the client sends (client/src/run/runFields.ts: the first table's columns, keyed by
 * the request's `RequestRef` title) and what the server keeps (server/src/runFields.ts: replaced
 * by the next run, dropped as the document closes, bounded, malformed input refused).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_RUN_FIELDS } from '../../common/protocol';
import { requestRefs } from '../../common/requestRef';
import { requestsOf, parse } from '../../core/src';
import { runFieldsOf } from '../../client/src/run/runFields';
import { MAX_RUN_FIELD_REQUESTS, RunFields, readRunFields } from '../../server/src/runFields';

const [files, untitled] = requestRefs('a', requestsOf(parse('### Files\naction = query\n\n###\naction = query\n')));

describe('run fields: what the client sends', () => {
  const cases: Array<[string, typeof files, unknown, ReturnType<typeof runFieldsOf>]> = [
    ['the first list\'s columns, by the request\'s title', files, { batchcomplete: true, query: { allimages: [{ name: 'A.png', size: 3 }, { name: 'B.png', url: 'http://w/B.png' }] } },
      { uri: 'a', request: 'Files', fields: ['name', 'size', 'url'] }],
    ['a request without a title, by its number', untitled, { query: { allimages: [{ name: 'A' }] } }, { uri: 'a', request: 'request 2', fields: ['name'] }],
    ['nothing without a table', files, { batchcomplete: true }, undefined],
  ];
  for (const [what, ref, result, expected] of cases) it(what, () => assert.deepEqual(runFieldsOf(ref, result), expected));
});

describe('run fields: what the server keeps (one RunFields per open document\'s pipeline)', () => {
  it('the last run replaces the one before; another request has none', () => {
    const s = new RunFields();
    s.set('Files', ['name']);
    s.set('Files', readRunFields({ uri: 'a', request: 'Files', fields: ['title', 'ns', 'title'] })!.fields);
    assert.deepEqual(s.get(files.title), ['title', 'ns']);
    assert.equal(s.get(untitled.title), undefined);
  });

  it('refuses what is malformed and bounds what it keeps', () => {
    for (const bad of [null, 3, { uri: 'a' }, { uri: 'a', request: 1, fields: [] }, { uri: 'a', request: 'r', fields: 'name' }]) assert.equal(readRunFields(bad), undefined);
    const read = readRunFields({ uri: 'a', request: 'Files', fields: [...Array.from({ length: MAX_RUN_FIELDS + 50 }, (_, i) => `f${i}`), 'x'.repeat(101), 5] })!;
    assert.equal(read.fields.length, MAX_RUN_FIELDS);
    const s = new RunFields();
    s.set('Files', read.fields);
    for (let i = 0; i < MAX_RUN_FIELD_REQUESTS; i++) s.set(`R${i}`, ['name']);
    assert.equal(s.get(files.title), undefined, 'the oldest entry went');
    assert.deepEqual(s.get(`R${MAX_RUN_FIELD_REQUESTS - 1}`), ['name']);
  });
});
