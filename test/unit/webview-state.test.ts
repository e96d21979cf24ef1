/**
 * The results view's saved state read back (client/media/src/state.ts `validUi`): a hostile or
 * stale saved state is dropped field by field — each field, and each entry of a map, of the wrong
 * shape goes alone, and the rest of the state stays.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type UiState, defaultUi, validUi } from '../../client/media/src/state';

const good: UiState = {
  identity: '["Recent",null,{}]',
  tab: 'json',
  table: 'logevents',
  sort: { logevents: { col: 'timestamp', dir: 'desc' } },
  filter: { logevents: 'Admin' },
  scroll: { logevents: 1200 },
  widths: { logevents: { title: 240, '#thumb': 84 } },
  thumbnails: true,
  wrap: false,
  viewFilter: { table: 'logevents', field: 'timestamp', kind: 'range', from: 1, to: 2 },
  viewSource: { 'logevents|timeline': 'timestamp' },
};

describe('webview state: a saved UI state read back', () => {
  it('keeps a good state whole', () => assert.deepEqual(validUi(good), good));
  it('makes the default of anything but an object', () => {
    for (const u of [null, 'x', 3, []]) assert.deepEqual(validUi(u), defaultUi());
  });

  const rows: Array<[field: keyof UiState, saved: unknown, read: unknown]> = [
    ['identity', 5, undefined],
    ['tab', 'settings', 'table'],
    ['table', { name: 'x' }, undefined],
    ['sort', 'timestamp', {}],
    ['sort', { logevents: { col: 'timestamp', dir: 'sideways' }, images: { col: 'size', dir: 'asc' } }, { images: { col: 'size', dir: 'asc' } }],
    ['sort', { logevents: { col: 7, dir: 'asc' } }, {}],
    ['sort', { logevents: null }, {}],
    ['sort', { logevents: { col: 'title', dir: 'asc', extra: '<img src=x>' } }, { logevents: { col: 'title', dir: 'asc' } }],
    ['filter', { logevents: 5, images: 'cat' }, { images: 'cat' }],
    ['filter', { logevents: { toString: 'x' } }, {}],
    ['scroll', { a: 'far', b: -1, c: Number.NaN, d: Number.POSITIVE_INFINITY, e: 30 }, { e: 30 }],
    ['scroll', 400, {}],
    ['widths', { logevents: 100 }, {}],
    ['widths', { logevents: { title: 'wide', user: Number.POSITIVE_INFINITY, type: -5, comment: 90 } }, { logevents: { comment: 90 } }],
    ['widths', { logevents: null, images: { name: 120 } }, { images: { name: 120 } }],
    ['thumbnails', 'yes', undefined],
    ['wrap', 1, undefined],
    ['viewFilter', { table: 'logevents' }, undefined],
    ['viewSource', { a: 1, b: 'size' }, { b: 'size' }],
  ];
  for (const [field, saved, read] of rows) {
    it(`${field}: ${JSON.stringify(saved)} is read as ${JSON.stringify(read)}, the rest kept`, () => {
      assert.deepEqual(validUi({ ...good, [field]: saved }), { ...good, [field]: read });
    });
  }

  it('an entry named __proto__ stays an entry: no prototype is set', () => {
    const ui = validUi({ ...good, filter: JSON.parse('{"__proto__": "x", "t": "y"}') as unknown });
    assert.equal(Object.getPrototypeOf(ui.filter), Object.prototype);
    assert.deepEqual(Object.entries(ui.filter), [['__proto__', 'x'], ['t', 'y']]);
  });
});
