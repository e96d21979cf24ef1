/**
 * Fetches a wiki's own catalogue: `meta=siteinfo` (MediaWiki version, namespaces) and
 * `action=paraminfo` for every module — with the wildcards `*|query+*` where the wiki accepts
 * them, else in batches of at most 50 module paths (the `modules` parameter's own limit) — then
 * follows every `submodule` parameter to modules not yet described. Descriptions are asked for as
 * HTML and converted to safe Markdown.
 */
import { Catalogue, CatalogueUser, ModuleInfo, NamespaceInfo, isObj, readParaminfo, type JsonObject } from '../../../core/src';
import { ErrorKind, NetworkError, TimeoutError, TooLargeError, WikiqError, apiErrorText, bodyStart } from '../errors';
import { HttpClient, engineUserAgent } from '../http';
import type { HostScheduler } from '../hostScheduler';
import { TooDeepError, arrOf, objOf, readJson } from '../json';
import { htmlToMarkdown } from './html';

/** The largest catalogue answer read (after decompression): a big wiki's paraminfo is a few MB. */
export const CATALOGUE_MAX_BYTES = 20 * 1024 * 1024;

export interface CatalogueFetchOptions {
  /** Default: {@link engineUserAgent}('catalogue'). */
  userAgent?: string;
  /** Per HTTP request; default 15 s. */
  timeoutMs?: number;
  /** Default {@link CATALOGUE_MAX_BYTES}. */
  maxBytes?: number;
  /** For the endpoint's own origin (e.g. a Cookie of a private wiki); dropped on a cross-origin redirect. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called with each URL requested (for logs and tests). */
  onRequest?: (url: string) => void;
  /** The client to share (one request at a time per host across catalogues); default: one made from these options. */
  http?: HttpClient;
  /** The per-host queue to share with the program's other clients (the server's content lookups); default: the client's own. */
  scheduler?: HostScheduler;
  /** Signed in: also ask who the user is (`meta=userinfo&uiprop=rights`), whose rights set the limits. */
  userinfo?: boolean;
}

/** The engine's client with the catalogue's defaults. */
export function catalogueHttpClient(opts: CatalogueFetchOptions = {}): HttpClient {
  return new HttpClient({
    userAgent: opts.userAgent || engineUserAgent('catalogue'), timeoutMs: opts.timeoutMs ?? 15000, maxBytes: opts.maxBytes ?? CATALOGUE_MAX_BYTES, headers: opts.headers, scheduler: opts.scheduler,
  });
}

/** A failed catalogue load, with one sentence naming the endpoint and the reason. */
export class CatalogueFetchError extends Error {
  /** `kind`: what failed in the engine's terms, when the answer could not be read at all (transport, size, nesting). */
  constructor(readonly endpoint: string, readonly reason: string, readonly kind?: ErrorKind) {
    super(`Could not load the catalogue of ${endpoint}: ${reason}`);
    this.name = 'CatalogueFetchError';
  }
}

const BATCH = 50;

/** The engine's error as the reason of a catalogue failure (the endpoint is named by the sentence around it). */
function reasonOf(e: WikiqError): string {
  if (e instanceof NetworkError) return `network error (${e.reason})`;
  if (e instanceof TimeoutError) return `no answer within ${e.seconds} s`;
  if (e.kind === 'cancelled') return 'cancelled';
  if (e instanceof TooLargeError) return `the answer is larger than ${Math.round(e.limitBytes / 1048576)} MB`;
  if (e instanceof TooDeepError) return `the answer is nested too deep (more than ${e.limit} levels of arrays or objects)`;
  return e.message;
}

export async function getCatalogueJson(endpoint: string, params: Record<string, string>, opts: CatalogueFetchOptions): Promise<JsonObject> {
  const url = new URL(endpoint);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const href = url.toString();
  opts.onRequest?.(href);
  const http = opts.http ?? catalogueHttpClient(opts);
  let res;
  let read;
  try {
    res = await http.get(href, opts.signal);
    read = readJson(res.body, endpoint);
  } catch (e) {
    if (e instanceof WikiqError) throw new CatalogueFetchError(endpoint, reasonOf(e), e.kind);
    throw new CatalogueFetchError(endpoint, `network error (${(e as Error).message})`, 'network');
  }
  const type = res.headers['content-type'] ?? '';
  if (!read) {
    const what = /html/i.test(type) || /^\s*</.test(res.body) ? 'an HTML page' : `a non-JSON answer (${type || 'no content type'})`;
    throw new CatalogueFetchError(endpoint, `HTTP ${res.status}, ${what} instead of the API's JSON, starting ${bodyStart(res.body, 120)} — is this the api.php URL?`);
  }
  const json = read.value;
  const isObject = isObj(json);
  if (isObject && json.error) {
    const err = objOf(json.error);
    const info = err.info ?? err.text ?? err['*'] ?? '';
    throw new CatalogueFetchError(endpoint, `the API ${apiErrorText(String(err.code ?? 'unknown'), String(info)).replace(/\.$/, '')}`);
  }
  if (res.status >= 400) throw new CatalogueFetchError(endpoint, `HTTP ${res.status}`);
  if (!isObject) throw new CatalogueFetchError(endpoint, 'the answer is not a MediaWiki API object');
  return json;
}

export interface WikiCatalogueData {
  endpoint: string;
  mwVersion?: string;
  fetchedAt: string;
  namespaces: NamespaceInfo[];
  modules: ModuleInfo[];
  /** The signed-in user it was fetched as (with `userinfo`), undefined when anonymous. */
  user?: CatalogueUser;
  /** How the modules were listed: `wildcard` or `batches`. */
  strategy: 'wildcard' | 'batches';
  requests: number;
}

function namespacesFrom(query: JsonObject): NamespaceInfo[] {
  const out: NamespaceInfo[] = [];
  const ns = objOf(query.namespaces);
  const aliases: Record<number, string[]> = {};
  for (const a of arrOf(query.namespacealiases).map(objOf)) {
    const id = Number(a.id);
    const name = a.alias ?? a['*'];
    if (Number.isFinite(id) && typeof name === 'string') (aliases[id] ??= []).push(name);
  }
  for (const v of Object.values(ns).map(objOf)) {
    const id = Number(v.id);
    if (!Number.isFinite(id)) continue;
    const name = typeof v.name === 'string' ? v.name : typeof v['*'] === 'string' ? v['*'] : '';
    out.push({ id, name, canonical: typeof v.canonical === 'string' ? v.canonical : undefined, aliases: aliases[id] });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** The signed-in user of `meta=userinfo` (name, rights); undefined for an anonymous answer. */
function userFrom(info: unknown): CatalogueUser | undefined {
  if (!isObj(info) || !info.id || (info.anon !== undefined && info.anon !== false) || typeof info.name !== 'string') return undefined;
  return { name: info.name, rights: Array.isArray(info.rights) ? info.rights.map(String) : [] };
}

/** Module paths reachable through `submodule` parameters that are not described yet. */
function missingSubmodules(modules: Map<string, ModuleInfo>): string[] {
  const want = new Set<string>();
  for (const m of modules.values()) {
    for (const p of m.parameters) for (const path of Object.values(p.submodules ?? {})) if (!modules.has(path)) want.add(path);
  }
  return [...want];
}

export async function fetchWikiCatalogue(endpoint: string, options: CatalogueFetchOptions = {}): Promise<WikiCatalogueData> {
  const opts = { ...options, http: options.http ?? catalogueHttpClient(options) };
  let requests = 0;
  const get = (params: Record<string, string>) => {
    requests++;
    return getCatalogueJson(endpoint, { format: 'json', formatversion: '2', ...params }, opts);
  };
  const si = await get({ action: 'query', meta: opts.userinfo ? 'siteinfo|userinfo' : 'siteinfo', siprop: 'general|namespaces|namespacealiases', ...(opts.userinfo ? { uiprop: 'rights' } : {}) });
  const query = objOf(si.query);
  const general = query.general;
  if (!isObj(general)) throw new CatalogueFetchError(endpoint, 'the answer has no siteinfo: this does not look like a MediaWiki api.php');
  const mwVersion = typeof general.generator === 'string' ? general.generator.replace(/^MediaWiki\s+/i, '') : undefined;
  const modules = new Map<string, ModuleInfo>();
  const add = (json: unknown) => {
    for (const m of readParaminfo(json)) if (!modules.has(m.path)) modules.set(m.path, m);
  };
  const paraminfo = (paths: string[]) => get({ action: 'paraminfo', modules: paths.join('|'), helpformat: 'html' });
  let strategy: WikiCatalogueData['strategy'] = 'wildcard';
  try {
    add(await paraminfo(['main', '*', 'query+*']));
  } catch (e) {
    // An answer that could not be read at all will not be readable in batches either.
    if (!(e instanceof CatalogueFetchError) || e.kind) throw e;
  }
  if (!modules.has('query+allpages') && !modules.has('query')) {
    // No wildcards here: walk from main in batches.
    strategy = 'batches';
    add(await paraminfo(['main']));
    if (!modules.has('main')) throw new CatalogueFetchError(endpoint, 'paraminfo did not describe the main module');
  }
  for (let round = 0; round < 10; round++) {
    const missing = missingSubmodules(modules);
    if (!missing.length) break;
    for (let i = 0; i < missing.length; i += BATCH) add(await paraminfo(missing.slice(i, i + BATCH)));
    // Paths the wiki refused to describe would be asked again forever: drop them.
    const still = missingSubmodules(modules).filter((p) => missing.includes(p));
    if (still.length === missing.length) break;
  }
  for (const m of modules.values()) {
    if (m.description) m.description = htmlToMarkdown(m.description, endpoint);
    for (const p of [...m.parameters, ...m.templatedparameters]) {
      if (p.description) p.description = htmlToMarkdown(p.description, endpoint);
      if (p.valuedescriptions) for (const k of Object.keys(p.valuedescriptions)) p.valuedescriptions[k] = htmlToMarkdown(p.valuedescriptions[k], endpoint);
    }
  }
  return {
    endpoint, mwVersion, fetchedAt: new Date().toISOString(), namespaces: namespacesFrom(query), user: userFrom(query.userinfo), modules: [...modules.values()], strategy, requests,
  };
}

export function catalogueOf(data: WikiCatalogueData, source: 'live' | 'cached'): Catalogue {
  return new Catalogue({
    source, modules: data.modules, exhaustive: true, endpoint: data.endpoint, mwVersion: data.mwVersion, fetchedAt: data.fetchedAt, namespaces: data.namespaces, user: data.user,
  });
}
