/**
 * A collapsible JSON tree (ARIA tree, keyboard navigable) built lazily: children exist only while
 * their parent is expanded, and large arrays/objects open in buckets of at most 100 entries
 * ([0 … 9999] → [0 … 99] → items), so any size can be browsed. The number of nodes in the DOM is
 * capped; past the cap the tree says so and offers export instead. Search walks the value in time
 * slices and reveals each match (expanding the buckets on its way). Everything is inserted as text.
 * One Tab stop: a URL value's link is opened with Enter on its item (or a click), not tabbed to.
 */
import { compact, formatCount } from '../../shared/format';
import { isNested } from '../../shared/json';
import { safeHttpUrl } from '../../shared/url';
import { button, clear, consume, h, linkTargets, onInputQuiet } from './dom';
import { Cancellable, yieldToBrowser } from './schedule';

type Key = string | number;

interface NodeInfo {
  value: unknown;
  key: Key | null;
  /** Position of this entry among its parent's entries. */
  index: number;
  /** Bucket: the range [from, to) of the parent's entries it holds. */
  range?: [number, number];
  /** The composite the entries/range belong to (buckets point at their owner). */
  owner?: unknown;
  expanded: boolean;
  li: HTMLLIElement;
  group?: HTMLUListElement;
  level: number;
}

export interface JsonTreeOptions {
  label: string;
  /** Levels expanded at first (0: only the root row). */
  expandDepth: number;
  maxNodes: number;
  onOpenUrl(url: string): void;
  /** Called when the node cap stops an expansion. */
  onLimit?(): void;
}

const BUCKET = 100;

function entriesOf(v: unknown): Key[] {
  if (Array.isArray(v)) return [];
  return Object.keys(v as object);
}

function sizeOf(v: unknown): number {
  return Array.isArray(v) ? v.length : Object.keys(v as object).length;
}

function bucketSize(n: number): number {
  if (n <= BUCKET) return 1;
  return Math.pow(BUCKET, Math.ceil(Math.log(n) / Math.log(BUCKET)) - 1);
}

export class JsonTree {
  readonly root: HTMLDivElement;
  private readonly tree: HTMLUListElement;
  private readonly info = new WeakMap<Element, NodeInfo>();
  private nodes = 0;
  private limited = false;
  private value: unknown;
  private matches: Key[][] = [];
  private matchAt = -1;
  private readonly searchJob = new Cancellable();
  private keysCache = new WeakMap<object, Key[]>();
  private readonly notice: HTMLDivElement;

  constructor(value: unknown, private readonly o: JsonTreeOptions) {
    this.tree = h('ul', { class: 'jt', role: 'tree', 'aria-label': o.label });
    this.notice = h('div', { class: 'jt-notice', role: 'status', hidden: '' });
    this.root = h('div', { class: 'jt-wrap' }, this.notice, this.tree);
    this.tree.addEventListener('click', (e) => this.onClick(e));
    this.tree.addEventListener('keydown', (e) => this.onKey(e));
    this.setValue(value);
  }

  setValue(value: unknown): void {
    this.value = value;
    this.keysCache = new WeakMap();
    this.nodes = 0;
    this.limited = false;
    this.notice.hidden = true;
    clear(this.tree);
    this.matches = [];
    this.matchAt = -1;
    const li = this.makeNode(value, null, 0, 1);
    if (li) {
      li.tabIndex = 0;
      this.tree.appendChild(li);
      this.expandTo(li, this.o.expandDepth);
    }
  }

  get nodeCount(): number {
    return this.nodes;
  }

  private keys(v: object): Key[] {
    let k = this.keysCache.get(v);
    if (!k) {
      k = Array.isArray(v) ? [] : entriesOf(v);
      this.keysCache.set(v, k);
    }
    return k;
  }

  private keyAt(owner: unknown, i: number): Key {
    return Array.isArray(owner) ? i : this.keys(owner as object)[i];
  }

  private makeNode(value: unknown, key: Key | null, index: number, level: number, range?: [number, number], owner?: unknown): HTMLLIElement | null {
    if (this.nodes >= this.o.maxNodes) {
      if (!this.limited) {
        this.limited = true;
        this.notice.hidden = false;
        this.notice.textContent = `The JSON view shows at most ${formatCount(this.o.maxNodes)} nodes at a time. Collapse some, or export the result to see everything.`;
        this.o.onLimit?.();
      }
      return null;
    }
    this.nodes++;
    const composite = range !== undefined || isNested(value);
    const li = h('li', { role: 'treeitem', 'aria-level': String(level), tabindex: '-1' });
    const row = h('div', { class: 'jt-row' });
    row.appendChild(h('span', { class: composite ? 'jt-toggle' : 'jt-toggle leaf', 'aria-hidden': 'true' }, composite ? '▸' : ''));
    if (range) {
      row.appendChild(h('span', { class: 'jt-key' }, `[${range[0]} … ${range[1] - 1}]`));
    } else {
      if (key !== null) row.append(h('span', { class: typeof key === 'number' ? 'jt-key jt-index' : 'jt-key' }, String(key)), h('span', { class: 'jt-punct' }, ': '));
      row.appendChild(this.valueNode(value));
    }
    li.appendChild(row);
    if (composite) li.setAttribute('aria-expanded', 'false');
    this.info.set(li, { value, key, index, range, owner, expanded: false, li, level });
    return li;
  }

  private valueNode(v: unknown): Node {
    if (v === null) return h('span', { class: 'jt-null' }, 'null');
    if (Array.isArray(v)) return h('span', { class: 'jt-summary' }, v.length ? `[${formatCount(v.length)}] ${compact(v, 80).replace(/^\(\d+\) /, '')}` : '[]');
    if (typeof v === 'object') {
      const n = sizeOf(v);
      return h('span', { class: 'jt-summary' }, n ? `{${formatCount(n)}} ${compact(v, 80)}` : '{}');
    }
    if (typeof v === 'string') {
      const shown = v.length > 5000 ? `${v.slice(0, 5000)}… (${formatCount(v.length - 5000)} more characters)` : v;
      const url = /^https?:\/\//i.test(v) ? safeHttpUrl(v) : undefined;
      // Not a Tab stop: the tree is one (its focused item roves); Enter on the item opens the link.
      if (url) return h('span', { class: 'jt-str' }, '"', h('a', { href: url, title: url, tabindex: '-1' }, shown), '"');
      return h('span', { class: 'jt-str' }, `"${shown}"`);
    }
    if (typeof v === 'number') return h('span', { class: 'jt-num' }, String(v));
    if (typeof v === 'boolean') return h('span', { class: 'jt-bool' }, String(v));
    return h('span', null, String(v));
  }

  private childrenOf(n: NodeInfo): Array<() => HTMLLIElement | null> {
    const owner = n.range ? n.owner : n.value;
    const [from, to] = n.range ?? [0, sizeOf(owner)];
    const count = to - from;
    const size = bucketSize(count);
    const level = n.level + 1;
    const out: Array<() => HTMLLIElement | null> = [];
    if (size > 1) {
      for (let s = from; s < to; s += size) {
        const r: [number, number] = [s, Math.min(to, s + size)];
        out.push(() => this.makeNode(undefined, null, s, level, r, owner));
      }
    } else {
      for (let i = from; i < to; i++) {
        const key = this.keyAt(owner, i);
        out.push(() => this.makeNode((owner as Record<Key, unknown>)[key], key, i, level));
      }
    }
    return out;
  }

  private expand(li: HTMLLIElement): boolean {
    const n = this.info.get(li);
    if (!n || n.expanded || li.getAttribute('aria-expanded') === null) return false;
    const group = h('ul', { role: 'group' });
    for (const make of this.childrenOf(n)) {
      const c = make();
      if (!c) break;
      group.appendChild(c);
    }
    n.expanded = true;
    n.group = group;
    li.appendChild(group);
    li.setAttribute('aria-expanded', 'true');
    const t = li.querySelector(':scope > .jt-row > .jt-toggle');
    if (t) t.textContent = '▾';
    return true;
  }

  private collapse(li: HTMLLIElement): void {
    const n = this.info.get(li);
    if (!n || !n.expanded) return;
    if (n.group) {
      this.nodes -= n.group.querySelectorAll('li').length;
      n.group.remove();
    }
    n.group = undefined;
    n.expanded = false;
    li.setAttribute('aria-expanded', 'false');
    const t = li.querySelector(':scope > .jt-row > .jt-toggle');
    if (t) t.textContent = '▸';
    if (this.limited && this.nodes < this.o.maxNodes) {
      this.limited = false;
      this.notice.hidden = true;
    }
  }

  private expandTo(li: HTMLLIElement, depth: number): void {
    if (depth <= 0) return;
    if (!this.expand(li)) return;
    const n = this.info.get(li)!;
    for (const c of Array.from(n.group?.children ?? [])) {
      const ci = this.info.get(c);
      // Do not open buckets of huge lists by themselves.
      if (ci && !ci.range) this.expandTo(c as HTMLLIElement, depth - 1);
    }
  }

  private items(): HTMLLIElement[] {
    return Array.from(this.tree.querySelectorAll<HTMLLIElement>('li[role=treeitem]'));
  }

  private focusItem(li: HTMLLIElement | undefined): void {
    if (!li) return;
    for (const x of this.tree.querySelectorAll('li[tabindex="0"]')) (x as HTMLElement).tabIndex = -1;
    li.tabIndex = 0;
    li.focus({ preventScroll: true });
    (li.firstElementChild as HTMLElement | null)?.scrollIntoView({ block: 'nearest' });
  }

  private onClick(e: MouseEvent): void {
    const target = e.target as Element;
    const link = target.closest('a[href]');
    if (link) {
      e.preventDefault();
      this.o.onOpenUrl(link.getAttribute('href') ?? '');
      return;
    }
    const row = target.closest('.jt-row');
    const li = row?.parentElement as HTMLLIElement | null;
    if (!li || !this.info.has(li)) return;
    const n = this.info.get(li)!;
    if (n.expanded) this.collapse(li);
    else this.expand(li);
    this.focusItem(li);
  }

  private onKey(e: KeyboardEvent): void {
    const li = (e.target as Element).closest<HTMLLIElement>('li[role=treeitem]');
    if (!li) return;
    const n = this.info.get(li);
    const items = this.items();
    const i = items.indexOf(li);
    let handled = true;
    switch (e.key) {
      case 'ArrowDown': this.focusItem(items[i + 1]); break;
      case 'ArrowUp': this.focusItem(items[i - 1]); break;
      case 'Home': this.focusItem(items[0]); break;
      case 'End': this.focusItem(items[items.length - 1]); break;
      case 'ArrowRight':
        if (n && li.hasAttribute('aria-expanded') && !n.expanded) this.expand(li);
        else if (n?.expanded) this.focusItem(n.group?.firstElementChild as HTMLLIElement | undefined);
        break;
      case 'ArrowLeft':
        if (n?.expanded) this.collapse(li);
        else this.focusItem(li.parentElement?.closest('li[role=treeitem]') as HTMLLIElement | undefined);
        break;
      case 'Enter':
      case ' ': {
        // A leaf has nothing to expand: Enter (or Ctrl/Cmd+Enter, as in the grid) opens its link.
        const url = e.key === 'Enter' && !li.hasAttribute('aria-expanded') ? linkTargets(li.firstElementChild ?? li)[0] : undefined;
        if (url) this.o.onOpenUrl(url);
        else if (n?.expanded) this.collapse(li);
        else this.expand(li);
        break;
      }
      default:
        handled = false;
    }
    consume(e, handled);
  }

  // -- search ---------------------------------------------------------------------------------

  /** Finds keys and values containing `query` (case-insensitive), at most `cap`; reveals the first. */
  async search(query: string, cap = 1000, onProgress?: (found: number) => void): Promise<{ count: number; capped: boolean } | undefined> {
    const cancelled = this.searchJob.next();
    this.clearHit();
    this.matches = [];
    this.matchAt = -1;
    const q = query.trim().toLowerCase();
    if (!q) return { count: 0, capped: false };
    const found: Key[][] = [];
    const stack: Array<{ v: unknown; path: Key[]; keyHit: boolean }> = [{ v: this.value, path: [], keyHit: false }];
    let t0 = performance.now();
    let steps = 0;
    while (stack.length && found.length < cap) {
      const { v, path, keyHit } = stack.pop()!;
      if (keyHit || (!isNested(v) && v !== undefined && String(v).toLowerCase().includes(q))) found.push(path);
      if (isNested(v)) {
        const isArr = Array.isArray(v);
        const keys = isArr ? null : Object.keys(v as object);
        const n = isArr ? (v as unknown[]).length : keys!.length;
        // Pushed in reverse so the walk goes in document order.
        for (let i = n - 1; i >= 0; i--) {
          const k: Key = isArr ? i : keys![i];
          stack.push({ v: (v as Record<Key, unknown>)[k], path: [...path, k], keyHit: !isArr && String(k).toLowerCase().includes(q) });
        }
      }
      if (++steps % 512 === 0 && performance.now() - t0 > 10) {
        onProgress?.(found.length);
        await yieldToBrowser();
        if (cancelled()) return undefined;
        t0 = performance.now();
      }
    }
    if (cancelled()) return undefined;
    this.matches = found;
    if (found.length) this.go(0);
    return { count: found.length, capped: found.length >= cap };
  }

  get matchIndex(): number {
    return this.matchAt;
  }

  next(step: 1 | -1 = 1): void {
    if (!this.matches.length) return;
    this.go((this.matchAt + step + this.matches.length) % this.matches.length);
  }

  private clearHit(): void {
    for (const x of this.tree.querySelectorAll('.jt-hit')) x.classList.remove('jt-hit');
  }

  private go(i: number): void {
    this.matchAt = i;
    this.clearHit();
    const li = this.reveal(this.matches[i]);
    if (li) {
      li.firstElementChild?.classList.add('jt-hit');
      this.focusItem(li);
    }
  }

  /** Expands the nodes on the way to `path` (through buckets) and returns its item. */
  reveal(path: Key[]): HTMLLIElement | undefined {
    let li = this.tree.firstElementChild as HTMLLIElement | null;
    for (const key of path) {
      if (!li) return undefined;
      let n = this.info.get(li)!;
      const owner = n.value;
      const idx = Array.isArray(owner) ? Number(key) : this.keys(owner as object).indexOf(key);
      // Walk down buckets until the entry itself.
      for (;;) {
        this.expand(li);
        n = this.info.get(li)!;
        const kids: Element[] = Array.from(n.group?.children ?? []);
        const next: Element | undefined = kids.find((c) => {
          const ci = this.info.get(c);
          return ci && (ci.range ? idx >= ci.range[0] && idx < ci.range[1] : ci.index === idx);
        });
        if (!next) return undefined;
        li = next as HTMLLIElement;
        if (!this.info.get(li)!.range) break;
      }
    }
    return li ?? undefined;
  }

  /** Expands everything up to `depth` levels (tests; bounded by the node cap). */
  expandAll(depth = 50): void {
    const walk = (li: HTMLLIElement, d: number) => {
      if (d <= 0) return;
      this.expand(li);
      const n = this.info.get(li);
      for (const c of Array.from(n?.group?.children ?? [])) walk(c as HTMLLIElement, d - 1);
    };
    const first = this.tree.firstElementChild as HTMLLIElement | null;
    if (first) walk(first, depth);
  }
}

/** A search box bound to a tree: Enter/Shift+Enter step through matches. */
export function searchBox(tree: () => JsonTree | undefined, label: string): HTMLElement {
  const input = h('input', { type: 'search', class: 'filter', placeholder: 'Search keys and values', 'aria-label': label, spellcheck: 'false' });
  const status = h('span', { class: 'muted', role: 'status', 'aria-live': 'polite' });
  const prev = button('↑', { title: 'Previous match (Shift+Enter)', 'aria-label': 'Previous match', class: 'icon' });
  const next = button('↓', { title: 'Next match (Enter)', 'aria-label': 'Next match', class: 'icon' });
  let last = '';
  const show = () => {
    const t = tree();
    if (!t) return;
    status.textContent = t.matchIndex >= 0 ? `${t.matchIndex + 1} of ${count}${capped ? '+' : ''}` : last ? 'No matches' : '';
  };
  let count = 0;
  let capped = false;
  const run = async () => {
    const t = tree();
    if (!t) return;
    last = input.value;
    status.textContent = last.trim() ? 'Searching…' : '';
    const r = await t.search(last, 1000, (n) => (status.textContent = `Searching… ${n} found`));
    if (!r) return;
    count = r.count;
    capped = r.capped;
    show();
  };
  onInputQuiet(input, 200, () => void run());
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const t = tree();
    if (!t) return;
    if (input.value !== last) void run();
    else {
      t.next(e.shiftKey ? -1 : 1);
      show();
      input.focus();
    }
  });
  prev.addEventListener('click', () => { tree()?.next(-1); show(); });
  next.addEventListener('click', () => { tree()?.next(1); show(); });
  return h('div', { class: 'toolbar' }, input, prev, next, status);
}

