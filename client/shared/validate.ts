/**
 * Checks of messages crossing the webview boundary, one table per direction listing every message
 * type of ./messages with its check; `satisfies` makes the compiler refuse a table that misses a
 * type of the union or has one the union lacks.
 *
 * Webview → host messages are untrusted: `parseWebviewMessage` accepts only the listed types with
 * the listed fields of the right types (other fields are dropped); only http(s) URLs without
 * credentials open. Host → webview messages come from our own host: the view checks their type and
 * the fields it reads first, so a stray message is ignored rather than half applied.
 */
import { isObj } from './json';
import type { ResultsModel } from './model';
import type { AssertionsView, HostMessage, PackedMessage, TabId, WebviewMessage } from './messages';
import { MAX_ASSERTION_TEXT, MAX_SHOWN_ASSERTIONS, MAX_SHOWN_OFFENDERS, TABS } from './messages';
import { safeHttpUrl } from './url';
import { isPlanId, isWriteView } from './write';

const MAX_COPY = 10_000_000;

export type Parsed = { ok: true; message: WebviewMessage } | { ok: false; reason: string };

/** Reads one message type from a plain object: the message with only its checked fields, or why not. */
type Reader<M> = (o: Record<string, unknown>) => M | string;

/** A kept run's id (client/src/results/history.ts). */
export const isRunId = (v: unknown): v is string => typeof v === 'string' && /^[\w-]{1,64}$/.test(v);

const shortString = (v: unknown): v is string | undefined => v === undefined || (typeof v === 'string' && v.length <= 200);

const FROM_WEBVIEW = {
  ready: () => ({ type: 'ready' }),
  loadNext: () => ({ type: 'loadNext' }),
  loadAll: () => ({ type: 'loadAll' }),
  cancel: () => ({ type: 'cancel' }),
  pin: () => ({ type: 'pin' }),
  export: (o) => {
    if (o.format !== 'json' && o.format !== 'ndjson' && o.format !== 'csv') return 'format must be json, ndjson or csv';
    if (!shortString(o.table)) return 'table must be a short string';
    return o.table === undefined ? { type: 'export', format: o.format } : { type: 'export', format: o.format, table: o.table };
  },
  openUrl: (o) => {
    const url = safeHttpUrl(o.url);
    return url ? { type: 'openUrl', url } : 'only http(s) URLs open';
  },
  copy: (o) => (typeof o.text === 'string' && o.text.length <= MAX_COPY ? { type: 'copy', text: o.text } : 'text must be a string under 10 MB'),
  showRun: (o) => (isRunId(o.id) ? { type: 'showRun', id: o.id } : 'id must be a run id'),
  compare: (o) => {
    if (o.with === 'previous' || o.with === 'pick') return { type: 'compare', with: o.with };
    return isObj(o.with) && isRunId(o.with.id) ? { type: 'compare', with: { id: o.with.id } } : 'with must be previous, pick or { id }';
  },
  save: (o) => (isPlanId(o.planId) ? { type: 'save', planId: o.planId } : 'planId must be a plan id'),
  undo: () => ({ type: 'undo' }),
} satisfies { [K in WebviewMessage['type']]: Reader<Extract<WebviewMessage, { type: K }>> };

/** The fields of each host message the view relies on. */
const FROM_HOST = {
  render: (o) => isResultsModel(o.model) && typeof o.more === 'boolean',
  append: (o) => isObj(o.header) && Array.isArray(o.lists) && Array.isArray(o.replace) && Array.isArray(o.raw) && typeof o.more === 'boolean',
  progress: (o) => typeof o.running === 'boolean',
  pinned: (o) => typeof o.pinned === 'boolean',
  show: (o) => isTab(o.tab) && shortString(o.table),
  history: (o) => Array.isArray(o.runs) && o.runs.every((r) => isObj(r) && isRunId(r.id) && typeof r.time === 'string' && typeof r.records === 'number' && typeof r.endpoint === 'string') && (o.shown === undefined || isRunId(o.shown)),
  diff: (o) => o.view === null || (isObj(o.view) && typeof o.view.before === 'string' && typeof o.view.after === 'string' && typeof o.view.summary === 'string'
    && Array.isArray(o.view.tables) && o.view.tables.every((t) => isObj(t) && Array.isArray(t.columns) && Array.isArray(t.rows))),
  assertions: (o) => o.view === null || isAssertionsView(o.view),
  write: (o) => o.view === null || isWriteView(o.view),
} satisfies Record<HostMessage['type'], (o: Record<string, unknown>) => boolean>;

const text = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_ASSERTION_TEXT;
const optText = (v: unknown) => v === undefined || text(v);
const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The run's assertions as the view draws them: bounded (rows, texts, offenders), every field it reads of the right type. */
export function isAssertionsView(v: unknown): v is AssertionsView {
  if (!isObj(v) || !Array.isArray(v.rows) || v.rows.length > MAX_SHOWN_ASSERTIONS || !count(v.total) || !count(v.failed)) return false;
  return v.rows.every((r) => isObj(r) && count(r.line) && text(r.text) && typeof r.pass === 'boolean' && text(r.actual) && text(r.expected)
    && optText(r.error) && optText(r.table) && optText(r.field)
    && (r.offenders === undefined || (Array.isArray(r.offenders) && r.offenders.length <= MAX_SHOWN_OFFENDERS
      && r.offenders.every((f) => isObj(f) && count(f.index) && optText(f.label) && text(f.value)))));
}

/** The table's entry for `type` when it is one of its own keys (not `__proto__`, `toString`…). */
function entry<T extends object>(table: T, type: unknown): T[keyof T] | undefined {
  return typeof type === 'string' && Object.hasOwn(table, type) ? table[type as keyof T] : undefined;
}

/** Checks type and shape of a message from the webview. Unknown types and mistyped fields are refused; the message returned holds only the checked fields. */
export function parseWebviewMessage(m: unknown): Parsed {
  if (!isObj(m)) return { ok: false, reason: 'not an object' };
  const read = entry(FROM_WEBVIEW, m.type) as Reader<WebviewMessage> | undefined;
  if (!read) return { ok: false, reason: `unknown message type ${JSON.stringify(String(m.type)).slice(0, 60)}` };
  const r = read(m);
  return typeof r === 'string' ? { ok: false, reason: `${String(m.type)}: ${r}` } : { ok: true, message: r };
}

/** The checked message, or null. */
export function parseFromWebview(m: unknown): WebviewMessage | null {
  const r = parseWebviewMessage(m);
  return r.ok ? r.message : null;
}

/** Webview side: a message from the host of a known type with the fields the view reads. */
export function isHostMessage(m: unknown): m is HostMessage {
  if (!isObj(m)) return false;
  const check = entry(FROM_HOST, m.type);
  return !!check && check(m);
}

/** A packed host message (./messages `PackedMessage`): the view unpacks it, then checks what is inside. */
export function isPackedMessage(m: unknown): m is PackedMessage {
  return isObj(m) && m.type === 'packed' && m.gzip instanceof Uint8Array && typeof m.bytes === 'number' && Number.isSafeInteger(m.bytes) && m.bytes >= 0;
}

export function isTab(t: unknown): t is TabId {
  return (TABS as readonly unknown[]).includes(t);
}

/** A results model as saved in the view's state or sent by the host: the members every reader uses. */
export function isResultsModel(m: unknown): m is ResultsModel {
  return isObj(m) && typeof m.requestName === 'string' && typeof m.endpoint === 'string' && isObj(m.params) && Array.isArray(m.errors) && Array.isArray(m.warnings) && Array.isArray(m.rawBatches);
}
