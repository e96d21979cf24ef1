/**
 * cyrb53: a fast 53-bit string hash (not cryptographic) of text[start, end), without a slice.
 * Used where a short stable name or a cache key is wanted from text (validation's cache, the run
 * history's folder names); never where an adversary's collision would matter.
 */
export function cyrb53(text: string, start = 0, end = text.length): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
