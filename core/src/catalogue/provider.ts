/**
 * How features get a catalogue: per endpoint, never blocking. The live provider (engine/src/catalogue)
 * adds fetching and caching behind the same `get`.
 */
import type { Catalogue } from './model';

export interface CatalogueProvider {
  /** The best catalogue available now for an endpoint (undefined: no endpoint known). Never blocks, never throws. */
  get(endpoint: string | undefined): Catalogue;
  /** Fires when `get` would now answer differently for an endpoint (undefined: for every endpoint). */
  onDidChange?(listener: (endpoint?: string) => void): { dispose(): void };
}

/** One catalogue for every endpoint: the bundled one, or a fixture in tests. It never changes. */
export class StaticCatalogueProvider implements CatalogueProvider {
  constructor(private readonly catalogue: Catalogue) {}

  get(_endpoint?: string): Catalogue {
    return this.catalogue;
  }

  onDidChange(_listener?: (endpoint?: string) => void): { dispose(): void } {
    return { dispose: () => undefined };
  }
}
