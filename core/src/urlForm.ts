/**
 * The two ways of writing a request, the one encoder of the URL that is sent, and the conversions
 * between them (pure functions, shared by the engine that sends requests, the client's "Copy as
 * URL"/"Copy as curl" and the URL⇄lines code actions, so what is copied is exactly what is sent):
 *
 *   lines:  `action = query` / `list = allimages` / `aiprop = timestamp|url` / `redirects`
 *   URL:    `GET https://wiki/w/api.php?action=query&list=allimages&aiprop=timestamp|url&redirects=`
 *
 * Conventions (what MediaWiki reads back the same way):
 * - a bare name (a boolean set to true) becomes `name=` (the API's booleans are true whenever
 *   present, whatever the value; checked on MediaWiki 1.39);
 * - multiple values are joined with `|`; when a value itself contains a pipe (written `\|`), the
 *   API's alternative form is used: the value starts with U+001F and values are separated by it
 *   (`joinValues`);
 * - percent-encoding keeps the URL readable: letters, digits and `-._~!$'()*,;:@/` stay as they
 *   are, `|` stays as the separator of values (in the U+001F form it is `%7C`), everything else (space, `+`, `&`, `=`, `#`, `%`,
 *   U+001F, non-ASCII…) is encoded as UTF-8;
 * - `{{variables}}` are either expanded (for a URL to copy or send) or kept as written (for the
 *   URL form inside a `.wikiq` file, where the parser expands them again).
 */
import { paramsOf } from './parser/params';
import type { ParamNode, RequestNode, ValuePart } from './parser/ast';
import { parse } from './parser/parser';
import { Scope, expandValuePart } from './variables';
import { requestCount, requestOf } from './parser/blocks';

const KEEP = /[A-Za-z0-9\-._~!$'()*,;:@/]/;

/** Percent-encodes a name or one value, keeping the characters that need no encoding in a query. */
export function encodeQueryComponent(s: string): string {
  let out = '';
  // A lone surrogate cannot be UTF-8 encoded: it becomes U+FFFD, as in a well-formed string.
  const wellFormed = s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  for (const ch of wellFormed) {
    if (ch.length === 1 && KEEP.test(ch)) out += ch;
    else out += encodeURIComponent(ch).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  }
  return out;
}

export interface ToUrlOptions {
  /** Expand `{{variables}}` with this scope; without it they stay in the URL as written. */
  scope?: Scope;
  /** Prefix the URL with `GET ` (default true). */
  method?: boolean;
}

export interface ToUrlResult {
  url: string;
  /** Variables that could not be expanded (left as written). */
  unexpanded: string[];
}

/** The values of one written value part: expanded (and re-split on pipes) or kept with its variables. */
function partValues(part: ValuePart, scope: Scope | undefined, unexpanded: Set<string>): Array<{ text: string; keep?: boolean }> {
  if (!part.variables.length) return [{ text: part.text }];
  if (!scope) return [{ text: part.text, keep: true }];
  const e = expandValuePart(part, scope);
  for (const n of [...e.undefinedNames, ...e.cyclic]) unexpanded.add(n);
  if (e.text.includes('{{')) return [{ text: e.text, keep: true }];
  return e.values.map((text) => ({ text }));
}

/** The one multi-value form: values joined with `|`, or, when one holds a `|`, each preceded by U+001F. */
export function joinValues(values: readonly string[]): string {
  return values.some((v) => v.includes('|')) ? '\u001f' + values.join('\u001f') : values.join('|');
}

/**
 * Percent-encodes a value as sent: like a name, but its `|` separators stay readable. In the
 * U+001F form a `|` is part of a value, not a separator, and is encoded (`%7C`), so the URL line
 * reads back as one value.
 */
export function encodeQueryValue(value: string): string {
  return value.startsWith('\u001f') ? encodeQueryComponent(value) : value.split('|').map(encodeQueryComponent).join('|');
}

/** Encodes a value, keeping `{{name}}` references as they are when asked to. */
function encodeValue(text: string, keepVariables: boolean): string {
  if (!keepVariables) return encodeQueryValue(text);
  let out = '';
  let last = 0;
  const re = /\{\{[^{}]*\}\}/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out += encodeQueryValue(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + encodeQueryValue(text.slice(last));
}

/** The query string (without `?`) of parameters as sent (values already joined, see `joinValues`). */
export function encodeQuery(params: Record<string, string> | Iterable<readonly [string, string]>): string {
  const entries = Symbol.iterator in params ? [...params] : Object.entries(params);
  return entries.map(([k, v]) => `${encodeQueryComponent(k)}=${encodeQueryValue(v)}`).join('&');
}

/**
 * The URL of a request as sent: the endpoint (its own query parameters kept unless `params` sets
 * them, its fragment dropped) and `params` in order. The engine sends exactly this; "Copy as URL"
 * copies exactly this.
 */
export function apiUrl(endpoint: string, params: Record<string, string>): string {
  const u = new URL(endpoint);
  const own = [...u.searchParams].filter(([k]) => !Object.prototype.hasOwnProperty.call(params, k));
  u.search = '';
  u.hash = '';
  const q = encodeQuery([...own, ...Object.entries(params)]);
  return q ? `${u.href}?${q}` : u.href;
}

/** The query string (without `?`) of a list of parameters. */
export function paramsToQuery(params: ParamNode[], opts: ToUrlOptions = {}): ToUrlResult {
  const unexpanded = new Set<string>();
  const pairs: string[] = [];
  for (const p of params) {
    const name = encodeQueryComponent(p.name);
    if (!p.value) {
      pairs.push(`${name}=`);
      continue;
    }
    const values = p.value.parts.flatMap((part) => partValues(part, opts.scope, unexpanded));
    const keep = values.some((v) => v.keep);
    // A block value is one text: every character of it encoded (its `|` too, and a newline as %0A).
    const text = values.map((v) => v.text).join('');
    pairs.push(`${name}=${p.value.block ? (keep ? encodeValue(text, true) : encodeQueryComponent(text)) : encodeValue(joinValues(values.map((v) => v.text)), keep)}`);
  }
  return { url: pairs.join('&'), unexpanded: [...unexpanded] };
}

/** A request as one URL: `GET <endpoint>?a=b&…` (only the request's parameters; its variables are used, not sent). */
export function requestToUrl(request: RequestNode, endpoint: string, opts: ToUrlOptions = {}): ToUrlResult {
  const q = paramsToQuery(paramsOf(request), opts);
  const base = endpoint.replace(/[?#].*$/, '');
  const url = q.url ? `${base}?${q.url}` : base;
  return { url: (opts.method ?? true) ? `GET ${url}` : url, unexpanded: q.unexpanded };
}

export interface ToLinesOptions {
  /** Whether a parameter is a boolean (then `name=`, `name=1`, `name=true` become a bare `name`). */
  isBoolean?: (name: string) => boolean;
}

export interface ToLinesResult {
  /** The endpoint of the URL (undefined when the URL is not a valid http(s) URL). */
  endpoint?: string;
  /** One `name = value` line per parameter, in order. */
  lines: string[];
  /** What the line form cannot say exactly (values with line breaks or surrounding spaces); empty when the conversion is faithful. */
  problems: string[];
}

/** Escapes one value for the line form: a literal pipe is written `\|`. */
function lineValue(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** A pasted URL (optionally preceded by `GET`) as `name = value` lines. */
export function urlToLines(url: string, opts: ToLinesOptions = {}): ToLinesResult {
  const file = parse(url.trim());
  const first = requestCount(file) > 0 ? requestOf(file, 0) : undefined;
  const line = first?.urls[0];
  const params = first ? paramsOf(first) : [];
  const problems: string[] = [];
  const lines: string[] = [];
  for (const p of params) {
    if (!p.value) {
      lines.push(p.name);
      continue;
    }
    const texts = p.value.parts.map((x) => x.text);
    if (texts.some((t) => /[\r\n]/.test(t))) problems.push(`the value of '${p.name}' contains a line break`);
    if (texts.some((t) => t !== t.trim())) problems.push(`the value of '${p.name}' has surrounding spaces, which the line form drops`);
    if (p.value.parts.some((x) => x.text.includes('{{') && !x.raw.includes('{{'))) problems.push(`the value of '${p.name}' contains '{{', which the line form reads as a variable`);
    if (opts.isBoolean?.(p.name) && texts.length === 1 && ['', '1', 'true'].includes(texts[0])) {
      lines.push(p.name);
      continue;
    }
    const value = texts.map(lineValue).join('|');
    lines.push(value === '' ? `${p.name} =` : `${p.name} = ${value}`);
  }
  return { endpoint: line?.endpoint, lines, problems };
}

/**
 * The Special:ApiSandbox page of the wiki whose api.php is `endpoint`: `/w/api.php` is Wikimedia's
 * layout, whose articles are at `/wiki/` (`/wiki/Special:ApiSandbox`); any other api.php has
 * index.php beside it (`…/index.php?title=Special:ApiSandbox`), which works whatever the article
 * path. The English name works on every wiki, whatever its language.
 */
export function apiSandboxPage(endpoint: string): string {
  const u = new URL(endpoint);
  const dir = u.pathname.replace(/[^/]*$/, '');
  if (u.pathname === '/w/api.php') return `${u.origin}/wiki/Special:ApiSandbox`;
  return `${u.origin}${dir}index.php?title=Special:ApiSandbox`;
}

/** Encodes as jQuery's `$.param` does, which the sandbox writes its fragment with: `encodeURIComponent`, then `%20` as `+`. */
const sandboxEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/**
 * An ApiSandbox link for a request (parameters as sent): the sandbox page, then `#` and the
 * parameters as the sandbox writes them (`'#' + $.param(displayParams)` in MediaWiki's
 * apisandbox.js). A boolean sent as `name=` stays so; the sandbox reads any value as true.
 */
export function apiSandboxLink(endpoint: string, params: Record<string, string>): string {
  return `${apiSandboxPage(endpoint)}#${Object.entries(params).map(([k, v]) => `${sandboxEncode(k)}=${sandboxEncode(v)}`).join('&')}`;
}

/**
 * An ApiSandbox fragment (after `#`) read as the sandbox reads it (`loadFromHash`: `+` is a space,
 * then each `name=value` pair percent-decoded), as a query string in wikiq's URL form; undefined
 * when it holds no pair or a broken percent-escape.
 */
export function sandboxFragmentQuery(fragment: string): string | undefined {
  const pairs: Array<[string, string]> = [];
  const pattern = /([^&=#]+)=?([^&#]*)/g;
  const text = fragment.replace(/^#/, '').replace(/\+/g, '%20');
  try {
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) pairs.push([decodeURIComponent(m[1]), decodeURIComponent(m[2])]);
  } catch {
    return undefined;
  }
  return pairs.length ? encodeQuery(pairs) : undefined;
}
