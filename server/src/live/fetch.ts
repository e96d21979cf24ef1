/**
 * Fetches a wiki's own catalogue: `meta=siteinfo` (MediaWiki version, namespaces) and
 * `action=paraminfo` for every module — with the wildcards `*|query+*` where the wiki accepts
 * them, else in batches of at most 50 module paths (the `modules` parameter's own limit) — then
 * follows every `submodule` parameter to modules not yet described. Descriptions are asked for as
 * HTML and converted to safe Markdown.
 *
 * Uses Node's own `fetch` (undici inside Node), not the undici package: the server bundle then
 * carries no copy of undici (about 130 KB of the compressed .vsix).
 */
import { defaultUserAgent } from '../../../common/version';
import { Catalogue, ModuleInfo, NamespaceInfo, readParaminfo } from '../../../core/src';
import { htmlToMarkdown } from './html';

export interface FetchOptions {
  userAgent?: string;
  /** Per HTTP request; default 15 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with each URL requested (for logs and tests). */
  onRequest?: (url: string) => void;
}

/** A failed catalogue load, with one sentence naming the endpoint and the reason. */
export class CatalogueFetchError extends Error {
  constructor(readonly endpoint: string, readonly reason: string) {
    super(`Could not load the catalogue of ${endpoint}: ${reason}`);
    this.name = 'CatalogueFetchError';
  }
}

const MAX_BYTES = 64 * 1024 * 1024;
const BATCH = 50;

function snippet(text: string): string {
  return JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 120));
}

export async function getJson(endpoint: string, params: Record<string, string>, opts: FetchOptions): Promise<any> {
  const url = new URL(endpoint);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const href = url.toString();
  opts.onRequest?.(href);
  const timeoutMs = opts.timeoutMs ?? 15000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res;
  try {
    res = await fetch(href, {
      headers: { 'user-agent': opts.userAgent || defaultUserAgent('catalogue'), 'accept-encoding': 'gzip', accept: 'application/json' },
      signal,
      redirect: 'follow',
    });
  } catch (e) {
    if (timeout.aborted) throw new CatalogueFetchError(endpoint, `no answer within ${Math.round(timeoutMs / 1000)} s`);
    if (opts.signal?.aborted) throw new CatalogueFetchError(endpoint, 'cancelled');
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new CatalogueFetchError(endpoint, `network error (${cause?.code ?? cause?.message ?? (e as Error).message})`);
  }
  let text: string;
  try {
    const len = Number(res.headers.get('content-length') ?? '0');
    if (len > MAX_BYTES) throw new CatalogueFetchError(endpoint, `the answer is too large (${len} bytes)`);
    text = await res.text();
  } catch (e) {
    if (e instanceof CatalogueFetchError) throw e;
    if (timeout.aborted) throw new CatalogueFetchError(endpoint, `no answer within ${Math.round(timeoutMs / 1000)} s`);
    throw new CatalogueFetchError(endpoint, `the answer broke off (${(e as Error).message})`);
  }
  const type = res.headers.get('content-type') ?? '';
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    const what = /html/i.test(type) || /^\s*</.test(text) ? 'an HTML page' : `a non-JSON answer (${type || 'no content type'})`;
    throw new CatalogueFetchError(endpoint, `HTTP ${res.status}, ${what} instead of the API's JSON, starting ${snippet(text)} — is this the api.php URL?`);
  }
  if (!res.ok && !(json && typeof json === 'object' && json.error)) {
    throw new CatalogueFetchError(endpoint, `HTTP ${res.status} ${res.statusText}`.trim());
  }
  if (json && typeof json === 'object' && json.error) {
    const err = json.error;
    const info = err.info ?? err.text ?? err['*'] ?? '';
    throw new CatalogueFetchError(endpoint, `the API answered error "${err.code ?? 'unknown'}"${info ? `: ${String(info).slice(0, 200)}` : ''}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new CatalogueFetchError(endpoint, 'the answer is not a MediaWiki API object');
  return json;
}

export interface WikiCatalogueData {
  endpoint: string;
  mwVersion?: string;
  fetchedAt: string;
  namespaces: NamespaceInfo[];
  modules: ModuleInfo[];
  /** How the modules were listed: `wildcard` or `batches`. */
  strategy: 'wildcard' | 'batches';
  requests: number;
}

function namespacesFrom(query: any): NamespaceInfo[] {
  const out: NamespaceInfo[] = [];
  const ns = query?.namespaces ?? {};
  const aliases: Record<number, string[]> = {};
  for (const a of query?.namespacealiases ?? []) {
    const id = Number(a.id);
    const name = a.alias ?? a['*'];
    if (Number.isFinite(id) && typeof name === 'string') (aliases[id] ??= []).push(name);
  }
  for (const v of Object.values<any>(ns)) {
    const id = Number(v.id);
    if (!Number.isFinite(id)) continue;
    const name = typeof v.name === 'string' ? v.name : typeof v['*'] === 'string' ? v['*'] : '';
    out.push({ id, name, canonical: typeof v.canonical === 'string' ? v.canonical : undefined, aliases: aliases[id] });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** Module paths reachable through `submodule` parameters that are not described yet. */
function missingSubmodules(modules: Map<string, ModuleInfo>): string[] {
  const want = new Set<string>();
  for (const m of modules.values()) {
    for (const p of m.parameters) for (const path of Object.values(p.submodules ?? {})) if (!modules.has(path)) want.add(path);
  }
  return [...want];
}

export async function fetchWikiCatalogue(endpoint: string, opts: FetchOptions = {}): Promise<WikiCatalogueData> {
  let requests = 0;
  const get = (params: Record<string, string>) => {
    requests++;
    return getJson(endpoint, { format: 'json', formatversion: '2', ...params }, opts);
  };
  const si = await get({ action: 'query', meta: 'siteinfo', siprop: 'general|namespaces|namespacealiases' });
  const general = si?.query?.general;
  if (!general || typeof general !== 'object') throw new CatalogueFetchError(endpoint, 'the answer has no siteinfo: this does not look like a MediaWiki api.php');
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
    if (!(e instanceof CatalogueFetchError) || /network|no answer|cancelled/.test(e.reason)) throw e;
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
    endpoint, mwVersion, fetchedAt: new Date().toISOString(), namespaces: namespacesFrom(si.query), modules: [...modules.values()], strategy, requests,
  };
}

export function catalogueOf(data: WikiCatalogueData, source: 'live' | 'cached'): Catalogue {
  return new Catalogue({
    source, modules: data.modules, exhaustive: true, endpoint: data.endpoint, mwVersion: data.mwVersion, fetchedAt: data.fetchedAt, namespaces: data.namespaces,
  });
}
