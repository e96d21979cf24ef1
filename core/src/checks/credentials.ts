/**
 * Credentials do not belong in a `.wikiq` file: a password-looking parameter (`lgpassword`) or a
 * `Bearer …` value (in a parameter or a variable) gets the `credentials-in-file` diagnostic, which
 * says where credentials go instead. Run by the validator: in the file-level piece for file
 * variables, in each request's piece for its own (so cached per request and under the cap).
 */
import { Code, messages } from '../codes';
import type { ParamNode, Span, ValueNode, VariableDef } from '../parser/ast';
import type { Report } from './report';

const PASSWORD_NAME = /password/i;
const BEARER = /\bBearer\s+\S/i;
const WORD = 'bearer';

function bearer(text: string, value: ValueNode | undefined): boolean {
  // The pattern is tried only on a value that contains the word.
  return value !== undefined && hasWord(text, value.start, value.end) && BEARER.test(text.slice(value.start, value.end));
}

/** Whether text[start, end) contains `bearer` in any case. */
function hasWord(text: string, start: number, end: number): boolean {
  for (let i = start; i + WORD.length <= end; i++) {
    let k = 0;
    while (k < WORD.length && (text.charCodeAt(i + k) | 0x20) === WORD.charCodeAt(k)) k++;
    if (k === WORD.length) return true;
  }
  return false;
}

/** The value's span without the blanks around it. */
function trimmed(text: string, { span }: ValueNode): Span {
  const t = text.slice(span.start, span.end);
  return { start: span.start + t.length - t.trimStart().length, end: span.start + t.trimEnd().length };
}

/**
 * Reports each password parameter or `Bearer` value among `variables` and `params` (of the file's
 * `text`).
 */
export function checkCredentials(report: Report, text: string, variables: readonly VariableDef[], params: readonly ParamNode[]): void {
  const code = Code.CredentialsInFile;
  for (let i = 0; i < variables.length; i++) {
    const v = variables[i];
    if (bearer(text, v.value)) report.add(code, trimmed(text, v.value!), messages[code](`The variable '@${v.name}' holds a Bearer token`));
  }
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    if (PASSWORD_NAME.test(p.name)) report.add(code, p.nameSpan, messages[code](`'${p.name}' is a password`));
    else if (bearer(text, p.value)) report.add(code, trimmed(text, p.value!), messages[code](`'${p.name}' holds a Bearer token`));
  }
}
