/**
 * The two ways of writing a request, the one encoder of the URL that is sent, and the conversions
 * between them (pure functions, shared by the engine that sends requests, the client's "Copy as
 * URL"/"Copy as curl" and the URL⇄lines code actions, so what is copied is exactly what is sent):
 *
 *   lines:  `action = query` / `list = allimages` / `aiprop = timestamp|url` / `redirects`
 *   URL:    `GET https://wiki/w/api.php?action=query&list=allimages&aiprop=timestamp|url&redirects=`
 *
 * Conventions (what MediaWiki reads back the same way):
 * - a bare name (a boolean set to true) becomes `name=` (the API's booleans are true whenever
 *   present, whatever the value; checked on MediaWiki 1.39);
 * - multiple values are joined with `|`; when a value itself contains a pipe (written `\|`), the
 *   API's alternative form is used: the value starts with U+001F and values are separated by it
 *   (`joinValues`);
 * - percent-encoding keeps the URL readable: letters, digits and `-._~!$'()*,;:@/` stay as they
 *   are, `|` stays as the separator of values (in the U+001F form it is `%7C`), everything else (space, `+`, `&`, `=`, `#`, `%`,
 *   U+001F, non-ASCII…) is encoded as UTF-8;
 * - `{{variables}}` are either expanded (for a URL to copy or send) or kept as written (for the
 *   URL form inside a `.wikiq` file, where the parser expands them again).
 */
import type { ParamNode, RequestNode } from './parser/ast';
import { Scope } from './variables';
/** Percent-encodes a name or one value, keeping the characters that need no encoding in a query. */
export declare function encodeQueryComponent(s: string): string;
export interface ToUrlOptions {
    /** Expand `{{variables}}` with this scope; without it they stay in the URL as written. */
    scope?: Scope;
    /** Prefix the URL with `GET ` (default true). */
    method?: boolean;
}
export interface ToUrlResult {
    url: string;
    /** Variables that could not be expanded (left as written). */
    unexpanded: string[];
}
/** The one multi-value form: values joined with `|`, or, when one holds a `|`, each preceded by U+001F. */
export declare function joinValues(values: readonly string[]): string;
/**
 * Percent-encodes a value as sent: like a name, but its `|` separators stay readable. In the
 * U+001F form a `|` is part of a value, not a separator, and is encoded (`%7C`), so the URL line
 * reads back as one value.
 */
export declare function encodeQueryValue(value: string): string;
/** The query string (without `?`) of parameters as sent (values already joined, see `joinValues`). */
export declare function encodeQuery(params: Record<string, string> | Iterable<readonly [string, string]>): string;
/**
 * The URL of a request as sent: the endpoint (its own query parameters kept unless `params` sets
 * them, its fragment dropped) and `params` in order. The engine sends exactly this; "Copy as URL"
 * copies exactly this.
 */
export declare function apiUrl(endpoint: string, params: Record<string, string>): string;
/** The query string (without `?`) of a list of parameters. */
export declare function paramsToQuery(params: ParamNode[], opts?: ToUrlOptions): ToUrlResult;
/** A request as one URL: `GET <endpoint>?a=b&…` (only the request's parameters; its variables are used, not sent). */
export declare function requestToUrl(request: RequestNode, endpoint: string, opts?: ToUrlOptions): ToUrlResult;
export interface ToLinesOptions {
    /** Whether a parameter is a boolean (then `name=`, `name=1`, `name=true` become a bare `name`). */
    isBoolean?: (name: string) => boolean;
}
export interface ToLinesResult {
    /** The endpoint of the URL (undefined when the URL is not a valid http(s) URL). */
    endpoint?: string;
    /** One `name = value` line per parameter, in order. */
    lines: string[];
    /** What the line form cannot say exactly (values with line breaks or surrounding spaces); empty when the conversion is faithful. */
    problems: string[];
}
/** A pasted URL (optionally preceded by `GET`) as `name = value` lines. */
export declare function urlToLines(url: string, opts?: ToLinesOptions): ToLinesResult;
