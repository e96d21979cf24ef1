/**
 * Hover: on a parameter name (the module parameter it resolves to), a value (the selected module,
 * the enumeration value, the namespace), a variable (its value, expanded) or a request header (the
 * request as the API will receive it).
 */
import { paramsOf } from './parser/lazy';
import { Hover, MarkupKind } from 'vscode-languageserver-types';
import { paramAt, requestAt, valuesOf } from './analysis';
import { enumValues } from './catalogue/model';
import { selectionLabel } from './completion';
import type { FeatureContext } from './context';
import { code, moduleDoc, namespacesOf, oneLine, paramDoc } from './docs';
import type { RequestNode, Span } from './parser/ast';
import { endpointFor, expand, isUrlLiteral, scopeFor } from './variables';

const within = (s: Span, o: number) => s.start <= o && o <= s.end;

function md(ctx: FeatureContext, value: string, span: Span): Hover {
  return { contents: { kind: MarkupKind.Markdown, value }, range: ctx.range(span) };
}

export function doHover(ctx: FeatureContext, offset: number): Hover | null {
  const { file } = ctx;
  // Variables defined before the first request.
  for (const v of file.variables) {
    if (within(v.nameSpan, offset)) return variableHover(ctx, v.name, undefined, v.nameSpan);
    for (const p of v.value?.parts ?? []) for (const r of p.variables) if (within(r.span, offset)) return variableHover(ctx, r.name, undefined, r.span);
  }
  const request = requestAt(file, offset);
  if (!request) return null;
  for (const v of request.variables) {
    if (within(v.nameSpan, offset)) return variableHover(ctx, v.name, request, v.nameSpan);
    for (const p of v.value?.parts ?? []) for (const r of p.variables) if (within(r.span, offset)) return variableHover(ctx, r.name, request, r.span);
  }
  if (request.headerSpan && within(request.headerSpan, offset)) {
    const a = ctx.analysis(request);
    const endpoint = endpointFor(file, request, ctx.env) ?? '(no endpoint: set `@endpoint` or choose an environment)';
    const params = paramsOf(request).map((p) => `${p.name}${p.value ? '=' + valuesOf(p, a.scope).join('|') : ''}`);
    const lines = [`**${request.name || `Request ${request.index + 1}`}**`, '', `${code(endpoint)}`, '', '```', ...params, '```'];
    const cat = a.catalogue;
    lines.push('', `Catalogue: ${cat.source}${cat.mwVersion ? ` (MediaWiki ${cat.mwVersion})` : ''}`);
    return md(ctx, lines.join('\n'), request.headerSpan);
  }
  const param = paramAt(request, offset);
  if (!param) return null;
  const a = ctx.analysis(request);
  for (const part of param.value?.parts ?? []) {
    for (const r of part.variables) if (within(r.span, offset) && !isUrlLiteral(param, r.name, a.scope)) return variableHover(ctx, r.name, request, r.span);
  }
  const owner = a.owners.get(param.name);
  if (within(param.nameSpan, offset)) {
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
  const value = param.value;
  if (!value || !owner) return null;
  const idx = value.parts.findIndex((p) => within(p.span, offset));
  if (idx < 0) return null;
  const part = value.parts[idx];
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
