/**
 * What every feature gets: the document, its parse tree, and per-request analysis against the
 * catalogue of the request's endpoint (memoised for the lifetime of one call, the last few requests).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Range } from 'vscode-languageserver-types';
import { Analysis, analyse } from './analysis';
import type { Catalogue } from './catalogue/model';
import type { CatalogueProvider } from './catalogue/provider';
import type { LanguageServiceParams } from './languageService';
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
  /** Whether credentials are set for this endpoint (LanguageServiceParams `signedIn`); undefined: not known here. */
  signedIn?(endpoint: string): boolean | undefined;
  /** The rights of the account signed in to this endpoint (LanguageServiceParams `accountRights`); undefined: not known here. */
  accountRights?(endpoint: string): readonly string[] | undefined;
  /** The file's variables over the environment's, worked out once per call. */
  fileScope(): Scope;
  analysis(request: RequestNode): Analysis;
  range(span: Span): Range;
}

const KEEP_ANALYSES = 8;

/** What the host tells the features besides the document, its catalogues and environment (LanguageServiceParams'). */
export type ContextOptions = Pick<LanguageServiceParams, 'runFields' | 'checkPattern' | 'fileExists' | 'signedIn' | 'accountRights'> & {
  itemDefaults?: { editRange: boolean; data: boolean };
  triggerCommand?: string;
};

export function createContext(document: TextDocument, file: WikiqFile, catalogues: CatalogueProvider, env?: Environment, opts: ContextOptions = {}): FeatureContext {
  const { itemDefaults = { editRange: false, data: false }, triggerCommand, runFields, checkPattern, fileExists, signedIn, accountRights } = opts;
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
    ...(signedIn ? { signedIn } : {}),
    ...(accountRights ? { accountRights } : {}),
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
