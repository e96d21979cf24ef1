/** How features get a catalogue: per endpoint, never blocking. */
import type { Catalogue } from './model';

export interface CatalogueProvider {
  /** The best catalogue available now for an endpoint (undefined: no endpoint known). */
  get(endpoint: string | undefined): Catalogue;
}

/** One catalogue for every endpoint: the bundled one, or a fixture in tests. */
export class StaticCatalogueProvider implements CatalogueProvider {
  constructor(private readonly catalogue: Catalogue) {}

  get(): Catalogue {
    return this.catalogue;
  }
}
