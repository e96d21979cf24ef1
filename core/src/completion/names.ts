/**
 * Parameter names (on a name, or on a blank line): the parameters of the modules the request
 * selects, with their prefixes (`g` for the generator) and templated names expanded, less those
 * the request already has.
 */
import { Command, CompletionItem, CompletionItemKind, CompletionItemTag, CompletionList } from 'vscode-languageserver-types';
import { Analysis, Owner, ownedNames, ownerOf, templatedNames } from '../analysis';
import { enumValues } from '../catalogue/enumValues';
import type { FeatureContext } from '../context';
import type { BlankCursor, ParamNameCursor } from '../cursor';
import { paramDetail, selectionLabel } from '../docs';
import { paramsOf } from '../parser/params';
import { requestOf, withRange } from './list';
import { keptNameList } from './nameLists';
import { usageKey } from './ranking';
import type { ResolveData } from './resolve';

export function nameCompletion(ctx: FeatureContext, c: ParamNameCursor | BlankCursor): CompletionList {
  const request = requestOf(c);
  const a = ctx.analysis(request);
  const editing = c.kind === 'paramName' ? c.param.start : -1;
  const present = new Set<string>();
  for (const p of paramsOf(request)) if (p.start !== editing) present.add(p.name);
  const shared = !!ctx.itemDefaults && !!ctx.itemDefaultsData;
  const hasEquals = c.kind === 'paramName' && c.hasEquals;
  const all = namesOf(a, hasEquals, shared, ctx.triggerCommand);
  const items = present.size ? all.filter((i) => !present.has(i.label)) : all;
  return withRange(ctx, items, ctx.range(c.span), shared ? nameData(a) : undefined);
}

/** The name items of the request's selections: they depend only on the catalogue and the request's shape, so they are kept (nameLists.ts). */
function namesOf(a: Analysis, hasEquals: boolean, sharedData: boolean, trigger?: string): CompletionItem[] {
  const templated = a.selections.some((s) => s.module.templatedparameters.length)
    ? a.selections.flatMap((s) => s.module.templatedparameters.flatMap((t) => templatedNames(a, s, t).map((n) => n.fullName)))
    : [];
  const selections = a.selections.map((s) => [s.prefix, s.module.path, s === a.action] as const);
  return keptNameList(a.catalogue, { hasEquals, sharedData, trigger, selections, templated }, () => makeNames(a, hasEquals, sharedData, trigger));
}

function makeNames(a: Analysis, hasEquals: boolean, sharedData: boolean, trigger?: string): CompletionItem[] {
  const items: CompletionItem[] = [];
  // Reopens completion for the value, where the client is known to run the command.
  const suggest = trigger ? Command.create('Suggest', trigger) : undefined;
  const rankOf = (o: Owner): number => {
    if (o.fullName === 'action') return 0;
    if (!o.selection.via) return 6; // main module's parameters: format, maxlag…
    if (o.selection === a.action) return 2;
    return 1;
  };
  if (!ownerOf(a, 'action')) {
    // A catalogue without `main`: still offer `action`.
    items.push({
      label: 'action', kind: CompletionItemKind.Property, detail: 'module name — which action to perform',
      sortText: '00action', textEditText: hasEquals ? 'action' : 'action = ', command: hasEquals ? undefined : suggest,
    });
  }
  for (const o of ownedNames(a)) {
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
      data: sharedData && !o.template ? undefined : ({ kind: 'param', module: o.selection.module.path, name: p.name, label, endpoint: a.catalogue.endpoint } satisfies ResolveData),
      tags: p.deprecated ? [CompletionItemTag.Deprecated] : undefined,
      sortText: `${String(rank).padStart(2, '0')}${usageKey(a.catalogue, o)}${o.fullName}`,
      textEditText: hasEquals || p.type === 'boolean' ? o.fullName : `${o.fullName} = `,
      command: wantsValue ? suggest : undefined,
    });
  }
  return items;
}

/** The data a name list shares: the selections in order, as `ownerOf` tries them. */
function nameData(a: Analysis): ResolveData {
  return { kind: 'names', selections: a.selections.map((s) => ({ module: s.module.path, prefix: s.prefix, label: selectionLabel(s) })), endpoint: a.catalogue.endpoint };
}
