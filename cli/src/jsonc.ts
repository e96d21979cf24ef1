/**
 * JSON with comments and trailing commas — VS Code's settings.json — read by VS Code's own reader
 * (`jsonc-parser`): comments and trailing commas are its grammar, so a string holding `,]` or `//`
 * is read as it is written. A mistake is said with the file, line:column and what is wrong. Its
 * parser is recursive: the nesting is measured first with its scanner (which is not), and bounded.
 */
import { SyntaxKind, createScanner, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** Deepest nesting of objects and arrays read. */
export const MAX_JSONC_DEPTH = 1000;

/** Text that is not JSON with comments; the message is `FILE:LINE:COLUMN: what is wrong`. */
export class JsoncError extends Error {}

/** The value of `source`, read from `file` (named in a mistake). */
export function parseJsonc(source: string, file: string): unknown {
  // A byte order mark (as an editor may write one) is no symbol of the text, nor a column.
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const deep = offsetDeeperThan(text, MAX_JSONC_DEPTH);
  if (deep !== undefined) throw new JsoncError(`${file}:${lineColumn(text, deep)}: nested more than ${MAX_JSONC_DEPTH} levels of objects and arrays`);
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) throw new JsoncError(`${file}:${lineColumn(text, first.offset)}: ${inWords(printParseErrorCode(first.error))}`);
  return value;
}

/** Where `[` or `{` first opens level `limit + 1`, or undefined. */
function offsetDeeperThan(text: string, limit: number): number | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (++depth > limit) return scanner.getTokenOffset();
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) depth--;
  }
  return undefined;
}

/** `LINE:COLUMN` of `offset`, both counted from 1 (as editors show them). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return `${before.split('\n').length}:${offset - lineStart + 1}`;
}

/** `CommaExpected` → `comma expected`. */
const inWords = (code: string) => code.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
