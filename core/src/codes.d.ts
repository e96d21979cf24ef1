/**
 * The table of diagnostics the language core reports. Each has a stable string code (shown to
 * users, used by code actions and tests: never rename one), a default severity and a message
 * builder. Syntax errors keep the parser's own codes (`syntax-…`, see parser/errors.ts).
 *
 * Severities follow what the MediaWiki API itself does with such a request: a fatal API error is
 * an Error, a request the API runs while warning (or silently dropping something) is a Warning,
 * and what the catalogue cannot tell for sure is Information.
 */
import { DiagnosticSeverity } from 'vscode-languageserver-types';
export declare const SOURCE = "wikiq";
export declare enum Code {
    /** No `action`: the API answers with its help page (action defaults to help). */
    MissingAction = "missing-action",
    /** `action` names no module the catalogue knows. */
    UnknownAction = "unknown-action",
    /** `list`/`prop`/`meta`/`generator`/`format`… (or a paraminfo `modules` path) names no known module. */
    UnknownModule = "unknown-module",
    /** `generator` names a module that cannot be used as a generator. */
    NotAGenerator = "not-a-generator",
    /** A parameter no selected module has: the API ignores it ("Unrecognized parameter"). */
    UnknownParameter = "unknown-parameter",
    /** A `g`-prefixed generator parameter without `generator` in the request. */
    MissingGenerator = "missing-generator",
    /** A parameter the module marks `required` is absent. */
    MissingRequired = "missing-required",
    /** A value outside the parameter's enumeration (or an unknown namespace). */
    UnknownValue = "unknown-value",
    DeprecatedModule = "deprecated-module",
    DeprecatedParameter = "deprecated-parameter",
    DeprecatedValue = "deprecated-value",
    /** More values than the parameter's `limit` (lowlimit, 50 normally). */
    TooManyValues = "too-many-values",
    /** A repeated value of a multi parameter without `allowsduplicates`: the API drops the repeat. */
    DuplicateValue = "duplicate-value",
    /** The allspecifier (`*`) only means "all" alone. */
    AllSpecifierMixed = "allspecifier-mixed",
    /** An empty value in a `|`-separated list where an empty value means nothing. */
    EmptyValue = "empty-value",
    /** Several `|`-separated values for a parameter that takes one. */
    NotMulti = "not-multi",
    NotAnInteger = "not-an-integer",
    /** An integer outside a parameter's min/max: the API clamps it with a warning. */
    IntegerOutOfRange = "integer-out-of-range",
    LimitBelowMin = "limit-below-min",
    /** A limit above `max`: the API clamps it (to `highmax` with elevated rights). */
    LimitAboveMax = "limit-above-max",
    /** A timestamp in no format the API's timestamp parser accepts. */
    InvalidTimestamp = "invalid-timestamp",
    /** An empty or `0` timestamp: accepted as "now", with a warning. */
    UnclearNowTimestamp = "unclear-now-timestamp",
    /** A well-formed timestamp naming an impossible date or time (month 13, 25:00): PHP rolls it over. */
    TimestampRollsOver = "timestamp-rolls-over",
    /** `name = false`: booleans are true whenever present. */
    BooleanFalse = "boolean-false",
    /** The same parameter written twice: only the last one reaches the API. */
    DuplicateParameter = "duplicate-parameter",
    UndefinedVariable = "undefined-variable",
    CyclicVariable = "cyclic-variable",
    /** A parameter the catalogue notes `useronly`, without the module's `user`. */
    RequiresUser = "requires-user",
    /** A parameter the catalogue notes `nonuseronly`, together with the module's `user`. */
    ExcludesUser = "excludes-user",
    /** Parameters whose `modes` notes share no mode, used together. */
    ModeConflict = "mode-conflict",
    /** An action that must be POSTed or writes: wikiq only sends GET requests. */
    WriteAction = "write-action"
}
export interface CodeInfo {
    severity: DiagnosticSeverity;
    /** One line for documentation (README, hover on the code). */
    summary: string;
}
export declare const codeTable: Record<Code, CodeInfo>;
/** Message builders, one per code. Arguments are plain strings and numbers (no markup). */
export declare const messages: {
    "missing-action": () => string;
    "unknown-action": (value: string, exhaustive: boolean, source: string, suggestions?: string[]) => string;
    "unknown-module": (value: string, via: string, exhaustive: boolean, source: string, suggestions?: string[]) => string;
    "not-a-generator": (module: string, via: string) => string;
    "unknown-parameter": (name: string, suggestions?: string[], belongsTo?: string) => string;
    "missing-generator": (name: string, module: string, current?: string) => string;
    "missing-required": (name: string, module: string) => string;
    "unknown-value": (value: string, name: string, multi: boolean, suggestions?: string[]) => string;
    "deprecated-module": (module: string) => string;
    "deprecated-parameter": (name: string) => string;
    "deprecated-value": (value: string, name: string) => string;
    "too-many-values": (name: string, count: number, limit: number, highlimit?: number) => string;
    "duplicate-value": (value: string, name: string) => string;
    "allspecifier-mixed": (all: string, name: string) => string;
    "empty-value": (name: string) => string;
    "not-multi": (name: string, typed: boolean) => string;
    "not-an-integer": (value: string, name: string) => string;
    "integer-out-of-range": (value: string, name: string, min: number | undefined, max: number | undefined, clampTo: number) => string;
    "limit-below-min": (value: string, name: string, min: number) => string;
    "limit-above-max": (value: string, name: string, max: number, highmax?: number) => string;
    "invalid-timestamp": (value: string, name: string) => string;
    "unclear-now-timestamp": (value: string, name: string) => string;
    "timestamp-rolls-over": (value: string, name: string) => string;
    "boolean-false": (name: string, value: string) => string;
    "duplicate-parameter": (name: string, line: number) => string;
    "undefined-variable": (name: string) => string;
    "cyclic-variable": (name: string) => string;
    "requires-user": (name: string, user: string) => string;
    "excludes-user": (name: string, user: string) => string;
    "mode-conflict": (name: string, modes: string[], other: string, otherModes: string[]) => string;
    "write-action": (action: string, why: string) => string;
};
/** What a quick fix needs, carried in `Diagnostic.data`. */
export interface DiagnosticData {
    /** Replacements for the diagnostic's range ("did you mean"), best first. */
    suggestions?: string[];
    /** Add a selection: `param` (e.g. `list`) gets the module `value`. */
    select?: {
        param: string;
        value: string;
    };
    /** For limits: the bounds to clamp to. */
    limit?: {
        min?: number;
        max?: number;
    };
    /** For integers out of range: the value the API would use. */
    clampTo?: number;
}
