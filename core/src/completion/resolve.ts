/**
 * The data of completion items whose documentation is computed later, on
 * `completionItem/resolve` (only for the item the user looks at), and what fills it in.
 */
import { CompletionItem, CompletionList, MarkupKind } from 'vscode-languageserver-types';
import type { Catalogue } from '../catalogue/model';
import { moduleDoc, paramDoc, paramDetail } from '../docs';
import { isObj } from '../util/json';

/**
 * What an item needs to get its documentation; every kind names the endpoint whose catalogue the
 * list came from:
 * - `param`: a parameter item's own: the module, the parameter's name in it, its selection's label;
 * - `module`: a module item's own: the module, the prefix its parameters take, whether as a generator;
 * - `names`: shared by a whole name list (the client's `itemDefaults.data`): the selections, in the
 *   order that decides which module owns a name.
 */
export type ResolveData =
  | { kind: 'param'; module: string; name: string; label: string; endpoint?: string }
  | { kind: 'module'; module: string; prefix: string; generator: boolean; endpoint?: string }
  | { kind: 'names'; selections: Array<{ module: string; prefix: string; label: string }>; endpoint?: string };

/** The endpoint of an item's data (anything a client sends back), if it names one. */
export function endpointOf(data: unknown): string | undefined {
  return isObj(data) && typeof data.endpoint === 'string' ? data.endpoint : undefined;
}

/** Fills in an item's documentation from its data; an item whose data is not ResolveData (a client may send anything back) is returned as it is. */
export function resolveCompletion(item: CompletionItem, catalogue: Catalogue): CompletionItem {
  const data: unknown = item.data;
  if (!isObj(data)) return item;
  const doc = (value: string): CompletionItem => ({ ...item, documentation: { kind: MarkupKind.Markdown, value } });
  const m = typeof data.module === 'string' ? catalogue.module(data.module) : undefined;
  if (data.kind === 'module') return m ? doc(moduleDoc(m, String(data.prefix ?? ''), data.generator === true)) : item;
  if (data.kind === 'param') {
    const p = m && (m.parameters.find((x) => x.name === data.name) ?? m.templatedparameters.find((x) => x.name === data.name));
    return m && p ? doc(paramDoc(p, item.label, m, String(data.label ?? ''), catalogue)) : item;
  }
  if (data.kind === 'names' && Array.isArray(data.selections)) {
    for (const sel of data.selections) {
      if (!isObj(sel) || typeof sel.prefix !== 'string' || !item.label.startsWith(sel.prefix)) continue;
      const sm = catalogue.module(String(sel.module));
      const p = sm && catalogue.param(sm, item.label.slice(sel.prefix.length));
      const label = String(sel.label ?? '');
      if (sm && p) return { ...doc(paramDoc(p, item.label, sm, label, catalogue)), detail: item.detail ?? paramDetail(p, label) };
    }
  }
  return item;
}

/**
 * For clients that do not resolve items: each item gets its documentation (and detail) now, from
 * its own data or the list's shared data, and the data itself is dropped.
 */
export function inlineDocumentation(list: CompletionList, catalogueOf: (endpoint: string | undefined) => Catalogue): CompletionList {
  const shared: unknown = list.itemDefaults?.data;
  const items = list.items.map((item) => {
    const data: unknown = item.data ?? shared;
    if (!data) return item;
    const resolved = { ...resolveCompletion({ ...item, data }, catalogueOf(endpointOf(data))) };
    delete resolved.data;
    return resolved;
  });
  if (!list.itemDefaults?.data) return { ...list, items };
  const itemDefaults = { ...list.itemDefaults };
  delete itemDefaults.data;
  return { ...list, itemDefaults, items };
}
