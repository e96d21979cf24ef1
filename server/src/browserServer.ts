/**
 * The language server's browser entry (`dist/web/server.js`): the same server (`server.ts`) in a
 * web worker started by the web extension (client/src/platform.web.ts), over the worker's messages.
 * In the bundle the engine fetches through the runtime's `fetch` and keeps catalogues in memory
 * (scripts/webBuild.mjs takes `httpFetch.ts` and `memoryCache.ts` for `http.ts` and `cache.ts`).
 * The bundled catalogue is not in this bundle: the web extension reads the packaged
 * dist/bundled-paraminfo.json and hands its data over in `initializationOptions.bundledCatalogue`.
 */
import { BrowserMessageReader, BrowserMessageWriter, ProposedFeatures, createConnection } from 'vscode-languageserver/browser';
import type { InitializationOptions } from '../../common/protocol';
import { readBundledCatalogue } from '../../core/src';
import { startServer } from './server';

declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self));
/** The catalogue the web extension hands over; without it the server does not start (its `initialize` fails saying so). */
function handedCatalogue(init: InitializationOptions) {
  if (init.bundledCatalogue === undefined) throw new Error('no bundled catalogue in initializationOptions.bundledCatalogue: the web extension hands its worker the data of dist/bundled-paraminfo.json');
  return readBundledCatalogue(init.bundledCatalogue);
}

startServer(connection, { cacheDir: 'memory (the browser)', catalogueTimeoutMs: 15_000, logTiming: false, debounceMs: 120, bundled: handedCatalogue });
