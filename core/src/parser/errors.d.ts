/**
 * The table of syntax errors the parser can report. Each has a stable code (shown to users as the
 * diagnostic code) and a message template. The parser never throws: everything it cannot make sense
 * of becomes one of these, with the exact range of the offending text.
 */
export declare enum SyntaxErrorCode {
    MissingEquals = "syntax-missing-equals",
    MissingName = "syntax-missing-name",
    InvalidParameterName = "syntax-invalid-name",
    OrphanContinuation = "syntax-orphan-continuation",
    UnterminatedVariable = "syntax-unterminated-variable",
    EmptyVariableName = "syntax-empty-variable-name",
    InvalidVariableName = "syntax-invalid-variable-name",
    VariableWithoutValue = "syntax-variable-without-value",
    InvalidUrl = "syntax-invalid-url",
    UnsupportedMethod = "syntax-unsupported-method",
    InvalidPercentEncoding = "syntax-invalid-percent-encoding"
}
export declare const syntaxErrorMessages: Record<SyntaxErrorCode, (arg: string) => string>;
