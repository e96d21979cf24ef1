/**
 * The typed messages between the results view (webview) and the extension host.
 *
 * Host → webview: `render` (a whole model; list records beyond the first chunk follow in `append`
 * messages), `append` (new records and changed members, without losing the scroll position),
 * `progress`, `pinned`, `show` (switch tab/table).
 *
 * Webview → host messages are untrusted: the host checks them with `./validate`.
 */
import type { ModelHeader, ResultsModel } from './model';

export type TabId = 'table' | 'json' | 'raw' | 'debug';
export const TABS: readonly TabId[] = ['table', 'json', 'raw', 'debug'];

export interface RenderMessage {
  type: 'render';
  model: ResultsModel;
  pinned: boolean;
  /** Show allimages thumbnails at first (the user can toggle). */
  thumbnails: boolean;
  /** More records of this model follow in `append` messages. */
  more: boolean;
  /** The host can fetch more batches (false for a panel restored after a reload: run the request again). */
  paging?: boolean;
  /** The panel's key, kept in the webview's state for the serializer. */
  key?: string;
}

export interface AppendMessage {
  type: 'append';
  header: ModelHeader;
  /** Records appended to the lists at these paths (e.g. `['query', 'allimages']`). */
  lists: Array<{ path: string[]; items: unknown[] }>;
  /** Members replaced as a whole (merged `pages`, paraminfo…). */
  replace: Array<{ path: string[]; value: unknown }>;
  /** New raw bodies. */
  raw: string[];
  more: boolean;
}

export interface ProgressMessage {
  type: 'progress';
  running: boolean;
  batches: number;
  records: number;
  /** Set while waiting before a retry (maxlag, 429…). */
  waiting?: { ms: number; reason: string };
  /** A line to show (e.g. an error that stopped the run). */
  text?: string;
}

export type HostMessage =
  | RenderMessage
  | AppendMessage
  | ProgressMessage
  | { type: 'pinned'; pinned: boolean }
  | { type: 'show'; tab: TabId; table?: string };

export type ExportFormat = 'json' | 'ndjson' | 'csv';

/** What the view shows, reported after each render (tests read it; the host keeps the last one). */
export interface RenderedReport {
  type: 'rendered';
  tab: TabId;
  /** Table id shown in the Table tab (`allimages`, `pages`, `modules`…). */
  table?: string;
  /** Rows of the shown table after filtering. */
  rows: number;
  /** Text of the visible part of the view (capped). */
  text: string;
}

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'loadNext' }
  | { type: 'loadAll' }
  | { type: 'cancel' }
  | { type: 'pin' }
  | { type: 'export'; format: ExportFormat; table?: string }
  | { type: 'openUrl'; url: string }
  | { type: 'copy'; text: string }
  | RenderedReport;
