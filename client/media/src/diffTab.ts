/**
 * The Diff tab: a comparison of two runs (the host computes it with core's `diffResults`; the grid
 * is client/shared/diffView). A line saying what is compared and the summary, then per table its
 * key and counts and a grid of the records listed: `+` added, `−` removed, `~` changed with each
 * changed cell marked and its old value above the new one. Text only (textContent); marks are
 * borders and the diff editor's own backgrounds.
 */
import type { DiffGrid } from '../../shared/diffView';
import type { DiffView } from '../../shared/messages';
import { clear, h } from './dom';

const SIGN_LABEL = { '+': 'added', '-': 'removed', '~': 'changed' } as const;
/** Rows drawn per table (at most 1,000 of each kind are listed by the diff itself). */
const MAX_ROWS = 3_000;

export function renderDiff(panel: HTMLElement, view: DiffView | undefined): void {
  clear(panel);
  if (!view) {
    panel.appendChild(h('p', { class: 'empty muted' }, 'No comparison. Use History → Compare with previous run, or the command "wikiq: Compare with…".'));
    return;
  }
  panel.appendChild(h('div', { class: 'diff-head' },
    h('div', null, h('span', { class: 'muted' }, 'Before '), h('strong', null, view.before)),
    h('div', null, h('span', { class: 'muted' }, 'After '), h('strong', null, view.after)),
    h('div', { class: 'diff-summary' }, view.equal ? 'No difference: the same records in every table.' : view.summary)));
  for (const t of view.tables) panel.appendChild(table(t));
}

function table(g: DiffGrid): HTMLElement {
  const section = h('section', { class: 'diff-table', 'aria-label': `${g.name}: ${g.summary}` },
    h('h2', null, g.name, ' ', h('span', { class: 'muted' }, `(${g.keyText}) — ${g.summary}`)));
  if (g.note) section.appendChild(h('p', { class: 'muted' }, g.note));
  if (!g.rows.length) return section;
  // A "changed" column after the key and title names a changed record's fields, so a narrow panel shows what changed.
  const changes = g.rows.some((r) => r.changes);
  const heads = g.columns.map((c) => h('th', { scope: 'col' }, c));
  if (changes) heads.splice(g.lead, 0, h('th', { scope: 'col', class: 'diff-changes' }, 'changed'));
  const grid = h('table', { class: 'diff-grid' },
    h('thead', null, h('tr', null, h('th', { scope: 'col', class: 'diff-sign', title: 'added, removed or changed' }, ''), ...heads)));
  const body = h('tbody');
  for (const r of g.rows.slice(0, MAX_ROWS)) {
    const kind = SIGN_LABEL[r.sign];
    const tr = h('tr', { class: `diff-${kind}` }, h('td', { class: 'diff-sign', title: kind, 'aria-label': kind }, r.sign === '-' ? '−' : r.sign));
    r.cells.forEach((c, i) => {
      if (changes && i === g.lead) tr.appendChild(h('td', { class: 'diff-changes' }, r.changes));
      if (!c.changed) {
        tr.appendChild(h('td', null, c.text));
        return;
      }
      tr.appendChild(h('td', { class: 'diff-cell-changed', title: `was: ${c.before ?? ''}` },
        h('del', { class: 'diff-before' }, c.before || '(none)'),
        h('ins', { class: 'diff-after' }, c.text || '(none)')));
    });
    if (changes && g.lead === r.cells.length) tr.appendChild(h('td', { class: 'diff-changes' }, r.changes));
    body.appendChild(tr);
  }
  grid.appendChild(body);
  // It scrolls sideways: a Tab stop with a name, so a keyboard can scroll it (axe: scrollable-region-focusable).
  section.appendChild(h('div', { class: 'diff-scroll', role: 'region', tabindex: '0', 'aria-label': `${g.name}: the records compared` }, grid));
  if (g.rows.length > MAX_ROWS) section.appendChild(h('p', { class: 'muted' }, `${g.rows.length - MAX_ROWS} more rows not drawn.`));
  return section;
}
