/**
 * The Breakdown tab: records counted by a field with few distinct values (user, type, namespace,
 * mime…), as horizontal bars. Each bar is a button: pressing it filters the table to that value
 * (pressing it again clears the filter); Up/Down move between bars. Bars are plain DOM, their
 * lengths set through the CSSOM (allowed by the CSP, unlike style attributes).
 */
import { breakdown } from '../../shared/buckets';
import { formatCount } from '../../shared/format';
import { findTables, tableRows } from '../../shared/tables';
import { valueLabel, type ViewFilter } from '../../shared/views';
import type { ViewContext } from './context';
import { clear, h } from './dom';
import { LazyView, chosenSource, renderFilterChip, sourceChooser } from './viewParts';

const TOP = 30;

export class BreakdownView extends LazyView {
  readonly element = h('div', { class: 'view view-breakdown' });
  private readonly toolbar = h('div', { class: 'toolbar' });
  private readonly chip = h('div', { class: 'filter-chip', role: 'status', hidden: '' });
  private readonly list = h('div', { class: 'bd-list', role: 'group' });
  private readonly summary = h('p', { class: 'muted summary' });

  constructor(ctx: ViewContext) {
    super(ctx, 'breakdown');
    this.element.append(this.toolbar, this.chip, this.summary, this.list);
    this.list.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      const bars = Array.from(this.list.querySelectorAll<HTMLButtonElement>('button.bd-row'));
      const i = bars.indexOf(document.activeElement as HTMLButtonElement);
      const n = e.key === 'ArrowDown' ? Math.min(bars.length - 1, i + 1) : Math.max(0, i - 1);
      if (bars[n]) {
        e.preventDefault();
        bars[n].focus();
      }
    });
  }

  filterChanged(): void {
    if (this.ctx.ui.tab === 'breakdown') this.draw();
    else this.stale = true;
  }

  protected draw(): void {
    this.stale = false;
    const ctx = this.ctx;
    const src = chosenSource(ctx, 'breakdown');
    clear(this.toolbar);
    clear(this.list);
    const spec = src && findTables(ctx.model!.result).find((s) => s.id === src.table);
    if (!src || !spec) {
      this.summary.textContent = 'No column of this result has few enough distinct values to count.';
      return;
    }
    const chooser = sourceChooser(ctx, 'breakdown', 'Count by', () => this.draw());
    this.toolbar.append(chooser ?? h('span', null, 'Count by ', h('strong', null, src.field)));
    const rows = tableRows(ctx.model!.result, spec);
    const b = breakdown(rows, src.field, TOP);
    const values = b.top.length + b.rest.values;
    this.summary.textContent = `${formatCount(rows.length)} ${spec.name} records by ${src.field}: ${formatCount(values)} ${values === 1 ? 'value' : 'values'}${ctx.receiving ? ' (records are still arriving)' : ''}. Press a bar to filter the table.`;
    this.list.setAttribute('aria-label', `${spec.name} records by ${src.field}`);
    const f = ctx.ui.viewFilter;
    const max = b.top[0]?.count ?? 1;
    const pct = (n: number) => (b.total ? `${Math.round((n / b.total) * 100)}%` : '');
    for (const c of b.top) {
      const on = f?.kind === 'value' && f.table === src.table && f.field === src.field && f.value === c.key;
      const fill = h('span', { class: 'bd-fill' });
      fill.style.width = `${(c.count / max) * 100}%`;
      const label = valueLabel(c.key);
      const row = h('button', { type: 'button', class: 'bd-row', 'aria-pressed': String(on), title: on ? 'Show every row again' : `Filter the table to ${src.field} = ${label}` },
        h('span', { class: 'bd-label' }, label), h('span', { class: 'bd-track' }, fill), h('span', { class: 'bd-count' }, `${formatCount(c.count)} · ${pct(c.count)}`));
      row.addEventListener('click', () => {
        const next: ViewFilter | undefined = on ? undefined : { kind: 'value', table: src.table, field: src.field, value: c.key };
        ctx.setViewFilter(next);
        this.list.querySelectorAll<HTMLElement>('button.bd-row')[b.top.indexOf(c)]?.focus();
      });
      this.list.appendChild(row);
    }
    if (b.rest.values) {
      const fill = h('span', { class: 'bd-fill rest' });
      fill.style.width = `${Math.min(100, (b.rest.count / max) * 100)}%`;
      this.list.appendChild(h('div', { class: 'bd-row rest' }, h('span', { class: 'bd-label' }, `Other (${formatCount(b.rest.values)} values)`), h('span', { class: 'bd-track' }, fill), h('span', { class: 'bd-count' }, `${formatCount(b.rest.count)} · ${pct(b.rest.count)}`)));
    }
    renderFilterChip(this.chip, ctx, src.table, () => ctx.selectTab('table', true));
    ctx.reportSoon();
  }
}
