/**
 * Variable scopes and substitution. A request sees, from weakest to strongest: the environment's
 * variables, the file's variables (before the first `###`), then its own `@name = value` lines.
 * Values may use other variables; cycles and undefined names are reported, never looped on.
 */
import type { RequestNode, ValueNode, ValuePart, VariableDef, WikiqFile } from './parser/ast';
export interface Environment {
    name?: string;
    endpoint?: string;
    variables?: Record<string, string>;
}
export interface VariableBinding {
    name: string;
    /** The definition in the file, or undefined for an environment variable. */
    def?: VariableDef;
    /** The value as written (variables not expanded). */
    raw: string;
    source: 'request' | 'file' | 'environment';
}
export type Scope = Map<string, VariableBinding>;
/** The value of a variable definition as one string: parts joined with `|` (escaped pipes kept). */
export declare function rawValue(value: ValueNode | undefined): string;
export declare function scopeFor(file: WikiqFile, request: RequestNode | undefined, env?: Environment): Scope;
export interface Expansion {
    text: string;
    /** Names used but defined nowhere. */
    undefinedNames: string[];
    /** Names that (indirectly) refer to themselves. */
    cyclic: string[];
}
/** Replaces every `{{name}}` in `text`, recursively, with cycle detection. */
export declare function expand(text: string, scope: Scope): Expansion;
/** The endpoint a request targets: a pasted URL's, else `@endpoint`, else the environment's. */
export declare function endpointFor(file: WikiqFile, request: RequestNode | undefined, env?: Environment): string | undefined;
/** Splits an expanded value on unescaped pipes, trims each value and unescapes `\|`. */
export declare function splitUnescaped(text: string): string[];
/**
 * The values one written value part stands for, its variables expanded: a variable whose value is
 * a list (`a|b`) gives several values, a `\|` in a variable's value or in the part itself stays a
 * literal pipe. Works the same for the line form and for a URL line (whose `raw` is still
 * percent-encoded): it expands the part's unescaped text with its own pipes escaped again.
 */
export declare function expandValuePart(part: ValuePart, scope: Scope): Expansion & {
    values: string[];
};
