/**
 * What a line of a `.wikiq` file is (`classify`), shared by the block scanner (parser.ts) and the
 * parameter reader (params.ts) so that both read a line by the same rules; and the character-level
 * helpers they and incremental.ts use.
 */
import type { SyntaxError } from './ast';
import { SyntaxErrorCode, report } from './errors';

export type LineKind = 'blank' | 'header' | 'comment' | 'continuation' | 'variable' | 'url' | 'param' | 'nameless' | 'assertion';

/** One line, classified, with its offsets. */
export interface Line {
  readonly kind: LineKind;
  /** The line without its leading and trailing blanks: [start, end). */
  readonly start: number;
  readonly end: number;
  /**
   * [nameStart, nameEnd): a header's name after `###` (empty at `end` when none), a variable's
   * name after `@`, a parameter's name (up to `=`, or without `=` up to the first space or tab).
   */
  readonly nameStart: number;
  readonly nameEnd: number;
  /** Offset of the line's first `=` (variables and parameters), else -1. */
  readonly equals: number;
}

const METHOD_OR_URL = /^(?:(?:GET|POST|PUT|DELETE|PATCH|HEAD)[ \t]|https?:\/\/)/i;

/**
 * What the line text[lineStart, lineEnd) is. Grammar (one construct per line, blanks around it ignored):
 *   `### name` header · `# …` or `// …` comment · `| more` continuation · `@name = value` variable ·
 *   `GET https://…` or `https://…` URL line · `name = value` or `name` parameter · `= value` a
 *   parameter line without a name (`nameless`, an error) · `?? SUBJECT OPERATOR VALUE` an
 *   assertion (read by assertions.ts).
 */
export function classify(text: string, lineStart: number, lineEnd: number): Line {
  const s = skipBlanks(text, lineStart, lineEnd);
  if (s >= lineEnd) return { kind: 'blank', start: s, end: s, nameStart: s, nameEnd: s, equals: -1 };
  const e = trimBlanksBefore(text, s, lineEnd);
  const c = text.charCodeAt(s);
  if (isHeaderAt(text, s)) {
    let n = s + 3;
    while (n < e && text.charCodeAt(n) === 35) n++;
    return { kind: 'header', start: s, end: e, nameStart: skipBlanks(text, n, e), nameEnd: e, equals: -1 };
  }
  if (c === 35 /* # */ || (c === 47 /* / */ && text.charCodeAt(s + 1) === 47)) return { kind: 'comment', start: s, end: e, nameStart: s, nameEnd: s, equals: -1 };
  if (c === 124 /* | */) return { kind: 'continuation', start: s, end: e, nameStart: s, nameEnd: s, equals: -1 };
  if (c === 63 /* ? */ && text.charCodeAt(s + 1) === 63) return { kind: 'assertion', start: s, end: e, nameStart: s, nameEnd: s, equals: -1 };
  const eq = indexIn(text, 61 /* = */, s, e);
  if (c === 64 /* @ */) return { kind: 'variable', start: s, end: e, nameStart: s + 1, nameEnd: trimBlanksBefore(text, s + 1, eq >= 0 ? eq : e), equals: eq };
  // Only lines starting like a method or a URL (g, p, d, h) can be URL lines.
  const c0 = c | 0x20;
  if ((c0 === 0x67 || c0 === 0x70 || c0 === 0x64 || c0 === 0x68) && METHOD_OR_URL.test(text.slice(s, Math.min(e, s + 8)))) {
    return { kind: 'url', start: s, end: e, nameStart: s, nameEnd: s, equals: -1 };
  }
  let nameEnd = trimBlanksBefore(text, s, eq >= 0 ? eq : e);
  if (nameEnd === s) return { kind: 'nameless', start: s, end: e, nameStart: s, nameEnd: s, equals: eq };
  // Without `=`, the name stops at the first space or tab (the rest is the missing `=`'s error).
  if (eq < 0) {
    for (let i = s; i < nameEnd; i++) {
      const b = text.charCodeAt(i);
      if (b === 32 || b === 9) {
        nameEnd = i;
        break;
      }
    }
  }
  return { kind: 'param', start: s, end: e, nameStart: s, nameEnd, equals: eq };
}

/** Whether a `###` header line's text starts at `s` (its first non-blank). */
export function isHeaderAt(text: string, s: number): boolean {
  return text.startsWith('###', s);
}

/** What a `|` line can continue: the value of the parameter or variable right above it (comments between them aside). */
export type Open = 'none' | 'param' | 'variable';

/** What a `|` line after `line` continues, when one before `line` would have continued `open`. */
export function openAfter(open: Open, line: Line): Open {
  switch (line.kind) {
    case 'comment':
    case 'continuation':
      return open;
    case 'param':
      return line.equals >= 0 ? 'param' : 'none';
    case 'variable':
      return line.equals >= 0 ? 'variable' : 'none';
    default:
      return 'none';
  }
}

/** The errors of a parameter line's name (`param` or `nameless`), to `errors`. */
export function paramLineErrors(text: string, line: Line, errors: SyntaxError[]): void {
  if (line.kind === 'nameless') {
    report(errors, SyntaxErrorCode.MissingName, line.start, line.equals + 1);
    return;
  }
  const { start, nameEnd } = line;
  let name: string | undefined;
  if (line.equals < 0 && nameEnd < line.end) report(errors, SyntaxErrorCode.MissingEquals, start, line.end, (name = text.slice(start, nameEnd)));
  if (!isParamName(text, start, nameEnd)) report(errors, SyntaxErrorCode.InvalidParameterName, start, nameEnd, name ?? text.slice(start, nameEnd));
}

/** `[A-Za-z0-9_.-]+` at text[s, e). */
export function isParamName(text: string, s: number, e: number): boolean {
  if (s >= e) return false;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    const ok = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
    if (!ok) return false;
  }
  return true;
}

/** The start offset of every line (after each `\r\n`, `\n` or `\r`). */
export function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 13 /* \r */ && c !== 10 /* \n */) continue;
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    starts.push(i + 1);
  }
  return starts;
}

/** Where the line starting at `lineStart` ends, its line break left out (`nextLineStart` undefined: the last line). */
export function lineEndOf(text: string, lineStart: number, nextLineStart: number | undefined): number {
  let end = nextLineStart ?? text.length;
  if (nextLineStart !== undefined) {
    if (text.charCodeAt(end - 1) === 10) end--;
    if (text.charCodeAt(end - 1) === 13) end--;
  }
  return Math.max(lineStart, end);
}

/** The first offset of the character `code` in text[start, end), else -1 (bounded: never reads past `end`). */
export function indexIn(text: string, code: number, start: number, end: number): number {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/** The first offset of `{{` (or `}}` with `code` 125) in text[start, end), else -1. */
export function pairIn(text: string, code: number, start: number, end: number): number {
  for (let i = start; i < end - 1; i++) if (text.charCodeAt(i) === code && text.charCodeAt(i + 1) === code) return i;
  return -1;
}

export function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0 || c === 0xfeff;
}

/** The first offset in [start, end) that is not a blank, else `end`. */
export function skipBlanks(text: string, start: number, end: number): number {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  return start;
}

/** `end` with the blanks before it down to `start` left out. */
export function trimBlanksBefore(text: string, start: number, end: number): number {
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

const URL_START = /^https?:\/\//i;

/** An http(s) URL with a host. */
export function isHttpUrl(s: string): boolean {
  if (!URL_START.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
