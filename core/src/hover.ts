/**
 * Hover: on a parameter name (the module parameter it resolves to), a value (the selected module,
 * the enumeration value, the namespace, a CirrusSearch keyword in a search: search/query.ts), a variable (its value, expanded) or a request header (the
 * request as the API will receive it).
 */
import { Hover, MarkupKind } from 'vscode-languageserver-types';
import { ownerOf, valuesOf } from './analysis';
import { assertionHover } from './assertionDocs';
import { enumValues } from './catalogue/enumValues';
import type { FeatureContext } from './context';
import { cursorAt } from './cursor';
import { code, moduleDoc, namespacesOf, oneLine, paramDoc, selectionLabel } from './docs';
import type { ParamNode, RequestNode, Span, ValuePart } from './parser/ast';
import { paramsOf } from './parser/params';
import { searchKeywordHover } from './search/query';
import { endpointFor, expand, isUrlLiteral, scopeFor } from './variables';

const within = (s: Span, o: number) => s.start <= o && o <= s.end;

function md(ctx: FeatureContext, value: string, span: Span): Hover {
  return { contents: { kind: MarkupKind.Markdown, value }, range: ctx.range(span) };
}

export function doHover(ctx: FeatureContext, offset: number): Hover | null {
  const c = cursorAt(ctx.file, offset, (r) => ctx.analysis(r).params);
  switch (c.kind) {
    case 'variableDef':
      if (c.piece === 'name') return variableHover(ctx, c.def.name, c.request, c.def.nameSpan);
      return c.part ? refHover(ctx, c.request, c.part, offset) : null;
    case 'variableRef':
      return c.ref ? variableHover(ctx, c.ref.name, c.request, c.ref.span) : null;
    case 'assertion':
      return assertionHover(ctx, c.lineStart, c.lineEnd, offset);
    case 'header':
      return c.request.headerSpan && within(c.request.headerSpan, offset) ? headerHover(ctx, c.request) : null;
    case 'paramName':
      return within(c.param.nameSpan, offset) ? nameHover(ctx, c.request, c.param) : null;
    case 'paramValue':
      return refHover(ctx, c.request, c.part, offset) ?? searchKeywordHover(ctx, c, offset) ?? valueHover(ctx, c.request, c.param, c.partIndex, offset);
    case 'url':
      if (c.piece === 'name' && c.param) return nameHover(ctx, c.request, c.param);
      if (c.piece === 'value' && c.param && c.part && c.partIndex !== undefined) {
        const { param } = c;
        const scope = ctx.analysis(c.request).scope;
        // In a pasted URL, `{{name}}` is a variable only when defined (else the URL's own text).
        const ref = c.part.variables.find((r) => within(r.span, offset) && !isUrlLiteral(param, r.name, scope));
        if (ref) return variableHover(ctx, ref.name, c.request, ref.span);
        return valueHover(ctx, c.request, param, c.partIndex, offset);
      }
      return null;
    default:
      return null;
  }
}

/** On a `{{…}}` of a value part, its braces included. */
function refHover(ctx: FeatureContext, request: RequestNode | undefined, part: ValuePart, offset: number): Hover | null {
  const ref = part.variables.find((r) => within(r.span, offset));
  return ref ? variableHover(ctx, ref.name, request, ref.span) : null;
}

/** The request as the API will receive it. */
function headerHover(ctx: FeatureContext, request: RequestNode): Hover {
  const a = ctx.analysis(request);
  const endpoint = endpointFor(ctx.file, request, ctx.env) ?? '(no endpoint: set `@endpoint` or choose an environment)';
  const params = paramsOf(request).map((p) => `${p.name}${p.value ? '=' + valuesOf(p, a.scope).join('|') : ''}`);
  const lines = [`**${request.name || `Request ${request.index + 1}`}**`, '', `${code(endpoint)}`, '', '```', ...params, '```'];
  const cat = a.catalogue;
  lines.push('', `Catalogue: ${cat.source}${cat.mwVersion ? ` (MediaWiki ${cat.mwVersion})` : ''}`);
  return md(ctx, lines.join('\n'), request.headerSpan!);
}

/** The module parameter a name resolves to. */
function nameHover(ctx: FeatureContext, request: RequestNode, param: ParamNode): Hover | null {
  const a = ctx.analysis(request);
  const owner = ownerOf(a, param.name);
  if (owner) {
    return md(ctx, paramDoc(owner.param, owner.fullName, owner.selection.module, selectionLabel(owner.selection), a.catalogue), param.nameSpan);
  }
  const open = a.selections.filter((s) => !s.module.parametersKnown && s.prefix && param.name.startsWith(s.prefix));
  if (open.length) {
    const s = open[0];
    return md(ctx, `**${param.name}** — sent to ${selectionLabel(s)} (${code(s.module.path)}), whose parameters this catalogue does not list.`, param.nameSpan);
  }
  return null;
}

/** A value part: the selected module, the enumeration value, the namespace, `max`. */
function valueHover(ctx: FeatureContext, request: RequestNode, param: ParamNode, idx: number, offset: number): Hover | null {
  const a = ctx.analysis(request);
  const owner = ownerOf(a, param.name);
  const part = param.value?.parts[idx];
  if (!owner || !part || !within(part.span, offset)) return null;
  const v = valuesOf(param, a.scope)[idx];
  const p = owner.param;
  if (p.submodules) {
    const path = p.submodules[v];
    const m = path ? a.catalogue.module(path) : undefined;
    if (m) return md(ctx, moduleDoc(m, (p.submoduleparamprefix ?? '') + m.prefix, !!p.submoduleparamprefix), part.span);
    return null;
  }
  if (owner.selection.module.path === 'paraminfo' && p.name === 'modules') {
    const m = a.catalogue.module(v);
    return m ? md(ctx, moduleDoc(m), part.span) : null;
  }
  if (p.type === 'namespace') {
    const n = namespacesOf(a.catalogue).find((x) => String(x.id) === v);
    if (n) return md(ctx, `Namespace ${code(v)}: **${n.name}**`, part.span);
  }
  if (p.type === 'limit' && v === 'max') {
    const user = a.catalogue.user;
    const mine = user ? ` For ${user.name}${a.catalogue.highLimits() ? ' (apihighlimits)' : ''}: ${a.catalogue.limitMax(p) ?? '?'}.` : '';
    return md(ctx, `${code('max')}: the most this caller may ask for — ${p.max ?? '?'}, or ${p.highmax ?? '?'} with elevated rights.${mine}`, part.span);
  }
  const values = enumValues(p);
  if (values && values.includes(v)) {
    const lines = [`${code(v)} — a value of **${owner.fullName}**`];
    if (p.deprecatedvalues.includes(v)) lines.push('', '**Deprecated.**');
    const d = p.valuedescriptions?.[v];
    if (d) lines.push('', d);
    if (p.default !== undefined && String(p.default).split('|').includes(v)) lines.push('', 'Part of the default.');
    return md(ctx, lines.join('\n'), part.span);
  }
  return null;
}

function variableHover(ctx: FeatureContext, name: string, request: RequestNode | undefined, span: Span): Hover | null {
  const scope = scopeFor(ctx.file, request, ctx.env);
  const b = scope.get(name);
  if (!b) return md(ctx, `Variable ${code(name)} is not defined.`, span);
  const e = expand(b.raw, scope);
  const lines = [`Variable **${name}** (${b.source === 'environment' ? `environment${ctx.env?.name ? ' ' + code(ctx.env.name) : ''}` : b.source === 'file' ? 'file' : 'this request'})`, '', code(oneLine(e.text))];
  if (e.text !== b.raw) lines.push('', `Written as ${code(oneLine(b.raw))}`);
  return md(ctx, lines.join('\n'), span);
}
