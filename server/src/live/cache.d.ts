import type { WikiCatalogueData } from './fetch';
export declare class CatalogueCache {
    readonly dir: string;
    private readonly log;
    constructor(dir: string, log?: (m: string) => void);
    private filesFor;
    /** The newest readable cached catalogue of an endpoint, if any. */
    read(endpoint: string): WikiCatalogueData | undefined;
    write(data: WikiCatalogueData): string;
}
