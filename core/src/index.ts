/**
 * The front door of wikiq's pure language core: the parser, the catalogue model and its
 * readers (the bundled catalogue's among them), analysis, the language features, variables and
 * endpoint choice, the one URL form, and the results vocabulary. Pure: no I/O, no `vscode`, no DOM
 * (its tsconfig has none of those types). Every other package imports only this file, and
 * `bundled.ts` (the bundled catalogue with its data) when it reads that data itself.
 */
// Parser and tree
export * from './parser/ast';
export { SyntaxErrorCode, syntaxErrorMessages } from './parser/errors';
export { parse, computeLineStarts, isHttpUrl } from './parser/parser';
export { reparse, type TextChange } from './parser/incremental';
export { paramsOf } from './parser/params';
export { requestsOf, requestOf, requestCount, requestAtOffset, requestsWhere, commentsOf, errorsOf } from './parser/blocks';
export { assertionsOf, readAssertion, QUANTIFIERS, RUN_SUBJECTS, STATUS_WORDS } from './parser/assertions';
export { OPERATORS, OPERATOR_NAMES, type OperatorSpec } from './assertionOperators';

// Catalogue: the model, reading paraminfo, serialising, the bundled one, providers
export * from './catalogue/model';
export { enumValues } from './catalogue/enumValues';
export { Derived, type ForeignName } from './catalogue/derived';
export { readParaminfo, readModule, readParam } from './catalogue/paraminfo';
export * from './catalogue/serialise';
export { readBundledCatalogue } from './catalogue/bundled';
export * from './catalogue/provider';

// Analysis, variables, the URL form
export * from './analysis';
export { isToken, writeModule } from './checks/writes';
export * from './variables';
export * from './urlForm';
export * from './codegen';
export { checkTimestamp, type TimestampVerdict } from './timestamp';
export { closest, editDistance, maxDistanceFor } from './suggest';

// Language features behind one façade
export * from './content';
export { MAX_CONTENT_VALUES, withContentDiagnostics } from './contentDiagnostics';
export { SEARCH_KEYWORDS, HELP_PAGE as SEARCH_HELP_PAGE, searchKeyword, type SearchKeyword } from './search/keywords';
export { CIRRUS_SEARCH, runsCirrusSearch, wikiqForm } from './search/query';
export { getLanguageService, type LanguageService, type LanguageServiceParams } from './languageService';
export { CONTENT_CODES, Code, SOURCE, codeTable, messages, type CodeInfo, type DiagnosticData } from './codes';
export { createContext, type FeatureContext } from './context';
export { COMPLETION_TRIGGERS, type CompletionTrigger } from './completion/triggers';
export { cursorAt, type Cursor } from './cursor';

// The results vocabulary: which tables a result has, their columns, the text of a cell
export * from './results/tables';
export * from './results/cells';
export * from './results/status';
export * from './results/diff';
export * from './results/assertions';
export * from './results/describe';

// Small shared helpers and words
export { FALSE_WORDS, VARIABLE_NAME, isFalseWord, isSwitchedOff } from './words';
export { cyrb53 } from './util/hash';
export { isObj, type JsonObject } from './util/json';
export { lastAtOrBefore } from './util/search';
export { lineCount, lineOf, lineStart } from './parser/lines';
