/**
 * The typed messages between the results view (webview) and the extension host: the product's
 * whole protocol. Each union's types are listed once more, with a check for each, in ./validate
 * (`satisfies` tables the compiler holds to these unions).
 *
 * Host → webview: `render` (a whole model; list records beyond the first chunk follow in `append`
 * messages), `append` (new records and changed members, without losing the scroll position),
 * `progress`, `pinned`, `show` (switch tab/table), `history` (the request's kept runs, for the History
 * menu), `diff` (a comparison for the Diff tab), `assertions` (the run's `??` assertions checked,
 * shown above the tabs), `write` (a write's preview: facts, the wiki's diff and Save, above the tabs: ./write).
 *
 * Webview → host messages are untrusted: the host checks them with `./validate`.
 */
import type { DiffGrid } from './diffView';
import type { ModelHeader, ResultsModel } from './model';
import type { WriteMessage } from './write';

/** The view's tabs, in order (images, timeline and breakdown only where they apply: ./views; `diff` only while the view holds a comparison). */
export const TABS = ['table', 'images', 'timeline', 'breakdown', 'json', 'raw', 'debug', 'diff'] as const;
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

/** A kept run of the request, as the History menu lists it (client/src/results/history.ts). */
export interface HistoryEntry {
  id: string;
  /** ISO time the run started. */
  time: string;
  status: 'complete' | 'partial' | 'failed';
  records: number;
  endpoint: string;
}

/** The request's kept runs, newest first, and which one the view shows (none: the latest run, not kept). */
export interface HistoryMessage {
  type: 'history';
  runs: HistoryEntry[];
  shown?: string;
  /** Why the run shown was not kept (signed in, too large…), when it was not. */
  notKept?: string;
}

/**
 * Two results compared (core's `diffResults`), as the Diff tab draws them: `before` → `after`, each
 * with a label, the summary, and per table its grid (./diffView: cells already cut, so the message
 * stays bounded whatever the records hold).
 */
export interface DiffView {
  before: string;
  after: string;
  equal: boolean;
  summary: string;
  tables: DiffGrid[];
}

/** Shows a comparison on the Diff tab (and selects it), or clears it (null). */
export interface DiffMessage {
  type: 'diff';
  view: DiffView | null;
}

/** The most assertions a view is sent (the failing ones first: ../src/results/checks.ts). */
export const MAX_SHOWN_ASSERTIONS = 50;
/** The longest text of an assertion, an actual or expected value, an offender's label or value the view is sent. */
export const MAX_ASSERTION_TEXT = 300;
/** The most records that break an assertion the view is sent (core's MAX_OFFENDERS). */
export const MAX_SHOWN_OFFENDERS = 5;

/** A record that breaks a quantifier: its place in its table (from 0), its label (title, name, id) and the field's value. */
export interface OffenderRow {
  index: number;
  label?: string;
  value: string;
}

/** One assertion checked against the run shown (core's `AssertionOutcome`, as text for the view). */
export interface AssertionRow {
  /** Its line in the file (1-based). */
  line: number;
  /** The assertion as written (`every ns == 6`). */
  text: string;
  pass: boolean;
  /** The actual value (a quantifier's: how many records break it). */
  actual: string;
  expected: string;
  /** Why it could not be evaluated. */
  error?: string;
  /** For a quantifier: the table (its id, as the Table tab names it) and the field read. */
  table?: string;
  field?: string;
  /** For a failing quantifier: the first records that break it (`some`: none). */
  offenders?: OffenderRow[];
}

/** The run's assertions checked: at most MAX_SHOWN_ASSERTIONS rows of `total` (in file order), `failed` of them failing. */
export interface AssertionsView {
  rows: AssertionRow[];
  total: number;
  failed: number;
}

/** Shows the run's assertions above the tabs, or clears them (null: a run without assertions). */
export interface AssertionsMessage {
  type: 'assertions';
  view: AssertionsView | null;
}

export type HostMessage = RenderMessage | AppendMessage | ProgressMessage | PinnedMessage | ShowMessage | HistoryMessage | DiffMessage | AssertionsMessage | WriteMessage;

/**
 * How a large host message travels: its JSON, gzip-compressed (`pack` in
 * ../src/results/packing.ts, `unpack` in ../media/src/unpack.ts). Not a message of its own: the
 * view unpacks it and checks the message inside like any other. Lists of records compress many
 * times over, and the bytes, not the records, are what the editor's channel to the view pays for.
 */
export interface PackedMessage {
  type: 'packed';
  gzip: Uint8Array;
  /** Bytes of the JSON inside (the view reads no more). */
  bytes: number;
}

/** What the host posts: a message, or a large one packed. */
export type HostEnvelope = HostMessage | PackedMessage;

export type ExportFormat = 'json' | 'ndjson' | 'csv';

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'loadNext' }
  | { type: 'loadAll' }
  | { type: 'cancel' }
  | { type: 'pin' }
  | { type: 'export'; format: ExportFormat; table?: string }
  | { type: 'openUrl'; url: string }
  | { type: 'copy'; text: string }
  /** History: show the kept run `id`; compare the shown run with the kept run `id`, the previous one, or one picked (Compare with…). */
  | { type: 'showRun'; id: string }
  | { type: 'compare'; with: 'previous' | 'pick' | { id: string } }
  /** A write's preview: save the plan `planId` (the host asks the person first); after a save, preview its undo. */
  | { type: 'save'; planId: string }
  | { type: 'undo' };
