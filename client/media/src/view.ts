/**
 * The results view (runs in the webview). Header (request, endpoint, HTTP status, time, size,
 * batches, complete/partial, errors and warnings, paging), tabs Table / JSON / Raw / Debug.
 *
 * Security: every piece of wiki content is inserted as text (text nodes, textContent); only the
 * fields that hold wiki HTML go through ./purify. Links open through the host (http(s) only, and
 * the host checks again). No inline script or style: the CSP allows the one nonce'd script.
 *
 * Large results: host messages are queued and applied in time slices; the table is virtualised;
 * filtering runs in slices; the JSON tree and Raw tab are capped.
 */
import {
  ColumnSet, PREFERRED_COLUMNS, ResultsModel, TableSpec, cellText, cellValue, compact, compareCells, findTables, formatBytes,
  formatCount, formatMs, getPath, htmlColumn, isNested, isObj, looksLikeHtml, recordCount, redactDebuginfo, safeHttpUrl, setPath, tableRows,
  thumbnailUrl, truncateForState,
} from '../../src/results/model';
import type { AppendMessage, HostMessage, ProgressMessage, RenderMessage, TabId, WebviewMessage } from '../../src/results/protocol';
import { TABS, isHostMessage } from '../../src/results/protocol';
import { button, clear, h, onInputQuiet } from './dom';
import { JsonTree, searchBox } from './jsonTree';
import { ParamReference } from './paraminfo';
import { sanitizeHtml } from './purify';
import { Cancellable, sliced, yieldToBrowser } from './schedule';
import { VColumn, VirtualTable } from './vtable';

interface VsCodeApi {
  postMessage(m: WebviewMessage): void;
  getState(): unknown;
  setState(s: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface UiState {
  identity?: string;
  tab: TabId;
  table?: string;
  sort: Record<string, { col: string; dir: 'asc' | 'desc' }>;
  filter: Record<string, string>;
  scroll: Record<string, number>;
  widths: Record<string, Record<string, number>>;
  thumbnails?: boolean;
}

interface SavedState {
  v: 1;
  ui: UiState;
  model?: ResultsModel;
  pinned?: boolean;
  /** The panel's key (the host's serializer reads it after a reload). */
  key?: string;
}

const ROW_H = 24;
const THUMB_ROW_H = 60;
const JSON_MAX_NODES = 20_000;
const TAB_LABELS: Record<TabId, string> = { table: 'Table', json: 'JSON', raw: 'Raw', debug: 'Debug' };

const identityOf = (m: Pick<ResultsModel, 'requestName' | 'endpoint' | 'params'>) => JSON.stringify([m.requestName, m.endpoint, m.params]);

function defaultUi(): UiState {
  return { tab: 'table', sort: {}, filter: {}, scroll: {}, widths: {} };
}

function validUi(u: unknown): UiState {
  const d = defaultUi();
  if (!isObj(u)) return d;
  return {
    identity: typeof u.identity === 'string' ? u.identity : undefined,
    tab: TABS.includes(u.tab as TabId) ? (u.tab as TabId) : 'table',
    table: typeof u.table === 'string' ? u.table : undefined,
    sort: isObj(u.sort) ? (u.sort as UiState['sort']) : {},
    filter: isObj(u.filter) ? (u.filter as UiState['filter']) : {},
    scroll: isObj(u.scroll) ? (u.scroll as UiState['scroll']) : {},
    widths: isObj(u.widths) ? (u.widths as UiState['widths']) : {},
    thumbnails: typeof u.thumbnails === 'boolean' ? u.thumbnails : undefined,
  };
}

function isModel(m: unknown): m is ResultsModel {
  return isObj(m) && typeof m.requestName === 'string' && typeof m.endpoint === 'string' && isObj(m.params) && Array.isArray(m.errors) && Array.isArray(m.warnings) && Array.isArray(m.rawBatches);
}

// ---------------------------------------------------------------------------------------------
// A floating menu (context menu, export menu), keyboard navigable

interface MenuItem {
  label: string;
  run(): void;
  disabled?: boolean;
}

class Menu {
  private el?: HTMLElement;
  private returnFocus?: HTMLElement | null;

  open(x: number, y: number, items: MenuItem[], label: string): void {
    this.close();
    this.returnFocus = document.activeElement as HTMLElement | null;
    const menu = h('div', { class: 'menu', role: 'menu', 'aria-label': label });
    for (const it of items) {
      const b = h('button', { type: 'button', role: 'menuitem', tabindex: '-1', class: 'menu-item' }, it.label);
      if (it.disabled) b.setAttribute('aria-disabled', 'true');
      b.addEventListener('click', () => {
        if (it.disabled) return;
        this.close();
        it.run();
      });
      menu.appendChild(b);
    }
    menu.addEventListener('keydown', (e) => {
      const list = Array.from(menu.querySelectorAll('[role=menuitem]')) as HTMLElement[];
      const i = list.indexOf(document.activeElement as HTMLElement);
      if (e.key === 'ArrowDown') list[(i + 1) % list.length]?.focus();
      else if (e.key === 'ArrowUp') list[(i - 1 + list.length) % list.length]?.focus();
      else if (e.key === 'Home') list[0]?.focus();
      else if (e.key === 'End') list[list.length - 1]?.focus();
      else if (e.key === 'Escape' || e.key === 'Tab') this.close();
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
    document.body.appendChild(menu);
    const r = menu.getBoundingClientRect();
    menu.style.left = `${Math.max(0, Math.min(x, window.innerWidth - r.width - 4))}px`;
    menu.style.top = `${Math.max(0, Math.min(y, window.innerHeight - r.height - 4))}px`;
    this.el = menu;
    (menu.firstElementChild as HTMLElement | null)?.focus();
    setTimeout(() => document.addEventListener('mousedown', this.outside, true), 0);
  }

  private readonly outside = (e: MouseEvent) => {
    if (this.el && !this.el.contains(e.target as Node)) this.close(false);
  };

  close(refocus = true): void {
    document.removeEventListener('mousedown', this.outside, true);
    if (!this.el) return;
    this.el.remove();
    this.el = undefined;
    if (refocus) this.returnFocus?.focus();
  }
}

// ---------------------------------------------------------------------------------------------
// Table of records

class TableController {
  readonly element: HTMLElement;
  private rows: unknown[] = [];
  private readonly columns: ColumnSet;
  private vt?: VirtualTable;
  private view: number[] | null = null;
  private texts: Array<string | undefined> = [];
  private readonly job = new Cancellable();
  private readonly status: HTMLElement;
  private readonly filterInput: HTMLInputElement;
  private readonly thumbToggle?: HTMLInputElement;
  private readonly detail: HTMLElement;
  private readonly notice: HTMLElement;
  private resortTimer = 0;
  private busy = '';
  private pendingScroll?: number;

  constructor(private readonly app: App, public spec: TableSpec) {
    this.columns = new ColumnSet(PREFERRED_COLUMNS[spec.kind === 'keyvalue' ? 'keyvalue' : spec.name] ?? []);
    this.filterInput = h('input', { type: 'search', class: 'filter', placeholder: 'Filter rows', 'aria-label': `Filter ${spec.name}`, spellcheck: 'false' });
    this.filterInput.value = app.ui.filter[spec.id] ?? '';
    onInputQuiet(this.filterInput, 150, () => {
      app.ui.filter[spec.id] = this.filterInput.value;
      app.saveSoon();
      void this.refilter();
    });
    this.status = h('span', { class: 'muted count', role: 'status', 'aria-live': 'polite' });
    const tools: Array<Node> = [this.filterInput];
    if (this.hasThumbnails()) {
      this.thumbToggle = h('input', { type: 'checkbox', id: `thumbs-${spec.id}` });
      this.thumbToggle.checked = app.thumbnails;
      this.thumbToggle.addEventListener('change', () => app.setThumbnails(this.thumbToggle!.checked));
      tools.push(h('label', { class: 'check', for: `thumbs-${spec.id}`, title: `Thumbnails load only from ${app.endpointOrigin() ?? 'the endpoint'}` }, this.thumbToggle, ' Thumbnails'));
    }
    tools.push(this.status);
    this.notice = h('div', { class: 'notice', hidden: '' });
    this.detail = h('div', { class: 'detail', hidden: '', role: 'region', 'aria-label': 'Cell value' });
    this.element = h('div', { class: 'table-view' }, h('div', { class: 'toolbar' }, ...tools), this.notice);
    this.element.appendChild(this.detail);
  }

  private hasThumbnails(): boolean {
    return this.spec.name === 'allimages';
  }

  syncThumbToggle(): void {
    if (this.thumbToggle) this.thumbToggle.checked = this.app.thumbnails;
    if (this.vt && this.hasThumbnails()) {
      this.vt.setRowHeight(this.app.thumbnails ? THUMB_ROW_H : ROW_H);
      this.vt.setColumns(this.makeColumns());
    }
  }

  get name(): string {
    return this.spec.name;
  }

  get count(): number {
    return this.view ? this.view.length : this.rows.length;
  }

  /** Builds the grid on first show. */
  mount(): void {
    this.rows = tableRows(this.app.model!.result, this.spec);
    if (this.vt) return;
    this.columns.update(this.rows);
    const thumbs = this.hasThumbnails() && this.app.thumbnails;
    this.vt = new VirtualTable(`${this.spec.name} table`, thumbs ? THUMB_ROW_H : ROW_H, {
      renderCell: (row, col, di) => this.renderCell(row, col, di),
      onActivate: (di, col) => this.openDetail(di, col),
      onSort: (col) => this.toggleSort(col.id),
      onContextMenu: (di, col, x, y) => this.contextMenu(di, col, x, y),
      onCopy: (kind, di, col) => this.copy(kind, di, col),
      onOpenUrl: (url) => this.app.openUrl(url),
      onResize: (col) => {
        (this.app.ui.widths[this.spec.id] ??= {})[col.id] = Math.round(col.width);
        this.app.saveSoon();
      },
      onScroll: () => {
        if (this.pendingScroll === undefined) {
          this.app.ui.scroll[this.spec.id] = this.vt!.root.scrollTop;
          this.app.saveSoon();
        }
      },
    });
    this.element.insertBefore(this.vt.root, this.detail);
    this.vt.setColumns(this.makeColumns());
    const sort = this.app.ui.sort[this.spec.id];
    this.vt.setSort(sort && this.columns.columns.includes(sort.col) ? sort : null);
    this.vt.setData(this.rows, null);
    this.updateStatus();
    const scroll = this.app.ui.scroll[this.spec.id];
    if (scroll) this.pendingScroll = scroll;
    if (this.filterInput.value || sort) void this.refilter();
    else this.applyPendingScroll();
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
          const len = typeof v === 'string' ? v.length : isNested(v) ? Math.min(60, compact(v, 60).length + 2) : String(v ?? '').length;
          if (len > max) max = len;
        }
        numeric = nums > sample.length / 2;
        w = Math.max(56, Math.min(id === 'url' || id.endsWith('url') ? 320 : 380, max * 7.4 + 20));
      } else {
        numeric = sample.filter((r) => typeof cellValue(r, id) === 'number').length > sample.length / 2;
      }
      cols.push({ id, label, width: w, numeric });
    }
    return cols;
  }

  private updateStatus(): void {
    const total = this.rows.length;
    const shown = this.count;
    const parts = [shown === total ? `${formatCount(total)} rows` : `${formatCount(shown)} of ${formatCount(total)} rows`];
    if (this.app.receiving) parts.push('receiving…');
    if (this.busy) parts.push(this.busy);
    this.status.textContent = parts.join(' · ');
    if (this.vt && this.vt.reachable < this.vt.count) {
      this.notice.hidden = false;
      this.notice.textContent = `The table can scroll through the first ${formatCount(this.vt.reachable)} rows; export the result for all ${formatCount(this.vt.count)}.`;
    } else this.notice.hidden = true;
  }

  // -- data changes ---------------------------------------------------------------------------

  /** Records were appended to this table's list. */
  grew(): void {
    const before = this.rows.length;
    this.rows = tableRows(this.app.model!.result, this.spec);
    if (!this.vt) return;
    if (this.rows.length < before) return this.replaced();
    if (this.columns.update(this.rows)) this.vt.setColumns(this.makeColumns());
    const filter = this.filterInput.value.trim().toLowerCase();
    if (filter && this.view) {
      for (let i = before; i < this.rows.length; i++) if (this.textOf(i).includes(filter)) this.view.push(i);
    }
    if (this.app.ui.sort[this.spec.id]) {
      if (!this.view) this.view = Array.from({ length: this.rows.length }, (_, i) => i);
      else if (!filter) for (let i = before; i < this.rows.length; i++) this.view.push(i);
      clearTimeout(this.resortTimer);
      this.resortTimer = window.setTimeout(() => void this.refilter(), 300);
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
    this.vt.setData(this.rows, null);
    this.updateStatus();
    if (this.filterInput.value.trim() || this.app.ui.sort[this.spec.id]) void this.refilter();
  }

  private textOf(i: number): string {
    let t = this.texts[i];
    if (t === undefined) {
      const r = this.rows[i];
      t = isObj(r) ? Object.values(r).map(cellText).join('\u0001').toLowerCase() : cellText(r).toLowerCase();
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
    if (filter) {
      view = [];
      const out = view;
      this.busy = 'filtering…';
      this.updateStatus();
      const ok = await sliced(0, this.rows.length, (i) => {
        if (this.textOf(i).includes(filter)) out.push(i);
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
      for (const i of idx) keys[i] = cellValue(this.rows[i], sort.col);
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
    if (kind === 'html' && typeof v === 'string') return h('span', { class: 'html' }, sanitizeHtml(v, endpoint));
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
    if (isNested(v)) return h('span', { class: 'expand', title: 'Show the whole value (Enter)' }, compact(v, 160));
    if (typeof v === 'string') {
      const url = /^https?:\/\//i.test(v) ? safeHttpUrl(v) : undefined;
      if (url) return h('a', { href: url, title: url }, v);
      return v.length > 40 ? h('span', { title: v.length > 2000 ? `${v.slice(0, 2000)}…` : v }, v.length > 2000 ? `${v.slice(0, 2000)}…` : v) : document.createTextNode(v);
    }
    return document.createTextNode(String(v));
  }

  private openDetail(di: number, col: VColumn): void {
    const row = this.rows[di];
    const v = col.id === '#thumb' ? thumbnailUrl(row, this.app.model!.endpoint) : cellValue(row, col.id);
    clear(this.detail);
    this.detail.hidden = false;
    const close = button('Close', { class: 'secondary', title: 'Close (Escape)' }, () => this.closeDetail());
    const copy = button('Copy value', { class: 'secondary' }, () => this.app.copy(cellText(v)));
    this.detail.appendChild(h('div', { class: 'detail-head' }, h('strong', null, `Row ${formatCount(di + 1)} · ${col.label}`), h('span', { class: 'spacer' }), copy, close));
    const body = h('div', { class: 'detail-body' });
    const kind = htmlColumn(this.spec.name, col.id);
    if (kind === 'html' && typeof v === 'string') body.appendChild(h('div', { class: 'html' }, sanitizeHtml(v, this.app.model!.endpoint)));
    if (isNested(v)) {
      const tree = new JsonTree(v, { label: `${col.label} value`, expandDepth: 3, maxNodes: 5000, onOpenUrl: (u) => this.app.openUrl(u) });
      body.appendChild(tree.root);
    } else body.appendChild(h('pre', { class: 'detail-text' }, cellText(v)));
    this.detail.appendChild(body);
    this.detail.addEventListener('keydown', this.detailKey);
    (this.detail.querySelector('[role=treeitem]') as HTMLElement | null ?? close).focus();
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
    return this.columns.columns.map((c) => cellText(cellValue(r, c)).replace(/[\t\r\n]+/g, ' ')).join('\t');
  }

  private copy(kind: 'cell' | 'row', di: number, col: VColumn): void {
    if (kind === 'row') this.app.copy(this.rowText(di, 'json'));
    else this.app.copy(col.id === '#thumb' ? thumbnailUrl(this.rows[di], this.app.model!.endpoint) ?? '' : cellText(cellValue(this.rows[di], col.id)));
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

  /** The grid (tests). */
  get grid(): VirtualTable | undefined {
    return this.vt;
  }
}

class ParamController {
  readonly element: HTMLElement;
  private readonly ref: ParamReference;
  private readonly filterInput: HTMLInputElement;
  private readonly status: HTMLElement;
  private shown = 0;

  constructor(private readonly app: App, public spec: TableSpec) {
    this.filterInput = h('input', { type: 'search', class: 'filter', placeholder: 'Filter modules, parameters', 'aria-label': 'Filter modules and parameters', spellcheck: 'false' });
    this.filterInput.value = app.ui.filter[spec.id] ?? '';
    this.status = h('span', { class: 'muted count', role: 'status' });
    const box = h('div', { class: 'pi' });
    const result = app.model!.result;
    const helpformat = String(getPath(result, ['paraminfo', 'helpformat']) ?? 'none');
    this.ref = new ParamReference(box, { endpoint: app.model!.endpoint, helpformat, onOpenUrl: (u) => app.openUrl(u) });
    onInputQuiet(this.filterInput, 150, () => {
      app.ui.filter[spec.id] = this.filterInput.value;
      app.saveSoon();
      void this.mount(true);
    });
    this.element = h('div', { class: 'table-view' }, h('div', { class: 'toolbar' }, this.filterInput, this.status), box);
  }

  get name(): string {
    return this.spec.name;
  }

  get count(): number {
    return this.shown;
  }

  private mounted = false;
  async mount(force = false): Promise<void> {
    if (this.mounted && !force) return;
    this.mounted = true;
    const modules = tableRows(this.app.model!.result, this.spec);
    this.status.textContent = `${formatCount(modules.length)} modules`;
    this.shown = await this.ref.render(modules, this.filterInput.value);
    this.app.reportSoon();
  }

  grew(): void {
    void this.mount(true);
  }

  replaced(): void {
    void this.mount(true);
  }

  syncThumbToggle(): void {}

  visibleText(): string {
    return this.ref.box.innerText.slice(0, 100_000);
  }

  focus(): void {
    (this.ref.box.querySelector('summary') as HTMLElement | null)?.focus();
  }
}

type Controller = TableController | ParamController;

// ---------------------------------------------------------------------------------------------
// The app

export class App {
  readonly api: VsCodeApi;
  model?: ResultsModel;
  ui: UiState = defaultUi();
  pinned = false;
  thumbnails = false;
  receiving = false;
  /** The host can fetch more batches. */
  canPage = true;
  key?: string;
  progress?: ProgressMessage;
  readonly menu = new Menu();
  private readonly root: HTMLElement;
  private readonly header: HTMLElement;
  private readonly tablist: HTMLElement;
  private readonly panels: Record<TabId, HTMLElement>;
  private readonly tabs: Record<TabId, HTMLButtonElement>;
  private controllers = new Map<string, Controller>();
  private tableNav?: HTMLElement;
  private readonly tableHost: HTMLElement;
  private jsonTree?: JsonTree;
  private jsonStale = true;
  private readonly jsonBox: HTMLElement;
  private readonly jsonNotice: HTMLElement;
  private rawStale = true;
  private debugStale = true;
  private readonly queue: HostMessage[] = [];
  private pumping = false;
  private awaitingRestore = true;
  private saveTimer = 0;
  private reportTimer = 0;
  private readonly live: HTMLElement;

  constructor(api: VsCodeApi, root: HTMLElement) {
    this.api = api;
    this.root = root;
    clear(root);
    this.header = h('header', { class: 'hdr' });
    this.tablist = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Result views' });
    this.tabs = {} as Record<TabId, HTMLButtonElement>;
    this.panels = {} as Record<TabId, HTMLElement>;
    for (const t of TABS) {
      const tab = h('button', { type: 'button', role: 'tab', id: `tab-${t}`, 'aria-controls': `panel-${t}`, 'aria-selected': 'false', tabindex: '-1', class: 'tab' }, TAB_LABELS[t]);
      tab.addEventListener('click', () => this.selectTab(t, true));
      this.tabs[t] = tab;
      this.tablist.appendChild(tab);
      this.panels[t] = h('section', { role: 'tabpanel', id: `panel-${t}`, 'aria-labelledby': `tab-${t}`, class: `panel panel-${t}`, hidden: '', tabindex: '-1' });
    }
    this.tablist.addEventListener('keydown', (e) => {
      const i = TABS.indexOf((document.activeElement as HTMLElement)?.id?.replace('tab-', '') as TabId);
      let n = -1;
      if (e.key === 'ArrowRight') n = (i + 1) % TABS.length;
      else if (e.key === 'ArrowLeft') n = (i - 1 + TABS.length) % TABS.length;
      else if (e.key === 'Home') n = 0;
      else if (e.key === 'End') n = TABS.length - 1;
      if (n < 0) return;
      e.preventDefault();
      this.selectTab(TABS[n], true);
    });
    this.tableHost = h('div', { class: 'table-host' });
    this.panels.table.appendChild(this.tableHost);
    this.jsonNotice = h('div', { class: 'notice', hidden: '' });
    this.jsonBox = h('div', { class: 'json-box' });
    const jsonExport = button('Export JSON', { class: 'secondary' }, () => this.post({ type: 'export', format: 'json' }));
    this.panels.json.append(h('div', { class: 'toolbar' }, searchBox(() => this.jsonTree, 'Search the JSON result'), h('span', { class: 'spacer' }), jsonExport), this.jsonNotice, this.jsonBox);
    this.live = h('div', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
    root.append(this.header, this.tablist, ...TABS.map((t) => this.panels[t]), this.live);
    window.addEventListener('message', (e: MessageEvent) => {
      if (isHostMessage(e.data)) this.enqueue(e.data);
    });
    window.addEventListener('resize', () => this.currentController()?.grid?.render());
  }

  start(): void {
    const saved = this.api.getState() as SavedState | undefined;
    if (isObj(saved) && saved.v === 1) {
      this.ui = validUi(saved.ui);
      this.pinned = !!saved.pinned;
      this.key = typeof saved.key === 'string' ? saved.key : undefined;
      if (isModel(saved.model)) {
        this.apply({ type: 'render', model: saved.model, pinned: this.pinned, thumbnails: this.ui.thumbnails ?? false, more: false, paging: false, key: this.key });
        this.awaitingRestore = true;
      }
    }
    this.root.dataset.state = this.model ? 'restored' : 'waiting';
    this.post({ type: 'ready' });
  }

  post(m: WebviewMessage): void {
    this.api.postMessage(m);
  }

  openUrl(url: string): void {
    const u = safeHttpUrl(url);
    if (u) this.post({ type: 'openUrl', url: u });
  }

  copy(text: string): void {
    this.post({ type: 'copy', text });
    this.announce('Copied');
  }

  announce(s: string): void {
    this.live.textContent = '';
    this.live.textContent = s;
  }

  endpointOrigin(): string | undefined {
    try {
      return this.model ? new URL(this.model.endpoint).origin : undefined;
    } catch {
      return undefined;
    }
  }

  setThumbnails(on: boolean): void {
    this.thumbnails = on;
    this.ui.thumbnails = on;
    this.saveSoon();
    for (const c of this.controllers.values()) c.syncThumbToggle();
  }

  // -- messages -------------------------------------------------------------------------------

  private enqueue(m: HostMessage): void {
    this.queue.push(m);
    this.root.dataset.pending = String(this.queue.length);
    if (!this.pumping) void this.pump();
  }

  /** Applies queued messages in slices; after a render, lets the first rows paint before appending more. */
  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      let t0 = performance.now();
      while (this.queue.length) {
        const m = this.queue.shift()!;
        this.root.dataset.pending = String(this.queue.length);
        try {
          this.apply(m);
        } catch (e) {
          this.showInternalError(e);
        }
        if (m.type === 'render' && this.queue.length) {
          await paintOpportunity();
          t0 = performance.now();
        } else if (performance.now() - t0 > 12) {
          await yieldToBrowser();
          t0 = performance.now();
        }
      }
    } finally {
      this.pumping = false;
      this.root.dataset.pending = '0';
    }
  }

  private showInternalError(e: unknown): void {
    const msg = e instanceof Error ? e.message : String(e);
    this.header.appendChild(h('div', { class: 'msg error', role: 'alert' }, `The results view failed to show part of this result: ${msg}`));
  }

  apply(m: HostMessage): void {
    switch (m.type) {
      case 'render': return this.onRender(m);
      case 'append': return this.onAppend(m);
      case 'progress':
        this.progress = m.running || m.text ? m : undefined;
        this.renderHeader();
        return;
      case 'pinned':
        this.pinned = m.pinned;
        this.renderHeader();
        this.saveSoon();
        return;
      case 'show':
        if (m.table && this.controllers.has(m.table)) this.selectTable(m.table);
        else if (m.table) for (const [id, c] of this.controllers) if (c.name === m.table) this.selectTable(id);
        this.selectTab(m.tab, false);
        return;
    }
  }

  private onRender(m: RenderMessage): void {
    if (!isModel(m.model)) return;
    const restoring = this.awaitingRestore;
    this.awaitingRestore = false;
    const identity = identityOf(m.model);
    if (this.ui.identity !== identity) {
      this.ui = { ...defaultUi(), tab: this.ui.tab, thumbnails: this.ui.thumbnails, identity };
    } else if (!restoring) {
      this.ui.scroll = {};
    }
    this.model = { ...m.model, rawBatches: m.model.rawBatches.slice() };
    this.pinned = m.pinned;
    this.canPage = m.paging !== false;
    if (typeof m.key === 'string') this.key = m.key;
    this.thumbnails = this.ui.thumbnails ?? m.thumbnails;
    this.receiving = m.more;
    this.progress = undefined;
    this.renderHeader();
    this.buildTables();
    this.jsonStale = this.rawStale = this.debugStale = true;
    this.jsonNotice.hidden = true;
    const hasTables = this.controllers.size > 0;
    this.selectTab(this.ui.tab === 'table' && !hasTables ? 'json' : this.ui.tab, false);
    this.root.dataset.state = m.more ? 'receiving' : 'ready';
    this.root.dataset.records = String(recordCount(this.model.result));
    this.saveSoon();
  }

  private onAppend(m: AppendMessage): void {
    const model = this.model;
    if (!model) return;
    if (m.header) Object.assign(model, m.header);
    if (!isObj(model.result)) model.result = {};
    const result = model.result as Record<string, unknown>;
    const grown = new Set<string>();
    const replaced = new Set<string>();
    for (const l of m.lists) {
      let arr = getPath(result, l.path);
      if (!Array.isArray(arr)) {
        arr = [];
        setPath(result, l.path, arr);
      }
      const a = arr as unknown[];
      for (const it of l.items) a.push(it);
      grown.add(l.path.join('.'));
    }
    for (const r of m.replace) {
      setPath(result, r.path, r.value);
      replaced.add(r.path.join('.'));
    }
    for (const b of m.raw) model.rawBatches.push(b);
    this.receiving = m.more;
    const specs = findTables(result);
    const known = new Set(this.controllers.keys());
    if (specs.some((s) => !known.has(s.id)) || specs.length !== known.size) {
      this.buildTables();
    } else {
      for (const [id, c] of this.controllers) {
        if (replaced.has(id) || [...replaced].some((p) => id.startsWith(`${p}.`))) c.replaced();
        else if (grown.has(id)) c.grew();
      }
    }
    this.renderHeader();
    this.root.dataset.records = String(recordCount(result));
    this.root.dataset.state = m.more ? 'receiving' : 'ready';
    this.rawStale = true;
    this.debugStale = true;
    if (this.ui.tab === 'json' && this.jsonTree) {
      this.jsonNotice.hidden = false;
      clear(this.jsonNotice);
      this.jsonNotice.append('The result has grown since this tree was drawn. ', button('Redraw', { class: 'secondary' }, () => {
        this.jsonStale = true;
        this.showJson();
      }));
    } else this.jsonStale = true;
    if (this.ui.tab === 'raw' || this.ui.tab === 'debug') this.showTabContent(this.ui.tab);
    this.saveSoon();
    this.reportSoon();
  }

  // -- header ---------------------------------------------------------------------------------

  private renderHeader(): void {
    const m = this.model;
    clear(this.header);
    if (!m) return;
    const records = recordCount(m.result);
    const state = m.complete ? 'complete' : 'partial';
    const stateTitle = m.complete ? 'All results were received.' : m.continue ? 'More results are available (the wiki sent a continue).' : 'The run stopped before the end; the results are partial.';
    const pin = button(this.pinned ? 'Pinned' : 'Pin', { class: 'secondary', 'aria-pressed': String(this.pinned), title: this.pinned ? 'This panel is kept; new runs open another one.' : 'Keep this panel: the next run of this request opens a new one.' }, () => this.post({ type: 'pin' }));
    const exp = button('Export…', { class: 'secondary', 'aria-haspopup': 'menu', title: 'Export the result' }, (e) => {
      const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
      this.exportMenu(r.left, r.bottom + 2);
    });
    this.header.appendChild(h('div', { class: 'hdr-top' },
      h('h1', { class: 'title', title: m.requestName }, m.requestName || 'Request'),
      h('span', { class: `badge ${state}`, title: stateTitle }, state),
      m.truncatedFrom ? h('span', { class: 'badge partial', title: 'Restored after a reload with fewer records; run the request again for all.' }, `showing ${formatCount(records)} of ${formatCount(m.truncatedFrom)}`) : null,
      h('span', { class: 'spacer' }), pin, exp));
    const meta = h('div', { class: 'meta' });
    const item = (label: string, value: Node | string, title?: string) => meta.appendChild(h('span', { class: 'meta-item', title }, h('span', { class: 'muted' }, `${label} `), value));
    item('Endpoint', h('code', null, m.endpoint));
    if (m.httpStatus !== undefined) item('HTTP', h('span', { class: m.httpStatus >= 400 ? 'err' : undefined }, String(m.httpStatus)));
    if (m.timeMs !== undefined) item('Time', formatMs(m.timeMs));
    if (m.bytes !== undefined) item('Size', formatBytes(m.bytes));
    item('Batches', formatCount(m.batches));
    item('Records', formatCount(records));
    this.header.appendChild(meta);
    // Paging
    const p = this.progress;
    if (p?.running) {
      const text = p.waiting ? `Waiting ${Math.ceil(p.waiting.ms / 1000)} s: ${p.waiting.reason}. ${formatCount(p.records)} records so far.` : `Loading… batch ${formatCount(p.batches + 1)}, ${formatCount(p.records)} records so far.`;
      this.header.appendChild(h('div', { class: 'paging', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', null, text), button('Cancel', { class: 'secondary' }, () => this.post({ type: 'cancel' }))));
    } else if (m.continue && !this.canPage) {
      this.header.appendChild(h('div', { class: 'paging' }, h('span', null, `More results are available — ${formatCount(records)} records shown. Run the request again to continue (this panel was restored after a reload).`)));
    } else if (m.continue) {
      const cont = Object.entries(m.continue).map(([k, v]) => `${k}=${v}`).join('&');
      this.header.appendChild(h('div', { class: 'paging' },
        h('span', { title: `continue: ${cont}` }, `More results are available — ${formatCount(records)} records so far.`),
        button('Load next batch', { class: 'primary' }, () => this.post({ type: 'loadNext' })),
        button('Load all', { class: 'secondary' }, () => this.post({ type: 'loadAll' }))));
    }
    if (m.failure) this.header.appendChild(h('div', { class: 'msg error', role: 'alert' }, h('span', { class: 'msg-kind' }, 'Stopped'), h('span', { class: 'msg-text' }, m.failure)));
    if (p?.text) this.header.appendChild(h('div', { class: 'msg error', role: 'alert' }, p.text));
    const msgs = h('div', { class: 'msgs' });
    const html = m.params.errorformat === 'html';
    const message = (cls: 'error' | 'warning', x: { code?: string; module?: string; text: string; html?: boolean }) => {
      const el = h('div', { class: `msg ${cls}`, role: cls === 'error' ? 'alert' : undefined });
      el.appendChild(h('span', { class: 'msg-kind' }, cls === 'error' ? 'Error' : 'Warning'));
      const tag = [x.module, x.code].filter(Boolean).join(' · ');
      if (tag) el.appendChild(h('code', { class: 'msg-code' }, tag));
      const body = h('span', { class: 'msg-text' });
      const text = typeof x.text === 'string' ? x.text : cellText(x.text);
      if ((x.html ?? html) && looksLikeHtml(text)) body.appendChild(sanitizeHtml(text, m.endpoint));
      else body.textContent = text;
      el.appendChild(body);
      el.addEventListener('click', (e) => {
        const a = (e.target as Element).closest('a[href]');
        if (a) {
          e.preventDefault();
          this.openUrl(a.getAttribute('href') ?? '');
        }
      });
      return el;
    };
    for (const e of m.errors) msgs.appendChild(message('error', e));
    const warnings = m.warnings;
    const shownW = warnings.slice(0, 5);
    for (const w of shownW) msgs.appendChild(message('warning', w));
    if (warnings.length > shownW.length) {
      const more = h('details', { class: 'more-msgs' }, h('summary', null, `${warnings.length - shownW.length} more warnings`));
      for (const w of warnings.slice(5, 500)) more.appendChild(message('warning', w));
      msgs.appendChild(more);
    }
    if (msgs.childElementCount) this.header.appendChild(msgs);
  }

  private exportMenu(x: number, y: number): void {
    const c = this.currentController();
    const table = c?.name;
    this.menu.open(x, y, [
      { label: 'JSON — the whole merged result', run: () => this.post({ type: 'export', format: 'json' }) },
      { label: table ? `NDJSON — ${table}, one record per line` : 'NDJSON', run: () => this.post(table ? { type: 'export', format: 'ndjson', table } : { type: 'export', format: 'ndjson' }) },
      { label: table ? `CSV — ${table}` : 'CSV', run: () => this.post(table ? { type: 'export', format: 'csv', table } : { type: 'export', format: 'csv' }) },
    ], 'Export');
  }

  // -- tabs -----------------------------------------------------------------------------------

  selectTab(t: TabId, focus: boolean): void {
    this.ui.tab = t;
    for (const x of TABS) {
      const on = x === t;
      this.tabs[x].setAttribute('aria-selected', String(on));
      this.tabs[x].tabIndex = on ? 0 : -1;
      this.panels[x].hidden = !on;
    }
    if (focus) this.tabs[t].focus();
    this.showTabContent(t);
    this.saveSoon();
    this.reportSoon();
  }

  private showTabContent(t: TabId): void {
    if (!this.model) return;
    if (t === 'table') this.showTable();
    else if (t === 'json') this.showJson();
    else if (t === 'raw') this.showRaw();
    else this.showDebug();
  }

  private currentController(): (Controller & { grid?: VirtualTable }) | undefined {
    return this.ui.table ? this.controllers.get(this.ui.table) : undefined;
  }

  private buildTables(): void {
    const m = this.model!;
    const old = this.controllers;
    this.controllers = new Map();
    clear(this.tableHost);
    const specs = findTables(m.result);
    for (const s of specs) {
      const prev = old.get(s.id);
      this.controllers.set(s.id, prev && prev.spec.kind === s.kind && s.kind !== 'paraminfo' ? prev : s.kind === 'paraminfo' ? new ParamController(this, s) : new TableController(this, s));
    }
    for (const [id, c] of this.controllers) if (old.get(id) === c) c.replaced();
    if (!specs.length) {
      this.tableHost.appendChild(h('p', { class: 'empty muted' }, 'This result has no list or pages to show as a table. See the JSON tab.'));
      this.ui.table = undefined;
      return;
    }
    if (!this.ui.table || !this.controllers.has(this.ui.table)) {
      // The first list with records, else the first table.
      const first = specs.find((s) => s.kind !== 'keyvalue' && s.kind !== 'objects' && tableRows(m.result, s).length) ?? specs[0];
      this.ui.table = first.id;
    }
    if (specs.length > 1) {
      this.tableNav = h('div', { class: 'subtabs', role: 'tablist', 'aria-label': 'Tables' });
      for (const s of specs) {
        const n = tableRows(m.result, s).length;
        const b = h('button', { type: 'button', role: 'tab', class: 'subtab', 'data-table': s.id, 'aria-selected': String(s.id === this.ui.table), tabindex: s.id === this.ui.table ? '0' : '-1' }, s.name, h('span', { class: 'count-badge' }, formatCount(n)));
        b.addEventListener('click', () => this.selectTable(s.id));
        this.tableNav.appendChild(b);
      }
      this.tableNav.addEventListener('keydown', (e) => {
        const list = Array.from(this.tableNav!.querySelectorAll('[role=tab]')) as HTMLElement[];
        const i = list.indexOf(document.activeElement as HTMLElement);
        let n = -1;
        if (e.key === 'ArrowRight') n = (i + 1) % list.length;
        else if (e.key === 'ArrowLeft') n = (i - 1 + list.length) % list.length;
        if (n < 0) return;
        e.preventDefault();
        this.selectTable(list[n].dataset.table!);
        list[n].focus();
      });
      this.tableHost.appendChild(this.tableNav);
    } else this.tableNav = undefined;
    for (const c of this.controllers.values()) {
      c.element.hidden = true;
      this.tableHost.appendChild(c.element);
    }
    if (this.ui.tab === 'table') this.showTable();
  }

  selectTable(id: string): void {
    if (!this.controllers.has(id)) return;
    this.ui.table = id;
    if (this.tableNav) {
      for (const b of Array.from(this.tableNav.children) as HTMLElement[]) {
        const on = b.dataset.table === id;
        b.setAttribute('aria-selected', String(on));
        b.tabIndex = on ? 0 : -1;
      }
    }
    this.saveSoon();
    if (this.ui.tab === 'table') this.showTable();
    this.reportSoon();
  }

  private showTable(): void {
    for (const [id, c] of this.controllers) c.element.hidden = id !== this.ui.table;
    const c = this.currentController();
    if (c) void c.mount();
  }

  private showJson(): void {
    if (!this.jsonStale && this.jsonTree) return;
    this.jsonStale = false;
    this.jsonNotice.hidden = true;
    clear(this.jsonBox);
    this.jsonTree = new JsonTree(this.model!.result, {
      label: 'Merged result', expandDepth: 2, maxNodes: JSON_MAX_NODES, onOpenUrl: (u) => this.openUrl(u),
      onLimit: () => this.announce('The JSON view reached its size limit; export the result to see everything.'),
    });
    this.jsonBox.appendChild(this.jsonTree.root);
  }

  /** The JSON tree (tests). */
  get json(): JsonTree | undefined {
    return this.jsonTree;
  }

  private showRaw(): void {
    if (!this.rawStale) return;
    this.rawStale = false;
    const panel = this.panels.raw;
    clear(panel);
    const m = this.model!;
    if (!m.rawBatches.length) {
      panel.appendChild(h('p', { class: 'muted empty' }, 'No response body was kept.'));
      return;
    }
    panel.appendChild(h('p', { class: 'muted' }, `Each batch's body as received (${formatCount(m.rawBatches.length)} of ${formatCount(m.batches)} batches; long bodies are cut — export the result to keep everything).`));
    m.rawBatches.forEach((body, i) => {
      const copy = button('Copy', { class: 'secondary small' }, () => this.copy(body));
      panel.appendChild(h('div', { class: 'raw-batch' },
        h('div', { class: 'raw-head' }, h('strong', null, `Batch ${i + 1}`), h('span', { class: 'muted' }, ` ${formatBytes(body.length)}`), h('span', { class: 'spacer' }), copy),
        h('pre', { class: 'raw', tabindex: '0', 'aria-label': `Body of batch ${i + 1}` }, body)));
    });
  }

  private showDebug(): void {
    if (!this.debugStale) return;
    this.debugStale = false;
    const panel = this.panels.debug;
    clear(panel);
    const m = this.model!;
    const params = h('table', { class: 'kv' }, h('caption', null, 'Parameters sent'));
    for (const [k, v] of Object.entries(m.params)) params.appendChild(h('tr', null, h('th', { scope: 'row' }, k), h('td', null, h('code', null, v))));
    panel.appendChild(params);
    if (m.continue) panel.appendChild(h('p', null, h('span', { class: 'muted' }, 'Next continue: '), h('code', null, JSON.stringify(m.continue))));
    if (m.requests?.length) {
      const t = h('table', { class: 'kv requests' }, h('caption', null, 'HTTP requests'),
        h('thead', null, h('tr', null, ...['#', 'Status', 'Time', 'Size', 'URL'].map((c) => h('th', { scope: 'col' }, c)))));
      for (const r of m.requests.slice(0, 1000)) {
        t.appendChild(h('tr', null, h('td', null, String(r.n)), h('td', null, String(r.status)), h('td', null, formatMs(r.ms)), h('td', null, formatBytes(r.bytes)), h('td', null, h('code', null, r.url))));
      }
      panel.appendChild(t);
    }
    if (m.debuginfo === undefined) {
      panel.appendChild(h('p', { class: 'muted' }, 'The wiki sent no debuginfo with this result.'));
    } else {
      panel.appendChild(h('h2', null, 'debuginfo'));
      panel.appendChild(h('p', { class: 'muted' }, 'As the wiki echoed it; cookies and authorization headers are redacted.'));
      const tree = new JsonTree(redactDebuginfo(m.debuginfo), { label: 'debuginfo', expandDepth: 0, maxNodes: 10_000, onOpenUrl: (u) => this.openUrl(u) });
      panel.appendChild(tree.root);
    }
  }

  // -- state and reports ----------------------------------------------------------------------

  saveSoon(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = window.setTimeout(() => this.save(), 400);
  }

  private save(): void {
    const state: SavedState = { v: 1, ui: this.ui, pinned: this.pinned, key: this.key };
    if (this.model && !this.receiving) state.model = truncateForState(this.model);
    else if (this.model) state.model = (this.api.getState() as SavedState | undefined)?.model;
    try {
      this.api.setState(state);
    } catch {
      this.api.setState({ v: 1, ui: this.ui, pinned: this.pinned, key: this.key });
    }
  }

  reportSoon(): void {
    clearTimeout(this.reportTimer);
    this.reportTimer = window.setTimeout(() => this.report(), 120);
  }

  private report(): void {
    if (!this.model) return;
    const t = this.ui.tab;
    const c = this.currentController();
    let text = '';
    if (t === 'table') text = c ? c.visibleText() : '';
    else text = (this.panels[t].innerText ?? '').slice(0, 100_000);
    const msg: WebviewMessage = { type: 'rendered', tab: t, rows: t === 'table' && c ? c.count : 0, text: text.slice(0, 100_000) };
    if (t === 'table' && c) msg.table = c.name;
    this.post(msg);
  }
}

/** Resolves at the next frame, or soon when frames do not come (a hidden webview gets none). */
function paintOpportunity(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => setTimeout(finish, 0));
    setTimeout(finish, 50);
  });
}

export function start(): App {
  const api = acquireVsCodeApi();
  const root = document.getElementById('app') ?? document.body.appendChild(h('div', { id: 'app', class: 'app' }));
  const app = new App(api, root);
  (window as unknown as { wikiqResults?: App }).wikiqResults = app;
  app.start();
  return app;
}

