/**
 * JSON from the network, read without risk: nesting is measured with a cheap scan before
 * `JSON.parse`, so an answer nested millions deep gives one clear error instead of exhausting the
 * stack of whatever walks the parsed value later.
 */
import { isObj, type JsonObject } from '../../core/src';
import { WikiqError } from './errors';
import { shorten } from './shorten';

/** Deepest nesting of arrays and objects read from the network. */
export const MAX_JSON_DEPTH = 1000;

/** An answer nested deeper than {@link MAX_JSON_DEPTH}. */
export class TooDeepError extends WikiqError {
  constructor(readonly url: string, readonly limit: number) {
    super('too-deep', `The answer of ${shorten(url)} is nested too deep (more than ${limit} levels of arrays or objects) to be read.`);
  }
}

/** Whether `text` nests `[`/`{` deeper than `limit`; brackets inside strings do not count. Linear, no allocation. */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, its escapes included.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * The JSON value of an answer's body, or undefined when it is not JSON. Throws
 * {@link TooDeepError} (naming `url`) when it nests deeper than `limit`.
 */
export function readJson(text: string, url: string, limit = MAX_JSON_DEPTH): { value: unknown } | undefined {
  if (nestedDeeperThan(text, limit)) throw new TooDeepError(url, limit);
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** `v` when it is a JSON object, else an empty one: for reading optional fields of an answer. */
export const objOf = (v: unknown): JsonObject => (isObj(v) ? v : {});

/** `v` when it is an array, else an empty one. */
export const arrOf = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
