/**
 * Completion's kept name lists (core/src/completion/nameLists.ts): a list is made again exactly when
 * its catalogue or a field of its shape differs, and a catalogue keeps at most NAME_LISTS_KEPT.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Catalogue } from '../../core/src/catalogue/model';
import { NAME_LISTS_KEPT, keptNameList, type NameListShape } from '../../core/src/completion/nameLists';

const base: NameListShape = { hasEquals: false, sharedData: false, trigger: undefined, selections: [['', 'main', false], ['', 'query', true]], templated: [] };
const newCatalogue = () => new Catalogue({ source: 'bundled', modules: [], exhaustive: false });

/** How many times `make` ran for the shapes asked in turn against one catalogue. */
function makes(shapes: NameListShape[], catalogue = newCatalogue()): number {
  let n = 0;
  for (const s of shapes) keptNameList(catalogue, s, () => (n++, []));
  return n;
}

describe('completion name lists: what they are kept by', () => {
  const rows: Array<[what: string, other: NameListShape, made: number]> = [
    ['the same shape', { ...base, selections: [['', 'main', false], ['', 'query', true]] }, 1],
    ['hasEquals', { ...base, hasEquals: true }, 2],
    ['sharedData', { ...base, sharedData: true }, 2],
    ['the trigger command', { ...base, trigger: 'editor.action.triggerSuggest' }, 2],
    ['a selection\'s prefix', { ...base, selections: [['', 'main', false], ['g', 'query', true]] }, 2],
    ['which selection is the action', { ...base, selections: [['', 'main', true], ['', 'query', false]] }, 2],
    ['a templated name', { ...base, templated: ['contentformat-main'] }, 2],
    // Fields that a string glued without separators would run together.
    ['a name holding a separator', { ...base, selections: [['', 'main', false], ['', 'query|', true]] }, 2],
  ];
  for (const [what, other, made] of rows) {
    it(`${what}: made ${made === 1 ? 'once' : 'again'}`, () => assert.equal(makes([base, other]), made));
  }

  it('another catalogue makes its own', () => {
    let n = 0;
    for (const c of [newCatalogue(), newCatalogue()]) keptNameList(c, base, () => (n++, []));
    assert.equal(n, 2);
  });

  it(`keeps at most ${NAME_LISTS_KEPT} per catalogue: past them, the first is made again`, () => {
    const many = Array.from({ length: NAME_LISTS_KEPT + 1 }, (_, i) => ({ ...base, templated: [`n${i}`] }));
    assert.equal(makes([...many, base]), NAME_LISTS_KEPT + 2);
    assert.equal(makes([...many.slice(0, NAME_LISTS_KEPT - 1), many[0]]), NAME_LISTS_KEPT - 1);
  });
});
