/**
 * The typed messages between the results view (webview) and the extension host. Messages from the
 * webview are untrusted: `parseFromWebview` accepts only the listed types with the right shapes.
 */

export interface TableModel {
  name: string;
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

export interface HeaderModel {
  name: string;
  endpoint: string;
  status?: number;
  ms: number;
  bytes: number;
  batches: number;
  complete: boolean;
  records: number;
  canContinue: boolean;
  failure?: string;
  errors: Array<{ code?: string; text: string; line?: number }>;
  warnings: Array<{ code?: string; text: string; line?: number }>;
}

export interface ResultsModel {
  header: HeaderModel;
  tables: TableModel[];
  /** paraminfo modules, shown as a reference. */
  modules: unknown[];
  /** The merged result, for the JSON tab. */
  json: unknown;
  raw: string[];
  debuginfo?: unknown;
  /** Set while the host works (loading more, exporting). */
  busy?: string;
}

export type ToWebview = { type: 'model'; model: ResultsModel } | { type: 'busy'; text: string | null } | { type: 'show'; tab: string; table?: string };

export type FromWebview =
  | { type: 'ready' }
  | { type: 'loadNext' }
  | { type: 'loadAll' }
  | { type: 'cancel' }
  | { type: 'export'; format: 'json' | 'ndjson' | 'csv'; table?: string }
  | { type: 'openUrl'; url: string }
  | { type: 'copy'; text: string }
  /** What the view rendered (tab, table, rows in the filtered table, the visible rows' text), for tests and state. */
  | { type: 'rendered'; tab: string; table?: string; rows: number; text: string };

/** Only listed message types with valid fields; anything else is null. Only http(s) URLs open. */
export function parseFromWebview(m: unknown): FromWebview | null {
  if (!m || typeof m !== 'object') return null;
  const o = m as Record<string, unknown>;
  switch (o.type) {
    case 'ready': case 'loadNext': case 'loadAll': case 'cancel':
      return { type: o.type };
    case 'export':
      if (o.format !== 'json' && o.format !== 'ndjson' && o.format !== 'csv') return null;
      if (o.table !== undefined && typeof o.table !== 'string') return null;
      return { type: 'export', format: o.format, table: o.table as string | undefined };
    case 'openUrl': {
      if (typeof o.url !== 'string') return null;
      try {
        const u = new URL(o.url);
        return u.protocol === 'http:' || u.protocol === 'https:' ? { type: 'openUrl', url: u.toString() } : null;
      } catch {
        return null;
      }
    }
    case 'rendered':
      if (typeof o.tab !== 'string' || typeof o.rows !== 'number' || typeof o.text !== 'string') return null;
      if (o.table !== undefined && typeof o.table !== 'string') return null;
      return { type: 'rendered', tab: o.tab.slice(0, 20), table: (o.table as string | undefined)?.slice(0, 200), rows: o.rows, text: o.text.slice(0, 100_000) };
    case 'copy':
      return typeof o.text === 'string' && o.text.length <= 10_000_000 ? { type: 'copy', text: o.text } : null;
    default:
      return null;
  }
}
