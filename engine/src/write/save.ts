/**
 * Saving a previewed write (#39). The wiki alone does not refuse every conflict (a change elsewhere
 * on the page merges silently, the same account's edit never conflicts, a deleted page is
 * recreated, a lapsed session's token `+\` saves as an IP address), so wikiq holds the line:
 *
 * 1. Only a signed-in session of the plan's wiki saves, signed in as the account the preview was
 *    asked as: an anonymous client, another wiki's session or another account is refused before
 *    anything is sent. When the wiki forgot the session, the client signs in again (the same bot
 *    password, so the same account, checked again) and the page is checked in the new session.
 * 2. Just before saving, one GET with `assert` asks the token (`meta=tokens`) and, for an edit, the
 *    page's latest revision; if it is not the previewed one (any change, by anyone), nothing is
 *    sent: "changed since your preview". One round trip more than the POST (scripts/bench-save.mjs).
 * 3. The token is fetched that way every time and never kept; the anonymous token `+\` is never used.
 * 4. The save is a POST with the plan's parameters exactly, the token, `assert`, and for an edit the
 *    guards `baserevid` (not `basetimestamp`: see editGuards), `starttimestamp` and `nocreate` (the page existed) or
 *    `createonly` (it did not), so the wiki still refuses an edit that races the check.
 * 5. `badtoken` is refreshed once (1–2 again); `maxlag` and `ratelimited` wait as reads do.
 * 6. A failure says what became of the save: "Nothing was saved.", or, when the POST's answer was
 *    lost, that it is not known.
 *
 * The token goes only in the POST body: never in a URL, a log line, an error or the result.
 */
import { apiUrl, isObj } from '../../../core/src';
import { sameOrigin } from '../auth/credentials';
import { SignedInHttpClient } from '../auth/session';
import { ApiError, RefusedError, WikiqError } from '../errors';
import type { HttpClient, HttpResponse } from '../http';
import { arrOf, objOf, readJson } from '../json';
import { RUN_OPTIONS } from '../runOptions';
import { defaultSleep } from '../run';
import { isRetryable, retryWait, waitTooLongError } from '../waits';
import { BASE, apiErrorOf, num, str } from './ask';
import type { PlanBase, WritePlan } from './plans';

/** The anonymous token every logged-out session gets: never used for a save. */
export const ANONYMOUS_TOKEN = '+\\';

export interface SaveResult {
  endpoint: string;
  /** The page saved (edits), or the plan's title when the module names one. */
  title?: string;
  /** The account that saved (the session's, as the wiki said at sign-in). */
  account: string;
  /** Edits: the revision replaced and the new one (no new revision when `nochange`). */
  oldrevid?: number;
  newrevid?: number;
  newtimestamp?: string;
  /** The wiki saved nothing because the text was the same. */
  nochange: boolean;
  /** The wiki's page showing the new revision's diff (edits with a new revision). */
  diffUrl?: string;
  /** The module's answer, as the wiki sent it (masked by the session). */
  answer: Record<string, unknown>;
}

export interface SaveOptions {
  signal?: AbortSignal;
  /** Retries of `maxlag` / `ratelimited` (default: the runs' maxRetries). */
  maxRetries?: number;
  /** First wait and the longest single wait, as for runs (ms). */
  backoffMs?: number;
  maxBackoffMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}


function jsonOf(res: HttpResponse, endpoint: string, what: string): Record<string, unknown> {
  const read = readJson(res.body, endpoint);
  if (!read || !isObj(read.value)) throw new WikiqError('http', `${what}: the answer of ${endpoint} is not the API's JSON (HTTP ${res.status}). Nothing more was sent.`);
  return read.value;
}

async function askJson(http: HttpClient, endpoint: string, params: Record<string, string>, what: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const json = jsonOf(await http.get(apiUrl(endpoint, { ...params, ...BASE }), signal), endpoint, what);
  const e = apiErrorOf(json);
  if (e) throw new ApiError(endpoint, e.code, e.text);
  return json;
}

/**
 * One signed-in GET (with `assert`) just before saving: a fresh token of the plan's type and, for an
 * edit, the page's latest revision. The save is refused when the session is not the previewed
 * account's, when the page is not at the previewed revision, and when the token is the anonymous one.
 * Asked together, so a save costs one round trip more than the edit's own POST.
 */
async function checkAndToken(http: SignedInHttpClient, plan: WritePlan, signal?: AbortSignal): Promise<string> {
  const page: Record<string, string> = plan.base ? { prop: 'revisions', rvprop: 'ids|timestamp', titles: plan.base.title } : {};
  const json = await askJson(http, plan.endpoint, { action: 'query', meta: 'tokens', type: plan.tokentype, ...page }, 'Checking the page before saving', signal);
  // The client signs in again when the wiki forgot the session: it must still be the previewed account.
  sameAccount(http, plan);
  if (plan.base) checkRevision(plan.base, json);
  const token = str(objOf(objOf(json.query).tokens)[`${plan.tokentype}token`]);
  if (!token) throw new WikiqError('api', `${plan.endpoint} gave no ${plan.tokentype} token: nothing was saved.`);
  if (token === ANONYMOUS_TOKEN) {
    throw new WikiqError('refused', `The session with ${plan.endpoint} has lapsed (the wiki gave the anonymous token): nothing was saved. Sign in again and preview again.`);
  }
  return token;
}

/** Refuses a save whose session is signed in as another account than the one the preview was asked as. */
function sameAccount(http: SignedInHttpClient, plan: WritePlan): void {
  const now = http.session.identity?.name;
  if (now !== plan.account) {
    throw new RefusedError(`This write was previewed as ${plan.account || 'anonymous'}, but the session with ${plan.endpoint} is ${now ? `signed in as ${now}` : 'not signed in'}: nothing was sent. Preview it again with this account.`);
  }
}

/** Refuses the save when the page's latest revision (in the answer `json`) is not the previewed one. */
function checkRevision(base: PlanBase, json: Record<string, unknown>): void {
  const page = objOf(arrOf(objOf(json.query).pages)[0]);
  const now = page.missing === true ? undefined : num(objOf(arrOf(page.revisions)[0]).revid);
  if (now === base.revid) return;
  const what = now === undefined ? 'was deleted' : base.revid === undefined ? `was created (revision ${now})` : `changed (revision ${base.revid} is now ${now})`;
  throw new RefusedError(`${base.title} ${what} since your preview: nothing was sent. Preview again to see the page as it is now.`);
}

/**
 * The guards sent with an edit: the previewed revision, when the preview began, and create-or-not.
 * `baserevid` goes without `basetimestamp`: given a timestamp, MediaWiki's "you were the last to
 * edit" check reads revisions after it, to the second, and misses another account's edit in the
 * same second as the previewed revision, so the wiki would overwrite it (ApiEditPage.php says so
 * of setting both; test/wiki/save.test.ts races one). A page that did not exist has no revision:
 * `createonly` guards it.
 */
function editGuards(plan: WritePlan): Record<string, string> {
  const b = plan.base;
  if (!b) return {};
  return {
    ...(b.revid !== undefined ? { baserevid: String(b.revid) } : {}),
    ...(b.startedAt ? { starttimestamp: b.startedAt } : {}),
    ...(b.exists ? { nocreate: '1' } : { createonly: '1' }),
  };
}

/** One POST of the plan with `token`; retries maxlag/ratelimited within the run's bounds. */
async function post(http: SignedInHttpClient, plan: WritePlan, token: string, opts: SaveOptions): Promise<Record<string, unknown>> {
  const { action, ...rest } = plan.params;
  const url = apiUrl(plan.endpoint, { action, ...BASE, assert: http.session.assertion() });
  const form = new URLSearchParams({ ...rest, ...editGuards(plan), token }).toString();
  const maxRetries = opts.maxRetries ?? RUN_OPTIONS.maxRetries.default;
  const base = opts.backoffMs ?? RUN_OPTIONS.backoff.default;
  const cap = opts.maxBackoffMs ?? RUN_OPTIONS.maxWait.default * 1000;
  for (let attempt = 0; ; attempt++) {
    const res = await http.get(url, opts.signal, { form });
    const json = jsonOf(res, plan.endpoint, 'Saving');
    const cause = { status: res.status, code: apiErrorOf(json)?.code ?? '', retryAfter: res.headers['retry-after'] };
    if (!isRetryable(cause)) return json;
    const wait = retryWait(cause, attempt, base, cap);
    if (wait.tooLong) throw saying(waitTooLongError(plan.endpoint, cause, wait.askedMs!, cap), NOT_SAVED);
    if (attempt >= maxRetries) return json;
    await (opts.sleep ?? defaultSleep)(wait.ms, opts.signal);
  }
}

const NOT_SAVED = 'Nothing was saved.';

/** `e` with a last sentence saying what became of the save, unless its message already says. */
function saying(e: unknown, sentence: string): unknown {
  if (e instanceof Error && !/nothing (more )?was (sent|saved)/i.test(e.message)) e.message = `${e.message.replace(/\s+$/, '')} ${sentence}`;
  return e;
}

/** The POST, its failure said with its outcome: a failed sign-in again (the wiki refused the POST's assert, and the client's identity is gone) saved nothing; a lost answer may have. */
async function postSaying(http: SignedInHttpClient, plan: WritePlan, token: string, opts: SaveOptions): Promise<Record<string, unknown>> {
  try {
    return await post(http, plan, token, opts);
  } catch (e) {
    throw saying(e, http.session.identity ? 'Whether the wiki saved it is not known: look at the page\'s history before saving again.' : NOT_SAVED);
  }
}

/** What the wiki's answer says was saved; an error answer or a refused edit is thrown in the wiki's words. */
function resultOf(plan: WritePlan, json: Record<string, unknown>, account: string): SaveResult {
  const e = apiErrorOf(json);
  if (e) throw new ApiError(plan.endpoint, e.code, `${e.text} ${NOT_SAVED}`);
  const action = plan.params.action;
  const answer = objOf(json[action]);
  if (action === 'edit' && str(answer.result) !== 'Success') {
    throw new WikiqError('api', `${plan.endpoint} did not save the edit (${str(answer.result) || 'no result'}): ${JSON.stringify(answer).slice(0, 300)}`);
  }
  const newrevid = num(answer.newrevid);
  const diffUrl = newrevid !== undefined && num(answer.oldrevid) ? `${plan.endpoint.replace(/api\.php(\?.*)?$/, 'index.php')}?diff=${newrevid}&oldid=${num(answer.oldrevid)}` : undefined;
  return {
    endpoint: plan.endpoint, title: str(answer.title) || plan.base?.title || plan.params.title, account,
    oldrevid: num(answer.oldrevid), newrevid, newtimestamp: str(answer.newtimestamp) || undefined,
    nochange: answer.nochange === true, ...(diffUrl ? { diffUrl } : {}), answer,
  };
}

/**
 * Saves a plan a person confirmed (taken from its WritePlans, so it is never saved twice). `http`
 * must be signed in to the plan's wiki; the save is refused before sending otherwise.
 */
export async function saveWrite(plan: WritePlan, http: HttpClient, opts: SaveOptions = {}): Promise<SaveResult> {
  if (plan.params.action === 'upload') throw new RefusedError('Uploads are not saved by wikiq: a file body is another feature.');
  if (!(http instanceof SignedInHttpClient) || !sameOrigin(plan.endpoint, http.session.endpoint)) {
    throw new RefusedError(`Writing to ${plan.endpoint} needs a signed-in session for that wiki (see docs/signed-in.md): nothing was sent.`);
  }
  const who = await http.ready(opts.signal);
  sameAccount(http, plan);
  const token = () => checkAndToken(http, plan, opts.signal).catch((e: unknown) => {
    throw saying(e, NOT_SAVED);
  });
  let json = await postSaying(http, plan, await token(), opts);
  // A token can go stale (the session was renewed in between): refreshed once, the page checked and the token asked with assert again.
  if (apiErrorOf(json)?.code === 'badtoken') json = await postSaying(http, plan, await token(), opts);
  return resultOf(plan, json, http.session.identity?.name ?? who.name);
}
