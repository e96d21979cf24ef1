/**
 * A pasted URL line (`GET https://…?action=query&…`): the line itself, and the parameters of its
 * query string. The block scanner (parser.ts) reads it for the tree and its errors, the parameter
 * reader (params.ts) for its parameters.
 */
import type { SyntaxError, UrlLine } from './ast';
import { SyntaxErrorCode, report } from './errors';
import { Param, Part, Value } from './nodes';
import type { Line } from './scan';
import { indexIn, isHttpUrl, isParamName } from './scan';
import { readVariables, variableRefs } from './values';

const METHOD = /^(GET|POST|PUT|DELETE|PATCH|HEAD)[ \t]+/i;
/** The separators of a value's multiple values: `|` (or `%7C`), or U+001F (`%1F`) when the value starts with one. */
const PIPE_SEPARATOR = /\||%7c/gi;
const U1F_SEPARATOR = /%1f/gi;

/** The URL line `line` (its parameters are read by `urlParams`); its errors to `errors` when given. */
export function urlLine(text: string, line: Line, errors?: SyntaxError[]): UrlLine {
  const { start: s, end: e } = line;
  let u = s;
  let method: string | undefined;
  const m = METHOD.exec(text.slice(s, e));
  if (m) {
    method = m[1].toUpperCase();
    u = s + m[0].length;
    if (method !== 'GET' && errors) report(errors, SyntaxErrorCode.UnsupportedMethod, s, s + m[1].length, method);
  }
  const url = text.slice(u, e);
  const hash = indexIn(text, 35 /* # */, u, e);
  const q = indexIn(text, 63 /* ? */, u, hash >= 0 ? hash : e);
  const qEnd = q >= 0 ? q : hash >= 0 ? hash : e;
  const base = text.slice(u, qEnd);
  if (!isHttpUrl(base)) {
    if (errors) report(errors, SyntaxErrorCode.InvalidUrl, u, e, url);
    return { kind: 'url', url, urlSpan: { start: u, end: e }, span: { start: s, end: e }, ...methodOf(method, s) };
  }
  return { kind: 'url', url, urlSpan: { start: u, end: e }, span: { start: s, end: e }, ...methodOf(method, s), endpoint: base, endpointSpan: { start: u, end: qEnd } };
}

function methodOf(method: string | undefined, s: number): Pick<UrlLine, 'method' | 'methodSpan'> {
  return method === undefined ? {} : { method, methodSpan: { start: s, end: s + method.length } };
}

/**
 * The parameters of the query string of `url` (after `?`, up to a `#`): each to `params` and
 * their errors to `errors`, each when given. Returns how many there are.
 */
export function urlParams(text: string, url: UrlLine, errors?: SyntaxError[], params?: Param[]): number {
  if (url.endpointSpan === undefined) return 0;
  const lineEnd = url.span.end;
  const hash = indexIn(text, 35 /* # */, url.endpointSpan.end, lineEnd);
  const end = hash >= 0 ? hash : lineEnd;
  let count = 0;
  for (let i = url.endpointSpan.end + 1; i < end; ) {
    const amp = indexIn(text, 38 /* & */, i, end);
    const stop = amp < 0 ? end : amp;
    if (stop > i && urlParam(text, i, stop, errors, params)) count++;
    i = stop + 1;
  }
  return count;
}

/** The query parameter text[s, e) (`name=value`); false when it has no name. */
function urlParam(text: string, s: number, e: number, errors: SyntaxError[] | undefined, params: Param[] | undefined): boolean {
  const eq = indexIn(text, 61 /* = */, s, e);
  const nameEnd = eq >= 0 ? eq : e;
  const name = decode(text, s, nameEnd, errors);
  if (name === '') {
    if (errors) report(errors, SyntaxErrorCode.MissingName, s, e);
    return false;
  }
  if (errors && !isParamName(name, 0, name.length)) report(errors, SyntaxErrorCode.InvalidParameterName, s, nameEnd, name);
  const value = eq >= 0 && params ? new Value(eq + 1, e) : undefined;
  if (eq >= 0) {
    // The API's alternative multi-value form: a value starting with U+001F is split on U+001F.
    const u1f = /^%1f/i.test(text.slice(eq + 1, eq + 4));
    const sep = u1f ? U1F_SEPARATOR : PIPE_SEPARATOR;
    const from = u1f ? eq + 4 : eq + 1;
    const body = text.slice(from, e);
    let partStart = from;
    sep.lastIndex = 0;
    for (let m = sep.exec(body); m !== null; m = sep.exec(body)) {
      const at = from + m.index;
      value?.addPipe(at);
      urlPart(text, partStart, at, value, errors);
      partStart = at + m[0].length;
    }
    urlPart(text, partStart, e, value, errors);
  }
  params?.push(new Param(name, s, nameEnd, e, eq >= 0 ? eq : undefined, value, 'url'));
  return true;
}

/** One of a query value's parts: to `value` when given, its errors to `errors` when given. */
function urlPart(text: string, s: number, e: number, value: Value | undefined, errors: SyntaxError[] | undefined): void {
  if (value) value.addPart(new Part(text.slice(s, e), decode(text, s, e, errors), s, e, s, e, variableRefs(text, s, e, errors)));
  else if (errors) {
    decode(text, s, e, errors);
    readVariables(text, s, e, errors, undefined);
  }
}

/** text[s, e) percent-decoded (`+` as a space); as written, with a warning, when it does not decode. */
function decode(text: string, s: number, e: number, errors: SyntaxError[] | undefined): string {
  // Without a `%` or a `+` the text decodes to itself.
  if (indexIn(text, 37, s, e) < 0 && indexIn(text, 43, s, e) < 0) return text.slice(s, e);
  const raw = text.slice(s, e).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    if (errors) report(errors, SyntaxErrorCode.InvalidPercentEncoding, s, e, text.slice(s, e), 'warning');
    return raw;
  }
}
