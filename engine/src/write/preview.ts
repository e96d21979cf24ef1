/**
 * A read-only preview of `action=edit` (#39, first slice): what the edit would save, asked of the
 * wiki with read modules only — the page's facts and the account (`action=query`), and MediaWiki's
 * own diff of the text the edit would save (`action=compare`, with pre-save transform), and the
 * parser's warnings for the new text (`action=parse`, parseWarnings.ts). No token is fetched or sent
 * and nothing is saved. The compare request is a GET, or a POST form (still the
 * read-only compare module, no token) when its URL would pass PREVIEW_URL_BOUND.
 */
import { RefusedError, WikiqError } from '../errors';
import type { HttpClient } from '../http';
import { arrOf, objOf } from '../json';
import type { ResolvedRequest } from '../resolve';
import { ask, factsParams, num, readPage, readPermission, readSession, str, type PreviewAccount, type PreviewPage, type PreviewWiki } from './ask';
import { DIFF_TEXT_LINES, compareDiffText } from './compareDiff';
import { parseWarnings } from './parseWarnings';

export { PREVIEW_URL_BOUND, type PreviewAccount, type PreviewPage, type PreviewWiki } from './ask';

export interface EditPreview {
  /** The edit's parameters as they would be sent, without any token (none is ever fetched here). */
  plan: Record<string, string>;
  endpoint: string;
  page: PreviewPage;
  /** Whether this account may edit the page, as the wiki says (`intestactions=edit`). */
  mayEdit: boolean;
  /** Why not (the wiki's words), empty when it may. */
  reasons: string[];
  /** The account the preview was asked as: `anonymous` when not signed in. */
  account: PreviewAccount;
  wiki: PreviewWiki;
  /** The wiki's clock when the page's facts were read (`curtimestamp`): the save sends it as `starttimestamp`. */
  startedAt: string;
  /** The parser's warnings for the new text, as text (`action=parse&pst=1&prop=parsewarningshtml`); empty when none, and for an undo. */
  warnings: string[];
  /** MediaWiki's compare HTML (table rows), as the wiki sent it. */
  diffHtml: string;
  /** The same as plain text, `-`/`+` lines with context, at most `maxLines` lines. */
  diffText: string[];
  /** Diff lines left out past the bound. */
  diffOmitted: number;
}

export interface PreviewOptions {
  signal?: AbortSignal;
  /** Diff text lines kept (default DIFF_TEXT_LINES). */
  maxLines?: number;
}

interface Facts extends ReturnType<typeof readSession> {
  page: PreviewPage;
  content: string;
  mayEdit: boolean;
  reasons: string[];
}

async function facts(http: HttpClient, endpoint: string, target: Record<string, string>, signal?: AbortSignal): Promise<Facts> {
  const body = await ask(http, endpoint, { ...factsParams(['edit']), ...target, rvprop: 'ids|timestamp|content', rvslots: 'main' }, signal);
  const p = objOf(arrOf(objOf(body.query).pages)[0]);
  if (p.invalid === true || (!p.title && !p.pageid)) {
    throw new RefusedError(`The page to edit (${Object.values(target).join('')}) is not a valid title on this wiki${p.invalidreason ? `: ${str(p.invalidreason)}` : ''}.`);
  }
  const edit = readPermission(p, 'edit');
  const content = str(objOf(objOf(objOf(arrOf(p.revisions)[0]).slots).main).content);
  return { ...readSession(body), page: readPage(p), content, mayEdit: edit.allowed, reasons: edit.reasons };
}

/** The text the edit would save, for the kinds of edit that name it (undefined: an undo). */
function newText(plan: Record<string, string>, current: string): string | undefined {
  if ('undo' in plan) return undefined;
  if ('text' in plan) {
    if (plan.section !== 'new') return plan.text;
    const heading = plan.sectiontitle ?? plan.summary;
    return `${current}\n\n${heading ? `== ${heading} ==\n\n` : ''}${plan.text}`;
  }
  if ('appendtext' in plan || 'prependtext' in plan) return `${plan.prependtext ?? ''}${current}${plan.appendtext ?? ''}`;
  throw new RefusedError('This edit names no new text: give text, appendtext/prependtext or undo (with undoafter) to preview it.');
}

/** The compare request of the edit: from the current revision (or an empty page) to the saved text. */
async function compareParams(http: HttpClient, endpoint: string, plan: Record<string, string>, f: Facts, signal?: AbortSignal): Promise<Record<string, string>> {
  const title = f.page.title;
  if ('undo' in plan) {
    let to = plan.undoafter;
    if (!to) {
      const r = await ask(http, endpoint, { action: 'query', prop: 'revisions', revids: plan.undo, rvprop: 'ids' }, signal);
      const parent = num(objOf(arrOf(objOf(arrOf(objOf(r.query).pages)[0]).revisions)[0]).parentid);
      if (!parent) throw new RefusedError(`Revision ${plan.undo} has no earlier revision to go back to: there is nothing to undo.`);
      to = String(parent);
    }
    return { action: 'compare', fromrev: plan.undo, torev: to };
  }
  const text = newText(plan, f.content)!;
  const from: Record<string, string> = f.page.revid !== undefined
    ? { fromrev: String(f.page.revid) }
    : { fromtitle: title, fromslots: 'main', 'fromtext-main': '', 'fromcontentmodel-main': f.page.contentmodel };
  const section: Record<string, string> = plan.section !== undefined && plan.section !== 'new' && 'text' in plan ? { 'tosection-main': plan.section } : {};
  return {
    action: 'compare', ...from, totitle: title, toslots: 'main', 'totext-main': text, 'tocontentmodel-main': f.page.contentmodel, topst: '1', ...section,
  };
}

/**
 * The preview of a resolved `action=edit` request (resolved with `allowWrite: 'preview'`): the
 * page's facts, the account, and the diff of what the edit would save. GETs (compare maybe POSTed,
 * see PREVIEW_URL_BOUND) through `http`, whose maxBytes bounds every answer; nothing is saved.
 */
export async function previewEdit(request: ResolvedRequest, http: HttpClient, opts: PreviewOptions = {}): Promise<EditPreview> {
  const plan = Object.fromEntries(Object.entries(request.params).filter(([k]) => !/token$/i.test(k)));
  if (plan.action !== 'edit') throw new RefusedError(`Only action=edit can be previewed (this request is action=${plan.action ?? 'nothing'}).`);
  if (!plan.title && !plan.pageid) throw new RefusedError('The edit names no page: give title (or pageid).');
  const target: Record<string, string> = plan.title ? { titles: plan.title } : { pageids: plan.pageid };
  const f = await facts(http, request.endpoint, target, opts.signal);
  if (f.page.exists && f.page.revid === undefined) throw new WikiqError('http', `The wiki did not say the current revision of ${f.page.title}.`);
  if (!f.page.exists && ('undo' in plan || (plan.section && plan.section !== 'new'))) {
    throw new RefusedError(`${f.page.title} does not exist: there is no ${'undo' in plan ? 'revision to undo' : 'section to edit'}.`);
  }
  const cmp = await ask(http, request.endpoint, await compareParams(http, request.endpoint, plan, f, opts.signal), opts.signal);
  const html = str(objOf(cmp.compare).body);
  // A missing page is compared from an empty text, which MediaWiki shows as one empty removed line.
  const diff = compareDiffText(html, opts.maxLines ?? DIFF_TEXT_LINES, !f.page.exists);
  // The parser's warnings for the new text (a section edit: the section's text); none for an undo.
  const parsed = 'undo' in plan ? undefined : plan.section !== undefined && plan.section !== 'new' ? plan.text : newText(plan, f.content);
  const warnings = parsed === undefined ? [] : await parseWarnings(http, request.endpoint, { title: f.page.title, text: parsed, contentmodel: f.page.contentmodel }, opts.signal);
  return {
    plan, endpoint: request.endpoint, page: f.page, mayEdit: f.mayEdit, reasons: f.reasons, account: f.account, wiki: f.wiki,
    startedAt: f.startedAt, warnings, diffHtml: html, diffText: diff.lines, diffOmitted: diff.omitted,
  };
}
