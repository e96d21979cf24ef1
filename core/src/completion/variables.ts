/** Variables: their names inside `{{…}}`, and the `{{name}}` items a value list ends with. */
import { CompletionItem, CompletionItemKind, CompletionList, MarkupKind, TextEdit } from 'vscode-languageserver-types';
import type { FeatureContext } from '../context';
import type { VariableRefCursor } from '../cursor';
import { oneLine } from '../docs';
import { type Scope, type VariableBinding, expand } from '../variables';
import { requestOf } from './list';

/** Inside `{{…}}`: the variables in the request's scope (environment, file, request), each inserted with its `}}`. */
export function variableCompletion(ctx: FeatureContext, c: VariableRefCursor): CompletionList {
  const range = ctx.range(c.span);
  const a = ctx.analysis(requestOf(c));
  const items: CompletionItem[] = [];
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

/** A variable as a value list offers it: `{{name}}`, with its value expanded. */
export function variableValueItem(b: VariableBinding, scope: Scope): CompletionItem {
  return { label: `{{${b.name}}}`, filterText: `{{${b.name}}}`, kind: CompletionItemKind.Variable, detail: oneLine(expand(b.raw, scope).text) };
}
