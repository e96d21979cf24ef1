/**
 * The catalogue provider the server uses: per endpoint, the best catalogue available now (live,
 * cached on disk, or bundled), loading the wiki's own in the background. (Live fetching is being
 * built; until then every endpoint gets the bundled catalogue.)
 */
import type { CatalogueStatus } from '../../../common/protocol';
import { bundledCatalogue } from '../language/catalogue/bundled';
import type { Catalogue } from '../language/catalogue/model';
import type { CatalogueProvider } from '../language/catalogue/provider';

export interface LiveProviderOptions {
  /** Where cache files go; undefined: no disk cache. */
  cacheDir?: string;
  userAgent?: string;
  timeoutMs?: number;
  log?: (message: string) => void;
}

export interface ServerCatalogueProvider extends CatalogueProvider {
  status(endpoint: string | undefined): CatalogueStatus;
  refresh(endpoint: string): Promise<CatalogueStatus>;
  onStatus(listener: (status: CatalogueStatus) => void): { dispose(): void };
  /** In an untrusted workspace, endpoints chosen by files are not fetched. */
  setFetchAllowed(allowed: (endpoint: string) => boolean): void;
}

export function createLiveProvider(options: LiveProviderOptions): ServerCatalogueProvider {
  void options;
  return {
    get: (): Catalogue => bundledCatalogue(),
    status: (endpoint) => ({ endpoint, source: 'bundled' }),
    refresh: async (endpoint) => ({ endpoint, source: 'bundled', error: 'Live catalogues are not available in this build.' }),
    onStatus: () => ({ dispose() {} }),
    setFetchAllowed() {},
  };
}
