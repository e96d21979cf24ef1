"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CatalogueFetchError = void 0;
exports.getJson = getJson;
exports.fetchWikiCatalogue = fetchWikiCatalogue;
exports.catalogueOf = catalogueOf;
/**
 * Fetches a wiki's own catalogue: `meta=siteinfo` (MediaWiki version, namespaces) and
 * `action=paraminfo` for every module — with the wildcards `*|query+*` where the wiki accepts
 * them, else in batches of at most 50 module paths (the `modules` parameter's own limit) — then
 * follows every `submodule` parameter to modules not yet described. Descriptions are asked for as
 * HTML and converted to safe Markdown.
 */
const undici_1 = require("undici");
const version_1 = require("../../../common/version");
const src_1 = require("../../../core/src");
const html_1 = require("./html");
/** A failed catalogue load, with one sentence naming the endpoint and the reason. */
class CatalogueFetchError extends Error {
    endpoint;
    reason;
    constructor(endpoint, reason) {
        super(`Could not load the catalogue of ${endpoint}: ${reason}`);
        this.endpoint = endpoint;
        this.reason = reason;
        this.name = 'CatalogueFetchError';
    }
}
exports.CatalogueFetchError = CatalogueFetchError;
const MAX_BYTES = 64 * 1024 * 1024;
const BATCH = 50;
function snippet(text) {
    return JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 120));
}
async function getJson(endpoint, params, opts) {
    const url = new URL(endpoint);
    for (const [k, v] of Object.entries(params))
        url.searchParams.set(k, v);
    const href = url.toString();
    opts.onRequest?.(href);
    const timeoutMs = opts.timeoutMs ?? 15000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let res;
    try {
        res = await (0, undici_1.fetch)(href, {
            headers: { 'user-agent': opts.userAgent || (0, version_1.defaultUserAgent)('catalogue'), 'accept-encoding': 'gzip', accept: 'application/json' },
            signal,
            redirect: 'follow',
        });
    }
    catch (e) {
        if (timeout.aborted)
            throw new CatalogueFetchError(endpoint, `no answer within ${Math.round(timeoutMs / 1000)} s`);
        if (opts.signal?.aborted)
            throw new CatalogueFetchError(endpoint, 'cancelled');
        const cause = e.cause;
        throw new CatalogueFetchError(endpoint, `network error (${cause?.code ?? cause?.message ?? e.message})`);
    }
    let text;
    try {
        const len = Number(res.headers.get('content-length') ?? '0');
        if (len > MAX_BYTES)
            throw new CatalogueFetchError(endpoint, `the answer is too large (${len} bytes)`);
        text = await res.text();
    }
    catch (e) {
        if (e instanceof CatalogueFetchError)
            throw e;
        if (timeout.aborted)
            throw new CatalogueFetchError(endpoint, `no answer within ${Math.round(timeoutMs / 1000)} s`);
        throw new CatalogueFetchError(endpoint, `the answer broke off (${e.message})`);
    }
    const type = res.headers.get('content-type') ?? '';
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        const what = /html/i.test(type) || /^\s*</.test(text) ? 'an HTML page' : `a non-JSON answer (${type || 'no content type'})`;
        throw new CatalogueFetchError(endpoint, `HTTP ${res.status}, ${what} instead of the API's JSON, starting ${snippet(text)} — is this the api.php URL?`);
    }
    if (!res.ok && !(json && typeof json === 'object' && json.error)) {
        throw new CatalogueFetchError(endpoint, `HTTP ${res.status} ${res.statusText}`.trim());
    }
    if (json && typeof json === 'object' && json.error) {
        const err = json.error;
        const info = err.info ?? err.text ?? err['*'] ?? '';
        throw new CatalogueFetchError(endpoint, `the API answered error "${err.code ?? 'unknown'}"${info ? `: ${String(info).slice(0, 200)}` : ''}`);
    }
    if (!json || typeof json !== 'object' || Array.isArray(json))
        throw new CatalogueFetchError(endpoint, 'the answer is not a MediaWiki API object');
    return json;
}
function namespacesFrom(query) {
    const out = [];
    const ns = query?.namespaces ?? {};
    const aliases = {};
    for (const a of query?.namespacealiases ?? []) {
        const id = Number(a.id);
        const name = a.alias ?? a['*'];
        if (Number.isFinite(id) && typeof name === 'string')
            (aliases[id] ??= []).push(name);
    }
    for (const v of Object.values(ns)) {
        const id = Number(v.id);
        if (!Number.isFinite(id))
            continue;
        const name = typeof v.name === 'string' ? v.name : typeof v['*'] === 'string' ? v['*'] : '';
        out.push({ id, name, canonical: typeof v.canonical === 'string' ? v.canonical : undefined, aliases: aliases[id] });
    }
    return out.sort((a, b) => a.id - b.id);
}
/** Module paths reachable through `submodule` parameters that are not described yet. */
function missingSubmodules(modules) {
    const want = new Set();
    for (const m of modules.values()) {
        for (const p of m.parameters)
            for (const path of Object.values(p.submodules ?? {}))
                if (!modules.has(path))
                    want.add(path);
    }
    return [...want];
}
async function fetchWikiCatalogue(endpoint, opts = {}) {
    let requests = 0;
    const get = (params) => {
        requests++;
        return getJson(endpoint, { format: 'json', formatversion: '2', ...params }, opts);
    };
    const si = await get({ action: 'query', meta: 'siteinfo', siprop: 'general|namespaces|namespacealiases' });
    const general = si?.query?.general;
    if (!general || typeof general !== 'object')
        throw new CatalogueFetchError(endpoint, 'the answer has no siteinfo: this does not look like a MediaWiki api.php');
    const mwVersion = typeof general.generator === 'string' ? general.generator.replace(/^MediaWiki\s+/i, '') : undefined;
    const modules = new Map();
    const add = (json) => {
        for (const m of (0, src_1.readParaminfo)(json))
            if (!modules.has(m.path))
                modules.set(m.path, m);
    };
    const paraminfo = (paths) => get({ action: 'paraminfo', modules: paths.join('|'), helpformat: 'html' });
    let strategy = 'wildcard';
    try {
        add(await paraminfo(['main', '*', 'query+*']));
    }
    catch (e) {
        if (!(e instanceof CatalogueFetchError) || /network|no answer|cancelled/.test(e.reason))
            throw e;
    }
    if (!modules.has('query+allpages') && !modules.has('query')) {
        // No wildcards here: walk from main in batches.
        strategy = 'batches';
        add(await paraminfo(['main']));
        if (!modules.has('main'))
            throw new CatalogueFetchError(endpoint, 'paraminfo did not describe the main module');
    }
    for (let round = 0; round < 10; round++) {
        const missing = missingSubmodules(modules);
        if (!missing.length)
            break;
        for (let i = 0; i < missing.length; i += BATCH)
            add(await paraminfo(missing.slice(i, i + BATCH)));
        // Paths the wiki refused to describe would be asked again forever: drop them.
        const still = missingSubmodules(modules).filter((p) => missing.includes(p));
        if (still.length === missing.length)
            break;
    }
    for (const m of modules.values()) {
        if (m.description)
            m.description = (0, html_1.htmlToMarkdown)(m.description, endpoint);
        for (const p of [...m.parameters, ...m.templatedparameters]) {
            if (p.description)
                p.description = (0, html_1.htmlToMarkdown)(p.description, endpoint);
            if (p.valuedescriptions)
                for (const k of Object.keys(p.valuedescriptions))
                    p.valuedescriptions[k] = (0, html_1.htmlToMarkdown)(p.valuedescriptions[k], endpoint);
        }
    }
    return {
        endpoint, mwVersion, fetchedAt: new Date().toISOString(), namespaces: namespacesFrom(si.query), modules: [...modules.values()], strategy, requests,
    };
}
function catalogueOf(data, source) {
    return new src_1.Catalogue({
        source, modules: data.modules, exhaustive: true, endpoint: data.endpoint, mwVersion: data.mwVersion, fetchedAt: data.fetchedAt, namespaces: data.namespaces,
    });
}
//# sourceMappingURL=fetch.js.map