/**
 * Content findings kept across edits (#40, server/src/findings.ts): a finding's range mapped through
 * an edit. Inputs are data: `[…]` marks the finding in the text before the edit, `¦…¦` the text the
 * edit replaces (`¦¦` an insertion), and the expected text after the edit marks where the finding
 * is then (`dropped`: none, since the edit touched its value).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { mapThroughEdit } from '../../server/src/findings';

/** The text without its marks, and the offsets of `[`…`]` (the finding) and of `¦`…`¦` (the edit). */
function read(input: string): { text: string; finding?: [number, number]; edit?: [number, number] } {
  let text = '';
  const at: Record<string, number[]> = { '[': [], ']': [], '¦': [] };
  for (const ch of input) {
    if (ch in at) at[ch].push(text.length);
    else text += ch;
  }
  return { text, finding: at['['].length ? [at['['][0], at[']'][0]] : undefined, edit: at['¦'].length ? [at['¦'][0], at['¦'][1]] : undefined };
}

function check(before: string, replacement: string, after: string) {
  const b = read(before);
  const doc = TextDocument.create('file:///f.wikiq', 'wikiq', 1, b.text);
  const d: Diagnostic = { range: { start: doc.positionAt(b.finding![0]), end: doc.positionAt(b.finding![1]) }, message: 'missing-page' };
  const mapped = mapThroughEdit([d], doc, { start: b.edit![0], end: b.edit![1], text: replacement });
  const edited = TextDocument.create('file:///f.wikiq', 'wikiq', 2, b.text.slice(0, b.edit![0]) + replacement + b.text.slice(b.edit![1]));
  if (after === 'dropped') return assert.deepEqual(mapped, []);
  const a = read(after);
  assert.equal(edited.getText(), a.text, 'the expected text is the edited one');
  assert.deepEqual(mapped.map((m) => [edited.offsetAt(m.range.start), edited.offsetAt(m.range.end)]), [a.finding]);
}

describe('content findings mapped through an edit', () => {
  const cases: Array<[string, string, string, string]> = [
    ['a line inserted above', '¦¦action = query\ntitles = [Nope]\n', '# note\n', '# note\naction = query\ntitles = [Nope]\n'],
    ['lines removed above', '¦# a\n# b\n¦titles = [Nope]\n', '', 'titles = [Nope]\n'],
    ['typed before it on its line', 'titles¦¦ = [Nope]\n', '  ', 'titles   = [Nope]\n'],
    ['a line break before it on its line', 'titles =¦ ¦[Nope]\n', '\n  ', 'titles =\n  [Nope]\n'],
    ['typed after it, past a space', 'titles = [Nope] ¦¦\n', 'x', 'titles = [Nope] x\n'],
    ['lines inserted below', 'titles = [Nope]\n¦¦', 'list = x\n', 'titles = [Nope]\nlist = x\n'],
    ['typed at its end (its value changed)', 'titles = [Nope]¦¦\n', 'x', 'dropped'],
    ['typed at its start', 'titles = ¦¦[Nope]\n', 'x', 'dropped'],
    ['typed inside it', 'titles = [No¦¦pe]\n', 'x', 'dropped'],
    ['its line removed', 'a = 1\n¦titles = [Nope]\n¦', '', 'dropped'],
    ['the whole text sent again unchanged', '¦titles = [Nope]\n¦', 'titles = Nope\n', 'titles = [Nope]\n'],
    ['the whole text sent again with a line added above', '¦titles = [Nope]\n¦', '# c\ntitles = Nope\n', '# c\ntitles = [Nope]\n'],
  ];
  for (const [name, before, replacement, after] of cases) it(name, () => check(before, replacement, after));
});
