/**
 * Credentials do not belong in a `.wikiq` file: a password-looking parameter (`lgpassword`) or a
 * `Bearer …` value (in a parameter or a variable) gets the `credentials-in-file` diagnostic, which
 * says where credentials go instead. Run by the validator: in the file-level piece for file
 * variables, in each request's piece for its own (so cached per request and under the cap).
 */
import { Code, messages } from './codes';
import type { ParamNode, Span, ValueNode, VariableDef } from './parser/ast';

const PASSWORD_NAME = /password/i;
const BEARER = /\bBearer\s+\S/i;

/** Reports each password parameter or `Bearer` value among `variables` and `params` through `add`. */
export function checkCredentials(text: string, variables: readonly VariableDef[], params: readonly ParamNode[], add: (span: Span, message: string) => void): void {
  const report = (span: Span, what: string) => add(span, messages[Code.CredentialsInFile](what));
  const bearer = (value: ValueNode | undefined) => value !== undefined && BEARER.test(text.slice(value.span.start, value.span.end));
  /** The value's span without the blanks around it. */
  const trimmed = ({ span }: ValueNode): Span => {
    const t = text.slice(span.start, span.end);
    return { start: span.start + t.length - t.trimStart().length, end: span.start + t.trimEnd().length };
  };
  for (const v of variables) {
    if (bearer(v.value)) report(trimmed(v.value!), `The variable '@${v.name}' holds a Bearer token`);
  }
  for (const p of params) {
    if (PASSWORD_NAME.test(p.name)) report(p.nameSpan, `'${p.name}' is a password`);
    else if (bearer(p.value)) report(trimmed(p.value!), `'${p.name}' holds a Bearer token`);
  }
}
