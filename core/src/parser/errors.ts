import type { SyntaxError } from './ast';

/**
 * The table of syntax errors the parser can report. Each has a stable code (shown to users as the
 * diagnostic code) and a message template. The parser never throws: everything it cannot make sense
 * of becomes one of these, with the exact range of the offending text.
 */
export enum SyntaxErrorCode {
  MissingEquals = 'syntax-missing-equals',
  MissingName = 'syntax-missing-name',
  InvalidParameterName = 'syntax-invalid-name',
  OrphanContinuation = 'syntax-orphan-continuation',
  UnterminatedVariable = 'syntax-unterminated-variable',
  EmptyVariableName = 'syntax-empty-variable-name',
  InvalidVariableName = 'syntax-invalid-variable-name',
  VariableWithoutValue = 'syntax-variable-without-value',
  InvalidUrl = 'syntax-invalid-url',
  UnsupportedMethod = 'syntax-unsupported-method',
  InvalidPercentEncoding = 'syntax-invalid-percent-encoding',
  UnclosedBlock = 'syntax-unclosed-block',
}

export const syntaxErrorMessages: Record<SyntaxErrorCode, (arg: string) => string> = {
  [SyntaxErrorCode.MissingEquals]: (name) => `Expected '=' after the parameter name '${name}' (write 'name = value', or the name alone for a boolean).`,
  [SyntaxErrorCode.MissingName]: () => `Expected a parameter name before '='.`,
  [SyntaxErrorCode.InvalidParameterName]: (name) => `'${name}' is not a valid parameter name: use letters, digits, '_', '-' and '.'.`,
  [SyntaxErrorCode.OrphanContinuation]: () => `A line starting with '|' continues the previous parameter's value, but there is no parameter right above it.`,
  [SyntaxErrorCode.UnterminatedVariable]: () => `'{{' is not closed: write '{{name}}'.`,
  [SyntaxErrorCode.EmptyVariableName]: () => `'{{}}' names no variable.`,
  [SyntaxErrorCode.InvalidVariableName]: (name) => `'${name}' is not a valid variable name: use letters, digits, '_', '-' and '.', starting with a letter or '_'.`,
  [SyntaxErrorCode.VariableWithoutValue]: (name) => `The variable '@${name}' needs a value: write '@${name} = value'.`,
  [SyntaxErrorCode.InvalidUrl]: (url) => `'${url}' is not a valid http(s) URL.`,
  [SyntaxErrorCode.UnsupportedMethod]: (method) => `Only GET requests can be written here ('${method}' is not supported: wikiq is read-only).`,
  [SyntaxErrorCode.InvalidPercentEncoding]: (text) => `'${text}' has an invalid percent-encoding; it is kept as written.`,
  [SyntaxErrorCode.UnclosedBlock]: (name) => `The block value of '${name}' opened here with '"""' is not closed: end it with a line '"""' (before the next '###').`,
};

/** Adds the error `code` at [start, end) to `errors` (a span object of its own: incremental.ts shifts each once). */
export function report(errors: SyntaxError[], code: SyntaxErrorCode, start: number, end: number, arg = '', severity: 'error' | 'warning' = 'error'): void {
  errors.push({ code, message: syntaxErrorMessages[code](arg), span: { start, end }, severity });
}
