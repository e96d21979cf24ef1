/** Document symbols (one per request, its parameters and variables inside) and folding ranges. */
import { DocumentSymbol, FoldingRange } from 'vscode-languageserver-types';
import type { FeatureContext } from './context';
export declare function findDocumentSymbols(ctx: FeatureContext): DocumentSymbol[];
export declare function getFoldingRanges(ctx: FeatureContext): FoldingRange[];
