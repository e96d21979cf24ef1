/**
 * Random edits for property tests, as an editor sends them: a range of the text as it is and the
 * text that replaces it. The pieces are the ones that change how a `.wikiq` line parses.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { lineCount, lineOf, lineStart } from '../../core/src';
import type { Block, TextChange, WikiqFile } from '../../core/src';
import { shapes } from './shapes';

export const PIECES = ['|', '{{', '}}', '=', '###', '\n', '\r\n', '@', '\\', '\\|', '#', '//', ' ', '\t', 'GET ', 'https://w.example/api.php?', '&', '%', '%1F', '%zz', '?', '{{limit}}', 'max', '*', 'ai', 'list', 'action = query\n', '?? ', '?? every ns == ', '?? $.query[0]', ' matches /', '"', '\u00a0', '\ufeff', '😀', '\u0000', '"""', 'text = """\n', '\n"""\n'];

const dir = resolve(__dirname, '..', '..', '..', 'test', 'fixtures');

/** The fixtures and a small file of every generated shape. */
export const editBases: Array<{ name: string; text: string }> = [
  ...readdirSync(dir).filter((f) => f.endsWith('.wikiq')).sort().map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') })),
  ...Object.entries(shapes).map(([name, shape]) => ({ name: `shape ${name}`, text: shape(40) })),
];

/** An edit as fractions of the text (start, length) and what it inserts; `at` makes it a change of a text. */
export interface EditSeed {
  from: number;
  length: number;
  text: string;
}

export const editSeedArb: fc.Arbitrary<EditSeed> = fc.record({
  from: fc.double({ min: 0, max: 1, noNaN: true }),
  length: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 })),
  text: fc.oneof(fc.constant(''), fc.constantFrom(...PIECES), fc.string({ maxLength: 6 }), fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((a) => a.join(''))),
});

export function changeOf(text: string, seed: EditSeed): TextChange {
  const start = Math.min(text.length, Math.floor(seed.from * (text.length + 1)));
  return { start, end: Math.min(text.length, start + seed.length), text: seed.text };
}

export function applyChange(text: string, c: TextChange): string {
  return text.slice(0, c.start) + c.text + text.slice(c.end);
}

/**
 * A parse tree as plain data, for comparing two trees: what the tree holds (a request's
 * parameters are not in it: `paramsOf` reads them), none of the bookkeeping.
 */
export function tree(file: WikiqFile): unknown {
  // A block's own line starts, not the array it shares with the blocks scanned with it.
  return JSON.parse(JSON.stringify(file, function (this: Block, key, value: unknown) {
    if (key === 'linesAt') return undefined;
    return key === 'lineStarts' ? Array.from(this.lineStarts.subarray(this.linesAt, this.linesAt + this.lineCount)) : value;
  }));
}

/**
 * Every line start of `file` as `lineStart` gives them, each checked with `lineOf`: a line's start,
 * and the offset before it, are on that line and the one before.
 */
export function lineStartsOf(file: WikiqFile): Int32Array {
  const out = new Int32Array(lineCount(file));
  for (let i = 0; i < out.length; i++) {
    out[i] = lineStart(file, i);
    if (lineOf(file, out[i]) !== i || (i > 0 && lineOf(file, out[i] - 1) !== i - 1)) throw new Error(`line ${i} starts at ${out[i]}, where lineOf says ${lineOf(file, out[i])}`);
  }
  return out;
}
