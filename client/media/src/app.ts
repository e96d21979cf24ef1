/**
 * The results view (runs in the webview): wires the header, the tabs Table / Images / Timeline /
 * Breakdown / JSON / Raw / Debug (Images, Timeline and Breakdown only where the data's shape suits
 * them: ../../shared/views), the host's messages and the saved state. Each concern is its own file:
 * ./messaging, ./state, ./header, ./menu, ./tableTab (./table, ./paramTab), ./imagesView,
 * ./timelineView, ./breakdownView (./viewParts), ./jsonTab, ./rawTab, ./debugTab, and above the tabs
 * the run's assertions, ./assertionsView, and a write's preview with its Save, ./writeView.
 *
 * Security: every piece of wiki content is inserted as text (text nodes, textContent); only the
 * fields that hold wiki HTML go through ./purify. Links open through the host (http(s) only, and
 * the host checks again). No inline script or style: the CSP allows the one nonce'd script.
 *
 * Large results: host messages are queued and applied in time slices; the table is virtualised;
 * filtering runs in slices; the JSON tree and Raw tab are capped.
 */
import { isObj, getPath, setPath } from '../../shared/json';
import { TABS } from '../../shared/messages';
import type { AppendMessage, AssertionsView, DiffView, HistoryMessage, HostMessage, ProgressMessage, RenderMessage, TabId, WebviewMessage } from '../../shared/messages';
import { runLabel } from '../../shared/diffView';
import type { ResultsModel } from '../../shared/model';
import { MAX_REPORT_TEXT, REPORT_RENDERS_ATTRIBUTE, type RenderedReport } from '../../shared/renderReport';
import { IMAGE_ORIGIN_ATTRIBUTE, originOf, safeHttpUrl } from '../../shared/url';
import { VIEWS, viewSources, type ViewFilter, type ViewId, type ViewSources, describeFilter } from '../../shared/views';
import { AssertionsBlock } from './assertionsView';
import { WriteBlock } from './writeView';
import { BreakdownView } from './breakdownView';
import { ImagesView } from './imagesView';
import { TimelineView } from './timelineView';
import type { DataView } from './viewParts';
import { isResultsModel } from '../../shared/validate';
import type { ViewContext } from './context';
import { clear, h } from './dom';
import { isEmptyResult } from './empty';
import { renderHeader } from './header';
import { JsonTab } from './jsonTab';
import type { JsonTree } from './jsonTree';
import { Menu, exportItems, type MenuItem } from './menu';
import { MessagePump, VsCodeApi, vscodeApi } from './messaging';
import { recordCount } from '../../shared/tables';
import { UiState, defaultUi, identityOf, loadState, saveState, validUi } from './state';
import { TableTab } from './tableTab';
import { TAB_TABLE, perTab, type Change, type TabParts } from './tabs';

const isView = (t: TabId): t is ViewId => (VIEWS as readonly string[]).includes(t);
const NO_SOURCES: ViewSources = { images: [], timeline: [], breakdown: [] };
const sourcesKey = (s: ViewSources) => JSON.stringify(s);

/** Applies each message type of the host (the compiler checks every type has one). */
type Handlers = { [K in HostMessage['type']]: (m: Extract<HostMessage, { type: K }>) => void };

export class App implements ViewContext {
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
  /** The request's kept runs (History menu). */
  history?: HistoryMessage;
  /** The comparison on the Diff tab (the tab is shown only with one). */
  diffView?: DiffView;
  progressStart?: { at: number; records: number };
  loading = false;
  /** The run's assertions as the host last checked them (shown above the tabs). */
  assertions?: AssertionsView;
  private readonly asserts = new AssertionsBlock((table, index, field) => void this.revealRecord(table, index, field));
  private readonly write = new WriteBlock({ post: (m) => this.post(m), openUrl: (u) => this.openUrl(u) });
  readonly menu = new Menu();
  sources: ViewSources = NO_SOURCES;
  readonly imageOrigin?: string;
  private readonly views: Record<ViewId, DataView>;
  private readonly root: HTMLElement;
  private readonly header: HTMLElement;
  private readonly tablist: HTMLElement;
  private readonly panels: Record<TabId, HTMLElement>;
  private readonly tabs: Record<TabId, HTMLButtonElement>;
  private readonly tables: TableTab;
  private readonly jsonTab: JsonTab;
  /** What each tab drew is stale (./tabs: `staleOn`). */
  private readonly stale: Record<TabId, boolean> = perTab(() => true);
  private awaitingRestore = true;
  private saveTimer = 0;
  private reportTimer = 0;
  /** The page asks for render reports (a test hook: ../../shared/renderReport). */
  private readonly reportRenders: boolean;
  private readonly live: HTMLElement;

  constructor(api: VsCodeApi, root: HTMLElement) {
    this.api = api;
    this.root = root;
    this.reportRenders = root.getAttribute(REPORT_RENDERS_ATTRIBUTE) === 'true';
    this.imageOrigin = root.getAttribute(IMAGE_ORIGIN_ATTRIBUTE) ?? undefined;
    clear(root);
    this.header = h('header', { class: 'hdr' });
    this.tablist = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Result views' });
    this.tabs = perTab((t) => {
      const tab = h('button', { type: 'button', role: 'tab', id: `tab-${t}`, 'aria-controls': `panel-${t}`, 'aria-selected': 'false', tabindex: '-1', class: 'tab' }, TAB_TABLE[t].label);
      tab.addEventListener('click', () => this.selectTab(t, true));
      this.tablist.appendChild(tab);
      return tab;
    });
    this.panels = perTab((t) => h('section', { role: 'tabpanel', id: `panel-${t}`, 'aria-labelledby': `tab-${t}`, class: `panel panel-${t}`, hidden: '', tabindex: TAB_TABLE[t].textOnly ? '0' : '-1' }));
    this.tabs.diff.hidden = true;
    this.tablist.addEventListener('keydown', (e) => {
      const shown = TABS.filter((t) => !this.tabs[t].hidden);
      const i = shown.indexOf((document.activeElement as HTMLElement)?.id?.replace('tab-', '') as TabId);
      let n = -1;
      if (e.key === 'ArrowRight') n = (i + 1) % shown.length;
      else if (e.key === 'ArrowLeft') n = (i - 1 + shown.length) % shown.length;
      else if (e.key === 'Home') n = 0;
      else if (e.key === 'End') n = shown.length - 1;
      if (n < 0) return;
      e.preventDefault();
      this.selectTab(shown[n], true);
    });
    this.views = { images: new ImagesView(this), timeline: new TimelineView(this), breakdown: new BreakdownView(this) };
    for (const v of VIEWS) {
      this.panels[v].appendChild(this.views[v].element);
      this.tabs[v].hidden = true;
    }
    this.tables = new TableTab(this, h('div', { class: 'table-host' }));
    this.panels.table.appendChild(this.tables.host);
    this.jsonTab = new JsonTab(this, this.panels.json);
    this.live = h('div', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
    root.append(this.header, this.write.element, this.asserts.element, this.tablist, ...TABS.map((t) => this.panels[t]), this.live);
    new MessagePump(root, (m) => this.apply(m), (e) => this.showInternalError(e)).listen();
  }

  start(): void {
    const saved = loadState(this.api);
    if (saved) {
      this.ui = validUi(saved.ui);
      this.pinned = !!saved.pinned;
      this.key = typeof saved.key === 'string' ? saved.key : undefined;
      if (isResultsModel(saved.model)) {
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
    return this.model ? originOf(this.model.endpoint) : undefined;
  }

  setThumbnails(on: boolean): void {
    this.thumbnails = on;
    this.ui.thumbnails = on;
    this.saveSoon();
    this.tables.syncThumbnails();
    (this.views.images as ImagesView).thumbnailsChanged();
  }

  setViewFilter(f: ViewFilter | undefined): void {
    this.ui.viewFilter = f;
    this.tables.viewFilterChanged();
    for (const v of VIEWS) this.views[v].filterChanged();
    this.announce(f ? `Table filtered by ${describeFilter(f)}` : 'Table filter cleared');
    this.saveSoon();
    this.reportSoon();
  }

  /** Shows the tabs of the views that apply to the model (a view tab that no longer applies gives way to the table). */
  private updateViews(force = false): void {
    const next = this.model ? viewSources(this.model.result) : NO_SOURCES;
    if (!force && sourcesKey(next) === sourcesKey(this.sources)) return;
    this.sources = next;
    for (const v of VIEWS) {
      this.tabs[v].hidden = next[v].length === 0;
      this.views[v].reset();
    }
    const f = this.ui.viewFilter;
    if (f && !next.timeline.concat(next.breakdown).some((s) => s.table === f.table && s.field === f.field)) this.ui.viewFilter = undefined;
  }

  // -- messages -------------------------------------------------------------------------------

  private showInternalError(e: unknown): void {
    const msg = e instanceof Error ? e.message : String(e);
    this.header.appendChild(h('div', { class: 'msg error', role: 'alert' }, `The results view failed to show part of this result: ${msg}`));
  }

  private readonly handlers: Handlers = {
    render: (m) => this.onRender(m),
    append: (m) => this.onAppend(m),
    progress: (m) => {
      if (m.running && !this.progress?.running) this.progressStart = { at: performance.now(), records: m.records };
      this.progress = m.running || m.text ? m : undefined;
      this.loading = m.running;
      this.renderHeader();
      if (this.assertions) this.asserts.show(this.assertions, this.loading);
      this.reportSoon();
    },
    pinned: (m) => {
      this.pinned = m.pinned;
      this.renderHeader();
      this.saveSoon();
    },
    show: (m) => {
      if (m.table) this.tables.selectNamed(m.table);
      if (isView(m.tab) && this.tabs[m.tab].hidden) this.announce(`Nothing in this result suits the ${TAB_TABLE[m.tab].label} view.`);
      else this.selectTab(m.tab, false);
    },
    history: (m) => {
      this.history = m;
      this.renderHeader();
      // The header changed: a report after it (a History menu arriving after the render's report was otherwise never reported).
      this.reportSoon();
    },
    diff: (m) => {
      this.diffView = m.view ?? undefined;
      this.changed('diff');
      this.tabs.diff.hidden = !m.view;
      if (m.view) this.selectTab('diff', false);
      else if (this.ui.tab === 'diff') this.selectTab('table', false);
    },
    assertions: (m) => {
      this.assertions = m.view ?? undefined;
      this.asserts.show(this.assertions, this.loading);
      this.reportSoon();
    },
    write: (m) => {
      this.write.show(m.view ?? undefined);
      // A preview is not a run: its state in the header, no tabs (the block shows the facts, the plan or the diff).
      this.tablist.hidden = !!m.view;
      for (const t of TABS) this.panels[t].hidden = this.tablist.hidden || t !== this.ui.tab;
      this.renderHeader();
      this.reportSoon();
    },
  };

  apply(m: HostMessage): void {
    (this.handlers[m.type] as (m: HostMessage) => void)(m);
  }

  private onRender(m: RenderMessage): void {
    const restoring = this.awaitingRestore;
    this.awaitingRestore = false;
    const identity = identityOf(m.model);
    if (this.ui.identity !== identity) {
      this.ui = { ...defaultUi(), tab: this.ui.tab, thumbnails: this.ui.thumbnails, wrap: this.ui.wrap, identity };
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
    this.loading = false;
    this.renderHeader();
    this.updateViews(true);
    this.tables.build();
    this.changed('render');
    this.jsonTab.reset();
    // A result without tables opens on its JSON; an empty one stays on the Table tab, which says so.
    const toJson = this.tables.size === 0 && !isEmptyResult(this.model.result);
    const tab = (this.ui.tab === 'diff' && !this.diffView) || (isView(this.ui.tab) && this.tabs[this.ui.tab].hidden) ? 'table' : this.ui.tab;
    this.selectTab(tab === 'table' && toJson ? 'json' : tab, false);
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
    this.tables.appended(result, grown, replaced);
    this.updateViews();
    for (const v of VIEWS) this.views[v].grew();
    this.renderHeader();
    this.root.dataset.records = String(recordCount(result));
    this.root.dataset.state = m.more ? 'receiving' : 'ready';
    this.changed('append');
    this.jsonTab.grew(this.ui.tab === 'json');
    // A tab that draws everything again does so at once when it is the one shown.
    if (TAB_TABLE[this.ui.tab].staleOn.includes('append')) this.showTabContent(this.ui.tab);
    this.saveSoon();
    this.reportSoon();
  }

  private renderHeader(): void {
    renderHeader(this.header, this.model, { pinned: this.pinned, canPage: this.canPage, progress: this.progress, history: this.history, progressStart: this.progressStart, preview: this.write.badge() }, {
      post: (m) => this.post(m),
      openUrl: (u) => this.openUrl(u),
      exportMenu: (x, y) => this.menu.open(x, y, exportItems(this.tables.current()?.name, (m) => this.post(m)), 'Export'),
      historyMenu: (x, y) => this.menu.open(x, y, this.historyItems(), 'History'),
    });
  }

  /** The History menu: each kept run (the one shown marked), then the comparisons. */
  private historyItems(): MenuItem[] {
    const h = this.history;
    const items: MenuItem[] = (h?.runs ?? []).map((r) => ({
      label: `${r.id === h?.shown ? '● ' : ''}${runLabel(r)}`,
      run: () => this.post({ type: 'showRun', id: r.id }),
    }));
    if (h?.notKept) items.push({ label: `This run was not kept: ${h.notKept}`, run: () => undefined, disabled: true });
    items.push(
      { label: 'Compare with previous run', run: () => this.post({ type: 'compare', with: 'previous' }), disabled: !h?.runs.some((r) => r.id !== h.shown) },
      { label: 'Compare with…', run: () => this.post({ type: 'compare', with: 'pick' }) },
    );
    return items;
  }

  // -- tabs -----------------------------------------------------------------------------------

  selectTab(t: TabId, focus: boolean): void {
    this.ui.tab = t;
    for (const x of TABS) {
      const on = x === t;
      this.tabs[x].setAttribute('aria-selected', String(on));
      this.tabs[x].tabIndex = on ? 0 : -1;
      this.panels[x].hidden = !on || this.tablist.hidden; // no tabs under a write's preview
    }
    if (focus) this.tabs[t].focus();
    this.showTabContent(t);
    this.saveSoon();
    this.reportSoon();
  }

  selectTable(id: string): void {
    this.tables.select(id);
  }

  /** Shows record `index` of table `id` on the Table tab, selected (a failing assertion's link). */
  async revealRecord(id: string, index: number, field?: string): Promise<void> {
    this.selectTab('table', false);
    const shown = await this.tables.reveal(id, index, field);
    this.announce(shown ? `Record ${index + 1} selected` : `Record ${index + 1} is not among the rows this view holds.`);
    this.reportSoon();
  }

  /** What the tabs drew that `change` makes stale (./tabs). */
  private changed(change: Change): void {
    for (const t of TABS) if (TAB_TABLE[t].staleOn.includes(change)) this.stale[t] = true;
  }

  /** Draws tab `t` (./tabs): every time for the tabs that keep track themselves, else only when stale. */
  private showTabContent(t: TabId): void {
    if (!this.model) return;
    const entry = TAB_TABLE[t];
    if (entry.staleOn.length && !this.stale[t]) return;
    this.stale[t] = false;
    entry.show(this.partsOf(t));
  }

  private partsOf(t: TabId): TabParts {
    return { ctx: this, panel: this.panels[t], tables: this.tables, views: this.views, json: this.jsonTab };
  }

  /** The JSON tree (tests). */
  get json(): JsonTree | undefined {
    return this.jsonTab.json;
  }

  // -- state and reports ----------------------------------------------------------------------

  saveSoon(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = window.setTimeout(() => saveState(this.api, this), 400);
  }

  reportSoon(): void {
    if (!this.reportRenders) return;
    clearTimeout(this.reportTimer);
    this.reportTimer = window.setTimeout(() => this.report(), 120);
  }

  private report(): void {
    if (!this.model) return;
    const t = this.ui.tab;
    const c = this.tables.current();
    let text = '';
    if (t === 'table') text = c ? c.visibleText() : (this.panels.table.innerText ?? '');
    else text = this.panels[t].innerText ?? '';
    const report: RenderedReport = { type: 'rendered', tab: t, rows: t === 'table' && c ? c.count : 0, text: text.slice(0, MAX_REPORT_TEXT), header: (this.header.innerText ?? '').slice(0, MAX_REPORT_TEXT) };
    if (t === 'table' && c) report.table = c.name;
    if (this.assertions) report.assertions = this.asserts.text().slice(0, MAX_REPORT_TEXT);
    const write = this.write.text();
    if (write) report.write = write.slice(0, MAX_REPORT_TEXT);
    this.api.postMessage(report);
  }
}

export function start(): App {
  const api = vscodeApi();
  const root = document.getElementById('app') ?? document.body.appendChild(h('div', { id: 'app', class: 'app' }));
  const app = new App(api, root);
  (window as unknown as { wikiqResults?: App }).wikiqResults = app;
  app.start();
  return app;
}
