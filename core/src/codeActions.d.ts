/**
 * Quick fixes for the diagnostics of validation.ts (each reads what it needs from the diagnostic's
 * code, range and `data`), and two rewrites: a pasted URL into `name = value` lines, and a request
 * in lines into one `GET <endpoint>?…` URL (see urlForm.ts for the conventions).
 */
import { CodeAction, CodeActionContext, Range } from 'vscode-languageserver-types';
import type { FeatureContext } from './context';
export declare function doCodeActions(ctx: FeatureContext, range: Range, context: CodeActionContext): CodeAction[];
