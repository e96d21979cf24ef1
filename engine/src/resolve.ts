/**
 * Resolving a request of a `.wikiq` file into what is sent: variables substituted, endpoint
 * chosen (pasted URL, `@endpoint`, environment, default), `format=json` and, unless the file sets
 * them, `formatversion=2` and `errorformat=plaintext`. Writes are refused: wikiq is read-only.
 *
 * Values as sent:
 * - A bare name (`redirects`) is sent as `redirects=`; MediaWiki reads a boolean as true whenever
 *   it is present, whatever its value (checked on MediaWiki 1.39: `curtimestamp=` and
 *   `curtimestamp=false` both answer with `curtimestamp`).
 * - A boolean (per the catalogue) whose value comes from variables and expands to nothing or to
 *   `false`, `0`, `no`, `off`, `n`, `f` is left out, so an environment can switch a flag off. A
 *   boolean written literally is sent as written (the language service warns that
 *   `redirects = false` is true).
 * - Multi values are joined with `|`, or, when a value holds a `|`, with U+001F (the value then
 *   starts with U+001F), as the API accepts. A variable whose value is a list (`@props = a|b`)
 *   contributes several values; `\|` stays a literal pipe.
 */
import {
  requestCount,
  requestOf,
  requestsOf,
  EXPANSION_LIMITS, Environment, lineOf, ExpansionLimit, Scope, analyse, endpointFor, expand, expandValuePart, isSwitchedOff, joinValues, parse, scopeFor, syntaxErrors,
  type Catalogue, type ParamNode, type RequestNode, type WikiqFile,
  ownerOf, paramsOf, isBatchable, valuesLimit, isToken,
} from '../../core/src';
import type { OverLimit } from './batches';
import { RefusedError, ResolveError } from './errors';
import type { FileValues } from './fileValueOptions';
import { readFileValue } from './fileValues';
import { shorten } from './shorten';

export interface ResolvedRequest {
  /** The request's name (or `Request N`). */
  name: string;
  index: number;
  endpoint: string;
  /** Parameters in file order, as sent. */
  params: Record<string, string>;
  /** Request parameter name → 0-based line of the file that set it (the last one, as the API reads the last). */
  lines: Record<string, number>;
  /** Selected modules with their prefix and the request parameter that selected them (`allimages`, `ai`, `list`), to map warnings to lines. */
  modules: Array<{ name: string; prefix: string; via: string }>;
  /** Booleans left out because their variable expanded to a false word or nothing. */
  omitted?: string[];
  /** Lists with more values than an anonymous user may send at once: the runner sends them in batches (batches.ts). */
  overLimit?: OverLimit[];
  /** Set when the request writes (resolved with `allowWrite: 'preview'`): the writing module and the token type it needs (`csrf`…). */
  write?: { module: string; tokentype: string };
}

export type RequestSelector = { offset: number } | { name: string } | { index: number };

const runnable = (r: RequestNode) => r.paramCount > 0 || r.urls.length > 0;

/** The requests of a file that can run, with the name and 1-based number the CLI and commands show. */
export function listRequests(source: string | WikiqFile): Array<{ index: number; number: number; name: string; line: number }> {
  const file = typeof source === 'string' ? parse(source) : source;
  return requestsOf(file).filter(runnable).map((r) => ({
    index: r.index, number: r.index + 1, name: r.name || `Request ${r.index + 1}`, line: lineOf(file, r.span.start),
  }));
}

export function selectRequest(file: WikiqFile, sel: RequestSelector): RequestNode {
  const requests = requestsOf(file);
  const available = () => requests.filter(runnable).map((x) => (x.name ? `'${x.name}' (${x.index + 1})` : `#${x.index + 1}`)).join(', ') || 'none';
  if ('index' in sel) {
    const r = requests[sel.index];
    if (!r || !runnable(r)) throw new ResolveError(`There is no request ${sel.index + 1} in this file. Requests: ${available()}.`);
    return r;
  }
  if ('name' in sel) {
    const r = requests.find((x) => x.name === sel.name) ?? requests.find((x) => x.name?.toLowerCase() === sel.name.toLowerCase());
    if (r && runnable(r)) return r;
    const n = /^\d+$/.test(sel.name) ? Number(sel.name) - 1 : -1;
    if (n >= 0 && requests[n] && runnable(requests[n])) return requests[n];
    throw new ResolveError(`No request is named '${sel.name}'. Requests: ${available()}.`);
  }
  let found: RequestNode | undefined;
  for (const r of requests) if (r.span.start <= sel.offset) found = r;
  found ??= requests[0];
  if (!found || !runnable(found)) throw new ResolveError('There is no request at the cursor: put it inside a request (below a ### line).');
  return found;
}

export interface ResolveOptions {
  env?: Environment;
  /** Used when neither the file nor the environment names an endpoint (the wikiq.endpoint setting). */
  defaultEndpoint?: string;
  /** Overrides every other source of the endpoint (the CLI's --endpoint). */
  forceEndpoint?: string;
  /** For module prefixes, boolean types and the read-only check: the wiki's, or the bundled one (the caller's, core/src/bundled.ts or read from the package). */
  catalogue: Catalogue;
  /** How the caller's user names an endpoint, for the "No endpoint" message (default: the editor's ways). */
  endpointHelp?: string;
  /** Where values read from files (`name = < ./page.wiki`) are read; none: such a value is an error. */
  files?: FileValues;
  /**
   * `preview`: a module that writes or must be posted is resolved (for `previewEdit`, which sends
   * no write); default: refused. A token is refused either way.
   */
  allowWrite?: 'preview';
}


/** The line where a variable is defined (the request's own, then the file's), for messages. */
function defLine(file: WikiqFile, request: RequestNode, name: string): number | undefined {
  const def = request.variables.find((v) => v.name === name) ?? file.variables.find((v) => v.name === name);
  return def ? lineOf(file, def.span.start) : undefined;
}

/** A value past a bound of expansion: names the variable past it (and its line) and the parameter's line. */
function limitError(file: WikiqFile, request: RequestNode, p: ParamNode, limit: ExpansionLimit, line: number): ResolveError {
  const bound = limit.reason === 'size' ? `expands to more than ${EXPANSION_LIMITS.maxLength.toLocaleString('en')} characters (1 MB)` : `uses variables nested more than ${EXPANSION_LIMITS.maxDepth} deep`;
  const at = limit.name ? defLine(file, request, limit.name) : undefined;
  const what = limit.name ? `the variable '${limit.name}'${at !== undefined ? ` (line ${at + 1})` : ''}` : 'its value';
  return new ResolveError(`Line ${line + 1}: ${p.name} is not sent: ${what} ${bound}.`, at ?? line);
}

function expandParam(file: WikiqFile, request: RequestNode, p: ParamNode, scope: Scope, files: FileValues | undefined): { values: string[]; fromVariables: boolean } {
  const written = p.value!.file;
  // A value read from a file is its text as it is: one value, no variables expanded in it.
  if (written !== undefined) return { values: [readFileValue(written, p.name, lineOf(file, p.start), files)], fromVariables: false };
  const values: string[] = [];
  let fromVariables = false;
  for (const part of p.value!.parts) {
    if (!part.variables.length) {
      values.push(part.text);
      continue;
    }
    fromVariables = true;
    const x = expandValuePart(part, scope, p.origin);
    const line = lineOf(file, part.span.start);
    if (x.undefinedNames.length) {
      throw new ResolveError(`Line ${line + 1}: the variable '${x.undefinedNames[0]}' (in ${p.name}) is not defined: define it with '@${x.undefinedNames[0]} = …' or in the environment.`, line);
    }
    if (x.cyclic.length) throw new ResolveError(`Line ${line + 1}: the variable '${x.cyclic[0]}' (in ${p.name}) refers to itself.`, line);
    if (x.exceeded.length) throw limitError(file, request, p, x.exceeded[0], line);
    values.push(...x.values);
  }
  return { values, fromVariables };
}

type Analysis = ReturnType<typeof analyse>;

/** The first syntax error from the request's first line up to the next request (or the end of the file), thrown. */
function refuseSyntaxErrors(file: WikiqFile, request: RequestNode): void {
  const until = request.index + 1 < requestCount(file) ? requestOf(file, request.index + 1).span.start : Infinity;
  const errors = syntaxErrors(file).filter((e) => e.severity === 'error' && e.span.start >= request.span.start && e.span.start < until);
  if (errors.length) {
    const e = errors[0];
    throw new ResolveError(`Line ${lineOf(file, e.span.start) + 1}: ${e.message}`, lineOf(file, e.span.start));
  }
}

/** The endpoint the request is sent to: expanded, an http(s) URL, with no credentials in it. */
function resolveEndpoint(file: WikiqFile, request: RequestNode, scope: Scope, opts: ResolveOptions): URL {
  const endpoint = opts.forceEndpoint ?? endpointFor(file, request, opts.env) ?? opts.defaultEndpoint;
  if (!endpoint) throw new ResolveError(`No endpoint: ${opts.endpointHelp ?? 'add "@endpoint = https://…/api.php" to the file, choose an environment, or set wikiq.endpoint'}.`);
  const ep = expand(endpoint, scope);
  if (ep.undefinedNames.length || ep.cyclic.length || ep.exceeded.length) {
    const line = defLine(file, request, 'endpoint');
    const what = ep.undefinedNames.length ? `uses the undefined variable '${ep.undefinedNames[0]}'`
      : ep.cyclic.length ? `refers to itself through '${ep.cyclic[0]}'` : `is too large to expand (through '${ep.exceeded[0].name}')`;
    throw new ResolveError(`${line !== undefined ? `Line ${line + 1}: ` : ''}the endpoint ${what}.`, line);
  }
  let url: URL;
  try {
    url = new URL(ep.text.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ResolveError(`The endpoint '${shorten(ep.text)}' is not an http(s) URL.`, defLine(file, request, 'endpoint'));
  }
  if (url.username || url.password) {
    // Never echoed: not in this message, not in the result's `endpoint`.
    throw new ResolveError(`The endpoint ${url.protocol}//${url.host}${shorten(url.pathname, 100)} has a user name or password in it (user:pass@): wikiq sends no credentials in URLs; remove them.`, defLine(file, request, 'endpoint'));
  }
  return url;
}

interface ExpandedParams {
  params: Record<string, string>;
  lines: Record<string, number>;
  omitted: string[];
  overLimit: Map<string, OverLimit>;
}

/** The request's parameters as sent, in file order, with their lines, the booleans switched off and the lists over the limit. */
function expandParams(file: WikiqFile, request: RequestNode, a: Analysis, scope: Scope, files: FileValues | undefined): ExpandedParams {
  const params: Record<string, string> = {};
  const lines: Record<string, number> = {};
  const omitted: string[] = [];
  const overLimit = new Map<string, OverLimit>();
  for (const p of paramsOf(request)) {
    const line = lineOf(file, p.nameSpan.start);
    // The API reads the last of repeated parameters; so does this (and its line is the one kept).
    delete params[p.name];
    overLimit.delete(p.name);
    if (!p.value) {
      params[p.name] = '';
      lines[p.name] = line;
      continue;
    }
    const { values, fromVariables } = expandParam(file, request, p, scope, files);
    if (fromVariables && values.length === 1 && isSwitchedOff(values[0]) && ownerOf(a, p.name)?.param.type === 'boolean') {
      omitted.push(p.name);
      lines[p.name] = line;
      continue;
    }
    // A block value or a file's is one text, sent as written (no U+001F form: it is no list of values).
    params[p.name] = p.value.block || p.value.file !== undefined ? values.join('') : joinValues(values);
    lines[p.name] = line;
    const info = ownerOf(a, p.name)?.param;
    if (info && isBatchable(info) && values.length > valuesLimit(info, false)) {
      const distinct = info.allowsduplicates ? values : [...new Set(values)];
      overLimit.set(p.name, { name: p.name, values: distinct, line, limit: valuesLimit(info, false), highlimit: valuesLimit(info, true) });
    }
  }
  return { params, lines, omitted, overLimit };
}

/** Read-only: no module that writes or must be posted (unless previewed), no token. */
function refuseWrites(file: WikiqFile, a: Analysis, params: Record<string, string>, lines: Record<string, number>, allowWrite: ResolveOptions['allowWrite']): void {
  for (const s of a.selections) {
    const m = s.module;
    if ((m.mustbeposted || m.writerights) && allowWrite !== 'preview') {
      const what = s.viaName ? `${s.viaName}=${m.name}` : m.name;
      const line = s.via ? ` (line ${lineOf(file, s.via.nameSpan.start) + 1})` : '';
      throw new RefusedError(`${what}${line} ${m.writerights ? 'writes to the wiki' : 'must be sent as POST'}: here only read requests (GET) are run. ${m.name === 'upload' ? 'wikiq does not send uploads (a file body is another feature)' : `A write is previewed first and sent only once confirmed: wikiq run FILE ${m.name === 'edit' ? 'previews this edit' : 'shows its plan'} and asks before ${m.name === 'edit' ? 'saving' : 'sending'} it (--dry-run: the ${m.name === 'edit' ? 'preview' : 'plan'} only); see docs/writes.md`}.`);
    }
  }
  for (const k of Object.keys(params)) {
    if (isToken(k, ownerOf(a, k))) {
      throw new RefusedError(`Line ${lines[k] + 1}: '${k}' is a token: remove it. wikiq never sends a token written in a file; it fetches one itself only to save a write you confirmed.`);
    }
  }
}

/** The module that writes or must be posted, and the token type its `token` parameter names (`csrf` when the catalogue does not say). */
function writeOf(a: Analysis): ResolvedRequest['write'] {
  const m = a.selections.map((s) => s.module).find((x) => x.mustbeposted || x.writerights);
  if (!m) return undefined;
  const token = m.parameters.find((p) => p.tokentype !== undefined);
  return { module: m.name, tokentype: token?.tokentype ?? 'csrf' };
}

export function resolveRequest(source: string | WikiqFile, sel: RequestSelector, opts: ResolveOptions): ResolvedRequest {
  const file = typeof source === 'string' ? parse(source) : source;
  const request = selectRequest(file, sel);
  refuseSyntaxErrors(file, request);
  const scope = scopeFor(file, request, opts.env);
  const url = resolveEndpoint(file, request, scope, opts);
  const a = analyse(file, request, opts.catalogue, opts.env, scope);
  const { params, lines, omitted, overLimit } = expandParams(file, request, a, scope, opts.files);
  params.format = 'json';
  if (!('formatversion' in params)) params.formatversion = '2';
  if (!('errorformat' in params)) params.errorformat = 'plaintext';
  refuseWrites(file, a, params, lines, opts.allowWrite);
  const write = writeOf(a);
  const modules = a.selections.filter((s) => s.via).map((s) => ({ name: s.module.name, prefix: s.prefix, via: s.viaName }));
  return {
    name: request.name || (request.headerSpan ? `Request ${request.index + 1}` : 'Request'),
    index: request.index,
    endpoint: url.toString(),
    params,
    lines,
    modules,
    ...(omitted.length ? { omitted } : {}),
    ...(overLimit.size ? { overLimit: [...overLimit.values()] } : {}),
    ...(write ? { write } : {}),
  };
}
