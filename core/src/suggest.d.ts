/**
 * "Did you mean": the closest names by edit distance (optimal string alignment: insertions,
 * deletions, substitutions and transpositions of neighbours), with a cut-off so that a scan over a
 * few hundred candidates stays cheap.
 */
/** Edit distance between a and b, or `limit + 1` as soon as it is known to exceed `limit`. */
export declare function editDistance(a: string, b: string, limit?: number): number;
/** How far a name may be from a candidate to be suggested. */
export declare function maxDistanceFor(name: string): number;
/**
 * The candidates closest to `name` (all of those at the smallest distance, at most `max`),
 * case-insensitively, within `maxDistanceFor(name)`.
 */
export declare function closest(name: string, candidates: Iterable<string>, max?: number): string[];
