/**
 * How features get a catalogue: per endpoint, never blocking. The live provider (engine/src/catalogue)
 * adds fetching and caching behind the same `get`.
 */
import type { Catalogue } from './model';
export interface CatalogueProvider {
    /** The best catalogue available now for an endpoint (undefined: no endpoint known). Never blocks, never throws. */
    get(endpoint: string | undefined): Catalogue;
    /** Fires when `get` would now answer differently for an endpoint (undefined: for every endpoint). */
    onDidChange?(listener: (endpoint?: string) => void): {
        dispose(): void;
    };
}
/** One catalogue for every endpoint: the bundled one, or a fixture in tests. It never changes. */
export declare class StaticCatalogueProvider implements CatalogueProvider {
    private readonly catalogue;
    constructor(catalogue: Catalogue);
    get(_endpoint?: string): Catalogue;
    onDidChange(_listener?: (endpoint?: string) => void): {
        dispose(): void;
    };
}
