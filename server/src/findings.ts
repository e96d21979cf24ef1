/**
 * Content findings kept across edits (#40): until the next content pass replaces them, a document's
 * published diagnostics keep the last pass's content findings with their ranges mapped through each
 * edit since (the edits of the LSP change events, one at a time, as `documents.ts` applies them).
 * A finding whose range the edit touched (overlapping it, or at either end of it: its value
 * changed) is dropped; one after the edit moves with the text; one before it stays.
 */
import type { TextChange } from '../../core/src';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Position } from 'vscode-languageserver-types';

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);

/** `change` without the text it leaves as it was at either end (a whole-text change that changed a word: that word). */
function trimmed(text: string, change: TextChange): TextChange {
  let { start, end } = change;
  let from = 0;
  let to = change.text.length;
  while (start < end && from < to && text.charCodeAt(start) === change.text.charCodeAt(from)) {
    start++;
    from++;
  }
  while (end > start && to > from && text.charCodeAt(end - 1) === change.text.charCodeAt(to - 1)) {
    end--;
    to--;
  }
  return { start, end, text: change.text.slice(from, to) };
}

/** `findings` (ranges in `doc` before `change`) as they are after it; those it touched are left out. */
export function mapThroughEdit(findings: readonly Diagnostic[], doc: TextDocument, change: TextChange): Diagnostic[] {
  if (!findings.length) return [];
  const edit = trimmed(doc.getText(), change);
  if (edit.start === edit.end && !edit.text) return [...findings];
  const start = doc.positionAt(edit.start);
  const end = doc.positionAt(edit.end);
  const lines = edit.text.split(/\r\n|\r|\n/);
  const last = lines[lines.length - 1];
  const newEnd = lines.length === 1 ? { line: start.line, character: start.character + last.length } : { line: start.line + lines.length - 1, character: last.length };
  const moved = (p: Position): Position => (p.line === end.line
    ? { line: newEnd.line, character: newEnd.character + p.character - end.character }
    : { line: p.line + newEnd.line - end.line, character: p.character });
  const out: Diagnostic[] = [];
  for (const d of findings) {
    if (before(d.range.end, start)) out.push(d);
    else if (before(end, d.range.start)) out.push({ ...d, range: { start: moved(d.range.start), end: moved(d.range.end) } });
  }
  return out;
}
