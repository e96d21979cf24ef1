/**
 * Building DOM in the results view. Text is only ever inserted as text nodes; attributes are set one
 * by one (never a style or event-handler attribute). Wiki HTML goes through ./purify instead.
 */
import type { ViewContext } from './context';

type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | undefined> | null = null, ...kids: Child[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined) continue;
      if (/^on/i.test(k) || k === 'style' || k === 'srcdoc') throw new Error(`refused attribute ${k}`);
      e.setAttribute(k, v);
    }
  }
  append(e, ...kids);
  return e;
}

export function append(parent: Node, ...kids: Child[]): void {
  for (const c of kids) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

export function text(s: string): Text {
  return document.createTextNode(s);
}

export function clear(e: Element): void {
  while (e.firstChild) e.removeChild(e.firstChild);
}

/** An accessible icon-less button. */
export function button(label: string, attrs: Record<string, string | undefined> = {}, onClick?: (ev: MouseEvent) => void): HTMLButtonElement {
  const b = h('button', { type: 'button', ...attrs }, label);
  if (onClick) b.addEventListener('click', onClick);
  return b;
}

/** Calls `onQuiet` once typing in `input` pauses for `ms` (filters and searches, not every key). */
export function onInputQuiet(input: HTMLInputElement, ms: number, onQuiet: () => void): void {
  let timer = 0;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(onQuiet, ms);
  });
}

/**
 * Takes the links in `root` out of the Tab order (tabindex -1): inside a composite widget (a grid,
 * a tree) the widget is one Tab stop and its links are reached through its active cell or item
 * (the WAI-ARIA grid and tree patterns); a click still opens them.
 */
export function linksOutOfTabOrder(root: ParentNode): void {
  for (const a of Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]'))) a.tabIndex = -1;
}

/** The targets of the links in `root`, in document order. */
export function linkTargets(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]'), (a) => a.getAttribute('href') ?? '').filter(Boolean);
}

/** Ends a key press the view has handled: no default action, no other listener. */
export function consume(e: Event, handled: boolean): void {
  if (!handled) return;
  e.preventDefault();
  e.stopPropagation();
}

/**
 * A table's filter box (the Table tab's tables and the paraminfo reference): shows the filter kept
 * in the UI state for table `id`, keeps what is typed there (saved soon) and calls `onChange`
 * once typing pauses.
 */
export function filterBox(ctx: Pick<ViewContext, 'ui' | 'saveSoon'>, id: string, o: { placeholder: string; label: string }, onChange: () => void): HTMLInputElement {
  const input = h('input', { type: 'search', class: 'filter', placeholder: o.placeholder, 'aria-label': o.label, spellcheck: 'false' });
  input.value = ctx.ui.filter[id] ?? '';
  onInputQuiet(input, 150, () => {
    ctx.ui.filter[id] = input.value;
    ctx.saveSoon();
    onChange();
  });
  return input;
}
