/**
 * The two ways of writing a request, and the conversions between them (pure functions, shared by
 * the code actions, the engine and the client's "Copy as URL"):
 *
 *   lines:  `action = query` / `list = allimages` / `aiprop = timestamp|url` / `redirects`
 *   URL:    `GET https://wiki/w/api.php?action=query&list=allimages&aiprop=timestamp|url&redirects=1`
 *
 * Conventions (what MediaWiki reads back the same way):
 * - a bare name (a boolean set to true) becomes `name=1` (the API's booleans are true whenever
 *   present, whatever the value);
 * - multiple values are joined with `|`; when a value itself contains a pipe (written `\|`), the
 *   API's alternative form is used: the value starts with U+001F and values are separated by it;
 * - percent-encoding keeps the URL readable: letters, digits and `-._~!$'()*,;:@/` stay as they
 *   are, `|` stays as the separator, everything else (space, `+`, `&`, `=`, `#`, `%`, non-ASCII…)
 *   is encoded as UTF-8;
 * - `{{variables}}` are either expanded (for a URL to copy or send) or kept as written (for the
 *   URL form inside a `.wikiq` file, where the parser expands them again).
 */
import type { ParamNode, RequestNode, ValuePart } from './parser/ast';
import { parse } from './parser/parser';
import { Scope, expand } from './variables';

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
  const e = expand(part.text, scope);
  for (const n of [...e.undefinedNames, ...e.cyclic]) unexpanded.add(n);
  if (e.text.includes('{{')) return [{ text: e.text, keep: true }];
  // A variable's value may hold several values separated by unescaped pipes.
  const out: Array<{ text: string }> = [];
  let cur = '';
  for (let i = 0; i < e.text.length; i++) {
    const c = e.text[i];
    if (c === '\\' && e.text[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (c === '|') {
      out.push({ text: cur.trim() });
      cur = '';
    } else cur += c;
  }
  out.push({ text: cur.trim() });
  return out;
}

/** Encodes a value, keeping `{{name}}` references as they are when asked to. */
function encodeValue(text: string, keepVariables: boolean): string {
  if (!keepVariables) return encodeQueryComponent(text);
  let out = '';
  let last = 0;
  const re = /\{\{[^{}]*\}\}/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out += encodeQueryComponent(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + encodeQueryComponent(text.slice(last));
}

/** The query string (without `?`) of a list of parameters. */
export function paramsToQuery(params: ParamNode[], opts: ToUrlOptions = {}): ToUrlResult {
  const unexpanded = new Set<string>();
  const pairs: string[] = [];
  for (const p of params) {
    const name = encodeQueryComponent(p.name);
    if (!p.value) {
      pairs.push(`${name}=1`);
      continue;
    }
    const values = p.value.parts.flatMap((part) => partValues(part, opts.scope, unexpanded));
    const literalPipe = values.some((v) => v.text.includes('|'));
    const sep = literalPipe ? '%1F' : '|';
    const body = values.map((v) => encodeValue(v.text, !!v.keep)).join(sep);
    pairs.push(`${name}=${literalPipe ? '%1F' : ''}${body}`);
  }
  return { url: pairs.join('&'), unexpanded: [...unexpanded] };
}

/** A request as one URL: `GET <endpoint>?a=b&…` (only the request's parameters; its variables are used, not sent). */
export function requestToUrl(request: RequestNode, endpoint: string, opts: ToUrlOptions = {}): ToUrlResult {
  const q = paramsToQuery(request.params, opts);
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
  const line = file.requests[0]?.urls[0];
  const params = file.requests[0]?.params ?? [];
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
