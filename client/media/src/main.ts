/**
 * The results view's script (runs in the webview). All wiki content is inserted as text
 * (textContent / createTextNode); only `parsedcomment`/`parseddescription`-like fields go through
 * the allow-list sanitiser. The table is virtualised: only rows near the scroll position exist.
 */
import type { FromWebview, ResultsModel, TableModel, ToWebview } from '../../src/results/protocol';
import { safeUrl, sanitizeHtml } from './sanitize';

declare function acquireVsCodeApi(): { postMessage(m: FromWebview): void; getState(): unknown; setState(s: unknown): void };
const vscode = acquireVsCodeApi();

const ROW_H = 22;
const HTML_FIELDS = /^(parsedcomment|parseddescription|parsedsummary)$/;
const JSON_NODE_CAP = 5000;

interface ViewState { key: string; model?: ResultsModel; tab: string; table: number; filter: string; sort?: { col: string; desc: boolean } }
const app = document.getElementById('app')!;
const saved = vscode.getState() as ViewState | undefined;
const st: ViewState = saved && typeof saved === 'object' ? saved : { key: app.dataset.key ?? '', tab: 'table', table: 0, filter: '' };
let busy: string | null = null;
let view: Array<Record<string, unknown>> = [];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...kids: Array<Node | string>): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of kids) e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}

function saveState(): void {
  // Keep the restored state small: at most 2,000 rows per table.
  const m = st.model;
  const small = m ? { ...m, tables: m.tables.map((t) => ({ ...t, rows: t.rows.slice(0, 2000) })), json: undefined, raw: m.raw.slice(0, 3) } : undefined;
  vscode.setState({ ...st, model: small });
}

function fmtBytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

function compact(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v !== 'object') return String(v);
  const s = JSON.stringify(v);
  return s.length > 120 ? s.slice(0, 119) + '…' : s;
}

function cell(key: string, v: unknown, endpoint: string): Node {
  const td = el('div', { class: 'cell', role: 'gridcell', tabindex: '-1' });
  if (typeof v === 'string' && HTML_FIELDS.test(key)) {
    td.append(sanitizeHtml(v, endpoint));
  } else if (typeof v === 'string' && /^https?:\/\//.test(v) && safeUrl(v)) {
    const a = el('a', { href: '#', title: v, 'data-url': safeUrl(v)! }, v);
    td.append(a);
  } else if (v && typeof v === 'object') {
    td.classList.add('nested');
    td.textContent = compact(v);
    td.title = 'Click to expand';
    td.dataset.full = JSON.stringify(v, null, 2);
  } else td.textContent = compact(v);
  return td;
}

function header(m: ResultsModel): HTMLElement {
  const h = m.header;
  const state = h.failure ? 'failed' : h.complete ? 'complete' : 'partial';
  const info = el('div', { class: 'info' },
    el('strong', {}, h.name), ' ', el('span', { class: 'endpoint' }, h.endpoint), ' ',
    el('span', { class: `badge ${state}` }, state), ' ',
    `HTTP ${h.status ?? '—'} · ${Math.round(h.ms)} ms · ${fmtBytes(h.bytes)} · ${h.batches} batch${h.batches === 1 ? '' : 'es'} · ${h.records} records`);
  const buttons = el('div', { class: 'buttons' });
  const button = (label: string, msg: FromWebview, disabled = false) => {
    const b = el('button', { type: 'button' }, label);
    b.disabled = disabled || !!busy;
    b.addEventListener('click', () => vscode.postMessage(msg));
    buttons.append(b);
  };
  if (h.canContinue) {
    button('Load next batch', { type: 'loadNext' });
    button('Load all', { type: 'loadAll' });
  }
  if (busy) {
    const b = el('button', { type: 'button' }, 'Cancel');
    b.addEventListener('click', () => vscode.postMessage({ type: 'cancel' }));
    buttons.append(el('span', { class: 'busy' }, busy), b);
  }
  const table = m.tables[st.table]?.name;
  button('Export JSON', { type: 'export', format: 'json' });
  button('Export NDJSON', { type: 'export', format: 'ndjson', table }, !m.tables.length);
  button('Export CSV', { type: 'export', format: 'csv', table }, !m.tables.length);
  const msgs = el('div', { class: 'messages' });
  if (h.failure) msgs.append(el('div', { class: 'error' }, h.failure));
  for (const e of h.errors) msgs.append(el('div', { class: 'error' }, `${e.code ? `${e.code}: ` : ''}${e.text}${e.line !== undefined ? ` (line ${e.line + 1})` : ''}`));
  for (const w of h.warnings) msgs.append(el('div', { class: 'warning' }, `${w.code ? `${w.code}: ` : ''}${w.text}${w.line !== undefined ? ` (line ${w.line + 1})` : ''}`));
  return el('header', {}, info, buttons, msgs);
}

function tabs(): HTMLElement {
  const bar = el('div', { class: 'tabs', role: 'tablist' });
  for (const [id, label] of [['table', 'Table'], ['json', 'JSON'], ['raw', 'Raw'], ['debug', 'Debug']]) {
    const b = el('button', { type: 'button', role: 'tab', 'aria-selected': String(st.tab === id), id: `tab-${id}` }, label);
    b.addEventListener('click', () => { st.tab = id; render(); });
    bar.append(b);
  }
  return bar;
}

function sortedFiltered(t: TableModel): Array<Record<string, unknown>> {
  let rows = t.rows;
  const f = st.filter.trim().toLowerCase();
  if (f) rows = rows.filter((r) => t.columns.some((c) => compact(r[c]).toLowerCase().includes(f)));
  if (st.sort && t.columns.includes(st.sort.col)) {
    const { col, desc } = st.sort;
    const cmp = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : compact(a).localeCompare(compact(b), undefined, { numeric: true }));
    rows = [...rows].sort((a, b) => (desc ? -1 : 1) * cmp(a[col], b[col]));
  }
  return rows;
}

function tableTab(m: ResultsModel, root: HTMLElement): void {
  if (!m.tables.length) {
    root.append(el('p', { class: 'empty' }, 'This result has no list to show as a table: see the JSON tab.'));
    report(m, root.textContent ?? '');
    return;
  }
  if (st.table >= m.tables.length) st.table = 0;
  const t = m.tables[st.table];
  const bar = el('div', { class: 'toolbar' });
  const pick = el('select', { 'aria-label': 'Table' });
  m.tables.forEach((x, i) => pick.append(el('option', { value: String(i) }, `${x.name} (${x.rows.length})`)));
  pick.value = String(st.table);
  pick.addEventListener('change', () => { st.table = Number(pick.value); st.sort = undefined; render(); });
  const filter = el('input', { type: 'search', placeholder: 'Filter rows', 'aria-label': 'Filter rows' });
  filter.value = st.filter;
  bar.append(pick, filter);
  root.append(bar);
  if (t.name === 'modules' && m.modules.length) root.append(moduleReference(m.modules));
  view = sortedFiltered(t);
  const cols = t.columns;
  const template = cols.map((c) => (/^(title|name|comment|parsedcomment|url|descriptionurl)$/.test(c) ? 'minmax(160px, 2fr)' : 'minmax(80px, 1fr)')).join(' ');
  const grid = el('div', { class: 'grid', role: 'grid', 'aria-rowcount': String(view.length) });
  const head = el('div', { class: 'row head', role: 'row' });
  head.style.gridTemplateColumns = template;
  for (const c of cols) {
    const arrow = st.sort?.col === c ? (st.sort.desc ? ' ▼' : ' ▲') : '';
    const hc = el('div', { class: 'cell', role: 'columnheader', tabindex: '0' }, c + arrow);
    const sort = () => { st.sort = st.sort?.col === c && !st.sort.desc ? { col: c, desc: true } : { col: c, desc: false }; render(); };
    hc.addEventListener('click', sort);
    hc.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });
    head.append(hc);
  }
  const scroller = el('div', { class: 'scroller' });
  const spacer = el('div', { class: 'spacer' });
  spacer.style.height = `${view.length * ROW_H}px`;
  const body = el('div', { class: 'body' });
  spacer.append(body);
  scroller.append(spacer);
  grid.append(head, scroller);
  root.append(grid, el('div', { class: 'count' }, `${view.length} of ${t.rows.length} rows`));
  const draw = () => {
    const first = Math.max(0, Math.floor(scroller.scrollTop / ROW_H) - 10);
    const visible = Math.ceil((scroller.clientHeight || 600) / ROW_H) + 20;
    const last = Math.min(view.length, first + visible);
    body.style.transform = `translateY(${first * ROW_H}px)`;
    body.replaceChildren();
    for (let i = first; i < last; i++) {
      const r = view[i];
      const row = el('div', { class: 'row', role: 'row', 'aria-rowindex': String(i + 1) });
      row.style.gridTemplateColumns = template;
      for (const c of cols) row.append(cell(c, r[c], m.header.endpoint));
      body.append(row);
    }
  };
  let pending = false;
  scroller.addEventListener('scroll', () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(); });
  });
  let timer: number | undefined;
  filter.addEventListener('input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => { st.filter = filter.value; render(); document.querySelector<HTMLInputElement>('input[type=search]')?.focus(); }, 200);
  });
  requestAnimationFrame(() => { draw(); report(m, grid.textContent ?? ''); });
  draw();
}

function moduleReference(modules: unknown[]): HTMLElement {
  const box = el('div', { class: 'modules' });
  for (const mod of modules.slice(0, 200)) {
    if (!mod || typeof mod !== 'object') continue;
    const o = mod as Record<string, unknown>;
    const flags = ['readrights', 'writerights', 'mustbeposted', 'deprecated', 'internal', 'generator'].filter((f) => o[f] === true || o[f] === '');
    const d = el('details', {}, el('summary', {}, `${String(o.path ?? o.name ?? '?')}`, el('span', { class: 'dim' }, ` ${o.group ? `group ${String(o.group)} · ` : ''}prefix ${JSON.stringify(o.prefix ?? '')}${flags.length ? ` · ${flags.join(', ')}` : ''}`)));
    const params = Array.isArray(o.parameters) ? o.parameters as Array<Record<string, unknown>> : [];
    const list = el('ul', {});
    for (const p of params) {
      const type = Array.isArray(p.type) ? (p.type as unknown[]).map(String).join(' | ') : String(p.type ?? '');
      const bits = [type && `type ${type}`, p.default !== undefined && `default ${JSON.stringify(p.default)}`, p.max !== undefined && `max ${String(p.max)}`, p.highmax !== undefined && `highmax ${String(p.highmax)}`, (p.required === true || p.required === '') && 'required', (p.multi === true || p.multi === '') && 'multi'].filter(Boolean);
      list.append(el('li', {}, el('code', {}, `${String(o.prefix ?? '')}${String(p.name ?? '')}`), ` — ${bits.join(', ')}`));
    }
    d.append(list);
    box.append(d);
  }
  return box;
}

function jsonTree(v: unknown, budget: { n: number }, key?: string): Node {
  budget.n++;
  const label = key !== undefined ? `${key}: ` : '';
  if (budget.n > JSON_NODE_CAP) return el('div', { class: 'dim' }, '… (capped: export the JSON to see everything)');
  if (v && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v as Record<string, unknown>);
    const d = el('details', {}, el('summary', {}, `${label}${Array.isArray(v) ? `[${entries.length}]` : `{${entries.length}}`}`));
    if (budget.n < 50) d.open = true;
    let filled = false;
    const fill = () => {
      if (filled) return;
      filled = true;
      for (const [k, x] of entries) d.append(jsonTree(x, budget, k));
    };
    if (d.open) fill();
    else d.addEventListener('toggle', fill, { once: true });
    return d;
  }
  return el('div', { class: 'leaf' }, label, el('span', { class: typeof v === 'string' ? 'str' : 'lit' }, JSON.stringify(v) ?? 'undefined'));
}

function report(m: ResultsModel, text: string): void {
  vscode.postMessage({ type: 'rendered', tab: st.tab, table: m.tables[st.table]?.name, rows: st.tab === 'table' ? view.length : 0, text: text.slice(0, 20000) });
}

function render(): void {
  const m = st.model;
  saveState();
  if (!m) {
    app.replaceChildren(el('p', { class: 'empty' }, 'No results yet: run a request (▶ Run above it, or Ctrl+Alt+R).'));
    return;
  }
  const content = el('main', { role: 'tabpanel', 'aria-labelledby': `tab-${st.tab}` });
  app.replaceChildren(header(m), tabs(), content);
  if (st.tab === 'table') return tableTab(m, content);
  if (st.tab === 'json') {
    if (m.json === undefined) content.append(el('p', { class: 'empty' }, 'The JSON is not kept across reloads: run the request again.'));
    else content.append(el('div', { class: 'json' }, jsonTree(m.json, { n: 0 })));
  } else if (st.tab === 'raw') {
    if (!m.raw.length) content.append(el('p', { class: 'empty' }, 'No batch bodies kept.'));
    m.raw.forEach((r, i) => content.append(el('details', i === 0 ? { open: '' } : {}, el('summary', {}, `Batch ${i + 1} (${r.length} characters)`), el('pre', {}, r))));
  } else {
    if (m.debuginfo === undefined) content.append(el('p', { class: 'empty' }, 'The wiki sent no debuginfo (it needs $wgShowDebug / $wgDebugToolbar).'));
    else content.append(el('details', {}, el('summary', {}, 'debuginfo (cookies and authorization redacted)'), el('pre', {}, JSON.stringify(m.debuginfo, null, 2))));
  }
  report(m, content.textContent ?? '');
}

app.addEventListener('click', (e) => {
  const t = e.target as HTMLElement;
  const a = t.closest('a');
  if (a) {
    e.preventDefault();
    const url = a.getAttribute('data-url') ?? a.getAttribute('href') ?? '';
    if (safeUrl(url)) vscode.postMessage({ type: 'openUrl', url });
    return;
  }
  const nested = t.closest<HTMLElement>('.cell.nested');
  if (nested?.dataset.full) {
    const open = nested.classList.toggle('expanded');
    nested.textContent = open ? nested.dataset.full : compact(JSON.parse(nested.dataset.full));
  }
});
app.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement;
  if ((e.ctrlKey || e.metaKey) && e.key === 'c' && t.classList.contains('cell') && !window.getSelection()?.toString()) {
    vscode.postMessage({ type: 'copy', text: t.dataset.full ?? t.textContent ?? '' });
  }
});

window.addEventListener('message', (e: MessageEvent<ToWebview>) => {
  const m = e.data;
  if (!m || typeof m !== 'object') return;
  if (m.type === 'model') {
    const grew = st.model && st.model.header.name === m.model.header.name;
    const scroller = document.querySelector('.scroller');
    const top = scroller?.scrollTop ?? 0;
    st.model = m.model;
    busy = null;
    render();
    // Appending keeps the scroll position.
    if (grew) { const s = document.querySelector('.scroller'); if (s) s.scrollTop = top; }
  } else if (m.type === 'busy') {
    busy = m.text;
    render();
  } else if (m.type === 'show') {
    st.tab = m.tab;
    if (m.table && st.model) st.table = Math.max(0, st.model.tables.findIndex((t) => t.name === m.table));
    render();
  }
});

render();
vscode.postMessage({ type: 'ready' });
