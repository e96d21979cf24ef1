/**
 * What the Images, Timeline and Breakdown views share: the view interface the app drives, the field
 * chooser, the "Table filtered by …" chip, the theme colours a canvas needs, and a redraw that waits
 * while records keep arriving.
 */
import type { ViewContext } from './context';
import { button, clear, h } from './dom';
import { describeFilter, sourceLabel, type ViewId, type ViewSource } from '../../shared/views';

/** A view the app shows in its tab. */
export interface DataView {
  readonly element: HTMLElement;
  /** A new model, or the fields the view can show changed: drawn again when shown. */
  reset(): void;
  /** Records were appended: drawn again soon if shown. */
  grew(): void;
  /** Draws the view (when stale) in its now visible tab. */
  show(): void;
  /** The table filter changed. */
  filterChanged(): void;
}

const keyOf = (s: ViewSource) => `${s.table}|${s.field}`;

/** The source a view shows: the one chosen before (ui.viewSource), else the first. */
export function chosenSource(ctx: ViewContext, view: ViewId): ViewSource | undefined {
  const all = ctx.sources[view];
  const k = ctx.ui.viewSource?.[view];
  return all.find((s) => keyOf(s) === k) ?? all[0];
}

/** A labelled chooser of a view's fields (only when there are several), or null. */
export function sourceChooser(ctx: ViewContext, view: ViewId, label: string, onChange: () => void): HTMLElement | null {
  const all = ctx.sources[view];
  if (all.length < 2) return null;
  const current = chosenSource(ctx, view);
  const select = h('select', { id: `${view}-source`, class: 'chooser' });
  for (const s of all) {
    const o = h('option', { value: keyOf(s) }, sourceLabel(s, all));
    if (current && keyOf(s) === keyOf(current)) o.selected = true;
    select.appendChild(o);
  }
  select.addEventListener('change', () => {
    ctx.ui.viewSource = { ...ctx.ui.viewSource, [view]: select.value };
    ctx.saveSoon();
    onChange();
  });
  return h('label', { class: 'chooser-label', for: `${view}-source` }, `${label} `, select);
}

/** The "Table filtered by … ✕" chip of `table` (empty when no view filters it). */
export function renderFilterChip(host: HTMLElement, ctx: ViewContext, table: string | undefined, showRows?: () => void): void {
  clear(host);
  const f = ctx.ui.viewFilter;
  host.hidden = !f || f.table !== table;
  if (!f || host.hidden) return;
  host.append(h('span', null, 'Table filtered by ', h('strong', null, describeFilter(f))));
  if (showRows) host.appendChild(button('Show rows', { class: 'secondary small' }, showRows));
  host.appendChild(button('✕', { class: 'icon small', title: 'Clear this filter', 'aria-label': `Clear the filter ${describeFilter(f)}` }, () => ctx.setViewFilter(undefined)));
}

/** A VS Code theme colour (a CSS variable of the page), for what a canvas draws. */
export function themeColour(name: string, fallback: string): string {
  const v = getComputedStyle(document.body).getPropertyValue(name).trim();
  return v || fallback;
}

/**
 * A view drawn when its tab is shown and something changed since; while it is shown, arriving
 * records redraw it once they pause for 300 ms (once, not per batch).
 */
export abstract class LazyView implements DataView {
  abstract readonly element: HTMLElement;
  protected stale = true;
  private timer = 0;

  constructor(protected readonly ctx: ViewContext, private readonly tab: ViewId) {}

  reset(): void {
    this.stale = true;
  }

  grew(): void {
    this.stale = true;
    if (this.ctx.ui.tab !== this.tab) return;
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.draw(), 300);
  }

  show(): void {
    if (this.stale) this.draw();
  }

  abstract filterChanged(): void;

  /** Draws the view from the model (and clears `stale`). */
  protected abstract draw(): void;
}
