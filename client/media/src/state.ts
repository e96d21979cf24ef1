/**
 * What the view keeps across reloads (`setState`): the UI state per result (tab, table, sort,
 * filter, scroll, column widths, thumbnails), the pin, the panel's key and a copy of the model
 * small enough to keep. Everything read back is checked: the saved state is not trusted, and a
 * field (or an entry of one) of the wrong shape is dropped alone (test/unit/webview-state.test.ts).
 */
import { isObj } from '../../shared/json';
import type { TabId } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import { isTab } from '../../shared/validate';
import { truncateForState } from '../../shared/tables';
import { isViewFilter, type ViewFilter } from '../../shared/views';

export interface UiState {
  identity?: string;
  tab: TabId;
  table?: string;
  sort: Record<string, { col: string; dir: 'asc' | 'desc' }>;
  filter: Record<string, string>;
  scroll: Record<string, number>;
  widths: Record<string, Record<string, number>>;
  thumbnails?: boolean;
  /** Table cells wrap onto up to three lines. */
  wrap?: boolean;
  /** The filter a Timeline range or a Breakdown bar put on a table. */
  viewFilter?: ViewFilter;
  /** The field each view shows (`table|field`). */
  viewSource?: Record<string, string>;
}

export interface SavedState {
  v: 1;
  ui: UiState;
  model?: ResultsModel;
  pinned?: boolean;
  /** The panel's key (the host's serializer reads it after a reload). */
  key?: string;
}

/** Which result a UI state belongs to: a new request starts with a fresh one. */
export const identityOf = (m: Pick<ResultsModel, 'requestName' | 'endpoint' | 'params'>) => JSON.stringify([m.requestName, m.endpoint, m.params]);

export function defaultUi(): UiState {
  return { tab: 'table', sort: {}, filter: {}, scroll: {}, widths: {} };
}

/**
 * The entries of a saved map that `read` accepts (what it returns for them); none if it is not an
 * object. `Object.fromEntries` makes each an own property, whatever its key (`__proto__` too).
 */
function entries<T>(v: unknown, read: (x: unknown) => T | undefined): Record<string, T> {
  if (!isObj(v)) return {};
  const kept: Array<[string, T]> = [];
  for (const [k, x] of Object.entries(v)) {
    const t = read(x);
    if (t !== undefined) kept.push([k, t]);
  }
  return Object.fromEntries(kept);
}

const aString = (x: unknown) => (typeof x === 'string' ? x : undefined);
/** A scroll offset or a column width: a finite number, not negative. */
const aLength = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined);
const aSort = (x: unknown): UiState['sort'][string] | undefined =>
  isObj(x) && typeof x.col === 'string' && (x.dir === 'asc' || x.dir === 'desc') ? { col: x.col, dir: x.dir } : undefined;
const someWidths = (x: unknown) => (isObj(x) ? entries(x, aLength) : undefined);

/** A saved UI state, each field checked alone: one of the wrong shape is its default, the others stay. */
export function validUi(u: unknown): UiState {
  const d = defaultUi();
  if (!isObj(u)) return d;
  return {
    identity: aString(u.identity),
    tab: isTab(u.tab) ? u.tab : d.tab,
    table: aString(u.table),
    sort: entries(u.sort, aSort),
    filter: entries(u.filter, aString),
    scroll: entries(u.scroll, aLength),
    widths: entries(u.widths, someWidths),
    thumbnails: typeof u.thumbnails === 'boolean' ? u.thumbnails : undefined,
    wrap: typeof u.wrap === 'boolean' ? u.wrap : undefined,
    viewFilter: isViewFilter(u.viewFilter) ? u.viewFilter : undefined,
    viewSource: isObj(u.viewSource) ? entries(u.viewSource, aString) : undefined,
  };
}

/** Where the view's state is kept (the VS Code API's `getState`/`setState`). */
interface StateStore {
  getState(): unknown;
  setState(s: unknown): void;
}

/** The saved state, when there is one of this version. */
export function loadState(api: StateStore): SavedState | undefined {
  const saved = api.getState() as SavedState | undefined;
  return isObj(saved) && saved.v === 1 ? saved : undefined;
}

/** Saves the state; while records are still arriving, the model saved before is kept. */
export function saveState(api: StateStore, s: { ui: UiState; pinned: boolean; key?: string; model?: ResultsModel; receiving: boolean }): void {
  const state: SavedState = { v: 1, ui: s.ui, pinned: s.pinned, key: s.key };
  if (s.model && !s.receiving) state.model = truncateForState(s.model);
  else if (s.model) state.model = (api.getState() as SavedState | undefined)?.model;
  try {
    api.setState(state);
  } catch {
    api.setState({ v: 1, ui: s.ui, pinned: s.pinned, key: s.key });
  }
}
