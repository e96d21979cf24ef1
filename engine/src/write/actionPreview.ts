/**
 * The plan of a write other than an edit (#39): move, delete, undelete, protect, rollback, options…
 * — what would be sent (the parameters without any token, the endpoint, POST), as which account to
 * which wiki, the facts of the pages the module names (exists, current revision, protection) and
 * whether this account may do it, as the wiki says in the signed-in session
 * (`prop=info&intestactions=…&intestactionsdetail=full`). Read requests only (`action=query`, GET):
 * nothing is written and no token is fetched. One request, or two when a module names one page by
 * title and another by id (a query takes titles or pageids, not both).
 */
import { RefusedError } from '../errors';
import type { HttpClient } from '../http';
import { arrOf, objOf } from '../json';
import type { ResolvedRequest } from '../resolve';
import {
  SESSION_PARAMS, ask, factsParams, num, readPage, readPermission, readSession, str,
  type ActionPermission, type PreviewAccount, type PreviewPage, type PreviewWiki,
} from './ask';

export type { ActionPermission } from './ask';

/** A page a module names: in which parameter, and what the wiki would be asked to test on it. */
interface PageRole {
  /** The parameter naming it by title, and the one naming it by id (if any). */
  title: string;
  id?: string;
  /** The `intestactions` action for this page (undefined: the wiki has no test for it). */
  test?: string;
}

/**
 * The pages each write module names and the test action of each (a module not listed here that
 * takes `title` or `pageid` gets its page's facts, with no test action).
 */
export const WRITE_PAGES: Record<string, PageRole[]> = {
  move: [{ title: 'from', id: 'fromid', test: 'move' }, { title: 'to', test: 'move-target' }],
  delete: [{ title: 'title', id: 'pageid', test: 'delete' }],
  undelete: [{ title: 'title', test: 'undelete' }],
  protect: [{ title: 'title', id: 'pageid', test: 'protect' }],
  rollback: [{ title: 'title', id: 'pageid', test: 'rollback' }],
  edit: [{ title: 'title', id: 'pageid', test: 'edit' }],
  changecontentmodel: [{ title: 'title', id: 'pageid', test: 'editcontentmodel' }],
  mergehistory: [{ title: 'from', id: 'fromid', test: 'mergehistory' }, { title: 'to', id: 'toid' }],
  setpagelanguage: [{ title: 'title', id: 'pageid', test: 'pagelang' }],
};
const ANY_PAGE: PageRole[] = [{ title: 'title', id: 'pageid' }];
/** The parameters that name a set of pages (purge, watch…): not looked up by a plan. */
const PAGE_SETS = ['titles', 'pageids', 'revids', 'generator'];

export interface PlanPage {
  /** The parameter that names it (`from`, `to`, `title`, `pageid`…) and its value. */
  param: string;
  value: string;
  page: PreviewPage;
  /** Whether this account may do the module's action to it (undefined: the wiki has no test for it). */
  permission?: ActionPermission;
}

export interface ActionPreview {
  /** The write module (`move`, `delete`…). */
  module: string;
  /** The parameters as they would be sent (POST), without any token: none is fetched for a plan. */
  plan: Record<string, string>;
  endpoint: string;
  method: 'POST';
  account: PreviewAccount;
  wiki: PreviewWiki;
  /** The wiki's clock when the facts were read (`curtimestamp`). */
  startedAt: string;
  /** The pages the module names, with their facts and permission (empty: it names none). */
  pages: PlanPage[];
  /** Said when the plan has no permission facts: the module names no page, or the wiki has no test for it. */
  note?: string;
}

export interface ActionPreviewOptions {
  signal?: AbortSignal;
}

/** The pages `plan` names for `module`, each by title or by id, as the module's table says. */
export function namedPages(module: string, plan: Record<string, string>): Array<{ role: PageRole; param: string; value: string; byId: boolean }> {
  const out: Array<{ role: PageRole; param: string; value: string; byId: boolean }> = [];
  for (const role of WRITE_PAGES[module] ?? ANY_PAGE) {
    if (plan[role.title]) out.push({ role, param: role.title, value: plan[role.title], byId: false });
    else if (role.id && plan[role.id]) out.push({ role, param: role.id, value: plan[role.id], byId: true });
  }
  return out;
}

/** Why a plan has no permission facts, in a sentence (undefined: it has some). */
function noteOf(module: string, plan: Record<string, string>, pages: PlanPage[]): string | undefined {
  const several = PAGE_SETS.filter((k) => plan[k] !== undefined);
  if (!pages.length && several.length) {
    return `${module} names its pages through ${several.join(', ')}: the plan does not look them up, so there are no page facts or permission tests; whether this account may do it is known only when it is sent.`;
  }
  if (!pages.length) {
    const roles = WRITE_PAGES[module]?.map((r) => (r.id ? `${r.title}/${r.id}` : r.title));
    return `${module} names no page${roles ? ` (give ${roles.join(', ')})` : ''}: there are no page facts, and the wiki tests permissions only on a page (intestactions), so whether this account may do it is known only when it is sent.`;
  }
  if (pages.some((p) => p.permission)) return undefined;
  return `The wiki has no permission test for ${module} (intestactions tests ${Object.values(WRITE_PAGES).flatMap((r) => r.map((x) => x.test).filter(Boolean)).join(', ')}): whether this account may do it is known only when it is sent.`;
}

/** The page of `query.pages` that `named` names: by id, or by its title after the wiki's normalisation. */
function pageFor(body: Record<string, unknown>, named: { value: string; byId: boolean }): Record<string, unknown> | undefined {
  const q = objOf(body.query);
  const pages = arrOf(q.pages).map(objOf);
  if (named.byId) return pages.find((p) => String(num(p.pageid) ?? '') === named.value.trim());
  const normalized = arrOf(q.normalized).map(objOf).find((n) => str(n.from) === named.value);
  const title = normalized ? str(normalized.to) : named.value;
  return pages.find((p) => str(p.title) === title);
}

/**
 * The plan of a resolved write request other than an edit (resolved with `allowWrite: 'preview'`):
 * the parameters as they would be sent, without any token, the account, the wiki, and the named
 * pages' facts with this account's permission. Read requests only (GET through `http`).
 */
export async function previewAction(request: ResolvedRequest, http: HttpClient, opts: ActionPreviewOptions = {}): Promise<ActionPreview> {
  const plan = Object.fromEntries(Object.entries(request.params).filter(([k]) => !/token$/i.test(k)));
  const module = plan.action ?? '';
  if (!module) throw new RefusedError('This request names no action: there is nothing to plan.');
  if (module === 'edit') throw new RefusedError('An edit is previewed with its diff (previewEdit), not as a plan.');
  if (module === 'upload') throw new RefusedError('upload is not previewed: a file upload sends a file body, which wikiq does not build (another feature).');
  const named = namedPages(module, plan);
  const tests = [...new Set(named.map((n) => n.role.test).filter((t): t is string => !!t))];
  const byTitle = named.filter((n) => !n.byId).map((n) => n.value);
  const byId = named.filter((n) => n.byId).map((n) => n.value);
  const asked: Array<Record<string, unknown>> = [];
  // One query for the titles (and the session), another only when pages are named by id too.
  if (!named.length) asked.push(await ask(http, request.endpoint, SESSION_PARAMS, opts.signal));
  if (byTitle.length) asked.push(await ask(http, request.endpoint, { ...factsParams(tests), titles: byTitle.join('|') }, opts.signal));
  if (byId.length) asked.push(await ask(http, request.endpoint, { ...factsParams(tests), pageids: byId.join('|') }, opts.signal));
  const pages: PlanPage[] = named.map((n) => {
    const p = asked.map((body) => pageFor(body, n)).find(Boolean);
    if (!p || p.invalid === true || (n.byId && p.missing === true)) {
      throw new RefusedError(`${n.param}=${n.value} is not a ${n.byId ? 'page id' : 'valid title'} on this wiki${p?.invalidreason ? `: ${str(p.invalidreason)}` : ''}.`);
    }
    return { param: n.param, value: n.value, page: readPage(p), permission: n.role.test ? readPermission(p, n.role.test) : undefined };
  });
  const session = readSession(asked[0]);
  return { module, plan, endpoint: request.endpoint, method: 'POST', ...session, pages, note: noteOf(module, plan, pages) };
}
