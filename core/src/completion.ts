/**
 * Completion: parameter names of the modules a request selects (with their prefixes, `g` for the
 * generator, templated names expanded), values (module names, enumerations, `max`, `*`,
 * namespaces, `now`, module paths for paraminfo), and variables after `{{`.
 *
 * The context is read from the text of the cursor's line (the document may be mid-edit), the
 * meaning from the analysis of the request the line belongs to.
 */
import { paramsOf } from './parser/lazy';
import {
  Command, CompletionItem, CompletionItemKind, CompletionItemTag, CompletionList, InsertTextFormat, MarkupKind, Range, TextEdit,
} from 'vscode-languageserver-types';
import { Analysis, Owner, Selection, paramAt, requestAt, templatedNames, valuesOf } from './analysis';
import type { Catalogue, ModuleInfo, ParamInfo } from './catalogue/model';
import { enumValues, isContinueParam } from './catalogue/model';
import type { FeatureContext } from './context';
import { moduleDoc, namespacesOf, oneLine, paramDoc, typeLabel } from './docs';
import type { ParamNode, RequestNode } from './parser/ast';
import { expand } from './variables';
import { lineOf } from './util/search';

const NAME_CHAR = /[A-Za-z0-9_.\-{}]/;

export function lineBounds(text: string, lineStarts: readonly number[], offset: number): { start: number; end: number } {
  const line = lineOf(lineStarts, offset);
  const start = lineStarts[line];
  let end = line + 1 < lineStarts.length ? lineStarts[line + 1] : text.length;
  while (end > start && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  return { start, end };
}

function emptyRequest(offset: number): RequestNode {
  return { index: -1, span: { start: offset, end: offset }, paramCount: 0, variables: [], urls: [] };
}

export function selectionLabel(s: Selection): string {
  if (!s.via) return 'the main module';
  return `${s.viaName}=${s.module.name}`;
}

export function doComplete(ctx: FeatureContext, offset: number): CompletionList {
  const { file } = ctx;
  const text = file.text;
  const { start: lineStart, end: lineEnd } = lineBounds(text, file.lineStarts, offset);
  const before = text.slice(lineStart, offset);
  const trimmed = before.trimStart();
  const none: CompletionList = { isIncomplete: false, items: [] };
  if (trimmed.startsWith('#') || trimmed.startsWith('//')) return none;
  if (/^(GET\s|https?:)/i.test(trimmed)) return none;
  const request = requestAt(file, offset) ?? emptyRequest(offset);
  const items: CompletionItem[] = [];

  // Inside `{{…`: variables.
  const open = before.lastIndexOf('{{');
  if (open >= 0 && open > before.lastIndexOf('}}')) {
    const nameStart = lineStart + open + 2;
    let end = offset;
    while (end < lineEnd && /[A-Za-z0-9_.\-]/.test(text[end])) end++;
    const closes = text.startsWith('}}', end);
    const range = ctx.range({ start: nameStart, end: closes ? end + 2 : end });
    const a = ctx.analysis(request);
    for (const b of a.scope.values()) {
      const value = expand(b.raw, a.scope).text;
      items.push({
        label: b.name,
        kind: CompletionItemKind.Variable,
        detail: oneLine(value),
        documentation: { kind: MarkupKind.Markdown, value: `Variable \`${b.name}\` (${b.source}) = \`${oneLine(value)}\`` },
        textEdit: TextEdit.replace(range, `${b.name}}}`),
        filterText: b.name,
      });
    }
    return { isIncomplete: false, items };
  }
  if (trimmed.startsWith('@')) return none;

  if (trimmed.startsWith('|')) {
    const param = paramAt(request, lineStart + (before.length - trimmed.length));
    if (!param || !param.value) return none;
    return valueCompletion(ctx, request, param, offset, lineEnd);
  }
  const eq = before.indexOf('=');
  if (eq >= 0) {
    const name = before.slice(0, eq).trim();
    const param = paramsOf(request).find((p) => p.name === name && p.nameSpan.start >= lineStart && p.nameSpan.start < lineEnd);
    if (!param) return none;
    return valueCompletion(ctx, request, param, offset, lineEnd);
  }
  if (!/^[A-Za-z0-9_.\-]*$/.test(trimmed)) return none;
  const nameStart = offset - trimmed.length;
  let nameEnd = offset;
  while (nameEnd < lineEnd && NAME_CHAR.test(text[nameEnd])) nameEnd++;
  const hasEquals = /^\s*=/.test(text.slice(nameEnd, lineEnd));
  return nameCompletion(ctx, request, { start: nameStart, end: nameEnd }, hasEquals);
}

/** Name items depend only on the catalogue and the request's selections: built once, reused. */
const nameItemCache = new WeakMap<object, Map<string, CompletionItem[]>>();

function nameItems(a: Analysis, hasEquals: boolean, sharedData: boolean, trigger?: string): CompletionItem[] {
  const templated = a.selections.some((s) => s.module.templatedparameters.length)
    ? a.selections.flatMap((s) => s.module.templatedparameters.flatMap((t) => templatedNames(a, s, t).map((n) => n.fullName)))
    : [];
  const key = `${hasEquals ? 1 : 0}${sharedData ? 1 : 0}${trigger ?? ''}|${a.selections.map((s) => `${s.prefix}:${s.module.path}${s === a.action ? '!' : ''}`).join(',')}|${templated.join(',')}`;
  let byKey = nameItemCache.get(a.catalogue);
  if (!byKey) nameItemCache.set(a.catalogue, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) return hit;
  const items: CompletionItem[] = [];
  // Reopens completion for the value, where the client is known to run the command.
  const suggest = trigger ? Command.create('Suggest', trigger) : undefined;
  const rankOf = (o: Owner): number => {
    if (o.fullName === 'action') return 0;
    if (!o.selection.via) return 6; // main module's parameters: format, maxlag…
    if (o.selection === a.action) return 2;
    return 1;
  };
  if (!a.owners.has('action')) {
    // A catalogue without `main`: still offer `action`.
    items.push({
      label: 'action', kind: CompletionItemKind.Property, detail: 'module name — which action to perform',
      sortText: '00action', textEditText: hasEquals ? 'action' : 'action = ', command: hasEquals ? undefined : suggest,
    });
  }
  for (const o of a.owners.values()) {
    const p = o.param;
    let rank = rankOf(o);
    if (p.required) rank = 0;
    if (p.deprecated) rank += 10;
    const wantsValue = !hasEquals && p.type !== 'boolean' && (!!enumValues(p) || p.type === 'limit' || p.type === 'namespace' || p.type === 'timestamp');
    const label = selectionLabel(o.selection);
    items.push({
      label: o.fullName,
      kind: p.type === 'boolean' ? CompletionItemKind.Value : CompletionItemKind.Property,
      labelDetails: { description: o.selection.via ? o.selection.module.name : 'main' },
      // With shared data the client resolves the focused item, which then gets its detail too.
      detail: sharedData && !o.template ? undefined : paramDetail(p, label),
      // Plain names find their docs from the list's shared data (see nameData); only templated
      // names, or clients without shared item data, carry their own.
      data: sharedData && !o.template ? undefined : ({ d: ['p', o.selection.module.path, p.name, label], e: a.catalogue.endpoint } satisfies ResolveData),
      tags: p.deprecated ? [CompletionItemTag.Deprecated] : undefined,
      sortText: `${String(rank).padStart(2, '0')}${usageKey(o)}${o.fullName}`,
      textEditText: hasEquals || p.type === 'boolean' ? o.fullName : `${o.fullName} = `,
      command: wantsValue ? suggest : undefined,
    });
  }
  if (byKey.size > 200) byKey.clear();
  byKey.set(key, items);
  return items;
}

function paramDetail(p: ParamInfo, label: string): string {
  return `${typeLabel(p)}${p.multi ? ', multi' : ''} — ${label}`;
}

/** The data a name list shares: the selections in order, as `Owners.get` tries them. */
function nameData(a: Analysis): ResolveData {
  return { n: a.selections.map((s) => [s.module.path, s.prefix, selectionLabel(s)]), e: a.catalogue.endpoint };
}

/**
 * Gives items their edit: one shared `editRange` where the client takes item defaults, else a
 * `textEdit` each; `data` is shared the same way where the client takes it.
 */
function withRange(ctx: FeatureContext, items: CompletionItem[], range: Range, data?: ResolveData): CompletionList {
  if (ctx.itemDefaults) {
    return { isIncomplete: false, itemDefaults: { editRange: range, insertTextFormat: InsertTextFormat.PlainText, ...(data && ctx.itemDefaultsData ? { data } : {}) }, items };
  }
  return {
    isIncomplete: false,
    items: items.map(({ textEditText, ...rest }) => ({ ...rest, insertTextFormat: InsertTextFormat.PlainText, textEdit: TextEdit.replace(range, textEditText ?? rest.label) })),
  };
}

function nameCompletion(ctx: FeatureContext, request: RequestNode, span: { start: number; end: number }, hasEquals: boolean): CompletionList {
  const a = ctx.analysis(request);
  const present = new Set<string>();
  for (const p of paramsOf(request)) if (p.nameSpan.start !== span.start) present.add(p.name);
  const shared = !!ctx.itemDefaults && !!ctx.itemDefaultsData;
  const all = nameItems(a, hasEquals, shared, ctx.triggerCommand);
  const items = present.size ? all.filter((i) => !present.has(i.label)) : all;
  return withRange(ctx, items, ctx.range(span), shared ? nameData(a) : undefined);
}

function currentPart(param: ParamNode, offset: number): number {
  const parts = param.value!.parts;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].region.start <= offset && offset <= parts[i].region.end) return i;
  }
  return parts.length - 1;
}

function valueCompletion(ctx: FeatureContext, request: RequestNode, param: ParamNode, offset: number, lineEnd: number): CompletionList {
  const a = ctx.analysis(request);
  const value = param.value;
  if (!value) return { isIncomplete: false, items: [] };
  const idx = currentPart(param, offset);
  const part = value.parts[idx];
  // Replace the word being typed: from the start of the part to the end of the value word.
  const start = Math.max(part.region.start, Math.min(part.span.start, offset));
  const end = Math.min(lineEnd, Math.max(offset, part.span.end));
  const range = ctx.range({ start, end });
  const chosen = new Set(valuesOf(param, a.scope).filter((_, i) => i !== idx));
  const owner = a.owners.get(param.name);
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
        }, deprecated || internal ? 10 : rankDefault(v), valueUsageKey(owner, v) + String(i).padStart(4, '0'));
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
  for (const b of a.scope.values()) {
    push({ label: `{{${b.name}}}`, filterText: `{{${b.name}}}`, kind: CompletionItemKind.Variable, detail: oneLine(expand(b.raw, a.scope).text) }, 20, b.name);
  }
  return withRange(ctx, items, range);
}

/** How the module's own examples use one of its parameters: how many examples name it, and each value how often. */
interface ExampleUse { uses: number; values: Map<string, number> }

const exampleUses = new WeakMap<ModuleInfo, Map<string, ExampleUse>>();

function decodeQueryValue(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** How the module's own examples use each of its parameters (unprefixed), as a module or as a generator. */
function usesInExamples(m: ModuleInfo): Map<string, ExampleUse> {
  let uses = exampleUses.get(m);
  if (uses) return uses;
  uses = new Map();
  for (const e of m.examples ?? []) {
    for (const pair of e.query.split('&')) {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const bare = m.prefix && name.startsWith('g' + m.prefix) ? name.slice(m.prefix.length + 1) : name.startsWith(m.prefix) ? name.slice(m.prefix.length) : undefined;
      if (!bare) continue;
      const u = uses.get(bare) ?? { uses: 0, values: new Map<string, number>() };
      u.uses++;
      if (eq >= 0) for (const v of decodeQueryValue(pair.slice(eq + 1)).split('|')) u.values.set(v, (u.values.get(v) ?? 0) + 1);
      uses.set(bare, u);
    }
  }
  exampleUses.set(m, uses);
  return uses;
}

/** A sort key: used `n` times first (most used first), then the unused. */
function usedMostFirst(n: number): string {
  return n > 0 ? `0${String(999 - Math.min(n, 999)).padStart(3, '0')}` : '1';
}

/** Within a rank: parameters the module's examples use first (most used first), then the rest, continuation tokens last. */
function usageKey(o: Owner): string {
  const p = o.param;
  if (isContinueParam(p)) return '2';
  return usedMostFirst(usesInExamples(o.selection.module).get(p.name)?.uses ?? 0);
}

/** Within a rank: the values the module's examples give this parameter most first, then the rest. */
function valueUsageKey(o: Owner, value: string): string {
  return usedMostFirst(usesInExamples(o.selection.module).get(o.param.name)?.values.get(value) ?? 0);
}

const LIKELY: Record<string, readonly string[]> = {
  action: ['query', 'parse', 'paraminfo', 'expandtemplates', 'compare', 'opensearch'],
  format: ['json'],
};

/**
 * Where a module goes in a value list: the likely ones first; then the rest (the default value
 * among them, except `action`'s default `help`, which nobody means to request); modules wikiq
 * cannot run (writes, POST only) and internal ones after; deprecated last.
 */
/** Sorts the likely modules in the order listed (query before compare), the rest by name. */
function likelyKey(fullName: string, name: string): string {
  const i = LIKELY[fullName]?.indexOf(name) ?? -1;
  return i >= 0 ? String(i).padStart(2, '0') : name;
}

function moduleRank(m: ModuleInfo, name: string, fullName: string, rankDefault: (v: string) => number): number {
  if (m.deprecated) return 10;
  if (m.mustbeposted || m.writerights) return 6;
  if (m.internal) return 5;
  const likely = LIKELY[fullName]?.indexOf(name) ?? -1;
  if (likely >= 0) return 0;
  if (fullName === 'action') return 2;
  return rankDefault(name) === 0 ? 1 : 2;
}

function moduleItem(m: ModuleInfo, prefix: string, generator = false, endpoint?: string): CompletionItem {
  return {
    label: m.name,
    kind: CompletionItemKind.Module,
    detail: `${m.path}${prefix ? ` — prefix ${prefix}` : ''}${m.deprecated ? ' (deprecated)' : ''}`,
    data: { d: ['m', m.path, prefix, generator ? 1 : 0], e: endpoint } satisfies ResolveData,
    tags: m.deprecated ? [CompletionItemTag.Deprecated] : undefined,
  };
}

/**
 * What an item needs to get its documentation on `completionItem/resolve`, kept small on the wire
 * (a name list is sent often and can hold a hundred items):
 * - `d`: the item's own: `['p', module path, parameter name, selection label]` or
 *   `['m', module path, prefix, generator 0/1]`;
 * - `n`: shared by a whole name list (the client's `itemDefaults.data`): the selections as
 *   `[module path, prefix, label]`, in the order that decides which module owns a name;
 * - `e`: the endpoint whose catalogue the list came from.
 */
export interface ResolveData {
  d?: ['p', string, string, string] | ['m', string, string, 0 | 1];
  n?: Array<[string, string, string]>;
  e?: string;
}

/** Fills in an item's documentation: computed only for the item the user looks at. */
export function resolveCompletion(item: CompletionItem, catalogue: Catalogue): CompletionItem {
  const data = item.data as ResolveData | undefined;
  const doc = (value: string): CompletionItem => ({ ...item, documentation: { kind: MarkupKind.Markdown, value } });
  if (Array.isArray(data?.d)) {
    const d = data.d;
    const m = typeof d[1] === 'string' ? catalogue.module(d[1]) : undefined;
    if (!m) return item;
    if (d[0] === 'm') return doc(moduleDoc(m, String(d[2] ?? ''), !!d[3]));
    const p = m.parameters.find((x) => x.name === d[2]) ?? m.templatedparameters.find((x) => x.name === d[2]);
    return p ? doc(paramDoc(p, item.label, m, String(d[3] ?? ''), catalogue)) : item;
  }
  if (Array.isArray(data?.n)) {
    for (const sel of data.n) {
      if (!Array.isArray(sel)) continue;
      const [path, prefix, label] = sel;
      if (typeof prefix !== 'string' || !item.label.startsWith(prefix)) continue;
      const m = catalogue.module(String(path));
      const p = m && catalogue.param(m, item.label.slice(prefix.length));
      if (m && p) return { ...doc(paramDoc(p, item.label, m, String(label ?? ''), catalogue)), detail: item.detail ?? paramDetail(p, String(label ?? '')) };
    }
  }
  return item;
}

/**
 * For clients that do not resolve items: each item gets its documentation (and detail) now, from
 * its own data or the list's shared data, and the data itself is dropped.
 */
export function inlineDocumentation(list: CompletionList, catalogueOf: (endpoint: string | undefined) => Catalogue): CompletionList {
  const shared = list.itemDefaults?.data as ResolveData | undefined;
  const items = list.items.map((item) => {
    const data = (item.data ?? shared) as ResolveData | undefined;
    if (!data) return item;
    const { data: _, ...resolved } = resolveCompletion({ ...item, data }, catalogueOf(data.e));
    return resolved;
  });
  if (!list.itemDefaults?.data) return { ...list, items };
  const { data: _, ...itemDefaults } = list.itemDefaults;
  return { ...list, itemDefaults, items };
}
