/**
 * The undo of a saved write (engine/src/write/undo.ts `undoOf`), the one the CLI, MCP and the
 * editor offer: an edit's undo, a created page's deletion, a move back, a deletion's restore, and
 * none where no one request takes the write back (or a value no `.wikiq` line can hold).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse, requestCount, requestOf } from '../../core/src';
import { undoFile, undoOf, type SaveResult } from '../../engine/src';

const ENDPOINT = 'https://w.example/w/api.php';
const saved = (over: Partial<SaveResult>): SaveResult => ({ endpoint: ENDPOINT, account: 'Ed', nochange: false, answer: {}, ...over });

/** The undo of `params` saved as `result`, as `name` then its `.wikiq` parameter lines (undefined: none). */
function check(params: Record<string, string>, result: Partial<SaveResult>, expected: string | undefined): void {
  const u = undoOf({ params }, saved(result));
  assert.equal(u && [u.name, ...u.params.map(([k, v]) => `${k} = ${v}`)].join('\n'), expected);
}

const EDIT = { action: 'edit', title: 'Sandbox', text: 'x' };
const CASES: Array<[string, Record<string, string>, Partial<SaveResult>, string | undefined]> = [
  ['an edit: undo its revision back to the one before', EDIT, { title: 'Sandbox', oldrevid: 12, newrevid: 13 },
    'Undo revision 13 of Sandbox\naction = edit\ntitle = Sandbox\nundo = 13\nundoafter = 12\nsummary = Undo revision 13 by Ed'],
  ['an edit that created the page: delete it', EDIT, { title: 'Sandbox', newrevid: 13 },
    'Delete Sandbox\naction = delete\ntitle = Sandbox\nreason = Undo the creation of revision 13 by Ed'],
  ['an edit the wiki saved no revision of: none', EDIT, { title: 'Sandbox', oldrevid: 12, nochange: true }, undefined],
  ['an edit of a title with a line break: none', EDIT, { title: 'A\nB', oldrevid: 12, newrevid: 13 }, undefined],
  ['a move: move it back, by the titles the wiki answered', { action: 'move', from: 'a', to: 'b' }, { answer: { from: 'A', to: 'B' } },
    'Move B back to A\naction = move\nfrom = B\nto = A\nreason = Undo the move by Ed'],
  ['a move the wiki answered no titles for: none', { action: 'move', from: 'A', to: 'B' }, {}, undefined],
  ['a deletion: restore it', { action: 'delete', title: 'Old page' }, { answer: { title: 'Old page' } },
    'Restore Old page\naction = undelete\ntitle = Old page\nreason = Undo the deletion by Ed'],
  ['a deletion by page id, the title from the answer', { action: 'delete', pageid: '7' }, { answer: { title: 'By id' } },
    'Restore By id\naction = undelete\ntitle = By id\nreason = Undo the deletion by Ed'],
  ['a protection: none (no one request takes it back)', { action: 'protect', title: 'P', protections: 'edit=sysop' }, { answer: { title: 'P' } }, undefined],
];

for (const [name, params, result, expected] of CASES) test(name, () => check(params, result, expected));

test('the undo as a .wikiq file: one request against the endpoint, parsed as written', () => {
  const text = undoFile(ENDPOINT, undoOf({ params: EDIT }, saved({ title: 'Sandbox', oldrevid: 12, newrevid: 13 }))!);
  assert.equal(text, `@endpoint = ${ENDPOINT}\n\n### Undo revision 13 of Sandbox\naction = edit\ntitle = Sandbox\nundo = 13\nundoafter = 12\nsummary = Undo revision 13 by Ed\n`);
  const file = parse(text);
  assert.deepEqual([requestCount(file), requestOf(file, 0)?.name], [1, 'Undo revision 13 of Sandbox']);
});
