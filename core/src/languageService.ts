/**
 * The façade of the language core, in the shape of vscode-json-languageservice:
 * `getLanguageService(params)` returns the features, each a pure function of the document, its
 * parse tree, the catalogue provider and the environment. No `vscode`, no LSP connection, no I/O
 * here: the catalogue provider and environment are passed in.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction, CodeActionContext, CompletionItem, CompletionList, Diagnostic, DocumentSymbol, FoldingRange, Hover, Position, Range,
} from 'vscode-languageserver-types';
import type { CatalogueProvider } from './catalogue/provider';
import { doCodeActions } from './codeActions';
import { HOVER_WAIT_MS, type ContentProvider, type ContentToken, contentItems, contentQueryAt, factMarkdown } from './content';
import { validateContent } from './contentDiagnostics';
import { doComplete, endpointOf, inlineDocumentation, resolveCompletion } from './completion/index';
import { createContext, type FeatureContext } from './context';
import { doHover } from './hover';
import type { RequestNode, WikiqFile } from './parser/ast';
import { parse } from './parser/parser';
import { findDocumentSymbols, getFoldingRanges } from './symbols';
import { doValidation } from './validation';
import { ValidationCache } from './validationCache';
import type { Environment } from './variables';

export interface LanguageServiceParams {
  catalogues: CatalogueProvider;
  /** Names from the wiki (titles, users, categories, files) for `doCompleteContent`; none: no content completion. */
  content?: ContentProvider;
  /** The active environment (endpoint and variables), read at each call. */
  environment?: () => Environment | undefined;
  /**
   * The completion item defaults the client takes (LSP 3.17 `completionList.itemDefaults`, e.g.
   * `['editRange', 'data']`); `true` means `editRange` only. Lists are then smaller: one shared
   * edit range, and name lists share their resolve data.
   */
  completionItemDefaults?: boolean | readonly string[];
  /**
   * The command an item that wants a value next carries to reopen completion after it is accepted
   * (VS Code: `editor.action.triggerSuggest`). Undefined: no item carries a command, since a client
   * that does not know it would send it back as `workspace/executeCommand`.
   */
  completionTriggerCommand?: string;
  /**
   * The record fields of the last run of a request of document `uri`, which completion offers first
   * after `every`, `some` and `no` on a `??` line (the server keeps what the client tells it).
   */
  runFields?: (uri: string, request: RequestNode) => readonly string[] | undefined;
  /**
   * Checks a `matches` pattern with the engine that will run it, returning why it cannot be used:
   * a host that evaluates assertions passes core's `patternProblem` (the command line, MCP), so
   * `wikiq check` and `wikiq test` refuse what RE2JS refuses. The editor's language server, which
   * never evaluates a pattern, leaves it out: RE2JS stays out of its bundles (the `.vsix` ≤ 1 MiB),
   * and the parser's own check (backreferences, lookarounds) still runs there.
   */
  checkPattern?: (source: string, flags: string) => string | undefined;
  /**
   * Whether the file at a `file:` URI exists: a value read from a file (`text = < ./page.wiki`,
   * relative to the document) names one. A host that can look (the command line, the language
   * server) passes it; without it, such files are not checked. A request's kept diagnostics
   * (`incremental`) are checked again when a file they looked at appeared or went (validationCache.ts).
   */
  fileExists?: (uri: string) => boolean;
  /**
   * Whether credentials are set for an endpoint (a plain fact, never the credentials): a write to
   * a wiki without them is `write-without-credentials`. Undefined (the function, or its answer):
   * not known here, no diagnostic.
   */
  signedIn?: (endpoint: string) => boolean | undefined;
  /**
   * The rights of the account signed in to an endpoint, as its session says them
   * (`meta=userinfo&uiprop=rights`: a bot password's grants limit them), never its groups: `bot`
   * without the `bot` right is `bot-without-right`. Undefined: not known here, no diagnostic.
   */
  accountRights?: (endpoint: string) => readonly string[] | undefined;
  /**
   * False when the client does not resolve completion items (`completionItem/resolve`): every
   * item then carries its documentation (and detail) inline. Default true: documentation on resolve.
   */
  completionResolve?: boolean;
  /**
   * Keep each document's request diagnostics between validations (by URI) and validate again only
   * the requests whose text, variables, catalogue or environment changed (validationCache.ts).
   * For a server that validates the same documents as they are edited; `forget` drops a document.
   */
  incremental?: boolean;
}

export interface LanguageService {
  parse(document: TextDocument): WikiqFile;
  doComplete(document: TextDocument, position: Position, file?: WikiqFile): CompletionList;
  /**
   * `doComplete`, with names from the wiki (`content`) first where the cursor is in a value of a
   * content parameter (content.ts): waits for the provider, which bounds its own wait.
   */
  doCompleteContent(document: TextDocument, position: Position, file?: WikiqFile, token?: ContentToken): Promise<CompletionList>;
  /** `doHover`, with what the wiki says of the value under the cursor where it names content (one request). */
  doHoverContent(document: TextDocument, position: Position, file?: WikiqFile, token?: ContentToken): Promise<Hover | null>;
  /** Adds the documentation of a completion item (lazily, on `completionItem/resolve`). */
  doResolve(item: CompletionItem): CompletionItem;
  doHover(document: TextDocument, position: Position, file?: WikiqFile): Hover | null;
  doValidation(document: TextDocument, file?: WikiqFile): Diagnostic[];
  /**
   * The content diagnostics of the document (contentDiagnostics.ts): what the wiki says of the names
   * its requests send, asked of `content` (none: no diagnostics); `token` cancels the lookups. Only
   * these: `withContentDiagnostics` puts them after `doValidation`'s.
   */
  doValidateContent(document: TextDocument, file?: WikiqFile, token?: ContentToken): Promise<Diagnostic[]>;
  doCodeActions(document: TextDocument, range: Range, context: CodeActionContext, file?: WikiqFile): CodeAction[];
  findDocumentSymbols(document: TextDocument, file?: WikiqFile): DocumentSymbol[];
  getFoldingRanges(document: TextDocument, file?: WikiqFile): FoldingRange[];
  /** Drops what is kept for a document (`incremental`): it was closed. */
  forget(uri: string): void;
}

/** Runs a feature; the language service never throws: a failure degrades to `fallback`. */
function guard<T>(fallback: T, f: () => T, onError?: (e: unknown) => void): T {
  try {
    return f();
  } catch (e) {
    onError?.(e);
    return fallback;
  }
}

export function getLanguageService(params: LanguageServiceParams & { onError?: (feature: string, e: unknown) => void }): LanguageService {
  const d = params.completionItemDefaults;
  const itemDefaults = { editRange: d === true || (Array.isArray(d) && d.includes('editRange')), data: Array.isArray(d) && d.includes('editRange') && d.includes('data') };
  const ctx = (document: TextDocument, file?: WikiqFile) =>
    createContext(document, file ?? parse(document.getText()), params.catalogues, params.environment?.(), {
      itemDefaults, triggerCommand: params.completionTriggerCommand, runFields: params.runFields, checkPattern: params.checkPattern,
      fileExists: params.fileExists, signedIn: params.signedIn, accountRights: params.accountRights,
    });
  const err = (feature: string) => (e: unknown) => params.onError?.(feature, e);
  const kept = new Map<string, ValidationCache>();
  const validate = (c: FeatureContext) => {
    if (!params.incremental) return doValidation(c);
    let cache = kept.get(c.document.uri);
    if (!cache) kept.set(c.document.uri, (cache = new ValidationCache()));
    return cache.validate(c);
  };
  // One context for a completion: the content query reads the analysis the items were made from.
  const complete = (c: FeatureContext, position: Position): CompletionList =>
    guard({ isIncomplete: false, items: [] }, () => {
      const list = doComplete(c, c.document.offsetAt(position));
      return params.completionResolve === false ? inlineDocumentation(list, (e) => params.catalogues.get(e)) : list;
    }, err('completion'));
  const service: LanguageService = {
    parse: (document) => parse(document.getText()),
    doComplete: (document, position, file) => complete(ctx(document, file), position),
    doCompleteContent: async (document, position, file, token) => {
      const c = ctx(document, file);
      const base = complete(c, position);
      const content = params.content;
      const q = content ? guard(undefined, () => contentQueryAt(c, document.offsetAt(position)), err('completion')) : undefined;
      if (!content || !q) return base;
      let got;
      try {
        got = await content.suggest(q.endpoint, q.kind, q.prefix, { namespace: q.namespace }, token);
      } catch (e) {
        err('content')(e);
        return base;
      }
      const list = contentItems(c, q, got);
      return { ...base, isIncomplete: base.isIncomplete || list.isIncomplete, items: [...list.items, ...base.items] };
    },
    doHoverContent: async (document, position, file, token) => {
      const c = ctx(document, file);
      const base = guard(null, () => doHover(c, document.offsetAt(position)), err('hover'));
      const content = params.content;
      const q = content?.facts ? guard(undefined, () => contentQueryAt(c, document.offsetAt(position)), err('hover')) : undefined;
      if (!content?.facts || !q || !q.value || q.value.includes('{{')) return base;
      let fact;
      try {
        fact = (await content.facts(q.endpoint, q.kind, [q.value], token, { waitMs: HOVER_WAIT_MS })).get(q.value);
      } catch (e) {
        err('content')(e);
      }
      if (!fact) return base;
      const text = factMarkdown(q.kind, fact);
      const before = base && typeof base.contents === 'object' && 'value' in base.contents ? `${base.contents.value}\n\n---\n\n` : '';
      return { contents: { kind: 'markdown', value: before + text }, range: base?.range ?? c.range({ start: q.start, end: q.end }) };
    },
    doResolve: (item) => guard(item, () => resolveCompletion(item, params.catalogues.get(endpointOf(item.data))), err('resolve')),
    doHover: (document, position, file) => guard(null, () => doHover(ctx(document, file), document.offsetAt(position)), err('hover')),
    doValidation: (document, file) => guard([], () => validate(ctx(document, file)), err('validation')),
    doValidateContent: async (document, file, token) => {
      const content = params.content;
      if (!content?.facts) return [];
      try {
        return await validateContent(ctx(document, file), content, token);
      } catch (e) {
        err('content')(e);
        return [];
      }
    },
    doCodeActions: (document, range, context, file) =>
      guard([], () => doCodeActions(ctx(document, file), range, context), err('codeActions')),
    findDocumentSymbols: (document, file) => guard([], () => findDocumentSymbols(ctx(document, file)), err('symbols')),
    getFoldingRanges: (document, file) => guard([], () => getFoldingRanges(ctx(document, file)), err('folding')),
    forget: (uri) => void kept.delete(uri),
  };
  return service;
}
