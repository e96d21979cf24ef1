/**
 * The façade of the language core, in the shape of vscode-json-languageservice:
 * `getLanguageService(params)` returns the features, each a pure function of the document, its
 * parse tree, the catalogue provider and the environment. No `vscode`, no LSP connection, no I/O
 * here: the catalogue provider and environment are passed in.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CodeActionContext, CompletionItem, CompletionList, Diagnostic, DocumentSymbol, FoldingRange, Hover, Position, Range } from 'vscode-languageserver-types';
import type { CatalogueProvider } from './catalogue/provider';
import type { WikiqFile } from './parser/ast';
import type { Environment } from './variables';
export interface LanguageServiceParams {
    catalogues: CatalogueProvider;
    /** The active environment (endpoint and variables), read at each call. */
    environment?: () => Environment | undefined;
    /**
     * The completion item defaults the client takes (LSP 3.17 `completionList.itemDefaults`, e.g.
     * `['editRange', 'data']`); `true` means `editRange` only. Lists are then smaller: one shared
     * edit range, and name lists share their resolve data.
     */
    completionItemDefaults?: boolean | readonly string[];
}
export interface LanguageService {
    parse(document: TextDocument): WikiqFile;
    doComplete(document: TextDocument, position: Position, file?: WikiqFile): CompletionList;
    /** Adds the documentation of a completion item (lazily, on `completionItem/resolve`). */
    doResolve(item: CompletionItem): CompletionItem;
    doHover(document: TextDocument, position: Position, file?: WikiqFile): Hover | null;
    doValidation(document: TextDocument, file?: WikiqFile): Diagnostic[];
    doCodeActions(document: TextDocument, range: Range, context: CodeActionContext, file?: WikiqFile): CodeAction[];
    findDocumentSymbols(document: TextDocument, file?: WikiqFile): DocumentSymbol[];
    getFoldingRanges(document: TextDocument, file?: WikiqFile): FoldingRange[];
}
export declare function getLanguageService(params: LanguageServiceParams & {
    onError?: (feature: string, e: unknown) => void;
}): LanguageService;
