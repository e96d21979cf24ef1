/**
 * The view's header: request name, complete/partial/failed (core's `runStatus`; a write's preview
 * says its own state instead, with no run figures), pin and export, endpoint, HTTP status, time,
 * size, batches and records, the paging line (progress with Cancel, or Load next batch / Load all),
 * why a run stopped, and the wiki's errors and warnings (HTML ones through ./purify).
 */
import { formatBytes, formatCount, formatMs, looksLikeHtml } from '../../shared/format';
import type { HistoryMessage, ProgressMessage, WebviewMessage } from '../../shared/messages';
import { timeLabel } from '../../shared/diffView';
import type { ResultsModel } from '../../shared/model';
import { button, clear, h } from './dom';
import { sanitizeHtml } from './purify';
import { cellData, recordCount, runStatus } from '../../shared/tables';

export interface HeaderState {
  pinned: boolean;
  /** The host can fetch more batches. */
  canPage: boolean;
  progress?: ProgressMessage;
  /** The request's kept runs (the History button lists them). */
  history?: HistoryMessage;
  /** When the running progress began (the view's clock, ms) and the records there were then: the rate is measured from it. */
  progressStart?: { at: number; records: number };
  /** A write's preview is shown: its state in place of the run's status, and no run figures (./writeView `badge`). */
  preview?: { text: string; kind: 'complete' | 'failed' | 'preview' };
}

/** Records a second since `start`, once a run has gone on long enough to say (half a second). */
export function recordRate(p: ProgressMessage, start: { at: number; records: number } | undefined, now: number): number | undefined {
  const s = start ? (now - start.at) / 1000 : 0;
  return start && s >= 0.5 ? Math.round((p.records - start.records) / s) : undefined;
}

export interface HeaderActions {
  post(m: WebviewMessage): void;
  openUrl(url: string): void;
  exportMenu(x: number, y: number): void;
  historyMenu(x: number, y: number): void;
}

/** The title line: the request's name, its state (or the preview's), and the History, Pin and Export buttons. */
function renderTop(header: HTMLElement, m: ResultsModel, s: HeaderState, act: HeaderActions, records: number, state: string): void {
  const stateTitle = state === 'complete' ? 'All results were received.' : state === 'failed' ? 'Nothing was received: see the error below.'
    : m.continue ? 'More results are available (the wiki sent a continue).' : 'The run stopped before the end; the results are partial.';
  const pin = button(s.pinned ? 'Pinned' : 'Pin', { class: 'secondary', 'aria-pressed': String(s.pinned), title: s.pinned ? 'This panel is kept; new runs open another one.' : 'Keep this panel: the next run of this request opens a new one.' }, () => act.post({ type: 'pin' }));
  const exp = s.preview ? null : button('Export…', { class: 'secondary', 'aria-haspopup': 'menu', title: 'Export the result' }, (e) => {
    const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
    act.exportMenu(r.left, r.bottom + 2);
  });
  const runs = s.history?.runs.length ?? 0;
  const history = runs || s.history?.notKept ? button(`History${runs ? ` (${runs})` : ''}`, {
    class: 'secondary', 'aria-haspopup': 'menu',
    title: runs ? 'Runs of this request kept in this workspace: show one, or compare' : `This run was not kept: ${s.history?.notKept ?? ''}`,
  }, (e) => {
    const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
    act.historyMenu(r.left, r.bottom + 2);
  }) : null;
  header.appendChild(h('div', { class: 'hdr-top' },
    h('h1', { class: 'title', title: m.requestName }, m.requestName || 'Request'),
    s.preview ? h('span', { class: s.preview.kind === 'preview' ? 'badge' : `badge ${s.preview.kind}`, title: 'A preview of a write: nothing is sent until you press Save and confirm.' }, s.preview.text)
      : h('span', { class: `badge ${state}`, title: stateTitle }, state),
    m.truncatedFrom ? h('span', { class: 'badge partial', title: 'Restored after a reload with fewer records; run the request again for all.' }, `showing ${formatCount(records)} of ${formatCount(m.truncatedFrom)}`) : null,
    m.keptAt ? h('span', { class: 'badge', title: `A run kept in the history, started ${m.keptAt}. Run the request again for a new one.` }, `kept run · ${timeLabel(m.keptAt)}`) : null,
    h('span', { class: 'hdr-actions' }, history, pin, exp)));
}

/** The figures line (HTTP, time, size, batches, records, endpoint); a preview shows its endpoint only. Returns whether the run's lines follow. */
function renderMeta(header: HTMLElement, m: ResultsModel, s: HeaderState, records: number): boolean {
  const meta = h('div', { class: 'meta' });
  if (s.preview) {
    meta.appendChild(h('span', { class: 'meta-item endpoint', title: m.endpoint }, h('span', { class: 'muted' }, 'Endpoint '), h('code', null, m.endpoint)));
    header.appendChild(meta);
    return false;
  }
  const item = (label: string, value: Node | string, title?: string) => meta.appendChild(h('span', { class: 'meta-item', title }, h('span', { class: 'muted' }, `${label} `), value));
  if (m.httpStatus !== undefined) item('HTTP', h('span', { class: m.httpStatus >= 400 ? 'err' : undefined }, String(m.httpStatus)));
  if (m.timeMs !== undefined) item('Time', formatMs(m.timeMs));
  if (m.bytes !== undefined) item('Size', formatBytes(m.bytes));
  item('Batches', formatCount(m.batches));
  item('Records', formatCount(records));
  // Last, and the one item that shrinks (cut with …, whole on hover), so the figures stay on one line.
  item('Endpoint', h('code', null, m.endpoint), m.endpoint).classList.add('endpoint');
  header.appendChild(meta);
  return true;
}

/** Loading, waiting or more to load; then the run's own failure and the paging's. */
function renderPaging(header: HTMLElement, m: ResultsModel, s: HeaderState, act: HeaderActions, records: number): void {
  const p = s.progress;
  if (p?.running) {
    const rate = recordRate(p, s.progressStart, performance.now());
    const text = p.waiting ? `Waiting ${Math.ceil(p.waiting.ms / 1000)} s: ${p.waiting.reason}. ${formatCount(p.records)} records so far.`
      : `Loading… ${formatCount(p.records)} records in ${formatCount(p.batches)} batches${rate === undefined ? '' : `, ${formatCount(rate)} records/s`}.`;
    header.appendChild(h('div', { class: 'paging', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', null, text), button('Cancel', { class: 'secondary' }, () => act.post({ type: 'cancel' }))));
  } else if (m.continue && !s.canPage) {
    const why = m.keptAt ? 'this is a kept run' : 'this panel was restored after a reload';
    header.appendChild(h('div', { class: 'paging' }, h('span', null, `More results are available — ${formatCount(records)} records shown. Run the request again to continue (${why}).`)));
  } else if (m.continue) {
    const cont = Object.entries(m.continue).map(([k, v]) => `${k}=${v}`).join('&');
    header.appendChild(h('div', { class: 'paging' },
      h('span', { title: `continue: ${cont}` }, `More results are available — ${formatCount(records)} records so far.`),
      button('Load next batch', { class: 'primary' }, () => act.post({ type: 'loadNext' })),
      button('Load all', { class: 'secondary' }, () => act.post({ type: 'loadAll' }))));
  }
  if (m.failure) header.appendChild(h('div', { class: 'msg error', role: 'alert' }, h('span', { class: 'msg-kind' }, 'Stopped'), h('span', { class: 'msg-text' }, m.failure)));
  if (p?.text) header.appendChild(h('div', { class: 'msg error', role: 'alert' }, p.text));
}

/** The API's errors and warnings (the first 5 warnings shown, the rest folded, at most 500). */
function renderMessages(header: HTMLElement, m: ResultsModel, act: HeaderActions): void {
  const msgs = h('div', { class: 'msgs' });
  const html = m.params.errorformat === 'html';
  const message = (cls: 'error' | 'warning', x: { code?: string; module?: string; text: string; html?: boolean }) => {
    const el = h('div', { class: `msg ${cls}`, role: cls === 'error' ? 'alert' : undefined });
    el.appendChild(h('span', { class: 'msg-kind' }, cls === 'error' ? 'Error' : 'Warning'));
    const tag = [x.module, x.code].filter(Boolean).join(' · ');
    if (tag) el.appendChild(h('code', { class: 'msg-code' }, tag));
    const body = h('span', { class: 'msg-text' });
    const text = typeof x.text === 'string' ? x.text : cellData(x.text);
    if ((x.html ?? html) && looksLikeHtml(text)) body.appendChild(sanitizeHtml(text, m.endpoint));
    else body.textContent = text;
    el.appendChild(body);
    el.addEventListener('click', (e) => {
      const a = (e.target as Element).closest('a[href]');
      if (a) {
        e.preventDefault();
        act.openUrl(a.getAttribute('href') ?? '');
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
  if (msgs.childElementCount) header.appendChild(msgs);
}

export function renderHeader(header: HTMLElement, m: ResultsModel | undefined, s: HeaderState, act: HeaderActions): void {
  clear(header);
  if (!m) return;
  const records = recordCount(m.result);
  renderTop(header, m, s, act, records, runStatus(m));
  if (!renderMeta(header, m, s, records)) return;
  renderPaging(header, m, s, act, records);
  renderMessages(header, m, act);
}
