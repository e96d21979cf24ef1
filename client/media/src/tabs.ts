/**
 * The results view's tabs, one entry each: its label, what draws it, and what makes what it drew
 * stale. The app (./app) builds the tab strip and the panels from this table, in the protocol's
 * order (`TABS` in ../../shared/messages, which the host and the render reports name tabs by).
 * Adding a tab: its id in `TABS`, an entry here, a renderer file (CONTRIBUTING: "A tab in the
 * results view").
 */
import { TABS, type TabId } from '../../shared/messages';
import type { ViewId } from '../../shared/views';
import type { ViewContext } from './context';
import { renderDebug } from './debugTab';
import { renderDiff } from './diffTab';
import type { JsonTab } from './jsonTab';
import { renderRaw } from './rawTab';
import type { TableTab } from './tableTab';
import type { DataView } from './viewParts';

/** What changes what a tab shows: a new model (`render`), records appended (`append`), a comparison (`diff`). */
export type Change = 'render' | 'append' | 'diff';

/** What a tab draws with: the view's state, the tab's own panel, and the parts the app keeps for the tabs that redraw only what changed. */
export interface TabParts {
  readonly ctx: ViewContext;
  readonly panel: HTMLElement;
  readonly tables: TableTab;
  readonly views: Readonly<Record<ViewId, DataView>>;
  readonly json: JsonTab;
}

export interface TabEntry {
  /** The tab's name in the tab strip. */
  readonly label: string;
  /** Draws the tab in its panel, now visible (called each time it is shown; after a change in `staleOn` only). */
  show(p: TabParts): void;
  /**
   * The changes after which what `show` drew is stale: it draws again when next shown (at once
   * when records are appended while it is shown). Empty: the tab keeps track itself (the Table,
   * the data views and JSON redraw only what changed, and are shown each time).
   */
  readonly staleOn: readonly Change[];
  /**
   * The panel holds text and no control (Debug, Diff): the panel itself is a Tab stop, so its
   * scrolled text can be reached and scrolled from the keyboard (the WAI-ARIA tabs pattern; axe's
   * scrollable-region-focusable). The other panels start with a control of their own.
   */
  readonly textOnly?: true;
}

/** The tab for each id: label, renderer, staleness. */
export const TAB_TABLE: { readonly [K in TabId]: TabEntry } = {
  table: { label: 'Table', show: (p) => p.tables.show(), staleOn: [] },
  images: { label: 'Images', show: (p) => p.views.images.show(), staleOn: [] },
  timeline: { label: 'Timeline', show: (p) => p.views.timeline.show(), staleOn: [] },
  breakdown: { label: 'Breakdown', show: (p) => p.views.breakdown.show(), staleOn: [] },
  json: { label: 'JSON', show: (p) => p.json.show(), staleOn: [] },
  raw: { label: 'Raw', show: (p) => renderRaw(p.panel, p.ctx), staleOn: ['render', 'append'] },
  debug: { label: 'Debug', show: (p) => renderDebug(p.panel, p.ctx), staleOn: ['render', 'append'], textOnly: true },
  diff: { label: 'Diff', show: (p) => renderDiff(p.panel, p.ctx.diffView), staleOn: ['diff'], textOnly: true },
};

/** One value per tab, in the protocol's order. */
export function perTab<T>(make: (t: TabId) => T): Record<TabId, T> {
  return Object.fromEntries(TABS.map((t) => [t, make(t)])) as Record<TabId, T>;
}
