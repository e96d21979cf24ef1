/**
 * "Did you mean": the closest names by edit distance (optimal string alignment: insertions,
 * deletions, substitutions and transpositions of neighbours), with a cut-off so that a scan over a
 * few hundred candidates stays cheap.
 */

/** Edit distance between a and b, or `limit + 1` as soon as it is known to exceed `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/** How far a name may be from a candidate to be suggested. */
export function maxDistanceFor(name: string): number {
  return name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
}

/**
 * The candidates closest to `name` (all of those at the smallest distance, at most `max`),
 * case-insensitively, within `maxDistanceFor(name)`.
 */
export function closest(name: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = maxDistanceFor(name);
  const lower = name.toLowerCase();
  let best = limit + 1;
  let found: string[] = [];
  for (const c of candidates) {
    if (c === name) continue;
    const d = editDistance(lower, c.toLowerCase(), best);
    if (d < best) {
      best = d;
      found = [c];
    } else if (d === best && d <= limit && !found.includes(c)) {
      found.push(c);
    }
  }
  return best <= limit ? found.slice(0, max) : [];
}
