/**
 * What the previews of writes (#39) share: asking the wiki a read request (GET, or a POST form of the
 * same read module when the URL is too long) and reading its answer, and the readers of a page's
 * facts, the permission test (`intestactions`), the account and the wiki out of a query's answer.
 * Internal to engine/src/write: nothing here writes, and no token is fetched or sent.
 */
import { apiUrl, isObj } from '../../../core/src';
import { ApiError, WikiqError } from '../errors';
import type { HttpClient, HttpResponse } from '../http';
import { arrOf, objOf, readJson } from '../json';

/** Longest URL sent as a GET; past it the same parameters go as a POST form. */
export const PREVIEW_URL_BOUND = 8 * 1024;

export interface PreviewPage {
  title: string;
  exists: boolean;
  /** The current revision (undefined: the page does not exist). */
  revid?: number;
  timestamp?: string;
  contentmodel: string;
  /** `edit=sysop (infinity)`, one per restriction. */
  protection: Array<{ type: string; level: string; expiry: string }>;
}

/** Whether this account may do `action` to a page, as the wiki says in the signed-in session (`intestactions`). */
export interface ActionPermission {
  action: string;
  allowed: boolean;
  /** Why not (the wiki's words), empty when allowed. */
  reasons: string[];
}

export interface PreviewAccount {
  /** The account the preview was asked as: `anonymous` when not signed in. */
  name: string;
  anonymous: boolean;
}

export interface PreviewWiki {
  name: string;
  generator: string;
}

/** The answer format every write request asks for. */
export const BASE = { format: 'json', formatversion: '2', errorformat: 'plaintext' };
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The first API error of an answer, or undefined. */
export function apiErrorOf(json: Record<string, unknown>): { code: string; text: string } | undefined {
  const errors = arrOf(json.errors);
  const e = isObj(json.error) ? json.error : isObj(errors[0]) ? errors[0] : undefined;
  return e ? { code: str(e.code) || 'unknown', text: str(e.text) || str(e.info) } : undefined;
}

/** An answer's JSON; an HTTP failure, a non-JSON body or an API error is thrown, naming the wiki. */
export function answer(res: HttpResponse, endpoint: string): Record<string, unknown> {
  if (res.status !== 200) throw new WikiqError('http', `The preview's request to ${endpoint} failed: HTTP ${res.status}.`);
  const read = readJson(res.body, endpoint);
  if (!read || !isObj(read.value)) throw new WikiqError('http', `The answer of ${endpoint} to the preview is not JSON.`);
  const e = apiErrorOf(read.value);
  if (e) throw new ApiError(endpoint, e.code, e.text);
  return read.value;
}

/** GET, or the same parameters as a POST form when the URL would pass PREVIEW_URL_BOUND (`action` stays in the URL). */
export async function ask(http: HttpClient, endpoint: string, params: Record<string, string>, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const url = apiUrl(endpoint, { ...BASE, ...params });
  if (url.length <= PREVIEW_URL_BOUND) return answer(await http.get(url, signal), endpoint);
  const { action, ...rest } = params;
  return answer(await http.get(apiUrl(endpoint, { action, ...BASE }), signal, { form: new URLSearchParams(rest).toString() }), endpoint);
}

/** The query parameters of the account, the wiki and its clock (readSession). */
export const SESSION_PARAMS: Readonly<Record<string, string>> = { action: 'query', meta: 'userinfo|siteinfo', siprop: 'general', curtimestamp: '1' };

/** The query parameters of a page's facts with the permission test of `actions` (`prop=info|revisions`, no content), and the session's. */
export function factsParams(actions: string[]): Record<string, string> {
  return {
    ...SESSION_PARAMS, prop: 'info|revisions', rvprop: 'ids|timestamp', inprop: 'protection',
    ...(actions.length ? { intestactions: actions.join('|'), intestactionsdetail: 'full' } : {}),
  };
}

/** A page's facts out of one of `query.pages` (with `prop=info|revisions`). */
export function readPage(p: Record<string, unknown>): PreviewPage {
  const rev = objOf(arrOf(p.revisions)[0]);
  return {
    title: str(p.title), exists: p.missing !== true, revid: num(rev.revid), timestamp: str(rev.timestamp) || undefined,
    contentmodel: str(p.contentmodel) || str(objOf(objOf(rev.slots).main).contentmodel) || 'wikitext',
    protection: arrOf(p.protection).map(objOf).map((r) => ({ type: str(r.type), level: str(r.level), expiry: str(r.expiry) })),
  };
}

/** The answer to `intestactions=action&intestactionsdetail=full` on page `p` (a list of reasons; `true` with `boolean` detail). */
export function readPermission(p: Record<string, unknown>, action: string): ActionPermission {
  const said = objOf(p.actions)[action];
  const denied = arrOf(said);
  return {
    action,
    allowed: Array.isArray(said) ? denied.length === 0 : said === true,
    reasons: denied.map((d) => (isObj(d) ? str(d.text) || str(d.code) : str(d))).filter(Boolean),
  };
}

/** The account (`meta=userinfo`) and the wiki (`meta=siteinfo&siprop=general`) of a query's answer, and the wiki's clock (`curtimestamp`). */
export function readSession(body: Record<string, unknown>): { account: PreviewAccount; wiki: PreviewWiki; startedAt: string } {
  const q = objOf(body.query);
  const user = objOf(q.userinfo);
  const general = objOf(q.general);
  return {
    account: { name: str(user.name), anonymous: user.anon === true || !num(user.id) },
    wiki: { name: str(general.sitename), generator: str(general.generator) },
    startedAt: str(body.curtimestamp),
  };
}
