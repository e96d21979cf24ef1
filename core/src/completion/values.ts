/**
 * Values (after `=`, or on a `|` line): module names of submodule parameters, module paths for
 * paraminfo, enumerations, `max`, defaults, namespaces, `now`, `*`, and the variables in scope;
 * in a multi-value parameter, less the values already chosen.
 */
import { CompletionItem, CompletionItemKind, CompletionItemTag, CompletionList, MarkupKind } from 'vscode-languageserver-types';
import { ownerOf, valuesOf } from '../analysis';
import type { ModuleInfo } from '../catalogue/model';
import { enumValues } from '../catalogue/enumValues';
import type { FeatureContext } from '../context';
import type { ParamValueCursor } from '../cursor';
import { namespacesOf } from '../docs';
import { withRange } from './list';
import { likelyKey, moduleRank, valueUsageKey } from './ranking';
import type { ResolveData } from './resolve';
import { variableValueItem } from './variables';

export function valueCompletion(ctx: FeatureContext, c: ParamValueCursor): CompletionList {
  const { request, param, partIndex } = c;
  const a = ctx.analysis(request);
  const range = ctx.range(c.span);
  const chosen = new Set(valuesOf(param, a.scope).filter((_, i) => i !== partIndex));
  const owner = ownerOf(a, param.name);
  const items: CompletionItem[] = [];
  const push = (item: CompletionItem, rank: number, key: string) => {
    items.push({ ...item, sortText: `${String(rank).padStart(2, '0')}${key}`, textEditText: item.insertText ?? item.label, insertText: undefined });
  };
  if (!owner) {
    if (param.name === 'action' && !a.catalogue.main()) {
      for (const m of a.catalogue.actions()) push(moduleItem(m, '', false, a.catalogue.endpoint), m.deprecated ? 10 : 1, m.name);
    }
    return withRange(ctx, items, range);
  }
  const p = owner.param;
  const allowDup = p.allowsduplicates;
  const skip = (v: string) => p.multi && !allowDup && chosen.has(v);
  const rankDefault = (v: string) => {
    const d = p.default === undefined ? [] : String(p.default).split('|');
    return d.includes(v) ? 0 : 1;
  };
  if (p.submodules) {
    for (const [name, path] of Object.entries(p.submodules)) {
      if (skip(name)) continue;
      const m = a.catalogue.module(path);
      if (p.submoduleparamprefix && m && !m.generator) continue;
      if (m) push(moduleItem(m, (p.submoduleparamprefix ?? '') + m.prefix, !!p.submoduleparamprefix, a.catalogue.endpoint), moduleRank(m, name, owner.fullName, rankDefault), likelyKey(owner.fullName, name));
      else push({ label: name, kind: CompletionItemKind.Module, detail: path }, 5, name);
    }
  } else if (owner.selection.module.path === 'paraminfo' && p.name === 'modules') {
    for (const m of a.catalogue.modules()) {
      if (m.path === 'main' || skip(m.path)) continue;
      push({ ...moduleItem(m, m.prefix, false, a.catalogue.endpoint), label: m.path }, m.path.startsWith('query+') ? 1 : 2, m.path);
    }
    for (const w of ['*', 'query+*']) if (!skip(w)) push({ label: w, kind: CompletionItemKind.Constant, detail: 'all modules (wildcard)' }, 3, w);
  } else {
    const values = enumValues(p);
    if (values) {
      values.forEach((v, i) => {
        if (skip(v)) return;
        const deprecated = p.deprecatedvalues.includes(v);
        const internal = p.internalvalues.includes(v);
        const d = p.valuedescriptions?.[v];
        push({
          label: v === '' ? '(empty)' : v,
          insertText: v,
          filterText: v,
          kind: CompletionItemKind.EnumMember,
          detail: deprecated ? 'deprecated' : rankDefault(v) === 0 ? 'default' : undefined,
          documentation: d ? { kind: MarkupKind.Markdown, value: d } : undefined,
          tags: deprecated ? [CompletionItemTag.Deprecated] : undefined,
        }, deprecated || internal ? 10 : rankDefault(v), valueUsageKey(a.catalogue, owner, v) + String(i).padStart(4, '0'));
      });
    }
    if (p.type === 'limit') {
      push({ label: 'max', kind: CompletionItemKind.Constant, detail: `the most allowed (${p.max ?? '?'}, or ${p.highmax ?? '?'} with elevated rights)` }, 0, 'max');
      if (p.default !== undefined && p.default !== '') push({ label: String(p.default), kind: CompletionItemKind.Value, detail: 'default' }, 1, 'default');
    } else if (p.type === 'integer' && p.default !== undefined && p.default !== '') {
      push({ label: String(p.default), kind: CompletionItemKind.Value, detail: 'default' }, 1, 'default');
    } else if (p.type === 'namespace') {
      for (const n of namespacesOf(a.catalogue)) {
        if (n.id < 0 && !(p.extranamespaces ?? []).includes(n.id)) continue;
        const v = String(n.id);
        if (skip(v)) continue;
        push({ label: v, labelDetails: { description: n.name }, kind: CompletionItemKind.EnumMember, detail: `${v} (${n.name})`, filterText: `${v} ${n.name}` }, n.id < 0 ? 5 : 1, String(n.id + 10).padStart(6, '0'));
      }
    } else if (p.type === 'timestamp') {
      push({ label: 'now', kind: CompletionItemKind.Constant, detail: 'the current time' }, 1, 'now');
    }
    if (p.allspecifier && chosen.size === 0) {
      push({ label: p.allspecifier, kind: CompletionItemKind.Constant, detail: 'all values' }, 2, p.allspecifier);
    }
  }
  for (const b of a.scope.values()) push(variableValueItem(b, a.scope), 20, b.name);
  return withRange(ctx, items, range);
}

function moduleItem(m: ModuleInfo, prefix: string, generator = false, endpoint?: string): CompletionItem {
  return {
    label: m.name,
    kind: CompletionItemKind.Module,
    detail: `${m.path}${prefix ? ` — prefix ${prefix}` : ''}${m.deprecated ? ' (deprecated)' : ''}`,
    data: { kind: 'module', module: m.path, prefix, generator, endpoint } satisfies ResolveData,
    tags: m.deprecated ? [CompletionItemTag.Deprecated] : undefined,
  };
}
