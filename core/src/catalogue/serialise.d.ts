/**
 * Serialisation (the on-disk cache): plain JSON whose modules are paraminfo descriptors in the
 * formatversion 2 style, so that reading a cache goes through the same reader as a wiki's answer.
 */
import { Catalogue, type CatalogueSource, type ModuleInfo, type NamespaceInfo } from './model';
import { type JsonObject as Json } from '../util/json';
/** The version of the serialised form; a file of another version is not read. */
export declare const SERIALISED_CATALOGUE_VERSION = 1;
export interface SerialisedCatalogue {
    wikiqcatalogue: number;
    source: CatalogueSource;
    exhaustive: boolean;
    endpoint?: string;
    mwVersion?: string;
    fetchedAt?: string;
    namespaces?: NamespaceInfo[];
    paraminfo: {
        helpformat: string;
        modules: Json[];
    };
}
/** A normalised module back in the descriptor shape (formatversion 2 style); `readModule` of it gives the module again. */
export declare function moduleDescriptor(m: ModuleInfo): Json;
/** A catalogue as plain JSON text (for the on-disk cache). */
export declare function serialiseCatalogue(c: Catalogue): string;
/**
 * Reads what `serialiseCatalogue` wrote (text or parsed JSON). Never throws: an unreadable,
 * foreign or empty input gives undefined and a reason in `problems`. The catalogue read back has
 * `source` as given (default `cached`).
 */
export declare function deserialiseCatalogue(input: unknown, opts?: {
    source?: CatalogueSource;
    problems?: string[];
}): Catalogue | undefined;
