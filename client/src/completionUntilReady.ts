/**
 * Completion asked while the language server is not running yet (the first Ctrl+Space in a file
 * just opened, while the server starts; or while it restarts) waits for it, bounded, then asks it:
 * the user gets parameters, not only the editor's word suggestions. While the server runs this
 * provider answers nothing and the language client's own provider answers. (The server itself waits,
 * bounded, for a file's first catalogue.)
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
// The common API, which the desktop (vscode-languageclient/node) and web (…/browser) clients share.
import { CompletionRequest, CompletionResolveRequest, State } from 'vscode-languageclient/lib/common/api';

/** How long a completion asked before the server runs waits for it. */
export const WAIT_FOR_SERVER_MS = 15_000;

/**
 * `made` resolves with the language client once activation has made it (the provider is registered
 * first, so a request during activation waits too); `current` is the client now (after a restart,
 * another one).
 */
export function completionUntilReady(made: Promise<BaseLanguageClient>, current: () => BaseLanguageClient | undefined, waitMs = WAIT_FOR_SERVER_MS): vscode.Disposable {
  /** Resolves with the running client, or undefined after `waitMs` or once `token` is cancelled. */
  const whenRunning = (token: vscode.CancellationToken): Promise<BaseLanguageClient | undefined> =>
    new Promise((resolve) => {
      const subs: vscode.Disposable[] = [];
      let settled = false;
      const done = (c: BaseLanguageClient | undefined) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        for (const s of subs) s.dispose();
        resolve(c);
      };
      const timer = setTimeout(() => done(undefined), waitMs);
      subs.push(token.onCancellationRequested(() => done(undefined)));
      void made.then((c) => {
        if (settled) return;
        if (c.state === State.Running) return done(c);
        subs.push(c.onDidChangeState((e) => e.newState === State.Running && done(c)));
      }, () => done(undefined));
    });
  let answeredBy: BaseLanguageClient | undefined;
  return vscode.languages.registerCompletionItemProvider({ language: 'wikiq' }, {
    async provideCompletionItems(document, position, token, context) {
      if (current()?.state === State.Running) return undefined; // the language client's own provider answers
      const c = await whenRunning(token);
      if (!c || token.isCancellationRequested) return undefined;
      answeredBy = c;
      const params = c.code2ProtocolConverter.asCompletionParams(document, position, context);
      const result = await c.sendRequest(CompletionRequest.type, params, token);
      if (token.isCancellationRequested) return undefined;
      return c.protocol2CodeConverter.asCompletionResult(result);
    },
    async resolveCompletionItem(item, token) {
      const c = answeredBy;
      if (!c || c.state !== State.Running) return item;
      const resolved = await c.sendRequest(CompletionResolveRequest.type, c.code2ProtocolConverter.asCompletionItem(item), token);
      return token.isCancellationRequested ? item : c.protocol2CodeConverter.asCompletionItem(resolved);
    },
  });
}
