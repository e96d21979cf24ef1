import { Catalogue, ModuleInfo, NamespaceInfo } from '../../../core/src';
export interface FetchOptions {
    userAgent?: string;
    /** Per HTTP request; default 15 s. */
    timeoutMs?: number;
    signal?: AbortSignal;
    /** Called with each URL requested (for logs and tests). */
    onRequest?: (url: string) => void;
}
/** A failed catalogue load, with one sentence naming the endpoint and the reason. */
export declare class CatalogueFetchError extends Error {
    readonly endpoint: string;
    readonly reason: string;
    constructor(endpoint: string, reason: string);
}
export declare function getJson(endpoint: string, params: Record<string, string>, opts: FetchOptions): Promise<any>;
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
export declare function fetchWikiCatalogue(endpoint: string, opts?: FetchOptions): Promise<WikiCatalogueData>;
export declare function catalogueOf(data: WikiCatalogueData, source: 'live' | 'cached'): Catalogue;
