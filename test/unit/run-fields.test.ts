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
import { parse } from '../../core/src';
import { runFieldsOf } from '../../client/src/run/runFields';
import { MAX_RUN_FIELD_REQUESTS, RunFields } from '../../server/src/runFields';

const [files, untitled] = requestRefs('a', parse('### Files\naction = query\n\n###\naction = query\n').requests);

describe('run fields: what the client sends', () => {
  const cases: Array<[string, typeof files, unknown, ReturnType<typeof runFieldsOf>]> = [
    ['the first list\'s columns, by the request\'s title', files, { batchcomplete: true, query: { allimages: [{ name: 'A.png', size: 3 }, { name: 'B.png', url: 'http://w/B.png' }] } },
      { uri: 'a', request: 'Files', fields: ['name', 'size', 'url'] }],
    ['a request without a title, by its number', untitled, { query: { allimages: [{ name: 'A' }] } }, { uri: 'a', request: 'request 2', fields: ['name'] }],
    ['nothing without a table', files, { batchcomplete: true }, undefined],
  ];
  for (const [what, ref, result, expected] of cases) it(what, () => assert.deepEqual(runFieldsOf(ref, result), expected));
});

describe('run fields: what the server keeps', () => {
  it('the last run replaces the one before; closing the document forgets it', () => {
    const s = new RunFields();
    assert.equal(s.set({ uri: 'a', request: 'Files', fields: ['name'] }), true);
    s.set({ uri: 'a', request: 'Files', fields: ['title', 'ns', 'title'] });
    assert.deepEqual(s.get(files), ['title', 'ns']);
    assert.equal(s.get({ ...files, uri: 'b' }), undefined);
    s.forget('a');
    assert.equal(s.get(files), undefined);
  });

  it('refuses what is malformed and bounds what it keeps', () => {
    const s = new RunFields();
    for (const bad of [null, 3, { uri: 'a' }, { uri: 'a', request: 1, fields: [] }, { uri: 'a', request: 'r', fields: 'name' }]) assert.equal(s.set(bad), false);
    s.set({ uri: 'a', request: 'Files', fields: [...Array.from({ length: MAX_RUN_FIELDS + 50 }, (_, i) => `f${i}`), 'x'.repeat(101), 5] });
    assert.equal(s.get(files)!.length, MAX_RUN_FIELDS);
    for (let i = 0; i < MAX_RUN_FIELD_REQUESTS; i++) s.set({ uri: `doc${i}`, request: 'Files', fields: ['name'] });
    assert.equal(s.get(files), undefined, 'the oldest entry went');
    assert.deepEqual(s.get({ ...files, uri: `doc${MAX_RUN_FIELD_REQUESTS - 1}` }), ['name']);
  });
});
