/**
 * CirrusSearch keywords in the value of `srsearch` / `gsrsearch` (#31): at the start of a word,
 * outside quotes, on a wiki whose catalogue says its search is CirrusSearch (search/query.ts),
 * each keyword of the table (search/keywords.ts) with its colon; after a `-`, those that can be
 * negated. Documented inline: the table is small and needs no catalogue to resolve.
 */
import { CompletionItem, CompletionItemKind, type CompletionList, InsertTextFormat, MarkupKind, TextEdit } from 'vscode-languageserver-types';
import type { FeatureContext } from '../context';
import type { ParamValueCursor } from '../cursor';
import { SEARCH_KEYWORDS, keywordNames } from '../search/keywords';
import { keywordMarkdown, keywordSlot, searchValueStart } from '../search/query';

/** The keyword items at the cursor, none where a keyword cannot start (or the wiki does not run CirrusSearch). */
export function searchKeywordItems(ctx: FeatureContext, c: ParamValueCursor): CompletionItem[] {
  const valueStart = searchValueStart(ctx, c);
  if (valueStart === undefined) return [];
  const slot = keywordSlot(ctx.file.text, valueStart, c.offset);
  if (!slot) return [];
  const range = ctx.range(slot.span);
  const items: CompletionItem[] = [];
  SEARCH_KEYWORDS.forEach((k, i) => {
    if (slot.negated && !k.negatable) return;
    for (const name of keywordNames(k)) {
      items.push({
        label: `${name}:`,
        kind: CompletionItemKind.Keyword,
        detail: 'CirrusSearch keyword',
        documentation: { kind: MarkupKind.Markdown, value: keywordMarkdown(k, name) },
        filterText: name,
        sortText: `00${String(i).padStart(3, '0')}${name}`,
        insertTextFormat: InsertTextFormat.PlainText,
        textEdit: TextEdit.replace(range, `${name}:`),
      });
    }
  });
  return items;
}

/** `list` (the value's own items) with the keyword items first. */
export function withSearchKeywords(ctx: FeatureContext, c: ParamValueCursor, list: CompletionList): CompletionList {
  const items = searchKeywordItems(ctx, c);
  return items.length ? { ...list, items: [...items, ...list.items] } : list;
}
