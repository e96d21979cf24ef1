/**
 * The editor's preview → save of a write (#39), without the editor: what Save can do after a
 * preview, after the file changed, while saving and after; the facts the view shows; the modal's
 * words; the history's record of a save (the undo is engine's `undoOf`). Editor-free (no
 * `vscode`): tested with Node's runner (test/unit/write-state.test.ts); ./writes.ts acts on it.
 */
import type { ActionPreview, EditPreview, PreviewPage, ResolvedRequest, SaveResult, UndoRequest, WritePlan } from '../../../engine/src/index';
import type { ResultsModel } from '../../shared/model';
import type { SaveState, WriteFacts, WritePage } from '../../shared/write';
import { MAX_WRITE_TEXT } from '../../shared/write';
import { withoutSecrets, type KeptRun } from './history';

const cut = (s: string) => (s.length > MAX_WRITE_TEXT ? `${s.slice(0, MAX_WRITE_TEXT - 1)}…` : s);

const protectionOf = (p: PreviewPage) => p.protection.slice(0, 50).map((r) => cut(`${r.type}=${r.level} (${r.expiry})`));
const who = (p: EditPreview | ActionPreview) => ({
  account: cut(p.account.anonymous ? 'anonymous' : p.account.name), anonymous: p.account.anonymous, wiki: cut(p.wiki.name || p.endpoint), endpoint: cut(p.endpoint),
});

/** The facts of another write's plan (move, delete…): its parameters, each named page with this account's permission. */
export function factsOfAction(preview: ActionPreview): WriteFacts {
  const pages: WritePage[] = preview.pages.slice(0, 50).map((x) => ({
    param: cut(x.param), title: cut(x.page.title || x.value), exists: x.page.exists, ...(x.page.revid !== undefined ? { revid: x.page.revid } : {}), protection: protectionOf(x.page),
    ...(x.permission ? { permission: { action: cut(x.permission.action), allowed: x.permission.allowed, reasons: x.permission.reasons.slice(0, 50).map(cut) } } : {}),
  }));
  const denied = pages.filter((p) => p.permission && !p.permission.allowed);
  return {
    module: cut(preview.module), pages, plan: Object.entries(preview.plan).slice(0, 50).map(([k, v]) => cut(`${k} = ${v}`)),
    ...(preview.note ? { note: cut(preview.note) } : {}),
    title: cut(pages.map((p) => p.title).join(' → ') || preview.module), exists: pages.some((p) => p.exists), protection: [],
    mayEdit: !denied.length, reasons: denied.flatMap((p) => p.permission!.reasons).slice(0, 50), ...who(preview),
    ...(preview.plan.reason !== undefined ? { summary: cut(preview.plan.reason) } : {}),
  };
}

/** The facts of a preview, as the view shows them (texts bounded; no parse warnings for an undo, which parses nothing). */
export function factsOf(preview: EditPreview): WriteFacts {
  const p = preview.page;
  const warnings = 'undo' in preview.plan ? undefined : preview.warnings.slice(0, 50).map(cut);
  return {
    title: cut(p.title), exists: p.exists, ...(p.revid !== undefined ? { revid: p.revid } : {}), ...(p.timestamp ? { timestamp: p.timestamp } : {}),
    protection: protectionOf(p),
    mayEdit: preview.mayEdit, reasons: preview.reasons.slice(0, 50).map(cut), ...who(preview),
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
  if (!f.mayEdit) return `${f.account} may not ${f.module ?? 'edit'} ${f.title}${f.reasons.length ? `: ${f.reasons.join(' ')}` : '.'}`;
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
export function savedState(r: SaveResult, undo?: UndoRequest): SaveState {
  return {
    kind: 'saved', nochange: r.nochange, account: cut(r.account), ...(undo ? { undo: cut(undo.name) } : {}),
    ...(r.newrevid !== undefined ? { newrevid: r.newrevid } : {}), ...(r.oldrevid !== undefined ? { oldrevid: r.oldrevid } : {}), ...(r.diffUrl ? { diffUrl: r.diffUrl } : {}),
  };
}

export function failedState(message: string): SaveState {
  return { kind: 'failed', message: cut(message) };
}

/** The modal's question: the account, the wiki and the page, and what it does. */
export function confirmText(f: WriteFacts, plan: Pick<WritePlan, 'account' | 'params'>): string {
  const what = f.module ? `Send this ${f.module} of "${f.title}"` : f.exists ? `Save this edit of "${f.title}"` : `Create "${f.title}"`;
  const why = plan.params.summary ? ` Summary: "${plan.params.summary}".` : f.module && plan.params.reason ? ` Reason: "${plan.params.reason}".` : '';
  return `${what} on ${f.wiki} (${f.endpoint}) as ${plan.account}?${why} This writes to the wiki.`;
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

/**
 * The preview as a results model: the header names the request and its wiki; a preview is not a
 * run, so the view shows no run status, counts or tabs for it (the facts, plan and diff are above).
 */
export function previewModel(request: Pick<ResolvedRequest, 'name' | 'endpoint'>, plan: Readonly<Record<string, string>>): ResultsModel {
  return {
    requestName: request.name, endpoint: request.endpoint, params: { ...plan }, batches: 0, complete: true, partial: false, continue: null,
    errors: [], warnings: [], result: {}, rawBatches: [],
  };
}
