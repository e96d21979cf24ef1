/**
 * Documents as the server keeps them (each open document's `DocumentTree` is part of its pipeline, pipeline.ts). Edits are applied one at a time, each range first brought
 * inside the document as it then is: the text-document library trusts the client's line numbers,
 * and an edit at line 2^31−1 makes its line index run away (1.7 GB, out of memory). Parses are
 * cached by version and text: a change that reuses a version number is not served a stale parse.
 * The edits since the last parse are kept (as offsets) so that the next parse reparses only the
 * requests they touch (core's `reparse`, given the document's own text for the last edit, whose
 * length it checks); a tree whose text is not the document's is replaced by a full parse. A tree
 * handed out stays true to its own text after later edits (`reparse` makes a new tree, changing
 * none), so a handler may hold one across an await.
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position } from 'vscode-languageserver-types';
import { parse, reparse, type TextChange, type WikiqFile } from '../../core/src';

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** `p` inside `doc` (past the end: the end; before the start: the start), or undefined when it is no position. */
function inside(doc: TextDocument, p: Position | undefined): { at: Position; moved: boolean } | undefined {
  if (!p || !isCount(p.line) || !isCount(p.character)) return undefined;
  const line = Math.floor(p.line);
  const character = Math.max(0, Math.floor(p.character));
  if (line < 0) return { at: { line: 0, character: 0 }, moved: true };
  if (line >= doc.lineCount) return { at: doc.positionAt(doc.getText().length), moved: true };
  return { at: { line, character }, moved: line !== p.line || character !== p.character };
}

/**
 * Applies `changes` to `doc` (the TextDocuments `update` hook): an edit whose range lies partly
 * outside the document is applied to the part inside it, one that is malformed is left out; both
 * are logged. The document stays whole either way.
 */
export function updateSafely(doc: TextDocument, changes: TextDocumentContentChangeEvent[], version: number, logError: (m: string) => void, record?: (change: TextChange, before: TextDocument) => void): TextDocument {
  for (const change of Array.isArray(changes) ? changes : []) {
    if (typeof change?.text !== 'string') {
      logError(`wikiq: ${doc.uri}: an edit without text was left out.`);
      continue;
    }
    if (!('range' in change) || change.range === undefined) {
      record?.({ start: 0, end: doc.getText().length, text: change.text }, doc);
      TextDocument.update(doc, [{ text: change.text }], version);
      continue;
    }
    const start = inside(doc, change.range.start);
    const end = inside(doc, change.range.end);
    if (!start || !end) {
      logError(`wikiq: ${doc.uri}: an edit with a malformed range was left out: ${JSON.stringify(change.range).slice(0, 200)}`);
      continue;
    }
    if (start.moved || end.moved) {
      logError(`wikiq: ${doc.uri}: an edit out of the document's range (${JSON.stringify(change.range).slice(0, 200)}, ${doc.lineCount} lines) was applied inside it.`);
    }
    const from = doc.offsetAt(start.at);
    record?.({ start: from, end: Math.max(from, doc.offsetAt(end.at)), text: change.text }, doc);
    TextDocument.update(doc, [{ range: { start: start.at, end: end.at }, text: change.text }], version);
  }
  return TextDocument.update(doc, [], version);
}

/** At most this many edits wait for the next parse; past it, the next parse is a full one. */
const MAX_PENDING = 256;

/** One document's tree: a parse is reused only for the same version and the same text. */
export class DocumentTree {
  private parsed?: { version: number; file: WikiqFile };
  /** The edits made to the document since its last parse, in order. */
  private pending?: TextChange[];

  /** Notes an edit of the document (in the offsets of its text just before the edit). */
  changed(change: TextChange): void {
    if (!this.parsed) return;
    this.pending ??= [];
    if (this.pending.length >= MAX_PENDING) {
      this.parsed = undefined;
      this.pending = undefined;
      return;
    }
    this.pending.push(change);
  }

  get(doc: TextDocument): WikiqFile {
    const hit = this.parsed;
    const text = doc.getText();
    const edits = this.pending;
    this.pending = undefined;
    if (hit && !edits && hit.version === doc.version && hit.file.text === text) return hit.file;
    let file: WikiqFile | undefined;
    if (hit && edits) {
      file = hit.file;
      // The last edit's text is the document's: the tree is made on it (one string, kept and
      // scanned once), and the comparison below is then one of identity.
      for (let i = 0; i < edits.length; i++) file = reparse(file, edits[i], i === edits.length - 1 ? text : undefined);
      if (file.text !== text) file = undefined;
    }
    file ??= parse(text);
    this.parsed = { version: doc.version, file };
    return file;
  }
}
