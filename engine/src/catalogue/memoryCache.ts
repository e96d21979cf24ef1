/**
 * `cache.ts` in the web bundles (scripts/webBuild.mjs): the language server in a web worker has no
 * disk, so a wiki's catalogue is kept in memory for the worker's life (keyed by endpoint and user,
 * like the cache files; the newest write wins, so a new MediaWiki version replaces the old one).
 * Cleared when the worker ends, i.e. when the editor window closes or reloads.
 */
import type { WikiCatalogueData } from './fetch';

export class CatalogueCache {
  private readonly entries = new Map<string, WikiCatalogueData>();

  constructor(readonly dir: string, _log: (m: string) => void = () => undefined) {}

  private static key(endpoint: string, user?: string): string {
    return user ? `${endpoint}\u0000${user}` : endpoint;
  }

  /** The catalogue of an endpoint as `user` saw it (undefined: anonymous), if one arrived since the worker started. */
  read(endpoint: string, user?: string): WikiCatalogueData | undefined {
    return this.entries.get(CatalogueCache.key(endpoint, user));
  }

  /** Keeps `data`; returns where it is kept (for the log). */
  write(data: WikiCatalogueData): string {
    this.entries.set(CatalogueCache.key(data.endpoint, data.user?.name), data);
    return `memory:${data.endpoint}`;
  }
}
