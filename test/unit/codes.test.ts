/**
 * The code table (core/src/codes.ts): a code whose message names a line of the document is marked
 * `namesLine`, and incremental validation (validationCache.ts) then makes its diagnostic again when
 * the request moves, where it moves other diagnostics unchanged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Code, getLanguageService, parse, reparse, StaticCatalogueProvider } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { doc } from './helpers';

/** `before` validated, then `insert` put at the start of the document (in a first request, so the others are not reparsed): the messages of `code` then. */
function messagesAfterMove(before: string, insert: string, code: Code): string[] {
  const ls = getLanguageService({ catalogues: new StaticCatalogueProvider(bundledCatalogue()), incremental: true });
  before = `### First\naction = query\n\n${before}`;
  const file = parse(before);
  ls.doValidation(doc(before), file);
  const after = insert + before;
  return ls.doValidation(doc(after), reparse(file, { start: 0, end: 0, text: insert }, after)).filter((d) => d.code === code).map((d) => d.message);
}

describe('codes: messages that name a line', () => {
  it('are made again when the request moves', () =>
    assert.deepEqual(messagesAfterMove('### R\naction = query\nformat = json\nformat = xml\n', '\n\n', Code.DuplicateParameter),
      ["'format' is given again on line 9: only the last one reaches the API."]));
  it('others are moved as they were', () =>
    assert.deepEqual(messagesAfterMove('### R\naction = query\nlist = allimages\nailimit = x\n', '\n\n', Code.NotAnInteger),
      ["'x' is not an integer: the API rejects the request (\"Invalid value for parameter 'ailimit'\")."]));
});
