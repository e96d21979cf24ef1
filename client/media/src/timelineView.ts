/**
 * The Timeline tab: records counted over time for a timestamp field (recentchanges, logevents,
 * allimages, usercontribs, a page's revisions…), in UTC buckets of a minute, an hour, a day or a
 * month to fit (../../shared/buckets), drawn as bars with uPlot (canvas; it styles its elements
 * through the CSSOM only, which the CSP allows, and its stylesheet is bundled into results.css).
 *
 * Brushing filters the table: drag across the chart, or focus it and use Left/Right (Shift to
 * extend, Home/End) then Enter; Escape clears. The focused range is said in a live region.
 */
import uPlot from 'uplot';
import { lastAtOrBefore } from '../../../core/src';
import { axisLabels, bucketLabel, nextBucket, timeline, type Timeline } from '../../shared/buckets';
import { formatCount } from '../../shared/format';
import { findTables, tableRows } from '../../shared/tables';
import type { ViewSource } from '../../shared/views';
import type { ViewContext } from './context';
import { clear, h } from './dom';
import { LazyView, chosenSource, renderFilterChip, sourceChooser, themeColour } from './viewParts';

const HEIGHT = 260;
const HELP = 'Drag across the chart, or focus it and use the arrow keys (Shift to extend) and Enter, to filter the table to a time range; Escape clears.';

export class TimelineView extends LazyView {
  readonly element = h('div', { class: 'view view-timeline' });
  private readonly toolbar = h('div', { class: 'toolbar' });
  private readonly chip = h('div', { class: 'filter-chip', role: 'status', hidden: '' });
  private readonly summary = h('p', { class: 'muted summary', id: 'timeline-summary' });
  private readonly chart = h('div', { class: 'tl-chart', tabindex: '0', role: 'group', 'aria-describedby': 'timeline-summary timeline-help' });
  private readonly said = h('p', { class: 'tl-focus', 'aria-live': 'polite' });
  /** The bar under the pointer (not a live region: hovering is not announced). */
  private readonly hover = h('span', { class: 'muted tl-hover' });
  private plot?: uPlot;
  private data?: Timeline;
  private src?: ViewSource;
  private cursor = -1;
  private anchor = -1;

  constructor(ctx: ViewContext) {
    super(ctx, 'timeline');
    this.element.append(this.toolbar, this.chip, this.summary, this.chart, h('div', { class: 'tl-under' }, this.said, this.hover), h('p', { class: 'muted help', id: 'timeline-help' }, HELP));
    // A theme change (VS Code sets the body's class and the page's variables): the canvas is drawn again in its colours.
    const recolour = new MutationObserver(() => {
      if (this.plot) this.draw();
    });
    recolour.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    recolour.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
    this.chart.addEventListener('keydown', (e) => this.onKey(e));
    new ResizeObserver(() => {
      const w = this.chart.clientWidth;
      if (this.plot && w > 0 && Math.abs(w - this.plot.width) > 1) {
        this.plot.setSize({ width: w, height: HEIGHT });
        this.showRange();
      }
    }).observe(this.chart);
  }

  override show(): void {
    if (this.stale || !this.plot) this.draw();
  }

  filterChanged(): void {
    renderFilterChip(this.chip, this.ctx, this.src?.table, () => this.ctx.selectTab('table', true));
    const f = this.ctx.ui.viewFilter;
    if (!f || f.kind !== 'range' || f.field !== this.src?.field || f.table !== this.src.table) {
      this.anchor = this.cursor = -1;
      this.showRange();
    }
  }

  protected draw(): void {
    this.stale = false;
    const ctx = this.ctx;
    this.plot?.destroy();
    this.plot = undefined;
    clear(this.toolbar);
    const src = (this.src = chosenSource(ctx, 'timeline'));
    const spec = src && findTables(ctx.model!.result).find((s) => s.id === src.table);
    if (!src || !spec) {
      this.summary.textContent = 'No column of this result holds timestamps.';
      return;
    }
    this.toolbar.append(sourceChooser(ctx, 'timeline', 'Time of', () => this.draw()) ?? h('span', null, 'Time of ', h('strong', null, src.field)));
    const rows = tableRows(ctx.model!.result, spec);
    const t = (this.data = timeline(rows, src.field));
    this.chart.setAttribute('aria-label', `${spec.name} records over time, by ${t.unit}`);
    if (!t.total) {
      this.summary.textContent = `No timestamps in ${src.field}.`;
      return;
    }
    const busiest = t.counts.indexOf(Math.max(...t.counts));
    const first = bucketLabel(t.starts[0], t.unit);
    const last = bucketLabel(t.starts[t.starts.length - 1], t.unit);
    const arriving = ctx.receiving ? ' (records are still arriving)' : '';
    this.summary.textContent = first === last
      ? `${formatCount(t.total)} ${spec.name} records, all in the ${t.unit} of ${first} (UTC)${arriving}.`
      : `${formatCount(t.total)} ${spec.name} records by ${t.unit} (UTC), ${first} to ${last}; busiest ${bucketLabel(t.starts[busiest], t.unit)}: ${formatCount(t.counts[busiest])}${arriving}.`;
    const width = this.chart.clientWidth;
    if (width > 0) this.plot = this.makePlot(t, width);
    const f = ctx.ui.viewFilter;
    if (f?.kind === 'range' && f.table === src.table && f.field === src.field) {
      this.anchor = Math.max(0, this.indexOf(f.from));
      this.cursor = Math.max(this.anchor, this.indexOf(f.to - 1));
    } else this.anchor = this.cursor = -1;
    this.showRange();
    renderFilterChip(this.chip, ctx, src.table, () => ctx.selectTab('table', true));
    ctx.reportSoon();
  }

  private makePlot(t: Timeline, width: number): uPlot {
    const sec = (ms: number) => ms / 1000;
    const ends = t.starts.map((s) => nextBucket(s, t.unit));
    const xs = t.starts.map((s, i) => sec((s + ends[i]) / 2));
    const fg = themeColour('--vscode-foreground', '#cccccc');
    const grid = themeColour('--vscode-editorWidget-border', 'rgba(128,128,128,0.35)');
    const bar = themeColour('--vscode-charts-blue', '#3794ff');
    const cs = getComputedStyle(document.body);
    const font = `${cs.fontSize || '13px'} ${cs.fontFamily || 'sans-serif'}`;
    const axis = { stroke: fg, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const opts: uPlot.Options = {
      width, height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true, range: () => [sec(t.starts[0]), sec(ends[ends.length - 1])] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      // Times as the summary writes them (ISO, 24-hour, UTC); uPlot's own are 12-hour.
      axes: [{ ...axis, values: (_u, splits, _i, _space, step) => axisLabels(splits.map((v) => v * 1000), step * 1000) }, { ...axis, size: 56, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatCount(v) : '')) }],
      series: [{}, { label: 'records', fill: bar, stroke: bar, width: 0, paths: uPlot.paths.bars!({ size: [0.9, 64] }), points: { show: false } }],
      legend: { show: false },
      cursor: { drag: { x: true, y: false, setScale: false }, points: { show: false }, y: false },
      hooks: {
        setSelect: [(u) => this.onSelect(u)],
        setCursor: [(u) => {
          const i = u.cursor.idx;
          this.hover.textContent = i === null || i === undefined ? '' : `${bucketLabel(t.starts[i], t.unit)}: ${formatCount(t.counts[i])}`;
        }],
      },
    };
    return new uPlot(opts, [xs, t.counts], this.chart);
  }

  /** The bucket holding `ms` (the last that starts at or before it). */
  private indexOf(ms: number): number {
    return lastAtOrBefore(this.data?.starts ?? [], ms);
  }

  /** A drag on the chart: the buckets it touches filter the table. */
  private onSelect(u: uPlot): void {
    if (!this.data || u.select.width < 2) return;
    this.anchor = this.indexOf(u.posToVal(u.select.left, 'x') * 1000);
    this.cursor = this.indexOf(u.posToVal(u.select.left + u.select.width, 'x') * 1000);
    this.apply();
  }

  private apply(): void {
    const t = this.data;
    if (!t || !this.src || this.anchor < 0) return;
    const a = Math.min(this.anchor, this.cursor);
    const b = Math.max(this.anchor, this.cursor);
    this.ctx.setViewFilter({ kind: 'range', table: this.src.table, field: this.src.field, from: t.starts[a], to: nextBucket(t.starts[b], t.unit) });
    this.showRange();
  }

  private onKey(e: KeyboardEvent): void {
    const t = this.data;
    if (!t || !t.starts.length) return;
    const n = t.starts.length;
    let next = this.cursor;
    if (e.key === 'ArrowRight') next = Math.min(n - 1, this.cursor + 1);
    else if (e.key === 'ArrowLeft') next = Math.max(0, this.cursor < 0 ? 0 : this.cursor - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else if (e.key === 'Enter') {
      e.preventDefault();
      if (this.cursor < 0) this.anchor = this.cursor = 0;
      this.apply();
      return;
    } else if (e.key === 'Escape') {
      e.preventDefault();
      this.anchor = this.cursor = -1;
      this.ctx.setViewFilter(undefined);
      return;
    } else return;
    e.preventDefault();
    this.cursor = next;
    if (!e.shiftKey || this.anchor < 0) this.anchor = next;
    this.showRange();
  }

  /** Shows the chosen buckets as the chart's selection, and says them. */
  private showRange(): void {
    const t = this.data;
    const u = this.plot;
    if (!t || this.anchor < 0) {
      u?.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
      this.said.textContent = '';
      return;
    }
    const a = Math.min(this.anchor, this.cursor);
    const b = Math.max(this.anchor, this.cursor);
    let count = 0;
    for (let i = a; i <= b; i++) count += t.counts[i];
    const range = a === b ? bucketLabel(t.starts[a], t.unit) : `${bucketLabel(t.starts[a], t.unit)} – ${bucketLabel(t.starts[b], t.unit)}`;
    this.said.textContent = `${range}: ${formatCount(count)} ${count === 1 ? 'record' : 'records'}`;
    if (u) {
      const left = u.valToPos(t.starts[a] / 1000, 'x');
      const right = u.valToPos(nextBucket(t.starts[b], t.unit) / 1000, 'x');
      u.setSelect({ left, top: 0, width: Math.max(2, right - left), height: u.bbox.height / devicePixelRatio }, false);
    }
  }
}
