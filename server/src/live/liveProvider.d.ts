/**
 * The catalogue provider the server uses: per endpoint, the best catalogue available *now* — live
 * (fetched this session), cached on disk, or bundled — while the wiki's own is fetched in the
 * background. `get` never blocks and never does network I/O itself; status changes are announced
 * so diagnostics can be refreshed when a catalogue arrives.
 */
import type { CatalogueStatus } from '../../../common/protocol';
import { type CatalogueProvider } from '../../../core/src';
export interface LiveProviderOptions {
    /** Where cache files go; undefined: no disk cache. */
    cacheDir?: string;
    userAgent?: string;
    timeoutMs?: number;
    log?: (message: string) => void;
    /** Called with each URL fetched (tests, logs). */
    onRequest?: (url: string) => void;
}
export interface ServerCatalogueProvider extends CatalogueProvider {
    status(endpoint: string | undefined): CatalogueStatus;
    refresh(endpoint: string): Promise<CatalogueStatus>;
    onStatus(listener: (status: CatalogueStatus) => void): {
        dispose(): void;
    };
    /** In an untrusted workspace, endpoints chosen by files are not fetched. */
    setFetchAllowed(allowed: (endpoint: string) => boolean): void;
    /** Resolves when no fetch is under way (tests, CLI). */
    idle(): Promise<void>;
}
export declare function isFetchableEndpoint(endpoint: string): boolean;
export declare function createLiveProvider(options: LiveProviderOptions): ServerCatalogueProvider;
