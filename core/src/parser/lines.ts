/**
 * A tree's lines, worked out through its blocks: each block holds its own line starts relative to
 * its start (`Block.lines`), the tree where each block starts (`blockStarts`) and which line is its
 * first (`blockLines`). So an edit makes line starts only for the blocks it scans again, and a
 * conversion is two binary searches: over the blocks, then within one.
 */
import type { Block, WikiqFile } from './ast';
import { lastAtOrBefore } from '../util/search';

/** How many lines `file` has (a final line break starts an empty last line). */
export function lineCount(file: WikiqFile): number {
  const last = file.blocks.length - 1;
  return file.blockLines[last] + file.blocks[last].lines.length;
}

/** The 0-based line of `offset` in `file` (the first line for an offset before it, the last after it). */
export function lineOf(file: WikiqFile, offset: number): number {
  const b = lastAtOrBefore(file.blockStarts, offset);
  return file.blockLines[b] + Math.max(0, lastAtOrBefore(file.blocks[b].lines, offset - file.blockStarts[b]));
}

/** Where line `line` of `file` starts (clamped to its lines). */
export function lineStart(file: WikiqFile, line: number): number {
  const b = lastAtOrBefore(file.blockLines, Math.max(0, line));
  const lines = file.blocks[b].lines;
  return file.blockStarts[b] + lines[Math.min(Math.max(0, line - file.blockLines[b]), lines.length - 1)];
}

/**
 * The starts of `block`'s lines where it starts at `start`, then where the next block starts
 * (`end`) unless it is the last (`end` is the text's length): what the readers of its lines take.
 */
export function blockLineStarts(block: Block, start: number, end: number, textLength: number): Int32Array {
  const n = block.lines.length;
  const out = new Int32Array(end < textLength ? n + 1 : n);
  for (let i = 0; i < n; i++) out[i] = block.lines[i] + start;
  if (end < textLength) out[n] = end;
  return out;
}
