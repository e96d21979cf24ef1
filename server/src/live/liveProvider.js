"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isFetchableEndpoint = isFetchableEndpoint;
exports.createLiveProvider = createLiveProvider;
const src_1 = require("../../../core/src");
const cache_1 = require("./cache");
const fetch_1 = require("./fetch");
function isFetchableEndpoint(endpoint) {
    try {
        const u = new URL(endpoint);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !endpoint.includes('{{');
    }
    catch {
        return false;
    }
}
function createLiveProvider(options) {
    const log = options.log ?? (() => undefined);
    const cache = options.cacheDir ? new cache_1.CatalogueCache(options.cacheDir, log) : undefined;
    const entries = new Map();
    const listeners = new Set();
    let allowed = () => true;
    const emit = (s) => listeners.forEach((l) => l(s));
    const entryOf = (endpoint) => {
        let e = entries.get(endpoint);
        if (e)
            return e;
        e = { status: { endpoint, source: 'bundled' } };
        entries.set(endpoint, e);
        const cached = cache?.read(endpoint);
        if (cached) {
            e.catalogue = (0, fetch_1.catalogueOf)(cached, 'cached');
            e.status = { endpoint, source: 'cached', mwVersion: cached.mwVersion, fetchedAt: cached.fetchedAt };
        }
        return e;
    };
    const load = (endpoint) => {
        const e = entryOf(endpoint);
        if (e.loading)
            return e.loading;
        e.status = { ...e.status, loading: true, error: undefined };
        e.loading = (async () => {
            // Never inside the caller's turn: the fetch starts after the current handler returns.
            await new Promise((resolve) => setImmediate(resolve));
            emit(e.status);
            try {
                const data = await (0, fetch_1.fetchWikiCatalogue)(endpoint, { userAgent: options.userAgent, timeoutMs: options.timeoutMs, onRequest: options.onRequest });
                e.catalogue = (0, fetch_1.catalogueOf)(data, 'live');
                e.failed = false;
                e.status = { endpoint, source: 'live', mwVersion: data.mwVersion, fetchedAt: data.fetchedAt };
                try {
                    cache?.write(data);
                }
                catch (err) {
                    log(`wikiq: could not write the catalogue cache: ${err.message}`);
                }
                log(`wikiq: loaded the catalogue of ${endpoint} (MediaWiki ${data.mwVersion ?? '?'}, ${data.modules.length} modules, ${data.requests} requests, ${data.strategy})`);
            }
            catch (err) {
                e.failed = true;
                const reason = err instanceof fetch_1.CatalogueFetchError ? err.message : `Could not load the catalogue of ${endpoint}: ${err.message}`;
                const fallback = e.catalogue ? `the cached catalogue from ${e.status.fetchedAt?.slice(0, 10) ?? 'before'}` : 'the bundled catalogue';
                e.status = { ...e.status, loading: false, error: `${reason}. Using ${fallback}.` };
                log(`wikiq: ${e.status.error}`);
            }
            finally {
                e.loading = undefined;
                e.status = { ...e.status, loading: false };
            }
            emit(e.status);
            return e.status;
        })();
        return e.loading;
    };
    return {
        get(endpoint) {
            if (!endpoint || !isFetchableEndpoint(endpoint))
                return (0, src_1.bundledCatalogue)();
            const e = entryOf(endpoint);
            if (!e.catalogue && !e.loading && !e.failed && allowed(endpoint))
                void load(endpoint);
            return e.catalogue ?? (0, src_1.bundledCatalogue)();
        },
        status(endpoint) {
            if (!endpoint || !isFetchableEndpoint(endpoint))
                return { endpoint, source: 'bundled' };
            return entryOf(endpoint).status;
        },
        refresh(endpoint) {
            if (!isFetchableEndpoint(endpoint))
                return Promise.resolve({ endpoint, source: 'bundled', error: `'${endpoint}' is not an http(s) URL.` });
            return load(endpoint);
        },
        onStatus(listener) {
            listeners.add(listener);
            return { dispose: () => listeners.delete(listener) };
        },
        setFetchAllowed(f) {
            allowed = f;
        },
        async idle() {
            for (;;) {
                const pending = [...entries.values()].map((e) => e.loading).filter(Boolean);
                if (!pending.length)
                    return;
                await Promise.all(pending);
            }
        },
    };
}
//# sourceMappingURL=liveProvider.js.map