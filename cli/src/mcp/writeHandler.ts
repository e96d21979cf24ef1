/**
 * The write tools' handlers (#39), which know nothing of the SDK: `preview_write` — the request
 * checked and resolved as a write, the summary tag applied, previewed read-only by the engine
 * (`previewEdit` for an edit, `previewAction` for another write), kept as a plan of this server's
 * session (`ctx.plans`) — and `save_write` — a plan of this session, confirmed by the person where
 * the client can ask (`confirm`), taken (so it is saved once) and saved by the engine (`saveWrite`:
 * signed in only, an edit's revision checked just before saving). The answers (writeAnswers.ts)
 * hold no token: the engine never returns one, and the wiki's reply to the save is not passed on.
 */
import { namedPages, planOfAction, planOfEdit, previewAction, previewEdit, saveWrite, withSummaryTag, type SignedInHttpClient, type WritePlan } from '../../../engine/src';
import { signedInClient } from '../credentials';
import { ok, refuse, type Answer, type ToolContext } from './answers';
import { diagnose, errorsText, requestOf, resolveOf, type RequestInput } from './request';
import { actionAnswer, confirmText, editAnswer, saveAnswer } from './writeAnswers';
import { ToolRefusal } from './wikis';

/** What the person answered when asked to confirm a save; `unsupported`: the client cannot be asked. */
export type Confirmation = 'accept' | 'decline' | 'cancel' | 'unsupported';

/** The server's signed-in client for `endpoint` (ToolContext.writeClients), made at its first use; refused without credentials. */
function signedIn(ctx: ToolContext, endpoint: string): SignedInHttpClient {
  const kept = ctx.writeClients.get(endpoint);
  if (kept) return kept;
  const o = ctx.options;
  const http = signedInClient(endpoint, { timeoutMs: o.limits.timeoutMs, maxBytes: o.limits.maxBytes, userAgent: o.userAgent, scheduler: ctx.hosts });
  if (http) ctx.writeClients.set(endpoint, http);
  if (!http) throw new ToolRefusal(`Writing to ${endpoint} needs a signed-in session, and this server has no credentials for it (WIKIQ_USER and WIKIQ_PASSWORD, or the credentials file: docs/signed-in.md): nothing was sent.`);
  return http;
}

/** preview_write: the write's preview and its plan, or a refusal; nothing is saved. */
export async function previewWrite(ctx: ToolContext, input: RequestInput, signal: AbortSignal): Promise<Answer> {
  const o = ctx.options;
  const req = requestOf(input, ctx.wikis, o.filesDir);
  const { catalogue, note } = await ctx.catalogues.get(req.wiki.endpoint);
  const diagnostics = diagnose(req.text, req.wiki, catalogue, req.lines);
  const errors = errorsText(diagnostics);
  if (errors) return refuse(errors);
  const resolved = resolveOf(req, catalogue, 'preview');
  if ('refused' in resolved) return refuse(resolved.refused);
  if (!resolved.write) return refuse('This request does not write: run it with run_request. preview_write takes a write (an edit, a move, a delete…).');
  const http = signedIn(ctx, resolved.endpoint);
  // The tag is applied before the preview: what is previewed is what is saved.
  const tagged = { ...resolved, params: withSummaryTag(resolved.params, o.summaryTag) };
  const checked = [...(note ? [note] : []), ...diagnostics.filter((d) => d.severity === 'warning').map((d) => `check: ${d.message}`)];
  if (tagged.params.action === 'edit') {
    const p = await previewEdit(tagged, http, { signal });
    const plan = p.mayEdit ? ctx.plans.add(planOfEdit(tagged, p)) : undefined;
    return ok(editAnswer(p, plan?.id, checked, o.maxChars));
  }
  const a = await previewAction(tagged, http, { signal });
  // No plan when the wiki says no for a page; where it has no test, the wiki decides when it is sent.
  const plan = a.pages.some((x) => x.permission?.allowed === false) ? undefined : ctx.plans.add(planOfAction(tagged, a));
  return ok(actionAnswer(a, plan?.id, checked));
}

/**
 * save_write: a plan this session made, confirmed (`confirm`), taken and saved. A plan unknown,
 * already saved or too old, a person declining or cancelling, an edit's page changed since the
 * preview: nothing is sent.
 */
export async function saveWritePlan(ctx: ToolContext, planId: string, confirm: (text: string) => Promise<Confirmation>, signal: AbortSignal): Promise<Answer> {
  const known = ctx.plans.peek(planId);
  if (!known) return refuse('This plan_id is not one this server made in this session, or it was already saved, or it is older than 30 minutes: nothing was sent. Preview the write again with preview_write, then save its plan_id.');
  // No credentials for its wiki: refused before the person is asked, the plan kept.
  const http = signedIn(ctx, known.endpoint);
  const said = await confirm(confirmText(known, pagesOf(known)));
  if (said === 'decline' || said === 'cancel') {
    ctx.plans.drop(planId);
    return refuse(`The person ${said === 'decline' ? 'declined' : 'cancelled'} the save: nothing was saved, and the plan is dropped. Preview again if the write should still be made.`);
  }
  // Taken before anything is sent: a second save_write of this plan (even one racing this) is refused.
  const plan = ctx.plans.take(planId);
  const r = await saveWrite(plan, http, { signal, maxBackoffMs: ctx.options.limits.maxBackoffMs });
  return ok(saveAnswer(plan, r, said === 'accept' ? 'elicitation' : 'client'));
}

/** The pages a plan names, for the person's confirmation: an edit's previewed page, else those its module names. */
function pagesOf(plan: WritePlan): string[] {
  if (plan.base) return [plan.base.title];
  return namedPages(plan.params.action ?? '', plan.params).map((p) => (p.byId ? `${p.param} ${p.value}` : p.value));
}
