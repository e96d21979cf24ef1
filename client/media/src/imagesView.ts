/**
 * The Images tab: a grid of the files a result lists (allimages, prop=imageinfo, pageimages), with
 * title, size, dimensions and uploader. Thumbnails load only from the wiki's own origin and only
 * when the user allows remote images (the page names that origin: ../../shared/url
 * IMAGE_ORIGIN_ATTRIBUTE); otherwise the grid shows the text and says how to turn them on.
 * Virtualised: only the rows of cards in view (and one either side) are in the DOM; images load
 * lazily. Keyboard: the grid is one tab stop; arrow keys, Home/End and Page Up/Down move between
 * cards; Enter opens the file's description page in the browser.
 */
import { formatBytes, formatCount } from '../../shared/format';
import { imageOf, loadableSource, type ImageItem } from '../../shared/images';
import { findTables, tableRows } from '../../shared/tables';
import type { ViewContext } from './context';
import { clear, h } from './dom';
import { LazyView, chosenSource, sourceChooser } from './viewParts';

/** Cards are at least this wide; a row's cards share the grid's width. */
const CARD_MIN_W = 176;
const CARD_H = 190;
const OVERSCAN_ROWS = 1;

export class ImagesView extends LazyView {
  readonly element = h('div', { class: 'view view-images' });
  private readonly toolbar = h('div', { class: 'toolbar' });
  private readonly note = h('div', { class: 'notice', hidden: '' });
  private readonly grid = h('div', { class: 'img-grid', tabindex: '0', role: 'listbox', 'aria-label': 'Files' });
  private readonly canvas = h('div', { class: 'img-canvas' });
  private rows: unknown[] = [];
  private items: Array<ImageItem | undefined> = [];
  private active = 0;
  private cols = 1;
  private cardW = CARD_MIN_W;
  private frame = 0;

  constructor(ctx: ViewContext) {
    super(ctx, 'images');
    this.grid.appendChild(this.canvas);
    this.element.append(this.toolbar, this.note, this.grid);
    this.grid.addEventListener('scroll', () => this.renderSoon());
    this.grid.addEventListener('keydown', (e) => this.onKey(e));
    this.grid.addEventListener('click', (e) => {
      const card = (e.target as HTMLElement).closest<HTMLElement>('.img-card');
      if (card) this.setActive(Number(card.dataset.index), false);
    });
    this.grid.addEventListener('dblclick', () => this.open());
    new ResizeObserver(() => this.layout()).observe(this.grid);
  }

  override reset(): void {
    super.reset();
    this.active = 0;
  }

  override show(): void {
    if (this.stale) this.draw();
    else this.layout();
  }

  filterChanged(): void {
    // The grid shows every file of its table; the filter is the table's.
  }

  /** Thumbnails load: the user allows remote images and wants them shown. */
  private get loading(): boolean {
    return !!this.ctx.imageOrigin && this.ctx.imageOrigin === this.ctx.endpointOrigin() && this.ctx.thumbnails;
  }

  protected draw(): void {
    this.stale = false;
    const ctx = this.ctx;
    const src = chosenSource(ctx, 'images');
    const spec = src && findTables(ctx.model!.result).find((s) => s.id === src.table);
    clear(this.toolbar);
    this.rows = spec ? tableRows(ctx.model!.result, spec) : [];
    this.items = new Array<ImageItem | undefined>(this.rows.length);
    const withImage = this.rows.reduce<number>((n, r) => n + (imageOf(r) ? 1 : 0), 0);
    const chooser = sourceChooser(ctx, 'images', 'Files of', () => this.draw());
    if (chooser) this.toolbar.appendChild(chooser);
    const origin = ctx.endpointOrigin() ?? 'the wiki';
    if (ctx.imageOrigin && ctx.imageOrigin === ctx.endpointOrigin()) {
      const box = h('input', { type: 'checkbox', id: 'images-thumbs' });
      box.checked = ctx.thumbnails;
      box.addEventListener('change', () => ctx.setThumbnails(box.checked));
      this.toolbar.appendChild(h('label', { class: 'check', for: 'images-thumbs', title: `Thumbnails load only from ${origin}` }, box, ' Thumbnails'));
    }
    this.toolbar.appendChild(h('span', { class: 'muted count', role: 'status' }, `${formatCount(withImage)} of ${formatCount(this.rows.length)} ${spec?.name ?? ''} records carry an image${ctx.receiving ? ' · receiving…' : ''}`));
    clear(this.note);
    this.note.hidden = !!ctx.imageOrigin;
    if (!ctx.imageOrigin) {
      this.note.append('Thumbnails are off: this view loads no remote images. To see them, turn on the setting ', h('code', null, 'wikiq.results.showThumbnails'), ` (they load only from ${origin}).`);
    }
    this.grid.setAttribute('aria-label', `Files of ${spec?.name ?? 'the result'}`);
    this.active = Math.min(this.active, Math.max(0, this.rows.length - 1));
    this.layout(true);
    ctx.reportSoon();
  }

  /** Thumbnails were turned on or off. */
  thumbnailsChanged(): void {
    this.stale = true;
    if (this.ctx.ui.tab === 'images') this.draw();
  }

  private item(i: number): ImageItem | undefined {
    return (this.items[i] ??= imageOf(this.rows[i]));
  }

  private layout(force = false): void {
    const w = this.grid.clientWidth;
    if (!w) return;
    const cols = Math.max(1, Math.floor(w / CARD_MIN_W));
    const cardW = Math.floor(w / cols);
    if (cols !== this.cols || cardW !== this.cardW || force) {
      this.cols = cols;
      this.cardW = cardW;
      this.canvas.style.height = `${Math.ceil(this.rows.length / cols) * CARD_H}px`;
      clear(this.canvas);
    }
    this.render();
  }

  private renderSoon(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Draws the cards of the rows in view; cards already drawn stay. */
  private render(): void {
    const top = this.grid.scrollTop;
    const height = this.grid.clientHeight;
    const first = Math.max(0, Math.floor(top / CARD_H) - OVERSCAN_ROWS) * this.cols;
    const last = Math.min(this.rows.length, (Math.ceil((top + height) / CARD_H) + OVERSCAN_ROWS) * this.cols);
    const keep = new Map<number, HTMLElement>();
    for (const c of Array.from(this.canvas.children) as HTMLElement[]) {
      const i = Number(c.dataset.index);
      if (i >= first && i < last) keep.set(i, c);
      else c.remove();
    }
    for (let i = first; i < last; i++) if (!keep.has(i)) this.canvas.appendChild(this.card(i));
    this.markActive();
  }

  private card(i: number): HTMLElement {
    const it = this.item(i);
    const row = this.rows[i] as Record<string, unknown>;
    const title = it?.title || String(row?.title ?? row?.name ?? `Record ${i + 1}`);
    const src = it && this.loading ? loadableSource(it, this.ctx.model!.endpoint) : undefined;
    const pic = src
      ? h('img', { class: 'img-thumb', src, alt: '', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' })
      : h('span', { class: 'img-none muted' }, !it ? 'No image' : it.mime ?? (title.match(/\.(\w+)$/)?.[1] ?? 'file').toUpperCase());
    const facts = [it?.size !== undefined ? formatBytes(it.size) : '', it?.width && it.height ? `${it.width}×${it.height}` : ''].filter(Boolean).join(' · ');
    const card = h('div', { class: 'img-card', role: 'option', id: `img-${i}`, 'data-index': String(i), 'aria-selected': 'false', title },
      h('span', { class: 'img-frame' }, pic),
      h('span', { class: 'img-title' }, title.replace(/^File:/, '')),
      h('span', { class: 'img-facts muted' }, facts || '\u00a0'),
      h('span', { class: 'img-user muted' }, it?.user ? `by ${it.user}` : '\u00a0'));
    card.style.transform = `translate(${(i % this.cols) * this.cardW}px, ${Math.floor(i / this.cols) * CARD_H}px)`;
    card.style.width = `${this.cardW - 8}px`;
    return card;
  }

  private markActive(): void {
    for (const c of Array.from(this.canvas.children) as HTMLElement[]) c.setAttribute('aria-selected', String(Number(c.dataset.index) === this.active));
    if (this.canvas.querySelector(`#img-${this.active}`)) this.grid.setAttribute('aria-activedescendant', `img-${this.active}`);
    else this.grid.removeAttribute('aria-activedescendant');
  }

  private setActive(i: number, scroll: boolean): void {
    if (!this.rows.length) return;
    this.active = Math.max(0, Math.min(this.rows.length - 1, i));
    if (scroll) {
      const y = Math.floor(this.active / this.cols) * CARD_H;
      if (y < this.grid.scrollTop) this.grid.scrollTop = y;
      else if (y + CARD_H > this.grid.scrollTop + this.grid.clientHeight) this.grid.scrollTop = y + CARD_H - this.grid.clientHeight;
      this.render();
    } else this.markActive();
  }

  private onKey(e: KeyboardEvent): void {
    if (this.stale) this.draw(); // records arrived since the grid was drawn: move among all of them
    const page = Math.max(1, Math.floor(this.grid.clientHeight / CARD_H)) * this.cols;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: this.cols, ArrowUp: -this.cols, PageDown: page, PageUp: -page };
    if (e.key in moves) this.setActive(this.active + moves[e.key], true);
    else if (e.key === 'Home') this.setActive(0, true);
    else if (e.key === 'End') this.setActive(this.rows.length - 1, true);
    else if (e.key === 'Enter') this.open();
    else return;
    e.preventDefault();
  }

  /** Opens the active file's description page (http(s), through the host). */
  private open(): void {
    const page = this.item(this.active)?.page;
    if (page) this.ctx.openUrl(page);
  }
}
