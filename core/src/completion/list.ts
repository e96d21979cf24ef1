/** What every completion file shares: the empty answer, the request a context stands in, and the list's edit range. */
import { CompletionItem, CompletionList, InsertTextFormat, Range, TextEdit } from 'vscode-languageserver-types';
import type { FeatureContext } from '../context';
import type { Cursor } from '../cursor';
import type { RequestNode } from '../parser/ast';
import type { ResolveData } from './resolve';

export function noItems(): CompletionList {
  return { isIncomplete: false, items: [] };
}

/** The cursor's request; before the first `###` where no request starts, an empty one (its names are a new request's). */
export function requestOf(c: Cursor): RequestNode {
  return c.request ?? { index: -1, span: { start: c.offset, end: c.offset }, paramCount: 0, assertionCount: 0, variables: [], urls: [] };
}

/**
 * Gives items their edit: one shared `editRange` where the client takes item defaults, else a
 * `textEdit` each; `data` is shared the same way where the client takes it.
 */
export function withRange(ctx: FeatureContext, items: CompletionItem[], range: Range, data?: ResolveData): CompletionList {
  if (ctx.itemDefaults) {
    return { isIncomplete: false, itemDefaults: { editRange: range, insertTextFormat: InsertTextFormat.PlainText, ...(data && ctx.itemDefaultsData ? { data } : {}) }, items };
  }
  return {
    isIncomplete: false,
    items: items.map(({ textEditText, ...rest }) => ({ ...rest, insertTextFormat: InsertTextFormat.PlainText, textEdit: TextEdit.replace(range, textEditText ?? rest.label) })),
  };
}
