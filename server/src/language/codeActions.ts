/** Quick fixes and refactorings. (Being written.) */
import type { CodeAction, CodeActionContext, Range } from 'vscode-languageserver-types';
import type { FeatureContext } from './context';

export function doCodeActions(ctx: FeatureContext, range: Range, context: CodeActionContext): CodeAction[] {
  void ctx; void range; void context;
  return [];
}
