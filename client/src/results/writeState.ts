/**
 * The editor's preview → save of a write (#39), without the editor: what Save can do after a
 * preview, after the file changed, while saving and after; the facts the view shows; the modal's
 * words; the undo request one click away; the history's record of a save. Editor-free (no
 * `vscode`): tested with Node's runner (test/unit/write-state.test.ts); ./writes.ts acts on it.
 */
import type { EditPreview, ResolvedRequest, SaveResult, WritePlan } from '../../../engine/src/index';
import type { ResultsModel } from '../../shared/model';
import type { SaveState, WriteFacts } from '../../shared/write';
import { MAX_WRITE_TEXT } from '../../shared/write';
import { withoutSecrets, type KeptRun } from './history';

const cut = (s: string) => (s.length > MAX_WRITE_TEXT ? `${s.slice(0, MAX_WRITE_TEXT - 1)}…` : s);

/** The facts of a preview, as the view shows them (texts bounded; no parse warnings for an undo, which parses nothing). */
export function factsOf(preview: EditPreview): WriteFacts {
  const p = preview.page;
  const warnings = 'undo' in preview.plan ? undefined : preview.warnings.slice(0, 50).map(cut);
  return {
    title: cut(p.title), exists: p.exists, ...(p.revid !== undefined ? { revid: p.revid } : {}), ...(p.timestamp ? { timestamp: p.timestamp } : {}),
    protection: p.protection.slice(0, 50).map((r) => cut(`${r.type}=${r.level} (${r.expiry})`)),
    mayEdit: preview.mayEdit, reasons: preview.reasons.slice(0, 50).map(cut),
    account: cut(preview.account.anonymous ? 'anonymous' : preview.account.name), anonymous: preview.account.anonymous,
    wiki: cut(preview.wiki.name || preview.endpoint), endpoint: cut(preview.endpoint),
    ...(preview.plan.summary !== undefined ? { summary: cut(preview.plan.summary) } : {}),
    ...(warnings ? { warnings } : {}),
  };
}

/** Where the preview was made: what decides whether Save is offered. */
export interface PreviewContext {
  /** The workspace is trusted. */
  trusted: boolean;
  /** The preview was asked through a signed-in session of the wiki. */
  signedIn: boolean;
}

/** Why Save is absent after this preview; undefined when it may be offered. */
export function saveRefusal(f: WriteFacts, c: PreviewContext): string | undefined {
  if (!c.trusted) return 'Saving is not offered in an untrusted workspace: trust the workspace, then preview again.';
  if (!c.signedIn || f.anonymous) return `Sign in to ${f.endpoint} (wikiq: Sign in to wiki…) to save: wikiq never saves anonymously. Then preview again.`;
  if (!f.mayEdit) return `${f.account} may not edit ${f.title}${f.reasons.length ? `: ${f.reasons.join(' ')}` : '.'}`;
  return undefined;
}

/** Save after a preview: ready with the plan's id, or absent with the reason. */
export function previewedState(f: WriteFacts, c: PreviewContext, planId: string | undefined): SaveState {
  const refused = saveRefusal(f, c);
  if (refused) return { kind: 'absent', reason: refused };
  return planId ? { kind: 'ready', planId } : { kind: 'absent', reason: 'This preview has no plan to save: preview again.' };
}

export const STALE_REASON = 'The file changed since this preview, so Save is gone: preview again to save what the file says now.';

/** The file changed: a Save not yet confirmed is gone (the host drops its plan). */
export function changedState(s: SaveState): SaveState {
  return s.kind === 'ready' ? { kind: 'stale', reason: STALE_REASON } : s;
}

/** Save asked for `planId`: the state while it is sent, or why not (another preview's plan, already saving, gone). */
export function savingState(s: SaveState, planId: string): SaveState | string {
  if (s.kind !== 'ready') return s.kind === 'stale' ? STALE_REASON : 'There is nothing to save in this preview: preview again.';
  if (s.planId !== planId) return 'This Save belongs to an older preview: preview again.';
  return { kind: 'saving' };
}

/** After the save: the new revision, or the wiki's words. */
export function savedState(r: SaveResult): SaveState {
  return {
    kind: 'saved', nochange: r.nochange, account: cut(r.account),
    ...(r.newrevid !== undefined ? { newrevid: r.newrevid } : {}), ...(r.oldrevid !== undefined ? { oldrevid: r.oldrevid } : {}), ...(r.diffUrl ? { diffUrl: r.diffUrl } : {}),
  };
}

export function failedState(message: string): SaveState {
  return { kind: 'failed', message: cut(message) };
}

/** The modal's question: the account, the wiki and the page, and what it does. */
export function confirmText(f: WriteFacts, plan: Pick<WritePlan, 'account' | 'params'>): string {
  const what = f.exists ? `Save this edit of "${f.title}"` : `Create "${f.title}"`;
  return `${what} on ${f.wiki} (${f.endpoint}) as ${plan.account}?${plan.params.summary ? ` Summary: "${plan.params.summary}".` : ''} This writes to the wiki.`;
}

/** A title or a value written on one `name = value` line as it is: refused when it cannot be (a line break). */
const lineValue = (v: string) => (/[\r\n]/.test(v) ? undefined : v.trim());

/**
 * The undo of a save, as a `.wikiq` file: previewed and saved like any write. Undefined when the
 * save made no new revision or made the page (nothing earlier to go back to).
 */
export function undoRequest(s: SaveState, endpoint: string, title: string): string | undefined {
  if (s.kind !== 'saved' || s.newrevid === undefined || !s.oldrevid) return undefined;
  const t = lineValue(title);
  if (!t || /[\r\n]/.test(endpoint)) return undefined;
  return [
    `@endpoint = ${endpoint}`, '', `### Undo r${s.newrevid}`, 'action = edit', `title = ${t}`, `undo = ${s.newrevid}`, `undoafter = ${s.oldrevid}`,
    `summary = Undo revision ${s.newrevid}`, '',
  ].join('\n');
}

/** The history's record of a save: the request as sent (no token: plans never hold one), the new revision, its diff, the account. */
export function keptSaveOf(plan: Pick<WritePlan, 'endpoint' | 'params'>, requestName: string, r: SaveResult, id: string, time: Date): KeptRun {
  const save = {
    title: r.title, account: r.account, oldrevid: r.oldrevid, newrevid: r.newrevid, newtimestamp: r.newtimestamp, nochange: r.nochange, diffUrl: r.diffUrl,
  };
  return {
    id, time: time.toISOString(), requestName, endpoint: plan.endpoint, params: withoutSecrets({ ...plan.params }),
    batches: 1, keptBatches: 1, complete: true, continue: null, errors: [], warnings: [], result: { save: JSON.parse(JSON.stringify(save)) as unknown },
  };
}

/** The preview as a results model (the tabs: its facts and the plain diff as JSON; the header names the request). Nothing to page. */
export function previewModel(request: Pick<ResolvedRequest, 'name' | 'endpoint'>, preview: EditPreview): ResultsModel {
  const { diffHtml: _html, plan, ...facts } = preview;
  return {
    requestName: request.name, endpoint: request.endpoint, params: plan, batches: 1, complete: true, partial: false, continue: null,
    errors: [], warnings: [], result: { preview: JSON.parse(JSON.stringify(facts)) as unknown }, rawBatches: [],
  };
}
