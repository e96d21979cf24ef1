/**
 * The language server's browser entry (`dist/web/server.js`): the same server (`server.ts`) in a
 * web worker started by the web extension (client/src/platform.web.ts), over the worker's messages.
 * In the bundle the engine fetches through the runtime's `fetch` and keeps catalogues in memory
 * (scripts/webBuild.mjs takes `httpFetch.ts` and `memoryCache.ts` for `http.ts` and `cache.ts`).
 */
import { BrowserMessageReader, BrowserMessageWriter, ProposedFeatures, createConnection } from 'vscode-languageserver/browser';
import { startServer } from './server';

declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self));
startServer(connection, { cacheDir: 'memory (the browser)', catalogueTimeoutMs: 15_000, logTiming: false, debounceMs: 120 });
