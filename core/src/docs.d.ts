/**
 * Markdown documentation of modules, parameters, values and variables, shared by hover and
 * completion so both say the same thing.
 */
import type { Catalogue, ModuleInfo, ParamInfo } from './catalogue/model';
/** Standard namespaces of MediaWiki, for catalogues that carry no siteinfo. */
export declare const DEFAULT_NAMESPACES: Array<{
    id: number;
    name: string;
}>;
export declare function namespacesOf(catalogue: Catalogue): Array<{
    id: number;
    name: string;
}>;
export declare function code(s: string): string;
export declare function typeLabel(p: ParamInfo): string;
export declare function moduleDoc(m: ModuleInfo, prefix?: string, generator?: boolean): string;
export declare function paramDoc(p: ParamInfo, fullName: string, m: ModuleInfo, selectionLabel: string, catalogue: Catalogue): string;
export declare function oneLine(s: string): string;
