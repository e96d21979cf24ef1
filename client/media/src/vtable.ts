/**
 * A virtualised grid: only the rows near the scroll position exist in the DOM (fixed row height,
 * ../../shared/windowing), so 100,000 rows scroll like 100. One tab stop (the grid); the
 * active cell moves with the arrow keys, Home/End, PageUp/PageDown, Ctrl+Home/End; ArrowUp from
 * the first row reaches the header, where Enter sorts and Alt+←/→ resizes. The grid measures itself
 * (a ResizeObserver on the scroller): built while its tab is hidden, it draws every visible row
 * when it is shown, and again whenever the panel is resized. Presentation only: the owner supplies
 * rows, columns, cell rendering, sorting and what activation does.
 *
 * Links in cells are not Tab stops (Tab leaves the grid in one step, the WAI-ARIA grid pattern;
 * focus stays on the grid, which names its active cell with aria-activedescendant, so a row
 * scrolled out of the DOM never takes the focus with it): Ctrl/Cmd+Enter opens the active cell's
 * link (Enter shows the cell's whole value), a click opens the link clicked.
 */
import { bodyHeight, computeWindow, scrollToReveal } from '../../shared/windowing';
import { consume, h, linkTargets, linksOutOfTabOrder } from './dom';

export interface VColumn {
  id: string;
  label: string;
  width: number;
  numeric?: boolean;
}

export interface VTableHooks {
  renderCell(row: unknown, col: VColumn, dataIndex: number): Node;
  /** Enter on a cell or a click on an expandable cell. */
  onActivate(dataIndex: number, col: VColumn, cell: HTMLElement): void;
  onSort(col: VColumn): void;
  onContextMenu(dataIndex: number, col: VColumn, x: number, y: number): void;
  onCopy(kind: 'cell' | 'row', dataIndex: number, col: VColumn): void;
  onOpenUrl(url: string): void;
  /** Ctrl/Cmd+Enter on a cell with several links (one opens at once through onOpenUrl). */
  onOpenLinks(urls: string[], cell: HTMLElement): void;
  onResize?(col: VColumn): void;
  onScroll?(): void;
  /** The scroller's width changed (it was shown, or the panel resized): the owner may fit its columns. */
  onWidth?(width: number): void;
}

let uid = 0;
const MIN_W = 40;
/** What the keys do, for a screen reader (read with the grid's name). */
const KEYS = 'Arrow keys move between cells; Enter shows a cell\'s whole value, Ctrl+Enter opens its link, Shift+F10 its menu; Tab leaves the table.';

export class VirtualTable {
  readonly root: HTMLDivElement;
  private readonly head: HTMLDivElement;
  private readonly body: HTMLDivElement;
  private readonly id = `vt${++uid}`;
  private columns: VColumn[] = [];
  private data: readonly unknown[] = [];
  /** Display index → data index; null: identity. */
  private view: ArrayLike<number> | null = null;
  private readonly rendered = new Map<number, HTMLElement>();
  private frame = 0;
  private active = { row: 0, col: 0 };
  private sort: { col: string; dir: 'asc' | 'desc' } | null = null;
  rowHeight: number;
  /** The scroller's size and its header's height, as last measured (0 while hidden), and its scrollTop. */
  private size = { width: 0, height: 0, head: 0 };
  private top = 0;

  constructor(label: string, rowHeight: number, private readonly hooks: VTableHooks) {
    this.rowHeight = rowHeight;
    this.head = h('div', { class: 'vt-head', role: 'row', 'aria-rowindex': '1' });
    this.body = h('div', { class: 'vt-body', role: 'rowgroup' });
    this.root = h('div', { class: 'vt', role: 'grid', tabindex: '0', 'aria-label': label, 'aria-multiselectable': 'false', 'aria-description': KEYS },
      h('div', { class: 'vt-headgroup', role: 'rowgroup' }, this.head), this.body);
    this.root.addEventListener('scroll', () => {
      this.top = this.root.scrollTop;
      this.schedule();
      this.hooks.onScroll?.();
    }, { passive: true });
    this.root.addEventListener('keydown', (e) => this.onKey(e));
    this.root.addEventListener('focus', () => this.paintActive());
    this.root.addEventListener('click', (e) => this.onClick(e));
    this.root.addEventListener('contextmenu', (e) => this.onContext(e));
    this.root.addEventListener('dblclick', (e) => this.onDoubleClick(e));
    this.head.addEventListener('pointerdown', (e) => this.onResizeStart(e));
    this.setRowHeight(rowHeight);
    new ResizeObserver(() => this.measure()).observe(this.root);
  }

  /**
   * Reads the scroller's size; when it changed (a hidden grid just became visible, or the panel was
   * resized) the owner may fit its columns and the rows that now fit are drawn. Called by the
   * ResizeObserver, and by the owner when it shows the grid (so the first paint is already right).
   */
  measure(): void {
    const width = this.root.clientWidth;
    const height = this.root.clientHeight;
    if (width === this.size.width && height === this.size.height) return;
    const widthChanged = width !== this.size.width;
    this.size = { width, height, head: this.head.offsetHeight };
    this.top = this.root.scrollTop;
    if (!width || !height) return;
    if (widthChanged) this.hooks.onWidth?.(width);
    this.draw();
  }

  /** The width rows can use without scrolling sideways (0 while hidden). */
  get availableWidth(): number {
    return this.size.width;
  }

  get count(): number {
    return this.view ? this.view.length : this.data.length;
  }

  /** Rows the scroll area can reach (browsers cap element heights). */
  get reachable(): number {
    return Math.min(this.count, Math.floor(bodyHeight(this.count, this.rowHeight) / this.rowHeight));
  }

  dataIndex(displayIndex: number): number {
    return this.view ? this.view[displayIndex] : displayIndex;
  }

  setRowHeight(px: number): void {
    this.rowHeight = px;
    this.root.style.setProperty('--vt-row-h', `${px}px`);
    this.reset();
  }

  setColumns(cols: VColumn[]): void {
    this.columns = cols;
    this.active.col = Math.min(this.active.col, Math.max(0, cols.length - 1));
    this.buildHead();
    this.applyWidths();
    this.reset();
  }

  getColumns(): VColumn[] {
    return this.columns;
  }

  setSort(sort: { col: string; dir: 'asc' | 'desc' } | null): void {
    this.sort = sort;
    this.buildHead();
  }

  /** New rows or a new order/filter: everything in the DOM is redrawn, the scroll position kept. */
  setData(data: readonly unknown[], view: ArrayLike<number> | null): void {
    this.data = data;
    this.view = view;
    if (this.active.row >= this.count) this.active.row = Math.max(0, this.count - 1);
    this.reset();
  }

  /** The data grew at its end (same order): only the height and the window change. */
  grew(view: ArrayLike<number> | null): void {
    this.view = view;
    this.body.style.height = `${bodyHeight(this.count, this.rowHeight)}px`;
    this.root.setAttribute('aria-rowcount', String(this.count + 1));
    this.render();
  }

  /** Redraws the visible rows (e.g. after a thumbnail toggle). */
  reset(): void {
    for (const el of this.rendered.values()) el.remove();
    this.rendered.clear();
    this.body.style.height = `${bodyHeight(this.count, this.rowHeight)}px`;
    this.root.setAttribute('aria-rowcount', String(this.count + 1));
    this.root.setAttribute('aria-colcount', String(this.columns.length));
    this.draw();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Renders the rows of the current window now (also called by tests through scroll events). */
  render(): void {
    this.top = this.root.scrollTop;
    this.draw();
  }

  /** Draws the window at the last known size and scroll position (reads no layout, so it forces none). */
  private draw(): void {
    const { height, head } = this.size;
    if (!height) return; // hidden: drawn when measure() sees it laid out
    const viewport = Math.max(height - head, this.rowHeight * 10);
    // Fewer rows than before: the browser clamps the scroll position to the new height.
    const top = (this.top = Math.max(0, Math.min(this.top, head + bodyHeight(this.count, this.rowHeight) - height)));
    const { start, end } = computeWindow(top, viewport, this.rowHeight, this.reachable);
    for (const [i, el] of this.rendered) {
      if (i < start || i >= end) {
        el.remove();
        this.rendered.delete(i);
      }
    }
    const frag = document.createDocumentFragment();
    for (let i = start; i < end; i++) {
      if (this.rendered.has(i)) continue;
      const row = this.renderRow(i);
      this.rendered.set(i, row);
      frag.appendChild(row);
    }
    this.body.appendChild(frag);
    this.paintActive();
  }

  private renderRow(i: number): HTMLElement {
    const di = this.dataIndex(i);
    const rec = this.data[di];
    const row = h('div', { class: i % 2 ? 'vt-row odd' : 'vt-row', role: 'row', 'aria-rowindex': String(i + 2), 'data-i': String(i) });
    row.style.transform = `translateY(${i * this.rowHeight}px)`;
    for (let c = 0; c < this.columns.length; c++) {
      const col = this.columns[c];
      const cell = h('div', { class: col.numeric ? 'vt-cell num' : 'vt-cell', role: 'gridcell', 'aria-colindex': String(c + 1), 'data-c': String(c) });
      cell.appendChild(this.hooks.renderCell(rec, col, di));
      linksOutOfTabOrder(cell);
      row.appendChild(cell);
    }
    return row;
  }

  private buildHead(): void {
    while (this.head.firstChild) this.head.removeChild(this.head.firstChild);
    this.columns.forEach((col, c) => {
      const dir = this.sort?.col === col.id ? this.sort.dir : null;
      const cell = h('div', {
        class: 'vt-hcell', role: 'columnheader', 'aria-colindex': String(c + 1), 'data-c': String(c), title: `${col.label} — click to sort, drag the edge to resize`,
        'aria-sort': dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none',
      }, h('span', { class: 'vt-hlabel' }, col.label), h('span', { class: 'vt-sort', 'aria-hidden': 'true' }, dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''),
      h('div', { class: 'vt-resizer', 'data-resize': String(c), 'aria-hidden': 'true' }));
      this.head.appendChild(cell);
    });
    this.paintActive();
  }

  private applyWidths(): void {
    const widths = this.columns.map((c) => `${Math.round(c.width)}px`);
    const total = this.columns.reduce((n, c) => n + Math.round(c.width), 0);
    this.root.style.setProperty('--vt-cols', widths.join(' ') || '1fr');
    this.root.style.setProperty('--vt-width', `${Math.max(total, 1)}px`);
  }

  // -- active cell and keyboard ---------------------------------------------------------------

  private cellAt(row: number, col: number): HTMLElement | null {
    if (row < 0) return this.head.children[col] as HTMLElement | null;
    return (this.rendered.get(row)?.children[col] as HTMLElement | undefined) ?? null;
  }

  private paintActive(): void {
    const prev = this.root.querySelector('.vt-active');
    if (prev) {
      prev.classList.remove('vt-active');
      prev.removeAttribute('id');
      prev.removeAttribute('aria-selected');
    }
    if (!this.columns.length) return;
    const el = this.cellAt(this.active.row, this.active.col);
    if (el) {
      el.classList.add('vt-active');
      el.id = `${this.id}-active`;
      el.setAttribute('aria-selected', 'true');
      this.root.setAttribute('aria-activedescendant', el.id);
    } else this.root.removeAttribute('aria-activedescendant');
  }

  /** Moves the active cell and scrolls it into view. */
  setActive(row: number, col: number): void {
    const maxRow = this.reachable - 1;
    this.active = { row: Math.max(-1, Math.min(row, maxRow)), col: Math.max(0, Math.min(col, this.columns.length - 1)) };
    if (this.active.row >= 0) {
      const headH = this.head.offsetHeight;
      const next = scrollToReveal(this.active.row, this.root.scrollTop, this.root.clientHeight - headH, this.rowHeight);
      if (next !== this.root.scrollTop) this.root.scrollTop = next;
    }
    const colEl = this.cellAt(Math.max(this.active.row, -1), this.active.col) ?? (this.head.children[this.active.col] as HTMLElement | undefined);
    if (colEl) {
      const left = colEl.offsetLeft;
      const right = left + colEl.offsetWidth;
      if (left < this.root.scrollLeft) this.root.scrollLeft = left;
      else if (right > this.root.scrollLeft + this.root.clientWidth) this.root.scrollLeft = right - this.root.clientWidth;
    }
    this.render();
  }

  getActive(): { row: number; col: number } {
    return { ...this.active };
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.columns.length) return;
    const { row, col } = this.active;
    const page = Math.max(1, Math.floor((this.root.clientHeight - this.head.offsetHeight) / this.rowHeight) - 1);
    const ctrl = e.ctrlKey || e.metaKey;
    let handled = true;
    if (row < 0 && e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      const c = this.columns[col];
      c.width = Math.max(MIN_W, c.width + (e.key === 'ArrowRight' ? 16 : -16));
      this.applyWidths();
      this.hooks.onResize?.(c);
    } else if (ctrl && (e.key === 'c' || e.key === 'C')) {
      if (row >= 0) this.hooks.onCopy(e.shiftKey ? 'row' : 'cell', this.dataIndex(row), this.columns[col]);
    } else if (ctrl && e.key === 'Enter') {
      this.openLinks(row, col);
    } else {
      switch (e.key) {
        case 'ArrowDown': this.setActive(row + 1, col); break;
        case 'ArrowUp': this.setActive(row - 1, col); break;
        case 'ArrowLeft': this.setActive(row, col - 1); break;
        case 'ArrowRight': this.setActive(row, col + 1); break;
        case 'PageDown': this.setActive(Math.max(0, row) + page, col); break;
        case 'PageUp': this.setActive(Math.max(0, row - page), col); break;
        case 'Home': this.setActive(ctrl ? 0 : row, 0); break;
        case 'End': this.setActive(ctrl ? this.reachable - 1 : row, this.columns.length - 1); break;
        case 'Enter':
        case ' ':
          if (row < 0) this.hooks.onSort(this.columns[col]);
          else {
            const cell = this.cellAt(row, col);
            if (cell) this.hooks.onActivate(this.dataIndex(row), this.columns[col], cell);
          }
          break;
        case 'ContextMenu':
        case 'F10':
          if (e.key === 'F10' && !e.shiftKey) {
            handled = false;
            break;
          }
          if (row >= 0) {
            const cell = this.cellAt(row, col);
            const r = cell?.getBoundingClientRect();
            this.hooks.onContextMenu(this.dataIndex(row), this.columns[col], r ? r.left + 8 : 0, r ? r.bottom : 0);
          }
          break;
        default:
          handled = false;
      }
    }
    consume(e, handled);
  }

  /** Opens the link of the active cell (several: the owner offers them). */
  private openLinks(row: number, col: number): void {
    const cell = row >= 0 ? this.cellAt(row, col) : null;
    const urls = cell ? linkTargets(cell) : [];
    if (urls.length === 1) this.hooks.onOpenUrl(urls[0]);
    else if (cell && urls.length > 1) this.hooks.onOpenLinks(urls, cell);
  }

  private locate(target: EventTarget | null): { row: number; col: number; cell: HTMLElement } | null {
    const cell = (target as Element | null)?.closest?.('.vt-cell, .vt-hcell') as HTMLElement | null;
    if (!cell || !this.root.contains(cell)) return null;
    const col = Number(cell.dataset.c);
    if (cell.classList.contains('vt-hcell')) return { row: -1, col, cell };
    const rowEl = cell.parentElement as HTMLElement;
    return { row: Number(rowEl.dataset.i), col, cell };
  }

  private onClick(e: MouseEvent): void {
    const target = e.target as Element;
    if (target.closest('.vt-resizer')) return;
    const link = target.closest<HTMLAnchorElement>('a[href]');
    if (link) e.preventDefault();
    const at = this.locate(target);
    if (!at) return;
    this.active = { row: at.row, col: at.col };
    this.paintActive();
    if (link) this.hooks.onOpenUrl(link.getAttribute('href') ?? '');
    else if (at.row < 0) this.hooks.onSort(this.columns[at.col]);
    else if (target.closest('.expand')) this.hooks.onActivate(this.dataIndex(at.row), this.columns[at.col], at.cell);
    this.root.focus({ preventScroll: true });
  }

  /** A double click shows a cell's whole value (the cut text of a narrow column). */
  private onDoubleClick(e: MouseEvent): void {
    const at = this.locate(e.target);
    if (!at || at.row < 0 || (e.target as Element).closest('a[href], .vt-resizer')) return;
    this.hooks.onActivate(this.dataIndex(at.row), this.columns[at.col], at.cell);
  }

  private onContext(e: MouseEvent): void {
    const at = this.locate(e.target);
    if (!at || at.row < 0) return;
    e.preventDefault();
    this.active = { row: at.row, col: at.col };
    this.paintActive();
    this.hooks.onContextMenu(this.dataIndex(at.row), this.columns[at.col], e.clientX, e.clientY);
  }

  private onResizeStart(e: PointerEvent): void {
    const handle = (e.target as Element).closest<HTMLElement>('.vt-resizer');
    if (!handle) return;
    e.preventDefault();
    const col = this.columns[Number(handle.dataset.resize)];
    const startX = e.clientX;
    const startW = col.width;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => {
      col.width = Math.max(MIN_W, startW + ev.clientX - startX);
      this.applyWidths();
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      this.hooks.onResize?.(col);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  }

  /** Row elements in the DOM (tests, the rendered report). */
  renderedRows(): HTMLElement[] {
    return [...this.rendered.entries()].sort((a, b) => a[0] - b[0]).map(([, el]) => el);
  }
}
