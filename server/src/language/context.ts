/**
 * What every feature gets: the document, its parse tree, and per-request analysis against the
 * catalogue of the request's endpoint (memoised for the lifetime of one call).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Range } from 'vscode-languageserver-types';
import { Analysis, analyse } from './analysis';
import type { Catalogue } from './catalogue/model';
import type { CatalogueProvider } from './catalogue/provider';
import type { RequestNode, Span, WikiqFile } from './parser/ast';
import { Environment, endpointFor } from './variables';

export interface FeatureContext {
  document: TextDocument;
  file: WikiqFile;
  env?: Environment;
  /** The client takes `CompletionList.itemDefaults.editRange` (LSP 3.17). */
  itemDefaults?: boolean;
  catalogueFor(request: RequestNode | undefined): Catalogue;
  analysis(request: RequestNode): Analysis;
  range(span: Span): Range;
}

export function createContext(document: TextDocument, file: WikiqFile, catalogues: CatalogueProvider, env?: Environment, itemDefaults = false): FeatureContext {
  const analyses = new Map<RequestNode, Analysis>();
  const catalogueFor = (request: RequestNode | undefined) => catalogues.get(endpointFor(file, request, env));
  return {
    document, file, env, catalogueFor, itemDefaults,
    analysis(request) {
      let a = analyses.get(request);
      if (!a) {
        a = analyse(file, request, catalogueFor(request), env);
        analyses.set(request, a);
      }
      return a;
    },
    range(span) {
      return Range.create(document.positionAt(span.start), document.positionAt(span.end));
    },
  };
}
