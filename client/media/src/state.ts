/**
 * What the view keeps across reloads (`setState`): the UI state per result (tab, table, sort,
 * filter, scroll, column widths, thumbnails), the pin, the panel's key and a copy of the model
 * small enough to keep. Everything read back is checked: the saved state is not trusted.
 */
import { isObj } from '../../shared/json';
import type { TabId } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import { isTab } from '../../shared/validate';
import type { VsCodeApi } from './messaging';
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

export function validUi(u: unknown): UiState {
  const d = defaultUi();
  if (!isObj(u)) return d;
  return {
    identity: typeof u.identity === 'string' ? u.identity : undefined,
    tab: isTab(u.tab) ? u.tab : 'table',
    table: typeof u.table === 'string' ? u.table : undefined,
    sort: isObj(u.sort) ? (u.sort as UiState['sort']) : {},
    filter: isObj(u.filter) ? (u.filter as UiState['filter']) : {},
    scroll: isObj(u.scroll) ? (u.scroll as UiState['scroll']) : {},
    widths: isObj(u.widths) ? (u.widths as UiState['widths']) : {},
    thumbnails: typeof u.thumbnails === 'boolean' ? u.thumbnails : undefined,
    wrap: typeof u.wrap === 'boolean' ? u.wrap : undefined,
    viewFilter: isViewFilter(u.viewFilter) ? u.viewFilter : undefined,
    viewSource: isObj(u.viewSource) ? Object.fromEntries(Object.entries(u.viewSource).filter(([, v]) => typeof v === 'string')) as Record<string, string> : undefined,
  };
}

/** The saved state, when there is one of this version. */
export function loadState(api: VsCodeApi): SavedState | undefined {
  const saved = api.getState() as SavedState | undefined;
  return isObj(saved) && saved.v === 1 ? saved : undefined;
}

/** Saves the state; while records are still arriving, the model saved before is kept. */
export function saveState(api: VsCodeApi, s: { ui: UiState; pinned: boolean; key?: string; model?: ResultsModel; receiving: boolean }): void {
  const state: SavedState = { v: 1, ui: s.ui, pinned: s.pinned, key: s.key };
  if (s.model && !s.receiving) state.model = truncateForState(s.model);
  else if (s.model) state.model = (api.getState() as SavedState | undefined)?.model;
  try {
    api.setState(state);
  } catch {
    api.setState({ v: 1, ui: s.ui, pinned: s.pinned, key: s.key });
  }
}
