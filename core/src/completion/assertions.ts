/**
 * Completion on a `??` assertion line: subjects, then a quantifier's field (the record fields of the
 * request's last run, when the client said them; then those the request's list and prop modules name
 * in the catalogue: their `prop` values, and the fields every page or list record has), operators, and a status's words. Which word the cursor is in is read
 * from the line itself (blank-separated words), so a half-written assertion completes too.
 */
import { CompletionItem, CompletionItemKind, type CompletionList, MarkupKind } from 'vscode-languageserver-types';
import { enumValues } from '../catalogue/enumValues';
import type { FeatureContext } from '../context';
import { QUANTIFIERS, RUN_SUBJECTS, STATUS_WORDS } from '../parser/assertions';
import { OPERATOR_NAMES, OPERATORS } from '../assertionOperators';
import type { RequestNode } from '../parser/ast';
import { assertionDoc, assertionPiece } from '../assertionDocs';
import { noItems, withRange } from './list';

/** The fields most records have, whatever the module. */
const COMMON_FIELDS = ['title', 'ns', 'pageid', 'name', 'timestamp', 'user'];

export function assertionCompletion(ctx: FeatureContext, request: RequestNode | undefined, lineStart: number, lineEnd: number, offset: number): CompletionList {
  const { text } = ctx.file;
  const { piece, span, words } = assertionPiece(text, lineStart, lineEnd, offset);
  const range = ctx.range(span);
  const item = (label: string, kind: CompletionItemKind, doc?: string): CompletionItem => ({ label, kind, ...(doc ? { documentation: { kind: MarkupKind.Markdown, value: doc } } : {}) });
  switch (piece) {
    case 'subject':
      return withRange(ctx, [...RUN_SUBJECTS, ...QUANTIFIERS, '$.'].map((s) => item(s, CompletionItemKind.Keyword, assertionDoc(s))), range);
    case 'operator':
      return withRange(ctx, OPERATOR_NAMES.map((o) => item(o, CompletionItemKind.Operator, OPERATORS[o].doc)), range);
    case 'field':
      return withRange(ctx, fieldsOf(ctx, request).map((f) => item(f, CompletionItemKind.Field)), range);
    case 'value': {
      const subject = words[0] ? text.slice(words[0].start, words[0].end) : '';
      if (subject !== 'status') return noItems();
      return withRange(ctx, STATUS_WORDS.map((w) => item(w, CompletionItemKind.EnumMember)), range);
    }
  }
}

/** The record fields of the request's last run, then those its list and prop modules name (their `prop` parameter's values), then the common ones. */
function fieldsOf(ctx: FeatureContext, request: RequestNode | undefined): string[] {
  const out = new Set<string>();
  if (request) {
    for (const f of ctx.runFields?.(request) ?? []) out.add(f);
    for (const s of ctx.analysis(request).selections) {
      if (s.module.group !== 'list' && s.module.group !== 'prop') continue;
      const prop = s.module.parameters.find((p) => p.name === 'prop');
      for (const v of (prop && enumValues(prop)) ?? []) out.add(v);
    }
  }
  for (const f of COMMON_FIELDS) out.add(f);
  return [...out];
}
