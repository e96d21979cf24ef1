/**
 * The catalogues `check` and `run` use. Bundled by default; live: each wiki's own, from the same
 * disk cache as the editor when the wiki's MediaWiki version (one small siteinfo request) is still
 * the cached one, else fetched and cached. A wiki that cannot be reached falls back to the cached
 * or bundled catalogue with one line on stderr.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { StaticCatalogueProvider, type Catalogue, type CatalogueProvider } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import {
  CatalogueCache, CatalogueFetchError, errorMessage, catalogueHttpClient, catalogueOf, fetchWikiCatalogue, getCatalogueJson, isFetchableEndpoint, objOf, type CatalogueFetchOptions, type HostScheduler,
} from '../../engine/src';
import { choice, num, str, type Args, type Io } from './args';
import { signedInClient } from './credentials';

/** The editor's default too: `$XDG_CACHE_HOME/wikiq/catalogues`, else `~/.cache/wikiq/catalogues`. */
export function defaultCacheDir(io: Io): string {
  const home = io.cacheHome ?? (process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'));
  return path.join(home, 'wikiq', 'catalogues');
}

export const catalogueMode = (args: Args) => choice(args, '--catalogue', ['bundled', 'live'] as const, 'bundled');

/** The MediaWiki version a wiki reports now (one siteinfo request). */
async function currentVersion(endpoint: string, opts: CatalogueFetchOptions): Promise<string | undefined> {
  const si = await getCatalogueJson(endpoint, { action: 'query', meta: 'siteinfo', siprop: 'general', format: 'json', formatversion: '2' }, opts);
  const g = objOf(objOf(si.query).general).generator;
  return typeof g === 'string' ? g.replace(/^MediaWiki\s+/i, '') : undefined;
}

/**
 * One wiki's catalogue: the cached one while its version holds, else fetched and cached. With
 * credentials for the endpoint (cliCredentials) it is fetched signed in, and cached as that user's.
 */
async function liveCatalogue(endpoint: string, cache: CatalogueCache, base: CatalogueFetchOptions, io: Io): Promise<Catalogue> {
  let cached: ReturnType<CatalogueCache['read']>;
  try {
    const http = base.http ? signedInClient(endpoint, base.http.options) : undefined;
    const opts: CatalogueFetchOptions = http ? { ...base, http, userinfo: true } : base;
    cached = cache.read(endpoint, http ? (await http.ready(base.signal)).name : undefined);
    if (cached?.mwVersion && (await currentVersion(endpoint, opts)) === cached.mwVersion) return catalogueOf(cached, 'cached');
    const data = await fetchWikiCatalogue(endpoint, opts);
    try {
      cache.write(data);
    } catch (e) {
      io.err(`wikiq: could not write the catalogue cache in ${cache.dir}: ${(e as Error).message}`);
    }
    return catalogueOf(data, 'live');
  } catch (e) {
    if (io.stop?.aborted) return bundledCatalogue(); // stopped: the caller says so
    const reason = e instanceof CatalogueFetchError ? e.message : `Could not load the catalogue of ${endpoint}: ${errorMessage(e)}`;
    io.err(`wikiq: ${reason}${/[.?!]$/.test(reason) ? '' : '.'} Using ${cached ? `the cached catalogue from ${cached.fetchedAt.slice(0, 10)}` : 'the bundled catalogue'}.`);
    return cached ? catalogueOf(cached, 'cached') : bundledCatalogue();
  }
}

/** A catalogue per endpoint, loaded before use (`scheduler`: the per-host queue shared with the program's runs, the MCP server's). */
export async function catalogueProvider(args: Args, io: Io, endpoints: Iterable<string>, scheduler?: HostScheduler): Promise<CatalogueProvider> {
  if (catalogueMode(args) === 'bundled') return new StaticCatalogueProvider(bundledCatalogue());
  const cache = new CatalogueCache(str(args, '--cache-dir') ?? defaultCacheDir(io));
  const opts: CatalogueFetchOptions = {
    http: catalogueHttpClient({ userAgent: str(args, '--user-agent'), timeoutMs: (num(args, '--timeout', { min: 0.001 }) ?? 30) * 1000, scheduler }),
    signal: io.stop,
  };
  const loaded = new Map<string, Catalogue>();
  for (const ep of new Set(endpoints)) if (isFetchableEndpoint(ep)) loaded.set(ep, await liveCatalogue(ep, cache, opts, io));
  return {
    get: (endpoint?: string) => (endpoint && loaded.get(endpoint)) || bundledCatalogue(),
    onDidChange: () => ({ dispose: () => undefined }),
  };
}
