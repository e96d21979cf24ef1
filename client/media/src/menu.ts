/** A floating menu (a cell's context menu, the export menu), keyboard navigable. */
import type { ExportFormat, WebviewMessage } from '../../shared/messages';
import { h } from './dom';

export interface MenuItem {
  label: string;
  run(): void;
  disabled?: boolean;
}

export class Menu {
  private el?: HTMLElement;
  private returnFocus?: HTMLElement | null;

  open(x: number, y: number, items: MenuItem[], label: string): void {
    this.close();
    this.returnFocus = document.activeElement as HTMLElement | null;
    const menu = h('div', { class: 'menu', role: 'menu', 'aria-label': label });
    for (const it of items) {
      const b = h('button', { type: 'button', role: 'menuitem', tabindex: '-1', class: 'menu-item' }, it.label);
      if (it.disabled) b.setAttribute('aria-disabled', 'true');
      b.addEventListener('click', () => {
        if (it.disabled) return;
        this.close();
        it.run();
      });
      menu.appendChild(b);
    }
    menu.addEventListener('keydown', (e) => {
      const list = Array.from(menu.querySelectorAll<HTMLElement>('[role=menuitem]'));
      const i = list.indexOf(document.activeElement as HTMLElement);
      if (e.key === 'ArrowDown') list[(i + 1) % list.length]?.focus();
      else if (e.key === 'ArrowUp') list[(i - 1 + list.length) % list.length]?.focus();
      else if (e.key === 'Home') list[0]?.focus();
      else if (e.key === 'End') list[list.length - 1]?.focus();
      else if (e.key === 'Escape' || e.key === 'Tab') this.close();
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
    document.body.appendChild(menu);
    const r = menu.getBoundingClientRect();
    menu.style.left = `${Math.max(0, Math.min(x, window.innerWidth - r.width - 4))}px`;
    menu.style.top = `${Math.max(0, Math.min(y, window.innerHeight - r.height - 4))}px`;
    this.el = menu;
    (menu.firstElementChild as HTMLElement | null)?.focus();
    setTimeout(() => document.addEventListener('mousedown', this.outside, true), 0);
  }

  private readonly outside = (e: MouseEvent) => {
    if (this.el && !this.el.contains(e.target as Node)) this.close(false);
  };

  close(refocus = true): void {
    document.removeEventListener('mousedown', this.outside, true);
    if (!this.el) return;
    this.el.remove();
    this.el = undefined;
    if (refocus) this.returnFocus?.focus();
  }
}

/** The export menu's items: the whole result as JSON, the shown table as NDJSON or CSV. */
export function exportItems(table: string | undefined, post: (m: WebviewMessage) => void): MenuItem[] {
  const exp = (format: ExportFormat) => post(table ? { type: 'export', format, table } : { type: 'export', format });
  return [
    { label: 'JSON — the whole merged result', run: () => post({ type: 'export', format: 'json' }) },
    { label: table ? `NDJSON — ${table}, one record per line` : 'NDJSON', run: () => exp('ndjson') },
    { label: table ? `CSV — ${table}` : 'CSV', run: () => exp('csv') },
  ];
}
