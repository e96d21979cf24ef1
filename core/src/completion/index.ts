/**
 * Completion: where the cursor is (cursor.ts) decides what is offered: parameter names
 * (names.ts), values (values.ts, with CirrusSearch's keywords in a search value: search.ts) or
 * variables (variables.ts); the meaning comes from the
 * analysis of the cursor's request. Documentation is filled in later (resolve.ts).
 */
import type { CompletionList } from 'vscode-languageserver-types';
import type { FeatureContext } from '../context';
import { cursorAt } from '../cursor';
import { assertionCompletion } from './assertions';
import { noItems } from './list';
import { nameCompletion } from './names';
import { withSearchKeywords } from './search';
import { valueCompletion } from './values';
import { variableCompletion } from './variables';

export { inlineDocumentation, resolveCompletion, endpointOf, type ResolveData } from './resolve';

export function doComplete(ctx: FeatureContext, offset: number): CompletionList {
  const c = cursorAt(ctx.file, offset, (r) => ctx.analysis(r).params);
  switch (c.kind) {
    case 'blank':
    case 'paramName':
      return nameCompletion(ctx, c);
    case 'paramValue':
      return withSearchKeywords(ctx, c, valueCompletion(ctx, c));
    case 'variableRef':
      return variableCompletion(ctx, c);
    case 'assertion':
      return assertionCompletion(ctx, c.request, c.lineStart, c.lineEnd, offset);
    default:
      // A header, a comment, a variable's name or value, a pasted URL: nothing to offer.
      return noItems();
  }
}
