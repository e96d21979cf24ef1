/**
 * What every feature gets: the document, its parse tree, and per-request analysis against the
 * catalogue of the request's endpoint (memoised for the lifetime of one call, the last few requests).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Range } from 'vscode-languageserver-types';
import { Analysis } from './analysis';
import type { Catalogue } from './catalogue/model';
import type { CatalogueProvider } from './catalogue/provider';
import type { RequestNode, Span, WikiqFile } from './parser/ast';
import { Environment } from './variables';
export interface FeatureContext {
    document: TextDocument;
    file: WikiqFile;
    env?: Environment;
    /** The client takes `CompletionList.itemDefaults.editRange` (LSP 3.17). */
    itemDefaults?: boolean;
    /** ... and `CompletionList.itemDefaults.data`. */
    itemDefaultsData?: boolean;
    catalogueFor(request: RequestNode | undefined): Catalogue;
    analysis(request: RequestNode): Analysis;
    range(span: Span): Range;
}
export declare function createContext(document: TextDocument, file: WikiqFile, catalogues: CatalogueProvider, env?: Environment, itemDefaults?: {
    editRange: boolean;
    data: boolean;
}): FeatureContext;
