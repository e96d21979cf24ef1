/**
 * Short strings read from a document, shared. A file repeats its parameter names and many of its
 * values (`action`, `query`, `max`…) on every request: the parser reads each such stretch of text
 * into the string it made the last time it read the same characters, instead of a new string (a
 * file's first validation makes every request's parameters: about a fifth of what it allocated
 * was these strings). A same string also keeps its hash, so each name hashes once for the maps
 * that look it up.
 *
 * Bounded: a table of `SLOTS` strings of at most `MAX` characters, each slot holding the last
 * string whose characters hash to it. Strings under 13 characters are copies in V8, never views
 * onto the text they came from, so the table keeps no document text alive.
 */
const SLOTS = 1024;
const MAX = 12;

export class Strings {
  private readonly table: Array<string | undefined> = new Array<string | undefined>(SLOTS).fill(undefined);

  /** text[s, e) as a string: the table's when it has the same characters, else a new one it keeps. */
  get(text: string, s: number, e: number): string {
    const n = e - s;
    if (n > MAX || n <= 0) return text.slice(s, e);
    let h = n;
    for (let i = s; i < e; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    const slot = (h ^ (h >>> 16)) & (SLOTS - 1);
    const kept = this.table[slot];
    if (kept !== undefined && kept.length === n && same(kept, text, s)) return kept;
    const made = text.slice(s, e);
    this.table[slot] = made;
    return made;
  }
}

function same(kept: string, text: string, s: number): boolean {
  for (let i = 0; i < kept.length; i++) if (kept.charCodeAt(i) !== text.charCodeAt(s + i)) return false;
  return true;
}
