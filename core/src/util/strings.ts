/** Strings that keep nothing else alive. */

/**
 * `s` as a string of its own. V8 makes a substring of 13 characters or more (and a concatenation)
 * a view onto the string it came from, which a kept view keeps whole: a kept name or message would
 * hold the whole text of a document as it was. Copying flattens it into a new string.
 */
export function ownCopy(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}
