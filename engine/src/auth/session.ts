/**
 * Signed-in requests. A `WikiSession` holds one endpoint's credentials, its session cookies (in
 * memory only) and who the wiki says the user is (`meta=userinfo`: name, groups, rights). A
 * `SignedInHttpClient` is an `HttpClient` that sends them — to the endpoint's origin only — with
 * `assert=user` (`assert=bot` for a bot) on every request, and on `assertuserfailed` /
 * `assertbotfailed` signs in once more and repeats the request before giving up.
 *
 * Bot passwords sign in with `action=login`: a login token (`meta=tokens&type=login`), then a POST
 * with `lgname`, `lgpassword`, `lgtoken` — the only POST wikiq sends, and not a write. OAuth 2
 * owner-only tokens go as `Authorization: Bearer …`; there is nothing to sign in again with.
 */
import { isObj, type JsonObject } from '../../../core/src';
import { ApiError, WikiqError } from '../errors';
import { HttpClient, HttpLogEntry, HttpOptions, HttpResponse, RequestExtras } from '../http';
import { arrOf, objOf, readJson } from '../json';
import { CookieJar } from './cookies';
import { Credentials, assertCredentialsAllowed, credentialKey, maskSecrets, sameOrigin } from './credentials';

/** Who the wiki says the signed-in user is. */
export interface Identity {
  name: string;
  groups: string[];
  rights: string[];
  /** Has the `bot` right: requests assert `bot`. */
  bot: boolean;
  /** Has `apihighlimits`: `max` means 5,000 (500 for others). */
  highLimits: boolean;
  /** A sentence about a limitation the user may not expect (a bot password without a grant). */
  note?: string;
}

type Send = (url: string, signal?: AbortSignal, extras?: RequestExtras) => Promise<HttpResponse>;

const query = (endpoint: string, params: string) => `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params}&format=json&formatversion=2&errorformat=plaintext`;

function apiJson(res: HttpResponse, endpoint: string, what: string): JsonObject {
  const json = readJson(res.body, res.url)?.value;
  if (!isObj(json)) throw new WikiqError('api', `Signing in to ${endpoint}: ${what} was not the API's JSON (HTTP ${res.status}).`);
  const err = Array.isArray(json.errors) ? (json.errors as unknown[])[0] : json.error;
  if (err) {
    const e = objOf(err);
    throw new ApiError(endpoint, String(e.code ?? 'unknown'), String(e.text ?? e.info ?? e['*'] ?? ''));
  }
  return json;
}

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  const o = objOf(v);
  return String(o.text ?? o.info ?? o.code ?? '');
}

/** The error code of an answer when it is a failed `assert`, else undefined (cheap: parses only when the code appears). */
export function assertionFailure(body: string): string | undefined {
  if (!body.includes('assertuserfailed') && !body.includes('assertbotfailed')) return undefined;
  const json = objOf(readJson(body, '')?.value);
  const code = objOf(json.error).code ?? objOf(arrOf(json.errors)[0]).code;
  return code === 'assertuserfailed' || code === 'assertbotfailed' ? code : undefined;
}

export class WikiSession {
  readonly key: string;
  readonly jar = new CookieJar();
  identity?: Identity;
  private pending?: Promise<Identity>;

  /** Throws (`refused`) when credentials may not go to `endpoint` (plain http to a non-loopback host). */
  constructor(readonly endpoint: string, readonly credentials: Credentials) {
    assertCredentialsAllowed(endpoint);
    this.key = credentialKey(endpoint);
  }

  /** Cookie and Authorization headers for a request to the endpoint's origin. */
  headers(): Record<string, string> {
    if (this.credentials.kind === 'oauth') return { authorization: `Bearer ${this.credentials.token}` };
    const cookie = this.jar.header();
    return cookie ? { cookie } : {};
  }

  /** `text` with every secret of this session (the password or token, and session cookie values) replaced by `***`. */
  mask(text: string): string {
    let out = maskSecrets(text, this.credentials);
    for (const v of this.jar.values()) if (v.length >= 8) out = out.split(v).join('***');
    return out;
  }

  /** `user`, or `bot` for a user with the `bot` right. */
  assertion(): 'user' | 'bot' {
    return this.identity?.bot ? 'bot' : 'user';
  }

  /** Signs in unless already signed in (one sign-in at a time, shared by concurrent callers). */
  ready(send: Send, signal?: AbortSignal): Promise<Identity> {
    if (this.identity) return Promise.resolve(this.identity);
    return this.signIn(send, signal);
  }

  /** Signs in (again): forgets the cookies, logs in with a bot password, then asks who we are. */
  signIn(send: Send, signal?: AbortSignal): Promise<Identity> {
    this.pending ??= this.doSignIn(send, signal).finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async doSignIn(send: Send, signal?: AbortSignal): Promise<Identity> {
    this.identity = undefined;
    this.jar.clear();
    const c = this.credentials;
    const ask = async (url: string, what: string, form?: string) => {
      const res = await send(url, signal, { credentials: this.headers(), form });
      this.jar.store(res.setCookies);
      return apiJson(res, this.endpoint, what);
    };
    if (c.kind === 'botpassword') {
      const tokens = await ask(query(this.endpoint, 'action=query&meta=tokens&type=login'), 'the login token');
      const token = objOf(objOf(tokens.query).tokens).logintoken;
      if (typeof token !== 'string') throw new WikiqError('api', `Signing in to ${this.endpoint}: the wiki gave no login token.`);
      const form = new URLSearchParams({ action: 'login', lgname: c.user, lgpassword: c.password, lgtoken: token, format: 'json', formatversion: '2', errorformat: 'plaintext' }).toString();
      const login = objOf((await ask(this.endpoint, 'the login answer', form)).login);
      if (login.result !== 'Success') {
        const reason = text(login.reason) || `the wiki answered "${String(login.result ?? 'nothing')}"`;
        throw new WikiqError('api', `Signing in to ${this.endpoint} as ${c.user} failed: ${reason.replace(/\s+$/, '')}${/[.!?]$/.test(reason.trim()) ? '' : '.'}`);
      }
    }
    // The rights check is a signed-in request too: it asserts a user (a bot is one), so a session
    // the wiki does not know is refused by the wiki itself, not read as an anonymous answer.
    const anonymous = () => new WikiqError('api', `Signing in to ${this.endpoint}: the wiki does not recognise the ${c.kind === 'oauth' ? 'access token' : 'session'} (it answers as an anonymous user).`);
    const who = await ask(query(this.endpoint, 'action=query&meta=userinfo&uiprop=rights|groups&assert=user'), 'who you are').catch((e: unknown) => {
      throw e instanceof ApiError && e.code === 'assertuserfailed' ? anonymous() : e;
    });
    const info = objOf(objOf(who.query).userinfo);
    if (info.anon !== undefined && info.anon !== false || !info.id) throw anonymous();
    const rights = arrOf(info.rights).map(String);
    const groups = arrOf(info.groups).map(String);
    const identity: Identity = { name: String(info.name), groups, rights, bot: rights.includes('bot'), highLimits: rights.includes('apihighlimits') };
    if (groups.includes('bot') && !identity.highLimits) {
      identity.note = `${identity.name} is in the bot group, but these credentials lack the "High-volume (bot) access" grant: limits stay at 500 (add the grant on Special:BotPasswords).`;
    }
    this.identity = identity;
    return identity;
  }
}

/** `url` with `assert=…` added, unless it already asserts something. */
export function withAssert(url: string, assertion: string): string {
  if (/[?&]assert=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}assert=${assertion}`;
}

/** An `HttpClient` signed in to one wiki: credentials to that origin only, with `assert` and one sign-in again when the session expired. */
export class SignedInHttpClient extends HttpClient {
  constructor(readonly session: WikiSession, options: HttpOptions = {}, onLog?: (e: HttpLogEntry) => void) {
    super(options, onLog);
  }

  /** Signs in now (else on the first request to the wiki); resolves with who the wiki says you are. */
  ready(signal?: AbortSignal): Promise<Identity> {
    return this.session.ready(this.send, signal);
  }

  /** Plain requests (the sign-in's own), with neither assert nor a second sign-in. */
  private readonly send: Send = (u, s, x) => super.get(u, s, x);

  override async get(url: string, signal?: AbortSignal, extras: RequestExtras = {}): Promise<HttpResponse> {
    if (!sameOrigin(url, this.session.endpoint)) return super.get(url, signal, extras);
    const send = this.send;
    await this.ready(signal);
    for (let attempt = 0; ; attempt++) {
      const res = await super.get(withAssert(url, this.session.assertion()), signal, { ...extras, credentials: this.session.headers() });
      this.session.jar.store(res.setCookies);
      // What the wiki echoes back (its debug log names the session) is shown in the Raw and Debug tabs and exported: masked.
      if (!assertionFailure(res.body) || attempt > 0 || this.session.credentials.kind !== 'botpassword') return { ...res, body: this.session.mask(res.body) };
      await this.session.signIn(send, signal);
    }
  }
}
