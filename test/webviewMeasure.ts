/**
 * Measurements of the results view's rendered page, shared by the chromium-only layer
 * (test/faults/webview-layout.test.ts) and the real-editor runner (test/vscode/runOffline.ts, inside
 * the results webview's frame). Each function here is passed to playwright's `evaluate` and runs in
 * the page: it must be self-contained (no imports, no references outside its body).
 */

/** Visible rows of the shown grid's body against the rows that fit, and what is blank. */
export interface RowCoverage {
  /** Rows drawn in the DOM (`.vt-row`). */
  rows: number;
  /** Records in the table. */
  total: number;
  /** Drawn rows that intersect the scroller's visible body and are what shows at their place. */
  visible: number;
  /** Rows that fit the scroller's visible body: ceil(body height / row height), at most `total`. */
  fit: number;
  rowHeight: number;
  /** Height of the scroller's visible body (below the column header), px. */
  bodyHeight: number;
  /** Bottom of the last drawn row and of the scroller's visible area, px from the scroller's top. */
  lastBottom: number;
  bottom: number;
  /** Blank bands and rows that are not what shows at their place; empty when all is well. */
  gaps: string[];
}

/** The shown grid's body, top to bottom: every pixel row of the visible area is covered by a drawn, visible row. */
export function rowCoverage(): RowCoverage {
  const vt = document.querySelector<HTMLElement>('.table-view:not([hidden]) .vt');
  if (!vt) return { rows: 0, total: 0, visible: 0, fit: 0, rowHeight: 0, bodyHeight: 0, lastBottom: 0, bottom: 0, gaps: ['no table is shown'] };
  const box = vt.getBoundingClientRect();
  const headBottom = vt.querySelector('.vt-head')!.getBoundingClientRect().bottom;
  const bottom = box.top + vt.clientHeight;
  const total = Number(vt.getAttribute('aria-rowcount')) - 1;
  const rows = (Array.from(vt.querySelectorAll<HTMLElement>('.vt-row'))).map((r) => ({ el: r, rect: r.getBoundingClientRect() })).sort((a, b) => a.rect.top - b.rect.top);
  const gaps: string[] = [];
  let y = headBottom;
  let visible = 0;
  for (const r of rows) {
    if (r.rect.bottom <= y) continue;
    if (r.rect.top > y + 1) gaps.push(`blank from ${Math.round(y - box.top)} to ${Math.round(r.rect.top - box.top)} px`);
    if (r.rect.top >= bottom) break;
    const probe = document.elementFromPoint(box.left + 12, Math.min(bottom - 1, Math.max(r.rect.top, headBottom) + 2));
    if (!probe || !r.el.contains(probe)) gaps.push(`row ${r.el.getAttribute('aria-rowindex')} is not what shows at its place (${probe?.className})`);
    else visible++;
    y = r.rect.bottom;
  }
  const lastIndex = rows.length ? Number(rows[rows.length - 1].el.getAttribute('aria-rowindex')) - 1 : 0;
  if (y < bottom - 1 && lastIndex < total) gaps.push(`blank from ${Math.round(y - box.top)} px to the bottom (${Math.round(bottom - box.top)} px); ${rows.length} of ${total} rows drawn`);
  const rowHeight = rows.length ? rows[0].rect.height : 0;
  const bodyHeight = bottom - headBottom;
  const fit = rowHeight ? Math.min(total, Math.ceil(bodyHeight / rowHeight - 0.01)) : 0;
  return { rows: rows.length, total, visible, fit, rowHeight, bodyHeight, lastBottom: y - box.top, bottom: bottom - box.top, gaps };
}

/** One visible text and its WCAG contrast against its effective background. */
export interface ContrastPair {
  text: string;
  ratio: number;
  fg: string;
  bg: string;
}

/** WCAG contrast of every visible text in `sel`, from the rendered colours (alpha composited over the backgrounds beneath). */
export function contrasts(sel: string): ContrastPair[] {
  type RGBA = [number, number, number, number];
  const parse = (c: string): RGBA => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) throw new Error(`unexpected colour ${c}`);
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top: RGBA, under: RGBA): RGBA => {
    const a = top[3] + under[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const ch = (i: number) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
    return [ch(0), ch(1), ch(2), a];
  };
  const background = (el: Element | null): RGBA => {
    const layers: RGBA[] = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let out: RGBA = [255, 255, 255, 1];
    for (const l of layers.reverse()) out = over(l, out);
    return out;
  };
  const lum = (c: RGBA) => {
    const f = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const out: Array<{ text: string; ratio: number; fg: string; bg: string }> = [];
  for (const el of Array.from(document.querySelectorAll(sel))) {
    for (const node of Array.from(el.querySelectorAll('*')).concat(el)) {
      const own = Array.from(node.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()).map((n) => n.textContent!.trim()).join(' ');
      if (!own || !(node as HTMLElement).getClientRects().length || (node as HTMLElement).closest('[hidden]')) continue;
      const bg = background(node);
      const fg = over(parse(getComputedStyle(node).color), bg);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const round = (c: RGBA) => `rgb(${c.slice(0, 3).map(Math.round).join(',')})`;
      out.push({ text: own.slice(0, 40), ratio: (a + 0.05) / (b + 0.05), fg: round(fg), bg: round(bg) });
    }
  }
  return out;
}

/** The texts whose contrast is measured: header (with the state badge), tabs, toolbar, shown table, empty notes, the shown Images, Timeline or Breakdown view. */
export const CONTRAST_SELECTOR = '.hdr, .tabs, .subtabs, .toolbar, .table-view:not([hidden]) .vt, .empty, .panel:not([hidden]) .view';
