/** Searching sorted numbers (line starts, offsets): one binary search for the core and the engine. */

/**
 * The last index in [lo, hi] whose value is ≤ `at` (values ascending; the first is ≤ every `at`
 * asked); the whole of `values` unless told.
 */
export function lastAtOrBefore(values: ArrayLike<number>, at: number, lo = 0, hi = values.length - 1): number {
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (values[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The first index whose value is ≥ `at` (values ascending); `values.length` when there is none. */
export function firstAtOrAfter(values: ArrayLike<number>, at: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
