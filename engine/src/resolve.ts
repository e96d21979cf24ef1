/**
 * Resolving a request of a `.wikiq` file into what is sent: variables substituted, endpoint
 * chosen (pasted URL, `@endpoint`, environment, default), booleans as present, multi values joined
 * with `|` (or the U+001F form when a value holds a pipe), `format=json` and, unless the file sets
 * them, `formatversion=2` and `errorformat=plaintext`. Writes are refused: wikiq is read-only.
 */
import { analyse } from '../../server/src/language/analysis';
import { bundledCatalogue } from '../../server/src/language/catalogue/bundled';
import type { Catalogue } from '../../server/src/language/catalogue/model';
import type { RequestNode, WikiqFile } from '../../server/src/language/parser/ast';
import { parse } from '../../server/src/language/parser/parser';
import { Environment, endpointFor, expand, scopeFor } from '../../server/src/language/variables';
import { RefusedError, ResolveError } from './errors';

export interface ResolvedRequest {
  /** The request's name (or `Request N`). */
  name: string;
  index: number;
  endpoint: string;
  /** Parameters in file order, as sent. */
  params: Record<string, string>;
  /** Request parameter name → 0-based line of the file that set it. */
  lines: Record<string, number>;
  /** Prefix → the request parameter that selected the module (`ai` → `list`), to map warnings to lines. */
  modules: Array<{ name: string; prefix: string; via: string }>;
}

export type RequestSelector = { offset: number } | { name: string } | { index: number };

function lineOf(file: WikiqFile, offset: number): number {
  let lo = 0;
  let hi = file.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (file.lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function selectRequest(file: WikiqFile, sel: RequestSelector): RequestNode {
  const runnable = file.requests.filter((r) => r.params.length || r.urls.length);
  if ('index' in sel) {
    const r = file.requests[sel.index];
    if (!r || !(r.params.length || r.urls.length)) throw new ResolveError(`There is no request ${sel.index + 1} in this file (it has ${runnable.length}).`);
    return r;
  }
  if ('name' in sel) {
    const r = file.requests.find((x) => x.name === sel.name) ?? file.requests.find((x) => x.name?.toLowerCase() === sel.name.toLowerCase());
    if (r) return r;
    const n = /^\d+$/.test(sel.name) ? Number(sel.name) - 1 : -1;
    if (n >= 0 && file.requests[n]) return file.requests[n];
    throw new ResolveError(`No request is named '${sel.name}'. Requests: ${runnable.map((x, i) => x.name || `#${i + 1}`).join(', ') || 'none'}.`);
  }
  let found: RequestNode | undefined;
  for (const r of file.requests) if (r.span.start <= sel.offset) found = r;
  found ??= file.requests[0];
  if (!found || !(found.params.length || found.urls.length)) throw new ResolveError('There is no request at the cursor: put it inside a request (below a ### line).');
  return found;
}

export interface ResolveOptions {
  env?: Environment;
  /** Used when neither the file nor the environment names an endpoint (the wikiq.endpoint setting). */
  defaultEndpoint?: string;
  /** For module prefixes and the read-only check; default the bundled catalogue. */
  catalogue?: Catalogue;
}

export function resolveRequest(source: string | WikiqFile, sel: RequestSelector, opts: ResolveOptions = {}): ResolvedRequest {
  const file = typeof source === 'string' ? parse(source) : source;
  const request = selectRequest(file, sel);
  const errors = [...file.errors].filter((e) => e.severity === 'error' && e.span.start >= request.span.start && e.span.end <= request.span.end);
  if (errors.length) {
    const e = errors[0];
    throw new ResolveError(`Line ${lineOf(file, e.span.start) + 1}: ${e.message}`, lineOf(file, e.span.start));
  }
  const scope = scopeFor(file, request, opts.env);
  const endpoint = endpointFor(file, request, opts.env) ?? opts.defaultEndpoint;
  if (!endpoint) throw new ResolveError('No endpoint: add "@endpoint = https://…/api.php" to the file, choose an environment, or set wikiq.endpoint.');
  const ep = expand(endpoint, scope);
  if (ep.undefinedNames.length) throw new ResolveError(`The endpoint uses the undefined variable '${ep.undefinedNames[0]}'.`);
  let url: URL;
  try {
    url = new URL(ep.text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ResolveError(`The endpoint '${ep.text}' is not an http(s) URL.`);
  }
  const params: Record<string, string> = {};
  const lines: Record<string, number> = {};
  for (const p of request.params) {
    const line = lineOf(file, p.nameSpan.start);
    if (!p.value) {
      params[p.name] = '';
      lines[p.name] = line;
      continue;
    }
    const values: string[] = [];
    for (const part of p.value.parts) {
      const x = expand(part.text, scope);
      if (x.undefinedNames.length) throw new ResolveError(`Line ${lineOf(file, part.span.start) + 1}: the variable '${x.undefinedNames[0]}' is not defined.`, lineOf(file, part.span.start));
      if (x.cyclic.length) throw new ResolveError(`Line ${lineOf(file, part.span.start) + 1}: the variable '${x.cyclic[0]}' refers to itself.`, lineOf(file, part.span.start));
      values.push(x.text);
    }
    params[p.name] = values.some((v) => v.includes('|')) ? '\u001f' + values.join('\u001f') : values.join('|');
    lines[p.name] = line;
  }
  params.format = 'json';
  if (!('formatversion' in params)) params.formatversion = '2';
  if (!('errorformat' in params)) params.errorformat = 'plaintext';
  const catalogue = opts.catalogue ?? bundledCatalogue();
  const a = analyse(file, request, catalogue, opts.env);
  const action = a.action?.module;
  if (action && (action.mustbeposted || action.writerights)) {
    throw new RefusedError(`action=${action.name} ${action.writerights ? 'writes to the wiki' : 'must be sent as POST'}: wikiq only runs read requests.`);
  }
  if (Object.keys(params).some((k) => /token$/.test(k) && k !== 'continue')) {
    throw new RefusedError('This request carries a token: wikiq only runs read requests, which need none.');
  }
  const modules = a.selections.filter((s) => s.via).map((s) => ({ name: s.module.name, prefix: s.prefix, via: s.viaName }));
  return {
    name: request.name || (request.headerSpan ? `Request ${request.index + 1}` : 'Request'),
    index: request.index,
    endpoint: url.toString(),
    params,
    lines,
    modules,
  };
}
