/**
 * Credentials do not belong in a `.wikiq` file: a password-looking parameter (`lgpassword`) or a
 * `Bearer …` value (in a parameter or a variable) gets the `credentials-in-file` diagnostic, which
 * says where credentials go instead.
 */
import { Diagnostic } from 'vscode-languageserver-types';
import { Code, SOURCE, codeTable, messages } from './codes';
import type { FeatureContext } from './context';
import type { Span, ValueNode } from './parser/ast';

const PASSWORD_NAME = /password/i;
const BEARER = /\bBearer\s+\S/i;

export function credentialDiagnostics(ctx: FeatureContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (span: Span, what: string) =>
    out.push({ range: ctx.range(span), severity: codeTable[Code.CredentialsInFile].severity, code: Code.CredentialsInFile, source: SOURCE, message: messages[Code.CredentialsInFile](what) });
  const file = ctx.file;
  const bearer = (value: ValueNode | undefined) => value !== undefined && BEARER.test(file.text.slice(value.span.start, value.span.end));
  /** The value's span without the blanks around it. */
  const trimmed = ({ span }: ValueNode): Span => {
    const t = file.text.slice(span.start, span.end);
    return { start: span.start + t.length - t.trimStart().length, end: span.start + t.trimEnd().length };
  };
  for (const v of [...file.variables, ...file.requests.flatMap((r) => r.variables)]) {
    if (bearer(v.value)) add(trimmed(v.value!), `The variable '@${v.name}' holds a Bearer token`);
  }
  for (const r of file.requests) {
    for (const p of r.params) {
      if (PASSWORD_NAME.test(p.name)) add(p.nameSpan, `'${p.name}' is a password`);
      else if (bearer(p.value)) add(trimmed(p.value!), `'${p.name}' holds a Bearer token`);
    }
  }
  return out;
}
