/**
 * ApiSandbox and api.php URLs both ways, with no editor (no `vscode`, tested with Node's test
 * runner): what a user pastes — an api.php URL, or a `Special:ApiSandbox#…` link of any wiki in
 * any language (`/wiki/Spezial:API-Spielwiese#…`) — as the lines of a `.wikiq` request
 * (wikiq.openFromUrl), and a request as an ApiSandbox link (wikiq.copyAsApiSandbox).
 */
import { requestsOf, analyse, apiSandboxLink, ownerOf, parse, sandboxFragmentQuery, urlToLines, type Catalogue } from '../../../core/src';

export interface PastedRequest {
  endpoint: string;
  /** The request as `.wikiq` text, starting with `@endpoint` and a `###` header. */
  text: string;
}

/**
 * The api.php of a wiki page URL: `/w/index.php` → `/w/api.php`, `/index.php/Title` →
 * `/api.php`, `/wiki/Title` → `/w/api.php` (Wikimedia's layout; other article paths are guessed
 * the same way, and the opened request's `@endpoint` line says which was chosen).
 */
export function apiPhpFor(page: URL): string {
  const p = page.pathname;
  let path: string;
  if (/\/index\.php$/.test(p)) path = p.replace(/index\.php$/, 'api.php');
  else if (/\/api\.php$/.test(p)) path = p;
  else if (p.includes('/index.php/')) path = `${p.slice(0, p.indexOf('/index.php/'))}/api.php`;
  else if (p.includes('/wiki/')) path = p.slice(0, p.indexOf('/wiki/')) + '/w/api.php';
  else path = '/w/api.php';
  return `${page.protocol}//${page.host}${path}`;
}

/** What wikiq sends anyway (format=json, and formatversion=2 and errorformat=plaintext unless the request says otherwise): not written into an opened request. */
const DEFAULTS = /^(format\s*=.*|formatversion\s*=\s*2|errorformat\s*=\s*plaintext)$/;

/** A query string (wikiq's URL form) as the lines of a request; a boolean the sandbox writes `name=1` becomes a bare name (`catalogue` — the bundled one — says which are booleans). */
function requestLines(endpoint: string, query: string, catalogue: Catalogue): string[] {
  const url = `${endpoint}?${query}`;
  const file = parse(`###\n${url}\n`);
  const a = analyse(file, requestsOf(file)[0], catalogue);
  return urlToLines(url, { isBoolean: (n) => ownerOf(a, n)?.param.type === 'boolean' }).lines.filter((l) => !DEFAULTS.test(l));
}

export function fromPastedUrl(input: string, catalogue: Catalogue, name = 'Pasted request'): PastedRequest | { error: string } {
  const raw = input.trim().replace(/^GET\s+/i, '');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `'${raw.slice(0, 80)}' is not a URL: paste an api.php URL or a Special:ApiSandbox link.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `Only http(s) URLs can be opened (got ${url.protocol}).` };
  let endpoint: string;
  let query: string;
  if (/\/api\.php$/.test(url.pathname)) {
    endpoint = `${url.protocol}//${url.host}${url.pathname}`;
    query = url.search.replace(/^\?/, '');
  } else {
    // An ApiSandbox link: whatever the special page is called in the wiki's language, the request is after `#`, with its action.
    const fragment = sandboxFragmentQuery(url.hash);
    if (!fragment || !/(^|&)action=/.test(fragment)) {
      if (url.hash.includes('=')) return { error: `What follows # in this link is not a request with an action${fragment ? '' : ' (a broken %-escape)'}: copy the link again from the sandbox, or paste an api.php URL.` };
      if (/Special(:|%3A)ApiSandbox/i.test(url.pathname + url.search)) return { error: 'This ApiSandbox link has no request after its # (fill in the sandbox form first, then copy the link).' };
      return { error: `'${url.pathname}' is not api.php, and no request with an action follows its #: paste an api.php URL or a Special:ApiSandbox link.` };
    }
    endpoint = apiPhpFor(url);
    query = fragment;
  }
  const text = [`@endpoint = ${endpoint}`, '', `### ${name}`, ...requestLines(endpoint, query, catalogue), ''].join('\n');
  return { endpoint, text };
}

/**
 * A resolved request as an ApiSandbox link on its wiki: its parameters as sent, but for
 * `errorformat=plaintext`, which wikiq adds to read errors (the sandbox shows them its own way).
 */
export function sandboxLinkFor(request: { endpoint: string; params: Record<string, string> }): string {
  const params = Object.fromEntries(Object.entries(request.params).filter(([k, v]) => !(k === 'errorformat' && v === 'plaintext')));
  return apiSandboxLink(request.endpoint, params);
}
