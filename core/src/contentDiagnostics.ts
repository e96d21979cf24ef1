/**
 * Content diagnostics (#31): what the wiki says of the names a file's requests send, where a wrong
 * name makes the request return nothing — a page that does not exist (`titles`: a hint, since asking
 * is a legitimate query), a category with no members (judged by its members, not by whether its page
 * exists), a user that is not registered (information); a name the wiki reads as another, and a
 * redirect where the parameter does not follow it, each with a quick fix (the value written as the
 * wiki reads it, or the redirect's target). Never an error or a warning.
 *
 * The values are those of the parameters CONTENT_PARAMS marks `check` (each value of a `|` list,
 * `{{variables}}` expanded through the request's scope; a value that does not expand is left out),
 * at most MAX_CONTENT_VALUES a document. They are asked of the provider's `facts` in one call per
 * wiki and kind (it batches them, 50 names a request, and caches each). Ranges are worked out before
 * waiting (the document may change meanwhile; the caller publishes only for the version it asked about).
 */
import { Diagnostic, DiagnosticSeverity, type Range } from 'vscode-languageserver-types';
import { ownerOf } from './analysis';
import { expandedValues } from './checks/variables';
import { MAX_DIAGNOSTICS } from './checks/report';
import { Code, type DiagnosticData, SOURCE, codeTable, messages } from './codes';
import { type ContentFact, type ContentKind, type ContentParam, type ContentProvider, type ContentToken, contentParamOf } from './content';
import { CHECKED_NAMES } from './contentParams';
import type { FeatureContext } from './context';
import { requestsWhere } from './parser/blocks';
import { paramsOf } from './parser/params';
import { endpointFor } from './variables';

/** Values looked up per document at most; the rest are not checked. */
export const MAX_CONTENT_VALUES = 200;

/** One value to look up, with what its diagnostic needs (worked out before the wait). */
interface ContentValue {
  endpoint: string;
  kind: ContentKind;
  /** The name as sent (with its namespace prefix). */
  name: string;
  param: string;
  entry: ContentParam;
  /** The request has the parameter that makes the API follow redirects in this value. */
  followsRedirects: boolean;
  range: Range;
  /** Written as it is (no variable): a quick fix may replace it. */
  fixable: boolean;
}

/** An IP address or range (a user name no one registers; `leuser` takes them), or an imported name (`en>Alice`). */
const NOT_A_USER_NAME = /^(\d{1,3}(\.\d{1,3}){3}(\/\d+)?|[0-9a-f]*:[0-9a-f:]*(\/\d+)?)$|>/i;

/**
 * The values of the file's checked content parameters, in order, at most `max`. A request whose
 * block the scanner found naming none (`Block.namesContent`) is passed over unread.
 */
export function contentValues(ctx: FeatureContext, max = MAX_CONTENT_VALUES): ContentValue[] {
  const out: ContentValue[] = [];
  for (const r of requestsWhere(ctx.file, (b) => b.namesContent)) {
    const endpoint = endpointFor(ctx.file, r, ctx.env);
    if (!endpoint || endpoint.includes('{{')) continue;
    const params = paramsOf(r);
    if (!params.some((p) => CHECKED_NAMES.has(p.name))) continue;
    const a = ctx.analysis(r);
    for (const node of params) {
      if (!node.value || !CHECKED_NAMES.has(node.name)) continue;
      const owner = ownerOf(a, node.name);
      const entry = owner && contentParamOf(owner);
      if (!entry?.check) continue;
      const vals = expandedValues(node.value, a.scope, undefined, node.origin);
      if (!vals) continue;
      const followsRedirects = !!entry.redirectsParam && params.some((p) => p.name === entry.redirectsParam);
      for (const v of vals) {
        const text = v.text.trim();
        if (!text || text.includes('{{') || text.length > 255) continue;
        if (entry.kind === 'user' && NOT_A_USER_NAME.test(text)) continue;
        // A category parameter's value without `Category:` is another mistake (the API refuses it).
        if (entry.prefix && !text.toLowerCase().startsWith(entry.prefix.toLowerCase())) continue;
        out.push({ endpoint, kind: entry.kind, name: text, param: node.name, entry, followsRedirects, range: ctx.range(v.span), fixable: !v.fromVariable });
        if (out.length >= max) return out;
      }
    }
  }
  return out;
}

/** The diagnostic of one value from its fact, if any: one per value, the redirect first, then the empty result, then the normal form. */
function diagnosticOf(v: ContentValue, f: ContentFact): Diagnostic | undefined {
  const make = (code: Code, message: string, fix?: string): Diagnostic => {
    const d: Diagnostic = { range: v.range, severity: codeTable[code].severity, code, source: SOURCE, message };
    if (fix !== undefined && v.fixable) d.data = { suggestions: [fix] } satisfies DiagnosticData;
    return d;
  };
  if (v.kind === 'user') {
    if (!f.exists) return make(Code.UnregisteredUser, messages[Code.UnregisteredUser](v.name, v.param));
  } else {
    if (f.redirectTo && !v.followsRedirects) return make(Code.UnfollowedRedirect, messages[Code.UnfollowedRedirect](v.name, f.redirectTo, v.param, v.entry.redirectsParam), f.redirectTo);
    if (v.kind === 'category' && f.members && f.members.pages + f.members.files + f.members.subcats === 0) return make(Code.EmptyCategory, messages[Code.EmptyCategory](f.normalised ?? v.name, v.param));
    if (v.kind === 'title' && !f.exists) return make(Code.MissingPage, messages[Code.MissingPage](f.normalised ?? v.name, v.param));
  }
  if (f.normalised && f.normalised !== v.name) return make(Code.NormalisedName, messages[Code.NormalisedName](v.name, f.normalised), f.normalised);
  return undefined;
}

/**
 * The content diagnostics of a file: its checked values asked of `provider` (one `facts` call per
 * wiki and kind), in document order. `token` cancels the lookups (a newer edit).
 */
export async function validateContent(ctx: FeatureContext, provider: ContentProvider, token?: ContentToken): Promise<Diagnostic[]> {
  if (!provider.facts) return [];
  const values = contentValues(ctx);
  const groups = new Map<string, ContentValue[]>();
  for (const v of values) {
    const key = `${v.endpoint}\n${v.kind}`;
    const g = groups.get(key);
    if (g) g.push(v);
    else groups.set(key, [v]);
  }
  const facts = new Map<string, ReadonlyMap<string, ContentFact>>();
  for (const [key, g] of groups) {
    if (token?.isCancellationRequested) return [];
    facts.set(key, await provider.facts(g[0].endpoint, g[0].kind, g.map((v) => v.name), token));
  }
  if (token?.isCancellationRequested) return [];
  const out: Diagnostic[] = [];
  for (const v of values) {
    const f = facts.get(`${v.endpoint}\n${v.kind}`)?.get(v.name);
    const d = f && diagnosticOf(v, f);
    if (d) out.push(d);
  }
  return out;
}

/**
 * A document's diagnostics with its content diagnostics after them, within MAX_DIAGNOSTICS (a
 * document already at the bound shows no content diagnostics). Content diagnostics are never errors
 * or warnings: a provider cannot make them so.
 */
export function withContentDiagnostics(plain: readonly Diagnostic[], content: readonly Diagnostic[]): Diagnostic[] {
  const room = Math.max(0, MAX_DIAGNOSTICS - plain.length);
  const quiet = content.filter((d) => d.severity === DiagnosticSeverity.Information || d.severity === DiagnosticSeverity.Hint);
  return [...plain, ...quiet.slice(0, room)];
}
