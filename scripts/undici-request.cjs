'use strict';
// The entry of dist/undici.js: the one call of undici's that wikiq makes, `request(url, options)`
// on undici's global dispatcher (an Agent), as undici's own index.js exports it — without the
// fetch, WebSocket, EventSource, cache, cookie and mock modules that index.js also loads and wikiq
// never uses (about 140 KiB minified, 44 KB in the .vsix). engine/src/http.ts requires 'undici';
// the bundles resolve that to this file's bundle (scripts/build.mjs, shared-undici).
const { request } = require('undici/lib/api');
const { getGlobalDispatcher } = require('undici/lib/global');

/** `request(url, options)` as undici's index.js makes it for a URL string: its origin and path, then the global dispatcher's request. */
module.exports.request = (url, options = {}) => {
  const u = new URL(url);
  return request.call(options.dispatcher ?? getGlobalDispatcher(), { ...options, origin: u.origin, path: `${u.pathname}${u.search}`, method: options.method ?? 'GET' });
};
