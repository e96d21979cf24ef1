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

export const catalogueMode = (args: Args, fallback: 'bundled' | 'live' = 'bundled') => choice(args, '--catalogue', ['bundled', 'live'] as const, fallback);

/** How the catalogues are loaded, read once from the flags (`--catalogue`, `--cache-dir`, `--user-agent`, `--timeout`). */
export interface CatalogueOptions {
  mode: 'bundled' | 'live';
  cacheDir: string;
  userAgent?: string;
  timeoutMs: number;
  /** The per-host queue shared with the program's runs (the MCP server's: one request in flight per wiki, #40). */
  scheduler?: HostScheduler;
}

/** The catalogue options of a command line; `mode` without `--catalogue` (bundled for check and run, live for mcp). */
export function catalogueOptions(args: Args, io: Io, mode: 'bundled' | 'live' = 'bundled'): CatalogueOptions {
  return {
    mode: catalogueMode(args, mode),
    cacheDir: str(args, '--cache-dir') ?? defaultCacheDir(io),
    userAgent: str(args, '--user-agent'),
    timeoutMs: (num(args, '--timeout', { min: 0.001 }) ?? 30) * 1000,
  };
}

/** A wiki's catalogue as loaded: the fallback (cached or bundled) with the reason when the wiki's own could not be loaded. */
export interface LoadedCatalogue {
  catalogue: Catalogue;
  failure?: string;
}

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
async function liveCatalogue(endpoint: string, cache: CatalogueCache, base: CatalogueFetchOptions, io: Io): Promise<LoadedCatalogue> {
  let cached: ReturnType<CatalogueCache['read']>;
  try {
    const http = base.http ? signedInClient(endpoint, base.http.options) : undefined;
    const opts: CatalogueFetchOptions = http ? { ...base, http, userinfo: true } : base;
    cached = cache.read(endpoint, http ? (await http.ready(base.signal)).name : undefined);
    if (cached?.mwVersion && (await currentVersion(endpoint, opts)) === cached.mwVersion) return { catalogue: catalogueOf(cached, 'cached') };
    const data = await fetchWikiCatalogue(endpoint, opts);
    try {
      cache.write(data);
    } catch (e) {
      io.err(`wikiq: could not write the catalogue cache in ${cache.dir}: ${(e as Error).message}`);
    }
    return { catalogue: catalogueOf(data, 'live') };
  } catch (e) {
    if (io.stop?.aborted) return { catalogue: bundledCatalogue(), failure: 'Stopped.' }; // the caller says so
    const reason = e instanceof CatalogueFetchError ? e.message : `Could not load the catalogue of ${endpoint}: ${errorMessage(e)}`;
    const failure = `${reason}${/[.?!]$/.test(reason) ? '' : '.'} Using ${cached ? `the cached catalogue from ${cached.fetchedAt.slice(0, 10)}` : 'the bundled catalogue'}.`;
    io.err(`wikiq: ${failure}`);
    return { catalogue: cached ? catalogueOf(cached, 'cached') : bundledCatalogue(), failure };
  }
}

/** One wiki's catalogue as `options` say: the bundled one, or the wiki's own (see liveCatalogue). */
export async function loadCatalogue(options: CatalogueOptions, io: Io, endpoint: string): Promise<LoadedCatalogue> {
  if (options.mode === 'bundled' || !isFetchableEndpoint(endpoint)) return { catalogue: bundledCatalogue() };
  const opts: CatalogueFetchOptions = { http: catalogueHttpClient({ userAgent: options.userAgent, timeoutMs: options.timeoutMs, scheduler: options.scheduler }), signal: io.stop };
  return liveCatalogue(endpoint, new CatalogueCache(options.cacheDir), opts, io);
}

/** A catalogue per endpoint, loaded before use. */
export async function catalogueProvider(args: Args, io: Io, endpoints: Iterable<string>): Promise<CatalogueProvider> {
  const options = catalogueOptions(args, io);
  if (options.mode === 'bundled') return new StaticCatalogueProvider(bundledCatalogue());
  const loaded = new Map<string, Catalogue>();
  for (const ep of new Set(endpoints)) if (isFetchableEndpoint(ep)) loaded.set(ep, (await loadCatalogue(options, io, ep)).catalogue);
  return {
    get: (endpoint?: string) => (endpoint && loaded.get(endpoint)) || bundledCatalogue(),
    onDidChange: () => ({ dispose: () => undefined }),
  };
}
