/**
 * The Table tab: one table per list, pages, paraminfo modules or object of the result, with a row of
 * sub-tabs to switch between them when there are several. Controllers are kept across renders of
 * the same result when the table's kind did not change (so sort, filter and scroll stay).
 */
import { formatCount } from '../../shared/format';
import type { ViewContext } from './context';
import { clear, h } from './dom';
import { emptyState, isEmptyResult } from './empty';
import { ParamController } from './paramTab';
import { findTables, tableRows } from '../../shared/tables';
import { TableController } from './table';
import type { VirtualTable } from './vtable';

export type Controller = TableController | ParamController;

export class TableTab {
  private controllers = new Map<string, Controller>();
  private nav?: HTMLElement;

  constructor(private readonly ctx: ViewContext, readonly host: HTMLElement) {}

  get size(): number {
    return this.controllers.size;
  }

  /** The table shown (or shown when the tab is selected). */
  current(): (Controller & { grid?: VirtualTable }) | undefined {
    return this.ctx.ui.table ? this.controllers.get(this.ctx.ui.table) : undefined;
  }

  /** (Re)builds the tables of the model's result. */
  build(): void {
    const m = this.ctx.model!;
    const ui = this.ctx.ui;
    const old = this.controllers;
    this.controllers = new Map();
    clear(this.host);
    const specs = findTables(m.result);
    for (const s of specs) {
      const prev = old.get(s.id);
      this.controllers.set(s.id, prev && prev.spec.kind === s.kind && s.kind !== 'paraminfo' ? prev : s.kind === 'paraminfo' ? new ParamController(this.ctx, s) : new TableController(this.ctx, s));
    }
    for (const [id, c] of this.controllers) if (old.get(id) === c) c.replaced();
    if (!specs.length) {
      this.host.appendChild(isEmptyResult(m.result) ? emptyState(m) : h('p', { class: 'empty' }, 'This result has no list or pages to show as a table. See the JSON tab.'));
      ui.table = undefined;
      return;
    }
    if (!ui.table || !this.controllers.has(ui.table)) {
      // The first list with records, else the first table.
      const first = specs.find((s) => s.kind !== 'keyvalue' && s.kind !== 'objects' && tableRows(m.result, s).length) ?? specs[0];
      ui.table = first.id;
    }
    if (specs.length > 1) {
      const nav = h('div', { class: 'subtabs', role: 'tablist', 'aria-label': 'Tables' });
      for (const s of specs) {
        const n = tableRows(m.result, s).length;
        const b = h('button', { type: 'button', role: 'tab', class: 'subtab', 'data-table': s.id, 'aria-selected': String(s.id === ui.table), tabindex: s.id === ui.table ? '0' : '-1' }, s.name, h('span', { class: 'count-badge' }, formatCount(n)));
        b.addEventListener('click', () => this.select(s.id));
        nav.appendChild(b);
      }
      nav.addEventListener('keydown', (e) => {
        const list = Array.from(nav.querySelectorAll<HTMLElement>('[role=tab]'));
        const i = list.indexOf(document.activeElement as HTMLElement);
        let n = -1;
        if (e.key === 'ArrowRight') n = (i + 1) % list.length;
        else if (e.key === 'ArrowLeft') n = (i - 1 + list.length) % list.length;
        if (n < 0) return;
        e.preventDefault();
        this.select(list[n].dataset.table!);
        list[n].focus();
      });
      this.nav = nav;
      this.host.appendChild(nav);
    } else this.nav = undefined;
    for (const c of this.controllers.values()) {
      c.element.hidden = true;
      this.host.appendChild(c.element);
    }
    if (ui.tab === 'table') this.show();
  }

  select(id: string): void {
    if (!this.controllers.has(id)) return;
    this.ctx.ui.table = id;
    if (this.nav) {
      for (const b of Array.from(this.nav.children) as HTMLElement[]) {
        const on = b.dataset.table === id;
        b.setAttribute('aria-selected', String(on));
        b.tabIndex = on ? 0 : -1;
      }
    }
    this.ctx.saveSoon();
    if (this.ctx.ui.tab === 'table') this.show();
    this.ctx.reportSoon();
  }

  /** Selects a table by id or by name (`allimages`, `pages`…), as a `show` message names it. */
  selectNamed(table: string): void {
    if (this.controllers.has(table)) this.select(table);
    else for (const [id, c] of this.controllers) if (c.name === table) this.select(id);
  }

  /** Selects table `id` and in it record `index` (a failing assertion's link); false when there is no such record to show. */
  async reveal(id: string, index: number, field?: string): Promise<boolean> {
    const c = this.controllers.get(id);
    if (!(c instanceof TableController)) return false;
    this.select(id);
    return c.reveal(index, field);
  }

  show(): void {
    for (const [id, c] of this.controllers) c.element.hidden = id !== this.ctx.ui.table;
    const c = this.current();
    if (c) void c.mount();
  }

  /** Records were appended to the lists `grown` and members `replaced` (paths joined by '.'). */
  appended(result: unknown, grown: Set<string>, replaced: Set<string>): void {
    const specs = findTables(result);
    const known = new Set(this.controllers.keys());
    if (specs.some((s) => !known.has(s.id)) || specs.length !== known.size) {
      this.build();
      return;
    }
    for (const [id, c] of this.controllers) {
      if (replaced.has(id) || [...replaced].some((p) => id.startsWith(`${p}.`))) c.replaced();
      else if (grown.has(id)) c.grew();
    }
  }

  /** A Timeline range or Breakdown bar filters a table (ui.viewFilter). */
  viewFilterChanged(): void {
    for (const c of this.controllers.values()) if (c instanceof TableController) c.viewFilterChanged();
  }

  syncThumbnails(): void {
    for (const c of this.controllers.values()) c.syncThumbToggle();
  }
}
