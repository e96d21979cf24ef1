/**
 * Diagnostics: syntax errors from the parser, then, per request, what the MediaWiki API would do
 * with it against the catalogue of its endpoint (see codes.ts for the table of codes).
 *
 * Cost: linear in the document. Each request is analysed once (FeatureContext memoises it); the
 * per-catalogue facts (which module a foreign name belongs to, enumeration sets) are computed once
 * per catalogue object and kept in WeakMaps; "did you mean" scans only run for names or values
 * already found wrong.
 */
import { Diagnostic } from 'vscode-languageserver-types';
import type { FeatureContext } from './context';
import type { Span, ValueNode } from './parser/ast';
import { Expansion, Scope } from './variables';
/** One value of a parameter after variable expansion, with the span it came from. */
export interface Val {
    text: string;
    span: Span;
    /** Index of the written part it comes from. */
    part: number;
    /** True when it came out of a variable (its span is the whole written part). */
    fromVariable: boolean;
}
/** The values of a parameter with variables expanded; undefined when a variable cannot be expanded. */
export declare function expandedValues(value: ValueNode, scope: Scope, cache?: Map<string, Expansion>): Val[] | undefined;
export declare function doValidation(ctx: FeatureContext): Diagnostic[];
