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
 * Column widths for a panel `available` pixels wide. Each column keeps its natural width (its
 * content's, up to the owner's cap: a title of up to ~40 characters is read whole), and when they
 * do not fit the grid scrolls sideways. They are fitted to the panel only when everything then
 * fits: the `cutFirst` columns (URLs: a link opens whole and is whole on hover) are cut to one
 * common cap, never below `floor`, when that makes the whole row fit; no other column is cut.
 * `fixed` columns (the user resized them) keep their width. Text in a cut column ends with … and is
 * whole on hover and in the cell detail.
 */
export function fitWidths(widths: readonly number[], available: number, fixed: readonly boolean[] = [], cutFirst: readonly boolean[] = [], floor = 64): number[] {
  if (available <= 0 || sum(widths) <= available) return widths.slice();
  const cut = (cap: number) => widths.map((w, i) => (cutFirst[i] && !fixed[i] ? Math.min(w, Math.max(cap, floor)) : w));
  if (sum(cut(floor)) > available) return widths.slice();
  let lo = floor;
  let hi = Math.max(...widths);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (sum(cut(mid)) <= available) lo = mid;
    else hi = mid;
  }
  return cut(lo);
}

const sum = (ws: readonly number[]) => ws.reduce((n, w) => n + w, 0);
