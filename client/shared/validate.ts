/**
 * Checks of messages crossing the webview boundary. Webview → host messages are untrusted:
 * `parseWebviewMessage` accepts only the listed types with the listed fields of the right types
 * (other fields are dropped); only http(s) URLs without credentials open.
 */
import type { HostMessage, TabId, WebviewMessage } from './messages';
import { TABS } from './messages';
import { safeHttpUrl } from './url';

const MAX_COPY = 10_000_000;
const MAX_TEXT = 100_000;

export type Parsed = { ok: true; message: WebviewMessage } | { ok: false; reason: string };

/** Checks type and shape of a message from the webview. Unknown types and mistyped fields are refused; the message returned holds only the checked fields. */
export function parseWebviewMessage(m: unknown): Parsed {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return { ok: false, reason: 'not an object' };
  const o = m as Record<string, unknown>;
  const bad = (reason: string): Parsed => ({ ok: false, reason: `${String(o.type).slice(0, 40)}: ${reason}` });
  switch (o.type) {
    case 'ready': case 'loadNext': case 'loadAll': case 'cancel': case 'pin':
      return { ok: true, message: { type: o.type } };
    case 'export':
      if (o.format !== 'json' && o.format !== 'ndjson' && o.format !== 'csv') return bad('format must be json, ndjson or csv');
      if (o.table !== undefined && (typeof o.table !== 'string' || o.table.length > 200)) return bad('table must be a short string');
      return { ok: true, message: o.table === undefined ? { type: 'export', format: o.format } : { type: 'export', format: o.format, table: o.table as string } };
    case 'openUrl': {
      const url = safeHttpUrl(o.url);
      return url ? { ok: true, message: { type: 'openUrl', url } } : bad('only http(s) URLs open');
    }
    case 'copy':
      return typeof o.text === 'string' && o.text.length <= MAX_COPY ? { ok: true, message: { type: 'copy', text: o.text } } : bad('text must be a string under 10 MB');
    case 'rendered':
      if (!TABS.includes(o.tab as TabId)) return bad('unknown tab');
      if (o.table !== undefined && (typeof o.table !== 'string' || o.table.length > 200)) return bad('table must be a short string');
      if (typeof o.rows !== 'number' || !Number.isInteger(o.rows) || o.rows < 0) return bad('rows must be a count');
      if (typeof o.text !== 'string') return bad('text must be a string');
      return { ok: true, message: { type: 'rendered', tab: o.tab as TabId, ...(o.table !== undefined ? { table: o.table as string } : {}), rows: o.rows, text: o.text.slice(0, MAX_TEXT) } };
    default:
      return { ok: false, reason: `unknown message type ${JSON.stringify(String(o.type)).slice(0, 60)}` };
  }
}

/** The checked message, or null. */
export function parseFromWebview(m: unknown): WebviewMessage | null {
  const r = parseWebviewMessage(m);
  return r.ok ? r.message : null;
}

/** Webview side: a light check that a message from the host has a known type. */
export function isHostMessage(m: unknown): m is HostMessage {
  if (typeof m !== 'object' || m === null) return false;
  const t = (m as { type?: unknown }).type;
  return t === 'render' || t === 'append' || t === 'progress' || t === 'pinned' || t === 'show';
}
