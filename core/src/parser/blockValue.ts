/**
 * Block values: a parameter line whose value is `"""` alone opens a value of several lines; its
 * lines are read as written (no `|` splitting, no comments, no `??`), up to a line that is `"""`
 * alone. The value is those lines joined by `\n`, one value (a page's text is not a list), its
 * `{{name}}` variables still read. A `###` line ends the block too (the block is then unclosed, an
 * error at its opening line): a block never spans a request's header, so an edit that opens or
 * closes one changes only its own request (incremental.ts rescans whole `###` blocks). Read by the
 * block scanner (parser.ts, with errors) and the parameter reader (params.ts, without): one pass
 * over the block's lines, each line once.
 */
import type { SyntaxError, VariableRef } from './ast';
import { NONE, Part, Value } from './nodes';
import { type Line, isHeaderAt, lineEndOf, skipBlanks } from './scan';
import { readVariables } from './values';

/** The delimiter that opens (as a parameter's whole value) and closes (as a line of its own) a block value. */
export const BLOCK_DELIMITER = '"""';

/** Whether the classified line `line` is a parameter line opening a block value (`name = """`). */
export function opensBlock(text: string, line: Line): boolean {
  if (line.kind !== 'param' || line.equals < 0) return false;
  const s = skipBlanks(text, line.equals + 1, line.end);
  return line.end - s === 3 && text.startsWith(BLOCK_DELIMITER, s);
}

/** A block value as read: the value, where it ends (the closing line's end, else its last line's), the line after it, and whether it was closed. */
export interface BlockRead {
  readonly value: Value;
  readonly end: number;
  readonly next: number;
  readonly closed: boolean;
}

/**
 * The block value whose first line is `first` (the line after its opening line), read up to its
 * closing `"""` line, a `###` line or `endLine`; the errors of its variables to `errors` when given.
 */
export function readBlock(text: string, lineStarts: ArrayLike<number>, first: number, endLine: number, errors?: SyntaxError[]): BlockRead {
  const from = first < lineStarts.length ? lineStarts[first] : text.length;
  const lines: string[] = [];
  const refs: VariableRef[] = [];
  let end = from;
  let i = first;
  let closed = false;
  for (; i < endLine; i++) {
    const start = lineStarts[i];
    const lineEnd = lineEndOf(text, start, lineStarts[i + 1]);
    const s = skipBlanks(text, start, lineEnd);
    if (isHeaderAt(text, s)) break;
    if (isClosing(text, s, lineEnd)) {
      closed = true;
      i++;
      break;
    }
    lines.push(text.slice(start, lineEnd));
    readVariables(text, start, lineEnd, errors, refs);
    end = lineEnd;
  }
  const value = new Value(from, end);
  const raw = lines.join('\n');
  const part = new Part(raw, raw, from, end, from, end, refs.length ? refs : NONE);
  part.block = true;
  value.addPart(part);
  value.block = true;
  const closing = closed ? lineEndOf(text, lineStarts[i - 1], lineStarts[i]) : end;
  return { value, end: closing, next: i, closed };
}

/** Whether text[s, lineEnd) (`s` past the line's leading blanks) is `"""` alone. */
function isClosing(text: string, s: number, lineEnd: number): boolean {
  if (!text.startsWith(BLOCK_DELIMITER, s)) return false;
  return skipBlanks(text, s + 3, lineEnd) === lineEnd;
}

/**
 * A value read from a file: `name = < ./page.wiki` (`<`, a blank, a path relative to the `.wikiq`
 * file), as REST Client and httpyac read bodies. The parser only records the path (`Value.file`,
 * its one part the path as written); the engine's resolver reads the file (the core does no I/O).
 * The value of the parameter line `line`, when it is one; else undefined.
 */
export function readFileValue(text: string, line: Line): Value | undefined {
  const s = fileValueStart(text, line);
  if (s < 0) return undefined;
  const path = text.slice(s, line.end);
  const value = new Value(line.equals + 1, line.end);
  value.addPart(new Part(path, path, s, line.end, line.equals + 1, line.end, NONE));
  value.file = path;
  return value;
}

/** Where the path of the file value on parameter line `line` starts, else -1 (a `|` line after one continues nothing). */
export function fileValueStart(text: string, line: Line): number {
  if (line.kind !== 'param' || line.equals < 0) return -1;
  const lt = skipBlanks(text, line.equals + 1, line.end);
  if (text.charCodeAt(lt) !== 60 /* < */) return -1;
  const s = skipBlanks(text, lt + 1, line.end);
  return s === lt + 1 || s >= line.end ? -1 : s;
}
