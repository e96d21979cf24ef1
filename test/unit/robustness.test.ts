/**
 * Property test: every fixture in test/fixtures/*.wikiq, and random edits of them (characters,
 * lines, pipes, `{{`, `=`, `###`, URLs… inserted, deleted, duplicated), parse and go through every
 * feature of the language service — validation, code actions, completion and hover at random
 * offsets, symbols, folding — without an exception. The service is built so that a feature that
 * throws fails the test (instead of degrading silently).
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Range } from 'vscode-languageserver-types';
import { parse } from '../../core/src/parser/parser';
import { doc, service } from './helpers';
import { fixtureCatalogue } from './fixtureCatalogue';
import { PIECES } from './edits';
import { requestsOf } from '../../core/src/parser/blocks';
import { errorsOf } from '../../core/src/parser/blocks';

const dir = resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.wikiq')).sort().map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));


type Edit =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'deleteLine'; line: number }
  | { kind: 'duplicateLine'; line: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 4 })) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant('deleteLine' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicateLine' as const), line: fc.nat() }),
);

function applyEdit(text: string, e: Edit): string {
  switch (e.kind) {
    case 'insert': {
      const at = text.length ? e.at % (text.length + 1) : 0;
      return text.slice(0, at) + e.text + text.slice(at);
    }
    case 'delete': {
      if (!text.length) return text;
      const at = e.at % text.length;
      return text.slice(0, at) + text.slice(at + e.length);
    }
    case 'deleteLine':
    case 'duplicateLine': {
      const lines = text.split('\n');
      const i = e.line % lines.length;
      if (e.kind === 'deleteLine') lines.splice(i, 1);
      else lines.splice(i, 0, lines[i]);
      return lines.join('\n');
    }
  }
}

const bundled = service();
const full = service(fixtureCatalogue(), { endpoint: 'https://env.example/api.php', variables: { limit: '5' } });

/** Runs every feature on a text; any exception fails (the services rethrow what their guard caught). */
function exercise(text: string, offsets: number[]): void {
  const file = parse(text);
  assert.ok(Array.isArray(requestsOf(file)) && Array.isArray(errorsOf(file)));
  for (const e of errorsOf(file)) assert.ok(e.span.start >= 0 && e.span.start <= e.span.end && e.span.end <= text.length, `syntax error span within the text: ${JSON.stringify(e)}`);
  const d = doc(text);
  for (const ls of [bundled, full]) {
    const diags = ls.doValidation(d, file);
    for (const x of diags) {
      assert.equal(x.source, 'wikiq');
      assert.ok(typeof x.code === 'string' && x.code.length > 0);
    }
    ls.findDocumentSymbols(d, file);
    ls.getFoldingRanges(d, file);
    for (const raw of offsets) {
      const offset = text.length ? raw % (text.length + 1) : 0;
      const pos = d.positionAt(offset);
      ls.doComplete(d, pos, file);
      ls.doHover(d, pos, file);
      const touching = diags.filter((x) => d.offsetAt(x.range.start) <= offset && offset <= d.offsetAt(x.range.end));
      ls.doCodeActions(d, Range.create(pos, pos), { diagnostics: touching }, file);
    }
    // Every quick fix at every diagnostic produces edits within the document.
    for (const x of diags) {
      for (const a of ls.doCodeActions(d, x.range, { diagnostics: [x] }, file)) {
        for (const te of a.edit?.changes?.[d.uri] ?? []) {
          assert.ok(d.offsetAt(te.range.start) <= d.offsetAt(te.range.end), 'edit range is ordered');
        }
      }
    }
  }
}

describe('robustness', () => {
  it('has fixtures to work on', () => assert.ok(fixtures.length >= 4, `fixtures in ${dir}`));

  for (const f of fixtures) {
    it(`runs every feature on ${f.name} as it is`, () => exercise(f.text, Array.from({ length: 40 }, (_, i) => Math.floor((i * f.text.length) / 39))));
  }

  it('survives random edits of the fixtures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: fixtures.length - 1 }),
        fc.array(editArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        (i, edits, offsets) => {
          const text = edits.reduce(applyEdit, fixtures[i].text);
          exercise(text, offsets);
        },
      ),
      { numRuns: 800, includeErrorInReport: true },
    );
  });

  it('survives arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...PIECES, 'a', '1', 'b'), maxLength: 60 }), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (text, offsets) => {
        exercise(text, offsets);
      }),
      { numRuns: 500, includeErrorInReport: true },
    );
  });
});
