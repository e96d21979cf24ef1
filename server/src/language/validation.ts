/** Diagnostics. (Being written: see codes.ts for the table of diagnostic codes.) */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { FeatureContext } from './context';

export function doValidation(ctx: FeatureContext): Diagnostic[] {
  void ctx;
  return [];
}
