/**
 * The run's `??` assertions, above the tabs (the host checks them: client/src/results/checks.ts).
 * A summary line, then each assertion ✓ or ✗ with its line and its text and, when it fails, the
 * actual value (a long text or value shortened on the line, whole on hover) or why it could not be checked; a failing
 * quantifier (`every FIELD …`, `no FIELD …`) lists the first records that break it as links: a click
 * selects the record's row on the Table tab. Everything from the host or the wiki is text.
 */
import type { AssertionRow, AssertionsView } from '../../shared/messages';
import { button, clear, h } from './dom';

/** The characters of an actual value shown on its line (the whole of what the host sent on hover). */
export const SHOWN_ACTUAL = 80;
/** The characters of an assertion's text shown (the whole on hover). */
export const SHOWN_TEXT = 160;

const cut = (s: string, max = SHOWN_ACTUAL) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a link to a record does: select the record `index` of `table` on the Table tab (at the column `field`, when it is one). */
export type RevealRecord = (table: string, index: number, field?: string) => void;

export class AssertionsBlock {
  readonly element: HTMLElement = h('section', { class: 'asserts', 'aria-label': 'Assertions', hidden: '' });
  private view?: AssertionsView;

  constructor(private readonly reveal: RevealRecord) {}

  /** Shows the run's assertions (none: the block goes); `loading`: more batches are arriving, so they are checked again when the run stops. */
  show(view: AssertionsView | undefined, loading: boolean): void {
    this.view = view;
    clear(this.element);
    this.element.hidden = !view;
    if (!view) return;
    const held = view.total - view.failed;
    const summary = view.failed
      ? `${plural(view.failed, 'assertion')} of ${view.total} failed`
      : `${view.total === 1 ? 'The assertion holds' : `All ${view.total} assertions hold`}`;
    const notes = [
      view.rows.length < view.total ? `showing ${view.rows.length} (the failing ones first)` : '',
      loading ? 'checked again when the run stops' : '',
    ].filter(Boolean);
    this.element.classList.toggle('asserts-failed', view.failed > 0);
    this.element.append(h('div', { class: 'asserts-summary', role: 'status' },
      h('span', { class: `assert-mark ${view.failed ? 'fail' : 'pass'}`, 'aria-hidden': 'true' }, view.failed ? '✗' : '✓'),
      h('strong', null, summary),
      held && view.failed ? h('span', { class: 'muted' }, ` · ${held} held`) : null,
      notes.length ? h('span', { class: 'muted' }, ` · ${notes.join(' · ')}`) : null));
    const list = h('ul', { class: 'asserts-list' });
    for (const r of view.rows) list.appendChild(this.row(r));
    this.element.appendChild(list);
  }

  /** The text the block shows (the render reports carry it). */
  text(): string {
    return this.view ? this.element.innerText ?? '' : '';
  }

  private row(r: AssertionRow): HTMLElement {
    const li = h('li', { class: `assert ${r.pass ? 'pass' : 'fail'}` },
      h('span', { class: `assert-mark ${r.pass ? 'pass' : 'fail'}`, role: 'img', 'aria-label': r.pass ? 'holds' : 'fails' }, r.pass ? '✓' : '✗'),
      h('span', { class: 'assert-line muted' }, `line ${r.line}`),
      h('code', { class: 'assert-text', title: r.text.length > SHOWN_TEXT ? r.text : undefined }, cut(r.text, SHOWN_TEXT)));
    if (r.pass) return li;
    const why = r.error
      ? h('span', { class: 'assert-why' }, r.error)
      : h('span', { class: 'assert-why', title: r.actual.length > SHOWN_ACTUAL ? r.actual : undefined }, 'actual: ', h('code', null, cut(r.actual)));
    li.appendChild(why);
    if (r.offenders?.length && r.table) {
      const table = r.table;
      const links = h('span', { class: 'assert-offenders' }, h('span', { class: 'muted' }, 'first records that break it: '));
      r.offenders.forEach((f, i) => {
        if (i) links.appendChild(document.createTextNode(', '));
        const label = `#${f.index + 1}${f.label ? ` ${cut(f.label, 40)}` : ''}`;
        links.appendChild(button(label, {
          class: 'link', title: `Show record ${f.index + 1} of ${table} on the Table tab (${r.field ?? 'value'} = ${cut(f.value)})`,
          'data-table': table, 'data-index': String(f.index),
        }, () => this.reveal(table, f.index, r.field)));
      });
      li.appendChild(links);
    }
    return li;
  }
}
