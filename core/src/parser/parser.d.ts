/**
 * The `.wikiq` parser. Line-based, linear in the input, and total: it never throws and always
 * returns a tree plus the syntax errors it found, each with an exact span.
 *
 * Grammar (one construct per line, leading whitespace ignored):
 *   `### name`            starts a new request named `name`
 *   `# ...` / `// ...`    comment
 *   `@name = value`       variable (before the first `###`: for the whole file; inside a request: for it)
 *   `name = value`        parameter; `name` alone is a boolean set to true
 *   `| more`              continues the value of the parameter or variable right above it
 *   `GET https://…?a=b`   a request pasted as a URL (the method is optional)
 * In values, `|` separates multiple values, `\|` is a literal pipe and `{{name}}` uses a variable.
 */
import type { WikiqFile } from './ast';
export declare function computeLineStarts(text: string): number[];
export declare function isHttpUrl(s: string): boolean;
/** Parses a `.wikiq` document. Never throws. */
export declare function parse(text: string): WikiqFile;
