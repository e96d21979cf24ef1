/**
 * What every feature gets: the document, its parse tree, and per-request analysis against the
 * catalogue of the request's endpoint (memoised for the lifetime of one call, the last few requests).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Range } from 'vscode-languageserver-types';
import { Analysis, analyse } from './analysis';
import type { Catalogue } from './catalogue/model';
import type { CatalogueProvider } from './catalogue/provider';
import type { RequestNode, Span, WikiqFile } from './parser/ast';
import { Environment, Scope, endpointFor, scopeFor } from './variables';
import { blockOf } from './parser/blocks';

export interface FeatureContext {
  document: TextDocument;
  file: WikiqFile;
  env?: Environment;
  /** The client takes `CompletionList.itemDefaults.editRange` (LSP 3.17). */
  itemDefaults?: boolean;
  /** ... and `CompletionList.itemDefaults.data`. */
  itemDefaultsData?: boolean;
  /** The command that reopens completion, carried by items that want a value next; none if undefined. */
  triggerCommand?: string;
  catalogueFor(request: RequestNode | undefined): Catalogue;
  /** The record fields of the last run of `request`, when the client said them (LanguageServiceParams `runFields`). */
  runFields?(request: RequestNode): readonly string[] | undefined;
  /** Why the engine that runs `matches` patterns refuses one (LanguageServiceParams `checkPattern`); undefined: not checked here. */
  checkPattern?(source: string, flags: string): string | undefined;
  /** Whether the file at this URI exists, for values read from files (LanguageServiceParams `fileExists`); undefined: not checked here. */
  fileExists?(uri: string): boolean;
  /** The file's variables over the environment's, worked out once per call. */
  fileScope(): Scope;
  analysis(request: RequestNode): Analysis;
  range(span: Span): Range;
}

const KEEP_ANALYSES = 8;

export function createContext(document: TextDocument, file: WikiqFile, catalogues: CatalogueProvider, env?: Environment, itemDefaults: { editRange: boolean; data: boolean } = { editRange: false, data: false }, triggerCommand?: string, runFields?: (uri: string, request: RequestNode) => readonly string[] | undefined, checkPattern?: (source: string, flags: string) => string | undefined, fileExists?: (uri: string) => boolean): FeatureContext {
  const kept = new Array<RequestNode | undefined>(KEEP_ANALYSES).fill(undefined);
  const keptAnalyses = new Array<Analysis | undefined>(KEEP_ANALYSES).fill(undefined);
  let nextSlot = 0;
  // Most requests define no variables and paste no URL: they share the file's scope and endpoint,
  // worked out once per call.
  let fileScope: Scope | undefined;
  let fileCatalogue: Catalogue | undefined;
  const ownScope = (request: RequestNode | undefined) => !!request && (request.variables.length > 0 || request.urls.length > 0);
  const catalogueFor = (request: RequestNode | undefined) => {
    if (ownScope(request)) return catalogues.get(endpointFor(file, request, env));
    return (fileCatalogue ??= catalogues.get(endpointFor(file, undefined, env)));
  };
  const scopeOfFile = () => (fileScope ??= scopeFor(file, undefined, env));
  return {
    document, file, env, catalogueFor, itemDefaults: itemDefaults.editRange, itemDefaultsData: itemDefaults.data, triggerCommand,
    fileScope: scopeOfFile,
    ...(runFields ? { runFields: (request: RequestNode) => runFields(document.uri, request) } : {}),
    ...(checkPattern ? { checkPattern } : {}),
    ...(fileExists ? { fileExists } : {}),
    analysis(request) {
      // Two views of one request (`requestOf`, made when asked) are one request: its place and block.
      const block = blockOf(request);
      for (let i = 0; i < KEEP_ANALYSES; i++) {
        const k = kept[i];
        if (k === request || (k && block && k.index === request.index && blockOf(k) === block)) return keptAnalyses[i]!;
      }
      const scope = ownScope(request) ? undefined : scopeOfFile();
      const a = analyse(file, request, catalogueFor(request), env, scope);
      // Only the last KEEP_ANALYSES, in a ring of slots: features ask about one request at a time
      // (validation walks them in order).
      kept[nextSlot] = request;
      keptAnalyses[nextSlot] = a;
      nextSlot = (nextSlot + 1) % KEEP_ANALYSES;
      return a;
    },
    range(span) {
      return Range.create(document.positionAt(span.start), document.positionAt(span.end));
    },
  };
}
