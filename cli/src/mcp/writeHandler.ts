/**
 * The write tools' handlers (#39), which know nothing of the SDK: `preview_write` — the request
 * checked and resolved as a write, the summary tag applied, previewed read-only by the engine
 * (`previewEdit`), kept as a plan of this server's session (`ctx.plans`) — and `save_write` — a
 * plan of this session, confirmed by the person where the client can ask (`confirm`), taken (so it
 * is saved once) and saved by the engine (`saveWrite`: signed in only, the revision checked just
 * before saving). No answer holds a token: the engine never returns one, and the wiki's reply to
 * the save (`SaveResult.answer`) is not passed on.
 */
import { planOfEdit, previewEdit, saveWrite, shorten, withSummaryTag, type EditPreview, type SaveResult, type SignedInHttpClient, type WritePlan } from '../../../engine/src';
import { Code } from '../../../core/src';
import { signedInClient } from '../credentials';
import { ok, refuse, type Answer, type ToolContext } from './answers';
import { diagnose, errorsText, requestOf, resolveOf, type RequestInput } from './request';
import { ToolRefusal } from './wikis';

/** Characters of a parameter's value shown in a preview's `params` (a page's whole new text is in the diff). */
export const PARAM_VALUE_CHARS = 300;

/** What the person answered when asked to confirm a save; `unsupported`: the client cannot be asked. */
export type Confirmation = 'accept' | 'decline' | 'cancel' | 'unsupported';

/** The answer of preview_write. */
export interface WritePreviewAnswer {
  /** The plan to pass to save_write; absent when the wiki says this account may not make the edit. */
  plan_id?: string;
  endpoint: string;
  wiki: { name: string; generator: string };
  account: string;
  page: { title: string; exists: boolean; revid?: number; timestamp?: string; protection: Array<{ type: string; level: string; expiry: string }> };
  mayEdit: boolean;
  reasons: string[];
  /** What would be sent (no token), long values shortened. */
  params: Record<string, string>;
  /** MediaWiki's diff as text lines (`@@`, ` `, `-`, `+`), within the answer's bound. */
  diff: string[];
  diffOmitted: number;
  warnings: string[];
}

function signedIn(ctx: ToolContext, endpoint: string): SignedInHttpClient {
  const o = ctx.options;
  const http = signedInClient(endpoint, { timeoutMs: o.limits.timeoutMs, maxBytes: o.limits.maxBytes, userAgent: o.userAgent, scheduler: ctx.hosts });
  if (!http) throw new ToolRefusal(`Writing to ${endpoint} needs a signed-in session, and this server has no credentials for it (WIKIQ_USER and WIKIQ_PASSWORD, or the credentials file: docs/signed-in.md): nothing was sent.`);
  return http;
}

/** The diff's lines within `maxChars` characters; the lines left out are counted. */
function boundedDiff(p: EditPreview, maxChars: number): { diff: string[]; omitted: number } {
  const diff: string[] = [];
  let chars = 0;
  for (const line of p.diffText) {
    if (chars + line.length > maxChars) break;
    diff.push(line);
    chars += line.length + 1;
  }
  return { diff, omitted: p.diffOmitted + p.diffText.length - diff.length };
}

function previewAnswer(p: EditPreview & { warnings?: unknown }, planId: string | undefined, checked: string[], maxChars: number): WritePreviewAnswer {
  const params = Object.fromEntries(Object.entries(p.plan).map(([k, v]) => [k, shorten(v, PARAM_VALUE_CHARS)]));
  // The facts and parameters take a few kB at most; the diff has the rest of the answer's bound.
  const { diff, omitted } = boundedDiff(p, Math.max(1000, maxChars - JSON.stringify(params).length - 4000));
  const said = Array.isArray(p.warnings) ? p.warnings.filter((w): w is string => typeof w === 'string').map((w) => shorten(w, 500)) : [];
  const { title, exists, revid, timestamp, protection } = p.page;
  return {
    ...(planId ? { plan_id: planId } : {}),
    endpoint: p.endpoint, wiki: p.wiki, account: p.account.name,
    page: { title, exists, ...(revid !== undefined ? { revid } : {}), ...(timestamp ? { timestamp } : {}), protection },
    mayEdit: p.mayEdit, reasons: p.reasons.slice(0, 20).map((r) => shorten(r, 500)), params, diff, diffOmitted: omitted,
    warnings: [...checked, ...said, ...(planId ? [] : ['No plan_id: the wiki says this account may not make this edit (see reasons).'])],
  };
}

/** preview_write: the write's preview and its plan, or a refusal; nothing is saved. */
export async function previewWrite(ctx: ToolContext, input: RequestInput, signal: AbortSignal): Promise<Answer> {
  const o = ctx.options;
  const req = requestOf(input, ctx.wikis, o.filesDir);
  const { catalogue, note } = await ctx.catalogues.get(req.wiki.endpoint);
  // The editor's "wikiq only sends GET requests" is what this tool is for: the write itself is no error here.
  const diagnostics = diagnose(req.text, req.wiki, catalogue, req.lines).filter((d) => d.code !== String(Code.WriteAction));
  const errors = errorsText(diagnostics);
  if (errors) return refuse(errors);
  const resolved = resolveOf(req, catalogue, 'preview');
  if ('refused' in resolved) return refuse(resolved.refused);
  if (!resolved.write) return refuse('This request does not write: run it with run_request. preview_write takes a write (action=edit).');
  if (resolved.params.action !== 'edit') {
    return refuse(`preview_write previews edits (action=edit) only; action=${resolved.params.action} is not previewed or saved through this server yet: nothing was sent.`);
  }
  const http = signedIn(ctx, resolved.endpoint);
  // The tag is applied before the preview: what is previewed is what is saved.
  const tagged = { ...resolved, params: withSummaryTag(resolved.params, o.summaryTag) };
  const p = await previewEdit(tagged, http, { signal });
  const plan = p.mayEdit ? ctx.plans.add(planOfEdit(tagged, p)) : undefined;
  const checked = [...(note ? [note] : []), ...diagnostics.filter((d) => d.severity === 'warning').map((d) => `check: ${d.message}`)];
  return ok(previewAnswer(p, plan?.id, checked, o.maxChars));
}

/** The undo of a saved edit, as one request to preview (and then save) like any other. */
function undoOf(plan: WritePlan, r: SaveResult): { request: string; endpoint: string } | undefined {
  // A page the save created has no earlier revision to go back to (its undo is a deletion, not an edit).
  if (r.nochange || r.newrevid === undefined || !r.oldrevid || !r.title) return undefined;
  return { request: `action = edit\ntitle = ${r.title}\nundo = ${r.newrevid}\nundoafter = ${r.oldrevid}\nsummary = Undo revision ${r.newrevid}`, endpoint: plan.endpoint };
}

/** The sentence the person is asked to confirm: the account, the wiki and the page. */
export function confirmText(plan: WritePlan): string {
  const page = plan.base?.title ?? plan.params.title ?? '(no page)';
  return `Save this edit as ${plan.account} on ${plan.endpoint}, to the page "${shorten(page, 255)}"${plan.params.summary ? ` (summary: "${shorten(plan.params.summary, 200)}")` : ''}? It sends exactly the previewed request.`;
}

/**
 * save_write: a plan this session made, confirmed (`confirm`), taken and saved. A plan unknown,
 * already saved or too old, a person declining or cancelling, a page changed since the preview:
 * nothing is sent.
 */
export async function saveWritePlan(ctx: ToolContext, planId: string, confirm: (plan: WritePlan) => Promise<Confirmation>, signal: AbortSignal): Promise<Answer> {
  const known = ctx.plans.peek(planId);
  if (!known) return refuse('This plan_id is not one this server made in this session, or it was already saved, or it is older than 30 minutes: nothing was sent. Preview the write again with preview_write, then save its plan_id.');
  // No credentials for its wiki: refused before the person is asked, the plan kept.
  const http = signedIn(ctx, known.endpoint);
  const said = await confirm(known);
  if (said === 'decline' || said === 'cancel') {
    ctx.plans.drop(planId);
    return refuse(`The person ${said === 'decline' ? 'declined' : 'cancelled'} the save: nothing was saved, and the plan is dropped. Preview again if the edit should still be made.`);
  }
  // Taken before anything is sent: a second save_write of this plan (even one racing this) is refused.
  const plan = ctx.plans.take(planId);
  const r = await saveWrite(plan, http, { signal, maxBackoffMs: ctx.options.limits.maxBackoffMs });
  const undo = undoOf(plan, r);
  return ok({
    saved: !r.nochange, nochange: r.nochange, endpoint: r.endpoint, account: r.account,
    ...(r.title ? { title: r.title } : {}),
    ...(r.oldrevid !== undefined ? { oldrevid: r.oldrevid } : {}),
    ...(r.newrevid !== undefined ? { newrevid: r.newrevid } : {}),
    ...(r.newtimestamp ? { newtimestamp: r.newtimestamp } : {}),
    ...(r.diffUrl ? { diffUrl: r.diffUrl } : {}),
    ...(undo ? { undo } : {}),
    confirmed: said === 'accept' ? 'by the person (elicitation)' : 'by the client (this client cannot be asked through elicitation)',
  });
}
