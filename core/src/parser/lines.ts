/**
 * A tree's lines, worked out through its blocks: each block holds its own line starts relative to
 * its start (`Block.lineStarts`), the tree where each block starts (`blockStarts`) and which line
 * is its first (`blockLines`). So an edit makes line starts only for the blocks it scans again,
 * and a conversion is two binary searches: over the blocks, then within one.
 */
import type { Block, WikiqFile } from './ast';
import { lastAtOrBefore } from '../util/search';

/** How many lines `file` has (a final line break starts an empty last line). */
export function lineCount(file: WikiqFile): number {
  const last = file.blocks.length - 1;
  return file.blockLines[last] + file.blocks[last].lineCount;
}

/** The 0-based line of `offset` in `file` (the first line for an offset before it, the last after it). */
export function lineOf(file: WikiqFile, offset: number): number {
  const b = lastAtOrBefore(file.blockStarts, offset);
  const { lineStarts, linesAt, lineCount } = file.blocks[b];
  const within = lastAtOrBefore(lineStarts, offset - file.blockStarts[b], linesAt, linesAt + lineCount - 1) - linesAt;
  return file.blockLines[b] + Math.max(0, within);
}

/** Where line `line` of `file` starts (clamped to its lines). */
export function lineStart(file: WikiqFile, line: number): number {
  const b = lastAtOrBefore(file.blockLines, Math.max(0, line));
  const { lineStarts, linesAt, lineCount } = file.blocks[b];
  return file.blockStarts[b] + lineStarts[linesAt + Math.min(Math.max(0, line - file.blockLines[b]), lineCount - 1)];
}

/**
 * The starts of `block`'s lines where it starts at `start`, then where the next block starts
 * (`end`) unless it is the last (`end` is the text's length): what the readers of its lines take.
 */
export function blockLineStarts(block: Block, start: number, end: number, textLength: number): Int32Array {
  const { lineStarts, linesAt, lineCount } = block;
  const out = new Int32Array(end < textLength ? lineCount + 1 : lineCount);
  for (let i = 0; i < lineCount; i++) out[i] = lineStarts[linesAt + i] + start;
  if (end < textLength) out[lineCount] = end;
  return out;
}
