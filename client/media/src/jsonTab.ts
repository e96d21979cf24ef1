/** The JSON tab: the merged result as a capped, searchable tree; redrawn on demand when it grew. */
import type { ViewContext } from './context';
import { button, clear, h } from './dom';
import { emptyState, isEmptyResult } from './empty';
import { JsonTree, searchBox } from './jsonTree';

const JSON_MAX_NODES = 20_000;

export class JsonTab {
  private tree?: JsonTree;
  private stale = true;
  private readonly box = h('div', { class: 'json-box' });
  private readonly notice = h('div', { class: 'notice', hidden: '' });

  constructor(private readonly ctx: ViewContext, panel: HTMLElement) {
    const jsonExport = button('Export JSON', { class: 'secondary' }, () => ctx.post({ type: 'export', format: 'json' }));
    panel.append(h('div', { class: 'toolbar' }, searchBox(() => this.tree, 'Search the JSON result'), h('span', { class: 'spacer' }), jsonExport), this.notice, this.box);
  }

  /** A new result: drawn again when shown. */
  reset(): void {
    this.stale = true;
    this.notice.hidden = true;
  }

  /** The result grew: a tree on screen offers to redraw (it is not redrawn under the reader), else it is drawn again when shown. */
  grew(onScreen: boolean): void {
    if (onScreen && this.tree) {
      this.notice.hidden = false;
      clear(this.notice);
      this.notice.append('The result has grown since this tree was drawn. ', button('Redraw', { class: 'secondary' }, () => {
        this.stale = true;
        this.show();
      }));
    } else this.stale = true;
  }

  show(): void {
    if (!this.stale && this.tree) return;
    this.stale = false;
    this.notice.hidden = true;
    clear(this.box);
    if (isEmptyResult(this.ctx.model!.result)) this.box.appendChild(emptyState(this.ctx.model!, 'The result is empty.'));
    this.tree = new JsonTree(this.ctx.model!.result, {
      label: 'Merged result', expandDepth: 2, maxNodes: JSON_MAX_NODES, onOpenUrl: (u) => this.ctx.openUrl(u),
      onLimit: () => this.ctx.announce('The JSON view reached its size limit; export the result to see everything.'),
    });
    this.box.appendChild(this.tree.root);
  }

  /** The JSON tree (tests). */
  get json(): JsonTree | undefined {
    return this.tree;
  }
}
