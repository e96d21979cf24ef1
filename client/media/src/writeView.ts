/**
 * A write's preview above the tabs (#39; the host makes it: client/src/results/writes.ts): what
 * Save does now (the button, or why there is none, saving, the new revision with its diff on the
 * wiki and Preview the undo, or the wiki's words), the facts that decide the outcome, and the
 * wiki's diff. Facts and messages are text; the diff is MediaWiki's compare HTML through
 * `sanitizeDiff` (./purify), never raw. Save posts only the plan id; the host asks the person in a
 * modal dialog before anything is sent.
 */
import type { WebviewMessage } from '../../shared/messages';
import type { SaveState, WriteFacts, WriteView } from '../../shared/write';
import { button, clear, h } from './dom';
import { sanitizeDiff } from './purify';

export interface WriteActions {
  post(m: WebviewMessage): void;
  openUrl(url: string): void;
}

/** What the block's heading says of the edit, by what Save can do now. */
const HEADINGS: Record<SaveState['kind'], string> = {
  ready: 'preview — nothing is saved until you press Save and confirm',
  absent: 'preview — it cannot be saved from here',
  stale: 'preview of an older version of the file',
  saving: 'saving…',
  failed: 'not saved',
  saved: 'saved',
};

const fact = (label: string, ...value: Array<Node | string>) => [h('dt', null, label), h('dd', null, ...value)];

function factList(f: WriteFacts): HTMLElement {
  const page = f.exists
    ? `exists, revision ${f.revid ?? '?'}${f.timestamp ? ` of ${f.timestamp}` : ''}`
    : 'does not exist: saving creates it';
  const may = f.mayEdit ? 'yes' : `no${f.reasons.length ? `: ${f.reasons.join(' ')}` : ''}`;
  return h('dl', { class: 'write-facts' },
    ...fact('Page', h('strong', null, f.title), ` — ${page}`),
    ...fact('Protection', f.protection.length ? f.protection.join(', ') : 'none'),
    ...fact('May edit', h('span', { class: f.mayEdit ? '' : 'write-no' }, may)),
    ...fact('Account', f.anonymous ? 'anonymous (not signed in)' : f.account),
    ...fact('Wiki', `${f.wiki} — ${f.endpoint}`),
    ...(f.summary !== undefined ? fact('Summary', f.summary || '(empty)') : []),
    ...(f.warnings ? fact('Parse warnings', f.warnings.length ? f.warnings.join(' · ') : 'none') : []));
}

export class WriteBlock {
  readonly element: HTMLElement = h('section', { class: 'write', 'aria-label': 'Write preview', hidden: '' });
  private view?: WriteView;

  constructor(private readonly actions: WriteActions) {}

  /** Shows a write's preview (none: the block goes). */
  show(view: WriteView | undefined): void {
    this.view = view;
    clear(this.element);
    this.element.hidden = !view;
    if (!view) return;
    const f = view.facts;
    this.element.append(
      h('h2', { class: 'write-title' }, `Edit of ${f.title}: ${HEADINGS[view.save.kind]}`),
      this.saveRow(view.save),
      factList(f),
      h('div', { class: 'write-diff', role: 'region', 'aria-label': `Diff of ${f.title}`, tabindex: '0' },
        view.diffHtml.trim() ? sanitizeDiff(view.diffHtml) : h('p', { class: 'muted' }, 'No change: the text saved would be the same as the page\'s.')),
    );
  }

  /** The text the block shows (the render reports carry it). */
  text(): string {
    return this.view ? this.element.innerText ?? '' : '';
  }

  private saveRow(s: SaveState): HTMLElement {
    const row = h('div', { class: `write-save write-${s.kind}`, role: 'status' });
    switch (s.kind) {
      case 'ready': {
        const b = button('Save…', { class: 'write-button', title: 'Save this edit (you are asked to confirm first)' }, () => {
          b.disabled = true;
          this.actions.post({ type: 'save', planId: s.planId });
        });
        row.append(b, h('span', { class: 'muted' }, ' Saves exactly what is previewed here, after you confirm.'));
        break;
      }
      case 'absent': case 'stale':
        row.append(h('strong', null, 'No Save: '), s.reason);
        break;
      case 'saving':
        row.append('Saving…');
        break;
      case 'failed':
        row.append(h('strong', { class: 'write-no' }, 'Not saved: '), s.message);
        break;
      case 'saved': {
        if (s.nochange) {
          row.append(h('strong', null, 'Nothing saved: '), 'the wiki says the text is the same.');
          break;
        }
        row.append(h('strong', null, `Saved as revision ${s.newrevid ?? '?'}`), ` by ${s.account}. `);
        const diffUrl = s.diffUrl;
        if (diffUrl) row.append(button('Open its diff on the wiki', { class: 'link', title: diffUrl }, () => this.actions.openUrl(diffUrl)), ' ');
        if (s.oldrevid) row.append(button('Preview the undo…', { class: 'write-button', title: 'Opens the undo request and previews it; it is saved only if you save it' }, () => this.actions.post({ type: 'undo' })));
        break;
      }
    }
    return row;
  }
}
