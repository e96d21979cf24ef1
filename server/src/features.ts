/**
 * The language features over LSP: completion, resolve, hover, code actions, symbols, folding. Each
 * handler is wrapped (`handle`): an unknown document or an error answers the fallback (the error
 * logged), cancellation answers the LSP cancel error. Completion and hover first wait (at most
 * CATALOGUE_WAIT_MS, or until cancelled) for a wiki's first catalogue.
 */
import {
  type CancellationToken, type CompletionList, type Hover, LSPErrorCodes, ResponseError, type TextDocumentPositionParams,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { endpointFor, requestAt, type WikiqFile } from '../../core/src';
import type { ServerContext } from './context';

/**
 * How long a completion or hover waits for a wiki's catalogue being fetched for the first time
 * (as the JSON language service waits for a schema); past it, completion answers from the bundled
 * catalogue with `isIncomplete: true`, so the editor asks again.
 */
export const CATALOGUE_WAIT_MS = 2000;

export function registerFeatures(ctx: ServerContext): void {
  const { connection } = ctx;
  /** Wraps a handler: unknown documents and errors answer `fallback`; cancellation answers the LSP cancel error. */
  function handle<P extends { textDocument: { uri: string } }, R>(name: string, fallback: R, f: (doc: TextDocument, file: WikiqFile, p: P, token: CancellationToken) => R) {
    return (p: P, token: CancellationToken): R | ResponseError<void> => {
      if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
      const doc = ctx.documents.get(p.textDocument.uri);
      if (!doc) return fallback;
      try {
        return f(doc, ctx.fileOf(doc), p, token);
      } catch (e) {
        ctx.logError(`wikiq: ${name} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        return fallback;
      }
    };
  }

  const complete = handle('completion', Promise.resolve<CompletionList>({ isIncomplete: false, items: [] }), (doc, file, p: TextDocumentPositionParams, token) => ctx.ls.doCompleteContent(doc, p.position, file, token));
  connection.onCompletion(async (p, token) => {
    const stillComing = await catalogueStillComing(ctx, p, token);
    const list = await complete(p, token);
    // Answered from a stand-in catalogue: the editor asks again as the user types.
    if (stillComing && !(list instanceof ResponseError)) list.isIncomplete = true;
    return list;
  });
  connection.onCompletionResolve((item, token) => {
    if (token.isCancellationRequested) return item;
    try {
      return ctx.ls.doResolve(item);
    } catch (e) {
      ctx.logError(`wikiq: completion resolve failed: ${String(e)}`);
      return item;
    }
  });
  const hover = handle('hover', Promise.resolve<Hover | null>(null), (doc, file, p: TextDocumentPositionParams, token) => ctx.ls.doHoverContent(doc, p.position, file, token));
  connection.onHover(async (p, token) => {
    await catalogueStillComing(ctx, p, token);
    return hover(p, token);
  });
  connection.onCodeAction(handle('codeAction', [], (doc, file, p) => ctx.ls.doCodeActions(doc, p.range, p.context, file)));
  connection.onDocumentSymbol(handle('documentSymbol', [], (doc, file) => ctx.ls.findDocumentSymbols(doc, file)));
  connection.onFoldingRanges(handle('foldingRange', [], (doc, file) => ctx.ls.getFoldingRanges(doc, file)));
}

/**
 * Waits (at most CATALOGUE_WAIT_MS, or until cancelled) for the first catalogue of the endpoint of
 * the request at `position`; true when it is still on its way.
 */
async function catalogueStillComing(ctx: ServerContext, p: TextDocumentPositionParams, token: CancellationToken): Promise<boolean> {
  const doc = ctx.documents.get(p.textDocument.uri);
  if (!doc || token.isCancellationRequested) return false;
  const abort = new AbortController();
  const cancelled = token.onCancellationRequested(() => abort.abort());
  try {
    const file = ctx.fileOf(doc);
    const endpoint = endpointFor(file, requestAt(file, doc.offsetAt(p.position)), ctx.environment);
    return (await ctx.provider.waitForFirst(endpoint, CATALOGUE_WAIT_MS, abort.signal)) === 'pending';
  } catch (e) {
    ctx.logError(`wikiq: waiting for the catalogue failed: ${String(e)}`);
    return false;
  } finally {
    cancelled.dispose();
  }
}
