/**
 * The server's documents (server/src/documents.ts): edits as an editor sends them (ranges in lines
 * and characters, several in one change, some past the end) reach the parse cache as offsets, and
 * the tree it serves after any of them is the tree of the document's text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parse } from '../../core/src';
import { DocumentTree, updateSafely } from '../../server/src/documents';
import { changeOf, editBases, editSeedArb, tree } from './edits';

describe('server documents: incremental parses', () => {
  it('after random edits (a few per change, sometimes past the end) the cached tree is the text\'s', () => {
    fc.assert(fc.property(fc.constantFrom(...editBases), fc.array(fc.array(editSeedArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (base, batches, pastEnd) => {
      const cache = new DocumentTree();
      let doc = TextDocument.create('file:///a.wikiq', 'wikiq', 1, base.text);
      cache.get(doc);
      for (const batch of batches) {
        const changes = batch.map((seed) => {
          const c = changeOf(doc.getText(), seed);
          const end = pastEnd ? { line: doc.lineCount + 5, character: 0 } : doc.positionAt(c.end);
          return { range: { start: doc.positionAt(c.start), end }, text: c.text };
        });
        doc = updateSafely(doc, changes, doc.version + 1, () => undefined, (c) => cache.changed(c));
        assert.deepStrictEqual(tree(cache.get(doc)), tree(parse(doc.getText())));
      }
    }), { seed: 7, numRuns: 200 });
  });

  it('a change of the whole text, and edits before the first parse, give a full parse', () => {
    const cache = new DocumentTree();
    let doc = TextDocument.create('file:///b.wikiq', 'wikiq', 1, 'action = query\n');
    doc = updateSafely(doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '### A\n' }], 2, () => undefined, (c) => cache.changed(c));
    assert.deepStrictEqual(tree(cache.get(doc)), tree(parse(doc.getText())));
    doc = updateSafely(doc, [{ text: 'list = x\n' }], 3, () => undefined, (c) => cache.changed(c));
    assert.deepStrictEqual(tree(cache.get(doc)), tree(parse('list = x\n')));
  });
});
