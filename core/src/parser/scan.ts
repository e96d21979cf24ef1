/** Character-level helpers of the parser (and of incremental.ts): lines, blanks, names. */

/** `[A-Za-z0-9_.-]+`, without a regular expression (one test per parameter line). */
export function isParamName(text: string, s: number, e: number): boolean {
  if (s >= e) return false;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    const ok = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
    if (!ok) return false;
  }
  return true;
}

/**
 * The start offset of every line. Two passes, the list made at its size: grown by `push`, the list
 * of a big file was copied as it grew (three times its size allocated).
 */
export function computeLineStarts(text: string): number[] {
  const starts = new Array<number>(lineBreaks(text, undefined) + 1);
  starts[0] = 0;
  lineBreaks(text, starts);
  return starts;
}

/** How many line breaks `text` has (`\r\n`, `\n` or `\r`); with `starts`, puts the offset after each at 1, 2… */
function lineBreaks(text: string, starts: number[] | undefined): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 13 /* \r */ && c !== 10 /* \n */) continue;
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    n++;
    if (starts) starts[n] = i + 1;
  }
  return n;
}

export function lineEndOf(text: string, lineStart: number, nextLineStart: number | undefined): number {
  let end = nextLineStart ?? text.length;
  if (nextLineStart !== undefined) {
    if (text.charCodeAt(end - 1) === 10) end--;
    if (text.charCodeAt(end - 1) === 13) end--;
  }
  return Math.max(lineStart, end);
}

/** Whether text[start, end) contains the character `code`, without allocating. */
export function hasChar(text: string, code: number, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) return true;
  return false;
}

/** Whether text[start, end) contains `{{`, without allocating. */
export function hasOpenBraces(text: string, start: number, end: number): boolean {
  for (let i = start; i < end - 1; i++) if (text.charCodeAt(i) === 123 && text.charCodeAt(i + 1) === 123) return true;
  return false;
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

export const URL_START = /^https?:\/\//i;

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
