/**
 * What the write tools answer (#39), bounded and without a token: preview_write's answer for an edit
 * (the diff as text lines within the answer's bound, the page's facts) or for another write (the
 * pages it names with their permission facts), and save_write's (the new revision, its diff link,
 * the account, the undo as one request: engine's `undoOf`). The wiki's HTML diff is not passed on (it says
 * what the text lines say, larger, and is the wiki's markup), nor the wiki's reply to a save.
 */
import { shorten, undoOf, undoParamLines, type ActionPreview, type EditPreview, type PreviewPage, type SaveResult, type WritePlan } from '../../../engine/src';

/** Characters of a parameter's value shown in a preview's `params` (a page's whole new text is in the diff). */
export const PARAM_VALUE_CHARS = 300;
/** The wiki's reasons and warnings kept, and the characters of each. */
const MAX_SAID = 20;
const SAID_CHARS = 500;
/** What an answer's facts and parameters take at most besides the diff (the rest of the bound is the diff's). */
const FACTS_CHARS = 4000;

type Page = { title: string; exists: boolean; revid?: number; timestamp?: string; protection: Array<{ type: string; level: string; expiry: string }> };

/** The answer of preview_write. */
export interface WritePreviewAnswer {
  /** The plan to pass to save_write; absent when the wiki says this account may not do it. */
  plan_id?: string;
  /** `edit`, `move`, `delete`…: the write module. */
  module: string;
  endpoint: string;
  wiki: { name: string; generator: string };
  account: string;
  /** What would be sent (no token), long values shortened. */
  params: Record<string, string>;
  warnings: string[];
  /** An edit: the page, whether this account may edit it and why not, MediaWiki's diff as text lines (`@@`, ` `, `-`, `+`). */
  page?: Page;
  mayEdit?: boolean;
  reasons?: string[];
  diff?: string[];
  diffOmitted?: number;
  /** Another write: each page it names, with its facts and this account's permission. */
  pages?: Array<{ param: string; value: string; page: Page; permission?: { action: string; allowed: boolean; reasons: string[] } }>;
  note?: string;
}

const said = (lines: readonly string[]) => lines.slice(0, MAX_SAID).map((l) => shorten(l, SAID_CHARS));

function pageOf(p: PreviewPage): Page {
  const { title, exists, revid, timestamp, protection } = p;
  return { title, exists, ...(revid !== undefined ? { revid } : {}), ...(timestamp ? { timestamp } : {}), protection: protection.slice(0, MAX_SAID) };
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

function common(p: EditPreview | ActionPreview, module: string, planId: string | undefined, checked: string[]) {
  return {
    ...(planId ? { plan_id: planId } : {}),
    module, endpoint: p.endpoint, wiki: p.wiki, account: p.account.name,
    params: Object.fromEntries(Object.entries(p.plan).map(([k, v]) => [k, shorten(v, PARAM_VALUE_CHARS)])),
    warnings: [...checked, ...(planId ? [] : ['No plan_id: the wiki says this account may not do this (see the reasons).'])],
  };
}

/** preview_write's answer for an edit, within `maxChars` characters of diff and facts. */
export function editAnswer(p: EditPreview, planId: string | undefined, checked: string[], maxChars: number): WritePreviewAnswer {
  const base = common(p, 'edit', planId, [...checked, ...said(p.warnings ?? [])]);
  const { diff, omitted } = boundedDiff(p, Math.max(1000, maxChars - JSON.stringify(base.params).length - FACTS_CHARS));
  return { ...base, page: pageOf(p.page), mayEdit: p.mayEdit, reasons: said(p.reasons), diff, diffOmitted: omitted };
}

/** preview_write's answer for a write other than an edit: its plan and the named pages' facts. */
export function actionAnswer(p: ActionPreview, planId: string | undefined, checked: string[]): WritePreviewAnswer {
  return {
    ...common(p, p.module, planId, checked),
    pages: p.pages.slice(0, MAX_SAID).map((x) => ({
      param: x.param, value: shorten(x.value, SAID_CHARS), page: pageOf(x.page),
      ...(x.permission ? { permission: { action: x.permission.action, allowed: x.permission.allowed, reasons: said(x.permission.reasons) } } : {}),
    })),
    ...(p.note ? { note: p.note } : {}),
  };
}

/** save_write's answer: what was saved, where to see it, as whom, how to undo it; and how the person confirmed. */
export function saveAnswer(plan: WritePlan, r: SaveResult, confirmed: 'elicitation' | 'client'): Record<string, unknown> {
  const u = undoOf(plan, r);
  // One request to preview (and then save) like any other write (engine's undoOf).
  const undo = u ? { request: undoParamLines(u).join('\n'), endpoint: plan.endpoint } : undefined;
  return {
    saved: !r.nochange, nochange: r.nochange, module: plan.params.action ?? '', endpoint: r.endpoint, account: r.account,
    ...(r.title ? { title: r.title } : {}),
    ...(r.oldrevid !== undefined ? { oldrevid: r.oldrevid } : {}),
    ...(r.newrevid !== undefined ? { newrevid: r.newrevid } : {}),
    ...(r.newtimestamp ? { newtimestamp: r.newtimestamp } : {}),
    ...(r.diffUrl ? { diffUrl: r.diffUrl } : {}),
    ...(undo ? { undo } : {}),
    confirmed: confirmed === 'elicitation' ? 'by the person (elicitation)' : 'by the client (this client cannot be asked through elicitation)',
  };
}

/** The sentence the person is asked to confirm: the write, the account, the wiki and the page(s). */
export function confirmText(plan: WritePlan, pages: readonly string[]): string {
  const module = plan.params.action ?? 'write';
  const what = module === 'edit' ? 'this edit' : `this ${module}`;
  const named = pages.length ? `, to the page${pages.length > 1 ? 's' : ''} ${pages.map((p) => `"${shorten(p, 255)}"`).join(' and ')}` : '';
  const why = plan.params.summary ?? plan.params.reason;
  return `Save ${what} as ${plan.account} on ${plan.endpoint}${named}${why ? ` (${plan.params.summary !== undefined ? 'summary' : 'reason'}: "${shorten(why, 200)}")` : ''}? It sends exactly the previewed request.`;
}
