/**
 * Windowing of the results table: which rows exist in the DOM for a scroll position. Fixed row
 * height, so the window is arithmetic and the same for 100 rows as for 1,000,000. Pure.
 */

export interface RowWindow {
  /** First row index in the DOM. */
  start: number;
  /** One past the last row index in the DOM. */
  end: number;
}

/** Rows visible at `scrollTop` in a viewport of `viewport` pixels, plus `overscan` rows either side. */
export function computeWindow(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = 6): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, Number.isFinite(scrollTop) ? scrollTop : 0);
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + Math.max(0, viewport)) / rowHeight);
  const start = Math.min(Math.max(0, first - overscan), count);
  const end = Math.min(count, Math.max(start, last + overscan));
  return { start, end };
}

/** The scrollTop that brings `row` fully into a viewport of `viewport` pixels (unchanged when it is). */
export function scrollToReveal(row: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = row * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewport) return Math.max(0, bottom - viewport);
  return scrollTop;
}

/** Total height of `count` rows, capped below the largest element height browsers lay out reliably. */
export const MAX_SCROLL_HEIGHT = 30_000_000;
export function bodyHeight(count: number, rowHeight: number): number {
  return Math.min(MAX_SCROLL_HEIGHT, Math.max(0, count) * rowHeight);
}

/**
 * Column widths that fit `available` pixels: when the natural widths are wider, the `cutFirst`
 * columns (URLs: a link opens whole, and its text is whole on hover) are cut first, then the widest
 * of the others, each group to one common cap (narrow columns — ids, namespaces, timestamps — stay
 * whole), never below `floor` (`firstFloor` for the `cutFirst` ones); `fixed` columns (the user
 * resized them) keep their width. When even that is wider than the panel, the grid scrolls sideways
 * anyway: then a column is cut only to half the panel (a title is read whole, not as "File:Wil…"
 * in every column at the floor). Text in a cut column ends with … and is whole on hover and in the
 * cell detail.
 */
export function fitWidths(widths: readonly number[], available: number, fixed: readonly boolean[] = [], floor = 96, cutFirst: readonly boolean[] = [], firstFloor = 64): number[] {
  if (available <= 0) return widths.slice();
  const cut = squeeze(widths, available, fixed, floor, cutFirst, firstFloor);
  if (sum(cut) <= available) return cut;
  const cap = Math.max(floor, Math.floor(available / 2));
  return widths.map((w, i) => (fixed[i] ? w : Math.min(w, cap)));
}

const sum = (ws: readonly number[]) => ws.reduce((n, w) => n + w, 0);

/** The widths cut as `fitWidths` says, down to the floors (their sum may still be wider than `available`). */
function squeeze(widths: readonly number[], available: number, fixed: readonly boolean[], floor: number, cutFirst: readonly boolean[], firstFloor: number): number[] {
  if (sum(widths) <= available) return widths.slice();
  if (cutFirst.some((c, i) => c && !fixed[i])) {
    const first = squeeze(widths, available, widths.map((_, i) => !!fixed[i] || !cutFirst[i]), firstFloor, [], firstFloor);
    return sum(first) <= available ? first : squeeze(first, available, fixed, floor, [], firstFloor);
  }
  const capped = (cap: number) => widths.map((w, i) => (fixed[i] ? w : Math.min(w, Math.max(cap, Math.min(w, floor)))));
  let lo = floor;
  let hi = Math.max(...widths);
  if (sum(capped(lo)) > available) return capped(lo);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (sum(capped(mid)) <= available) lo = mid;
    else hi = mid;
  }
  return capped(lo);
}
