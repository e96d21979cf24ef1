/**
 * Short strings read from a document, shared. A file repeats its parameter names and many of its
 * values (`action`, `query`, `max`…) on every request: the parser reads each such stretch of text
 * into the string it made the last time it read the same characters, instead of a new string (a
 * file's first validation makes every request's parameters: about a fifth of what it allocated
 * was these strings). A same string also keeps its hash, so each name hashes once for the maps
 * that look it up.
 *
 * Bounded: a table of `SLOTS` strings of at most `NAME_MAX` characters, each slot holding the
 * last string whose characters hash to it. It keeps no document text alive: V8 makes a substring
 * under 13 characters a copy, and the table keeps a longer one as a copy of its own (`ownCopy`),
 * not as the view onto the text V8 makes of it. Values are kept up to `VALUE_MAX` characters only:
 * a longer value (a title, a timestamp) seldom repeats, and a copy would cost more than it saves.
 */
import { ownCopy } from '../util/strings';

const SLOTS = 1024;
export const NAME_MAX = 24;
export const VALUE_MAX = 12;

export class Strings {
  private readonly table: Array<string | undefined> = new Array<string | undefined>(SLOTS).fill(undefined);

  /** text[s, e) as a string: the table's when it has the same characters, else a new one it keeps (up to `max` characters). */
  get(text: string, s: number, e: number, max: number): string {
    const n = e - s;
    if (n > max || n <= 0) return text.slice(s, e);
    let h = n;
    for (let i = s; i < e; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    const slot = (h ^ (h >>> 16)) & (SLOTS - 1);
    const kept = this.table[slot];
    if (kept !== undefined && kept.length === n && same(kept, text, s)) return kept;
    const made = ownCopy(text.slice(s, e));
    this.table[slot] = made;
    return made;
  }
}

function same(kept: string, text: string, s: number): boolean {
  for (let i = 0; i < kept.length; i++) if (kept.charCodeAt(i) !== text.charCodeAt(s + i)) return false;
  return true;
}
