/**
 * A write's preview in place of the tabs (#39; the host makes it: client/src/results/writes.ts): what
 * Save does now (the button, or why there is none, saving, the new revision with its diff on the
 * wiki and Preview the undo, or the wiki's words), the facts that decide the outcome, and the
 * wiki's diff (an edit) or the plan with each page's permission (another write); `badge` is the
 * header's state (a preview is not a run). Facts and messages are text; the diff is MediaWiki's compare HTML through
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

/** Another write's pages: each one's facts and whether this account may do it. */
function pageFacts(f: WriteFacts): Node[] {
  return (f.pages ?? []).flatMap((p) => {
    const may = p.permission ? (p.permission.allowed ? 'yes' : `no${p.permission.reasons.length ? `: ${p.permission.reasons.join(' ')}` : ''}`) : '';
    return [
      ...fact(`Page (${p.param})`, h('strong', null, p.title), ` — ${p.exists ? `exists, revision ${p.revid ?? '?'}` : 'does not exist'}${p.protection.length ? `; protection ${p.protection.join(', ')}` : ''}`),
      ...(p.permission ? fact(`May ${p.permission.action}`, h('span', { class: p.permission.allowed ? '' : 'write-no' }, may)) : []),
    ];
  });
}

/** Another write's facts: what would be sent, the pages with the permission, the account and wiki. */
function planList(f: WriteFacts): HTMLElement {
  return h('dl', { class: 'write-facts' },
    ...pageFacts(f),
    ...(f.note ? fact('Permission', f.note) : []),
    ...fact('Account', f.anonymous ? 'anonymous (not signed in)' : f.account),
    ...fact('Wiki', `${f.wiki} — ${f.endpoint}`),
    ...fact('Sends (POST, no token)', h('code', { class: 'write-plan' }, (f.plan ?? []).join('\n'))));
}

function factList(f: WriteFacts): HTMLElement {
  if (f.module) return planList(f);
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
      h('h2', { class: 'write-title' }, `${f.module ? `${f.module[0].toUpperCase()}${f.module.slice(1)}` : 'Edit'} of ${f.title}: ${HEADINGS[view.save.kind]}`),
      this.saveRow(view.save, f.module ?? 'edit'),
      ...(view.save.kind === 'saved' ? [h('p', { class: 'muted' }, 'As the wiki said at the preview, before the save:')] : []),
      factList(f),
    );
    if (f.module) return;
    this.element.append(h('div', { class: 'write-diff', role: 'region', 'aria-label': `Diff of ${f.title}`, tabindex: '0' },
      view.diffHtml.trim() ? sanitizeDiff(view.diffHtml) : h('p', { class: 'muted' }, 'No change: the text saved would be the same as the page\'s.')));
  }

  /** The header's state of the preview shown: not a run's status (undefined: no preview). */
  badge(): { text: string; kind: 'complete' | 'failed' | 'preview' } | undefined {
    const s = this.view?.save;
    if (!s) return undefined;
    if (s.kind === 'saved') return { text: s.nochange ? 'no change — nothing saved' : s.newrevid !== undefined ? `saved · revision ${s.newrevid}` : 'saved', kind: 'complete' };
    if (s.kind === 'failed') return { text: 'not saved', kind: 'failed' };
    return { text: s.kind === 'saving' ? 'saving…' : 'preview — nothing saved', kind: 'preview' };
  }

  /** The text the block shows (the render reports carry it). */
  text(): string {
    return this.view ? this.element.innerText ?? '' : '';
  }

  private saveRow(s: SaveState, module: string): HTMLElement {
    const row = h('div', { class: `write-save write-${s.kind}`, role: 'status' });
    switch (s.kind) {
      case 'ready': {
        const b = button('Save…', { class: 'write-button', title: `Save this ${module} (you are asked to confirm first)` }, () => {
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
        row.append(h('strong', null, s.newrevid !== undefined ? `Saved as revision ${s.newrevid}` : 'Saved'), ` by ${s.account}. `);
        const diffUrl = s.diffUrl;
        if (diffUrl) row.append(button('Open its diff on the wiki', { class: 'link', title: diffUrl }, () => this.actions.openUrl(diffUrl)), ' ');
        if (s.undo) row.append(button('Preview the undo…', { class: 'write-button', title: `${s.undo}: opens the undo request and previews it; it is saved only if you save it` }, () => this.actions.post({ type: 'undo' })));
        break;
      }
    }
    return row;
  }
}
