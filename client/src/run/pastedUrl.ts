/**
 * Turns what a user pastes — an api.php URL, or a `Special:ApiSandbox#…` link — into the lines of
 * a `.wikiq` request (wikiq.openFromUrl). Needs no editor: no `vscode`, tested with Node's test runner.
 */
import { urlToLines } from '../../../core/src';

export interface PastedRequest {
  endpoint: string;
  /** The request as `.wikiq` text, starting with `@endpoint` and a `###` header. */
  text: string;
}

/** The api.php of a wiki page URL: `/wiki/X` → `/w/api.php`, `/w/index.php` → `/w/api.php`. */
export function apiPhpFor(page: URL): string {
  const p = page.pathname;
  let path: string;
  if (/\/index\.php$/.test(p)) path = p.replace(/index\.php$/, 'api.php');
  else if (/\/api\.php$/.test(p)) path = p;
  else if (p.includes('/wiki/')) path = p.slice(0, p.indexOf('/wiki/')) + '/w/api.php';
  else path = '/w/api.php';
  return `${page.protocol}//${page.host}${path}`;
}

export function fromPastedUrl(input: string, name = 'Pasted request'): PastedRequest | { error: string } {
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
  const sandbox = /Special(:|%3A)ApiSandbox/i.test(url.pathname + url.search);
  if (sandbox) {
    endpoint = apiPhpFor(url);
    query = url.hash.replace(/^#/, '');
    if (!query) return { error: 'This ApiSandbox link has no request after its # (fill in the sandbox form first, then copy the link).' };
    // The sandbox sometimes writes `/` between modules' fragments; the part after `#` is a query string.
  } else {
    endpoint = `${url.protocol}//${url.host}${url.pathname}`;
    query = url.search.replace(/^\?/, '');
    if (!/api\.php$/.test(url.pathname)) return { error: `'${url.pathname}' is not api.php: paste an api.php URL or a Special:ApiSandbox link.` };
  }
  const lines = urlToLines(`${endpoint}?${query}`);
  const body = lines.lines.filter((l) => !/^format\s*=/.test(l));
  const text = [`@endpoint = ${endpoint}`, '', `### ${name}`, ...body, ''].join('\n');
  return { endpoint, text };
}
