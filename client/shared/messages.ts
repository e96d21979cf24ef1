/**
 * The typed messages between the results view (webview) and the extension host: the product's
 * whole protocol. Each union's types are listed once more, with a check for each, in ./validate
 * (`satisfies` tables the compiler holds to these unions).
 *
 * Host → webview: `render` (a whole model; list records beyond the first chunk follow in `append`
 * messages), `append` (new records and changed members, without losing the scroll position),
 * `progress`, `pinned`, `show` (switch tab/table).
 *
 * Webview → host messages are untrusted: the host checks them with `./validate`.
 */
import type { ModelHeader, ResultsModel } from './model';

/** The view's tabs, in order (images, timeline and breakdown only where they apply: ./views). */
export const TABS = ['table', 'images', 'timeline', 'breakdown', 'json', 'raw', 'debug'] as const;
export type TabId = (typeof TABS)[number];

/** The commands that show a view of the active results panel (package.json contributes them, the README lists them). */
export const VIEW_COMMANDS: ReadonlyArray<readonly [string, TabId]> = [
  ['wikiq.results.showImages', 'images'],
  ['wikiq.results.showTimeline', 'timeline'],
  ['wikiq.results.showBreakdown', 'breakdown'],
];

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

export interface PinnedMessage {
  type: 'pinned';
  pinned: boolean;
}

export interface ShowMessage {
  type: 'show';
  tab: TabId;
  table?: string;
}

export type HostMessage = RenderMessage | AppendMessage | ProgressMessage | PinnedMessage | ShowMessage;

export type ExportFormat = 'json' | 'ndjson' | 'csv';

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'loadNext' }
  | { type: 'loadAll' }
  | { type: 'cancel' }
  | { type: 'pin' }
  | { type: 'export'; format: ExportFormat; table?: string }
  | { type: 'openUrl'; url: string }
  | { type: 'copy'; text: string };
