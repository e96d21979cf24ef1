/**
 * Long text in messages: a hostile wiki can send a `continue` of a megabyte, which ends up in the
 * next URL and in any message naming it. Messages show the start and the end with the count of
 * what was left out; the full text stays where it is data (the JSON output, partial exports).
 */

/** `text` when it is at most `max` characters, else its start and end around `…(N characters left out)…`. */
export function shorten(text: string, max = 300): string {
  if (text.length <= max) return text;
  const head = Math.ceil(max * 0.7);
  const tail = Math.floor(max * 0.2);
  return `${text.slice(0, head)}…(${text.length - head - tail} characters left out)…${tail ? text.slice(-tail) : ''}`;
}
