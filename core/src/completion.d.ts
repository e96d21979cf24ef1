/**
 * Completion: parameter names of the modules a request selects (with their prefixes, `g` for the
 * generator, templated names expanded), values (module names, enumerations, `max`, `*`,
 * namespaces, `now`, module paths for paraminfo), and variables after `{{`.
 *
 * The context is read from the text of the cursor's line (the document may be mid-edit), the
 * meaning from the analysis of the request the line belongs to.
 */
import { CompletionItem, CompletionList } from 'vscode-languageserver-types';
import { Selection } from './analysis';
import type { Catalogue } from './catalogue/model';
import type { FeatureContext } from './context';
export declare function lineOf(lineStarts: number[], offset: number): number;
export declare function lineBounds(text: string, lineStarts: number[], offset: number): {
    start: number;
    end: number;
};
export declare function selectionLabel(s: Selection): string;
export declare function doComplete(ctx: FeatureContext, offset: number): CompletionList;
/**
 * What an item needs to get its documentation on `completionItem/resolve`, kept small on the wire
 * (a name list is sent often and can hold a hundred items):
 * - `d`: the item's own: `['p', module path, parameter name, selection label]` or
 *   `['m', module path, prefix, generator 0/1]`;
 * - `n`: shared by a whole name list (the client's `itemDefaults.data`): the selections as
 *   `[module path, prefix, label]`, in the order that decides which module owns a name;
 * - `e`: the endpoint whose catalogue the list came from.
 */
export interface ResolveData {
    d?: ['p', string, string, string] | ['m', string, string, 0 | 1];
    n?: Array<[string, string, string]>;
    e?: string;
}
/** Fills in an item's documentation: computed only for the item the user looks at. */
export declare function resolveCompletion(item: CompletionItem, catalogue: Catalogue): CompletionItem;
