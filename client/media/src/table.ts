/**
 * One table of records in the Table tab: the virtualised grid (./vtable), filter and sort in time
 * slices, column widths and scroll kept in the UI state, thumbnails, a cell's whole value, copy and
 * the context menu. Wiki HTML fields go through ./purify; everything else is text.
 */
import { compact, formatCount, htmlColumn, looksLikeHtml } from '../../shared/format';
import { isNested, isObj } from '../../shared/json';
import { safeHttpUrl, thumbnailUrl } from '../../shared/url';
import type { ViewContext } from './context';
import { button, clear, filterBox, h } from './dom';
import { JsonTree } from './jsonTree';
import { sanitizeHtml } from './purify';
import { ColumnSet, PREFERRED_COLUMNS, TableSpec, cellData, cellText, cellValue, compareCells, tableRows } from '../../shared/tables';
import { Cancellable, sliced, yieldToBrowser } from './schedule';
import { VColumn, VirtualTable } from './vtable';
import { fitWidths } from '../../shared/windowing';
import { emptyState } from './empty';
import { filterMatches } from '../../shared/views';
import { renderFilterChip } from './viewParts';

const ROW_H = 24;
const THUMB_ROW_H = 60;
/** Wrapped cells show up to three lines. */
const WRAP_ROW_H = 60;
/** About the width of a character of the view's font, to size columns from their text. */
const CHAR_W = 7.4;
/** A column is as wide as its content up to this many characters (a title this long reads whole); longer text is cut with … and whole on hover. */
const COLUMN_CHARS = 40;
/** A cell draws at most this many characters (the whole text is in the cell detail and its copy). */
const CELL_CHARS = 2000;
const clipCell = (s: string) => (s.length > CELL_CHARS ? `${s.slice(0, CELL_CHARS)}…` : s);

export class TableController {
  readonly element: HTMLElement;
  private rows: unknown[] = [];
  /** Rows the view has taken in: a list's array grows in place when records are appended, so its length cannot say what is new. */
  private taken = 0;
  private readonly columns: ColumnSet;
  private vt?: VirtualTable;
  private view: number[] | null = null;
  private texts: Array<string | undefined> = [];
  private readonly job = new Cancellable();
  private readonly status: HTMLElement;
  private readonly filterInput: HTMLInputElement;
  private readonly thumbToggle?: HTMLInputElement;
  private readonly wrapToggle: HTMLInputElement;
  private readonly empty = h('div', { class: 'table-empty', hidden: '' });
  private readonly detail: HTMLElement;
  private readonly notice: HTMLElement;
  /** "Table filtered by …  ✕": the filter a Timeline range or a Breakdown bar put on this table. */
  private readonly chip = h('div', { class: 'filter-chip', role: 'status', hidden: '' });
  private busy = '';
  private pendingScroll?: number;

  constructor(private readonly app: ViewContext, public spec: TableSpec) {
    this.columns = new ColumnSet(PREFERRED_COLUMNS[spec.kind === 'keyvalue' ? 'keyvalue' : spec.name] ?? []);
    this.filterInput = filterBox(app, spec.id, { placeholder: 'Filter rows', label: `Filter ${spec.name}` }, () => void this.refilter());
    this.status = h('span', { class: 'muted count', role: 'status', 'aria-live': 'polite' });
    const tools: Array<Node> = [this.filterInput];
    if (this.hasThumbnails()) {
      this.thumbToggle = h('input', { type: 'checkbox', id: `thumbs-${spec.id}` });
      this.thumbToggle.checked = app.thumbnails;
      this.thumbToggle.addEventListener('change', () => app.setThumbnails(this.thumbToggle!.checked));
      tools.push(h('label', { class: 'check', for: `thumbs-${spec.id}`, title: `Thumbnails load only from ${app.endpointOrigin() ?? 'the endpoint'}` }, this.thumbToggle, ' Thumbnails'));
    }
    this.wrapToggle = h('input', { type: 'checkbox', id: `wrap-${spec.id}` });
    this.wrapToggle.checked = !!app.ui.wrap;
    this.wrapToggle.addEventListener('change', () => {
      app.ui.wrap = this.wrapToggle.checked;
      app.saveSoon();
      this.syncRowHeight();
    });
    tools.push(h('label', { class: 'check', for: `wrap-${spec.id}`, title: 'Wrap long text onto up to three lines per row' }, this.wrapToggle, ' Wrap'));
    tools.push(this.status);
    this.notice = h('div', { class: 'notice', hidden: '' });
    this.detail = h('div', { class: 'detail', hidden: '', role: 'region', 'aria-label': 'Cell value' });
    this.element = h('div', { class: 'table-view' }, h('div', { class: 'toolbar' }, ...tools), this.chip, this.notice, this.empty);
    renderFilterChip(this.chip, app, spec.id);
    this.element.appendChild(this.detail);
  }

  /** allimages, and the page lets images load from the wiki (the user allows remote images). */
  private hasThumbnails(): boolean {
    return this.spec.name === 'allimages' && !!this.app.imageOrigin;
  }

  syncThumbToggle(): void {
    if (this.thumbToggle) this.thumbToggle.checked = this.app.thumbnails;
    if (this.hasThumbnails()) this.syncRowHeight();
  }

  private rowHeight(): number {
    return this.hasThumbnails() && this.app.thumbnails ? THUMB_ROW_H : this.app.ui.wrap ? WRAP_ROW_H : ROW_H;
  }

  private syncRowHeight(): void {
    this.wrapToggle.checked = !!this.app.ui.wrap;
    if (!this.vt) return;
    this.vt.root.classList.toggle('wrap', !!this.app.ui.wrap);
    this.vt.setRowHeight(this.rowHeight());
    this.vt.setColumns(this.makeColumns());
  }

  get name(): string {
    return this.spec.name;
  }

  get count(): number {
    return this.view ? this.view.length : this.rows.length;
  }

  /** Builds the grid on first show (drawn again when shown later: the grid measures itself when it becomes visible). */
  mount(): void {
    this.rows = tableRows(this.app.model!.result, this.spec);
    if (this.vt) return this.vt.measure();
    this.columns.update(this.rows);
    this.vt = new VirtualTable(`${this.spec.name} table`, this.rowHeight(), {
      renderCell: (row, col, di) => this.renderCell(row, col, di),
      onActivate: (di, col) => this.openDetail(di, col),
      onSort: (col) => this.toggleSort(col.id),
      onContextMenu: (di, col, x, y) => this.contextMenu(di, col, x, y),
      onCopy: (kind, di, col) => this.copy(kind, di, col),
      onOpenUrl: (url) => this.app.openUrl(url),
      onOpenLinks: (urls, cell) => {
        const r = cell.getBoundingClientRect();
        this.app.menu.open(r.left + 8, r.bottom, urls.map((u) => ({ label: `Open ${u}`, run: () => this.app.openUrl(u) })), 'Links in the cell');
      },
      onResize: (col) => {
        (this.app.ui.widths[this.spec.id] ??= {})[col.id] = Math.round(col.width);
        this.app.saveSoon();
      },
      onWidth: () => this.vt?.setColumns(this.makeColumns()),
      onScroll: () => {
        if (this.pendingScroll === undefined) {
          this.app.ui.scroll[this.spec.id] = this.vt!.root.scrollTop;
          this.app.saveSoon();
        }
      },
    });
    this.element.insertBefore(this.vt.root, this.detail);
    this.vt.root.classList.toggle('wrap', !!this.app.ui.wrap);
    this.vt.setColumns(this.makeColumns());
    const sort = this.app.ui.sort[this.spec.id];
    this.vt.setSort(sort && this.columns.columns.includes(sort.col) ? sort : null);
    this.taken = this.rows.length;
    this.vt.setData(this.rows, null);
    this.updateStatus();
    const scroll = this.app.ui.scroll[this.spec.id];
    if (scroll) this.pendingScroll = scroll;
    if (this.filterInput.value || this.viewFilter() || sort) void this.refilter();
    else this.applyPendingScroll();
    this.vt.measure(); // shown already: fit the columns and draw the rows now, not a frame later
  }

  private applyPendingScroll(): void {
    if (this.pendingScroll === undefined || !this.vt) return;
    const max = this.vt.root.scrollHeight - this.vt.root.clientHeight;
    this.vt.root.scrollTop = Math.min(this.pendingScroll, Math.max(0, max));
    if (max >= this.pendingScroll || !this.app.receiving) this.pendingScroll = undefined;
    this.vt.render();
  }

  private makeColumns(): VColumn[] {
    const widths = this.app.ui.widths[this.spec.id] ?? {};
    const cols: VColumn[] = [];
    if (this.hasThumbnails() && this.app.thumbnails) cols.push({ id: '#thumb', label: 'Image', width: widths['#thumb'] ?? 84 });
    const sample = this.rows.slice(0, 200);
    for (const id of this.columns.columns) {
      const label = id === '#key' ? 'key' : id;
      let w = widths[id];
      let numeric = false;
      if (w === undefined) {
        let max = label.length + 2;
        let nums = 0;
        for (const r of sample) {
          const v = cellValue(r, id);
          if (typeof v === 'number') nums++;
          const len = typeof v === 'string' ? v.length : cellText(v).length;
          if (len > max) max = len;
        }
        numeric = nums > sample.length / 2;
        w = Math.max(56, Math.min(max, COLUMN_CHARS) * CHAR_W + 20);
      } else {
        numeric = sample.filter((r) => typeof cellValue(r, id) === 'number').length > sample.length / 2;
      }
      cols.push({ id, label, width: w, numeric });
    }
    // Each column keeps its content's width (titles whole) and the grid scrolls sideways; URL columns are cut only when that fits the row in the panel.
    const fitted = fitWidths(cols.map((c) => c.width), (this.vt?.availableWidth ?? 0) - 2, cols.map((c) => widths[c.id] !== undefined || c.id === '#thumb'), cols.map((c) => /url$/.test(c.id)));
    fitted.forEach((w, i) => (cols[i].width = w));
    return cols;
  }

  private updateStatus(): void {
    const total = this.rows.length;
    const shown = this.count;
    const parts = [shown === total ? `${formatCount(total)} rows` : `${formatCount(shown)} of ${formatCount(total)} rows`];
    if (this.arriving()) parts.push(this.app.ui.sort[this.spec.id] ? 'receiving… (new rows at the end, sorted when all have arrived)' : 'receiving…');
    if (this.busy) parts.push(this.busy);
    this.status.textContent = parts.join(' · ');
    const none = !!this.vt && shown === 0 && !this.app.receiving;
    if (none !== !this.empty.hidden) {
      clear(this.empty);
      if (none) this.empty.appendChild(total ? h('div', { class: 'empty', role: 'status' }, h('strong', null, 'No rows match the filter.')) : emptyState(this.app.model!));
      this.empty.hidden = !none;
      if (this.vt) this.vt.root.hidden = none;
    }
    if (this.vt && this.vt.reachable < this.vt.count) {
      this.notice.hidden = false;
      this.notice.textContent = `The table can scroll through the first ${formatCount(this.vt.reachable)} rows; export the result for all ${formatCount(this.vt.count)}.`;
    } else this.notice.hidden = true;
  }

  // -- data changes ---------------------------------------------------------------------------

  /** More records of this run are on their way (a message in flight, or batches still loading). */
  private arriving(): boolean {
    return this.app.receiving || this.app.loading;
  }

  /** Records were appended to this table's list. */
  grew(): void {
    const before = this.taken;
    this.rows = tableRows(this.app.model!.result, this.spec);
    if (!this.vt) return;
    if (this.rows.length < before) return this.replaced();
    this.taken = this.rows.length;
    if (this.columns.update(this.rows)) this.vt.setColumns(this.makeColumns());
    const filter = this.filterInput.value.trim().toLowerCase();
    const filtered = filter || this.viewFilter();
    if (filtered && this.view) {
      for (let i = before; i < this.rows.length; i++) if (this.passes(i, filter)) this.view.push(i);
    }
    if (this.app.ui.sort[this.spec.id]) {
      if (!this.view) this.view = Array.from({ length: this.rows.length }, (_, i) => i);
      else if (!filtered) for (let i = before; i < this.rows.length; i++) this.view.push(i);
      // Sorted once, when the last batch has arrived; until then new rows wait at the end (the status says so).
      if (!this.arriving()) void this.refilter();
    }
    this.vt.grew(this.view);
    this.updateStatus();
    this.applyPendingScroll();
  }

  /** The table's member was replaced (merged pages…): everything is recomputed. */
  replaced(): void {
    this.rows = tableRows(this.app.model!.result, this.spec);
    this.texts = [];
    if (!this.vt) return;
    this.columns.reset();
    this.columns.update(this.rows);
    this.vt.setColumns(this.makeColumns());
    this.view = null;
    this.taken = this.rows.length;
    this.vt.setData(this.rows, null);
    this.updateStatus();
    if (this.filterInput.value.trim() || this.viewFilter() || this.app.ui.sort[this.spec.id]) void this.refilter();
  }

  /** The filter a Timeline range or a Breakdown bar put on this table, if any. */
  private viewFilter() {
    const f = this.app.ui.viewFilter;
    return f && f.table === this.spec.id ? f : undefined;
  }

  /** Row `i` passes the text filter and the view filter. */
  private passes(i: number, text: string): boolean {
    const f = this.viewFilter();
    return (!text || this.textOf(i).includes(text)) && (!f || filterMatches(this.rows[i], f));
  }

  viewFilterChanged(): void {
    renderFilterChip(this.chip, this.app, this.spec.id);
    void this.refilter();
  }

  private textOf(i: number): string {
    let t = this.texts[i];
    if (t === undefined) {
      const r = this.rows[i];
      t = isObj(r) ? Object.values(r).map(cellData).join('\u0001').toLowerCase() : cellData(r).toLowerCase();
      this.texts[i] = t;
    }
    return t;
  }

  /** Applies the filter and the sort, in time slices; the newest call wins. */
  async refilter(): Promise<void> {
    if (!this.vt) return;
    const cancelled = this.job.next();
    const filter = this.filterInput.value.trim().toLowerCase();
    const sort = this.app.ui.sort[this.spec.id];
    let view: number[] | null = null;
    if (filter || this.viewFilter()) {
      view = [];
      const out = view;
      this.busy = 'filtering…';
      this.updateStatus();
      const ok = await sliced(0, this.rows.length, (i) => {
        if (this.passes(i, filter)) out.push(i);
      }, cancelled);
      if (!ok) return;
    }
    if (sort) {
      this.busy = 'sorting…';
      this.updateStatus();
      await yieldToBrowser();
      if (cancelled()) return;
      const idx = view ?? Array.from({ length: this.rows.length }, (_, i) => i);
      const keys = new Array<unknown>(this.rows.length);
      // Nested values sort by the text their cell shows, worked out once per row, not per comparison.
      for (const i of idx) {
        const v = cellValue(this.rows[i], sort.col);
        keys[i] = isNested(v) ? cellText(v) : v;
      }
      const dir = sort.dir === 'asc' ? 1 : -1;
      idx.sort((a, b) => compareCells(keys[a], keys[b]) * dir || a - b);
      view = idx;
    }
    if (cancelled()) return;
    this.busy = '';
    this.view = view;
    this.vt.setSort(sort ?? null);
    this.vt.setData(this.rows, view);
    this.updateStatus();
    this.applyPendingScroll();
    this.app.reportSoon();
  }

  private toggleSort(col: string): void {
    if (col === '#thumb') return;
    const cur = this.app.ui.sort[this.spec.id];
    if (!cur || cur.col !== col) this.app.ui.sort[this.spec.id] = { col, dir: 'asc' };
    else if (cur.dir === 'asc') this.app.ui.sort[this.spec.id] = { col, dir: 'desc' };
    else delete this.app.ui.sort[this.spec.id];
    this.app.saveSoon();
    this.vt?.setSort(this.app.ui.sort[this.spec.id] ?? null);
    void this.refilter();
  }

  // -- cells ----------------------------------------------------------------------------------

  private renderCell(row: unknown, col: VColumn, _di: number): Node {
    const endpoint = this.app.model!.endpoint;
    if (col.id === '#thumb') {
      const url = thumbnailUrl(row, endpoint);
      if (!url) return h('span', { class: 'muted', title: `No image from ${this.app.endpointOrigin() ?? 'the endpoint'}` }, '—');
      return h('img', { class: 'thumb', src: url, alt: '', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' });
    }
    const v = cellValue(row, col.id);
    if (v === undefined) return document.createTextNode('');
    const kind = htmlColumn(this.spec.name, col.id);
    if (kind === 'html' && typeof v === 'string') {
      const span = h('span', { class: 'html' }, sanitizeHtml(v, endpoint));
      const text = span.textContent ?? '';
      if (this.mayBeCut(text, col)) span.title = text;
      return span;
    }
    if (kind === 'params' && isObj(v)) {
      const span = h('span', { class: 'expand', title: 'Show the whole value (Enter)' });
      const entries = Object.entries(v);
      if (!entries.length) span.textContent = '{}';
      entries.forEach(([k, x], i) => {
        if (i) span.appendChild(document.createTextNode(', '));
        span.appendChild(h('span', { class: 'k' }, `${k}: `));
        if (typeof x === 'string' && looksLikeHtml(x)) span.appendChild(h('span', { class: 'html' }, sanitizeHtml(x, endpoint)));
        else span.appendChild(document.createTextNode(compact(x, 80)));
      });
      return span;
    }
    if (isNested(v)) {
      // Titles joined, or a summary (`3 items`, `{size, width}`): a click or Enter opens the value in a JSON tree.
      const shown = clipCell(cellText(v));
      return h('span', { class: 'expand', title: `${this.mayBeCut(shown, col) ? `${shown}\n` : ''}Click or Enter: the whole value as a JSON tree` }, shown);
    }
    if (typeof v === 'string') {
      const url = /^https?:\/\//i.test(v) ? safeHttpUrl(v) : undefined;
      if (url) return h('a', { href: url, title: url }, v);
      const shown = clipCell(v);
      return this.mayBeCut(v, col) ? h('span', { title: shown }, shown) : document.createTextNode(v);
    }
    return document.createTextNode(String(v));
  }

  /** The text may not fit its column (it is then cut with …, and whole on hover). */
  private mayBeCut(text: string, col: VColumn): boolean {
    return text.length * CHAR_W > col.width - 16;
  }

  private openDetail(di: number, col: VColumn): void {
    const row = this.rows[di];
    const v = col.id === '#thumb' ? thumbnailUrl(row, this.app.model!.endpoint) : cellValue(row, col.id);
    clear(this.detail);
    this.detail.hidden = false;
    const close = button('Close', { class: 'secondary', title: 'Close (Escape)' }, () => this.closeDetail());
    const copy = button('Copy value', { class: 'secondary' }, () => this.app.copy(cellData(v)));
    this.detail.appendChild(h('div', { class: 'detail-head' }, h('strong', null, `Row ${formatCount(di + 1)} · ${col.label}`), h('span', { class: 'spacer' }), copy, close));
    const body = h('div', { class: 'detail-body' });
    const kind = htmlColumn(this.spec.name, col.id);
    if (kind === 'html' && typeof v === 'string') body.appendChild(h('div', { class: 'html' }, sanitizeHtml(v, this.app.model!.endpoint)));
    if (isNested(v)) {
      const tree = new JsonTree(v, { label: `${col.label} value`, expandDepth: 3, maxNodes: 5000, onOpenUrl: (u) => this.app.openUrl(u) });
      body.appendChild(tree.root);
    } else body.appendChild(h('pre', { class: 'detail-text' }, cellData(v)));
    this.detail.appendChild(body);
    this.detail.addEventListener('keydown', this.detailKey);
    (this.detail.querySelector<HTMLElement>('[role=treeitem]') ?? close).focus();
  }

  private readonly detailKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      this.closeDetail();
    }
  };

  private closeDetail(): void {
    this.detail.hidden = true;
    clear(this.detail);
    this.vt?.root.focus();
  }

  private rowText(di: number, sep: 'json' | 'tsv'): string {
    const r = this.rows[di];
    if (sep === 'json') return JSON.stringify(r, null, 2);
    return this.columns.columns.map((c) => cellData(cellValue(r, c)).replace(/[\t\r\n]+/g, ' ')).join('\t');
  }

  private copy(kind: 'cell' | 'row', di: number, col: VColumn): void {
    if (kind === 'row') this.app.copy(this.rowText(di, 'json'));
    else this.app.copy(col.id === '#thumb' ? thumbnailUrl(this.rows[di], this.app.model!.endpoint) ?? '' : cellData(cellValue(this.rows[di], col.id)));
  }

  private contextMenu(di: number, col: VColumn, x: number, y: number): void {
    const v = col.id === '#thumb' ? thumbnailUrl(this.rows[di], this.app.model!.endpoint) : cellValue(this.rows[di], col.id);
    const url = typeof v === 'string' ? safeHttpUrl(v) : undefined;
    this.app.menu.open(x, y, [
      { label: 'Copy cell', run: () => this.copy('cell', di, col) },
      { label: 'Copy row as JSON', run: () => this.copy('row', di, col) },
      { label: 'Copy row as tab-separated text', run: () => this.app.copy(this.rowText(di, 'tsv')) },
      { label: 'Show the whole value', run: () => this.openDetail(di, col) },
      { label: 'Open link in browser', run: () => url && this.app.openUrl(url), disabled: !url },
    ], 'Cell actions');
  }

  visibleText(): string {
    if (!this.vt) return '';
    const head = this.vt.getColumns().map((c) => c.label).join('\t');
    const rows = this.vt.renderedRows().map((r) => Array.from(r.children).map((c) => c.textContent ?? '').join('\t'));
    return [head, ...rows].join('\n');
  }

  focus(): void {
    this.vt?.root.focus();
  }

  /**
   * Selects record `index` (its place in the result, from 0) and scrolls to it, at the column
   * `field` when the table has one; a filter that hides it is cleared first. False when the view
   * does not hold that record (a panel restored after a reload keeps the first records only).
   */
  async reveal(index: number, field?: string): Promise<boolean> {
    if (!this.vt) this.mount();
    if (!this.vt || index < 0 || index >= this.rows.length) return false;
    if (this.view && !this.view.includes(index) && (this.filterInput.value || this.viewFilter())) {
      this.filterInput.value = '';
      this.app.ui.filter[this.spec.id] = '';
      if (this.viewFilter()) this.app.setViewFilter(undefined);
      await this.refilter();
    }
    const shown = this.view ? this.view.indexOf(index) : index;
    if (shown < 0) return false;
    const col = field ? this.vt.getColumns().findIndex((c) => c.id === field.replace(/[.[].*$/, '')) : -1;
    this.vt.root.focus();
    this.vt.setActive(shown, Math.max(0, col));
    return true;
  }

  /** The grid (tests). */
  get grid(): VirtualTable | undefined {
    return this.vt;
  }
}
