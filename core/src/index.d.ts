/**
 * The one front door of wikiq's pure language core: the parser, the catalogue model and its
 * readers, the bundled catalogue, analysis, the language features, variables and endpoint
 * choice, the one URL form, and the results vocabulary. Pure: no I/O, no `vscode`, no DOM (its
 * tsconfig has none of those types). Every other package imports only this file.
 */
export * from './parser/ast';
export { SyntaxErrorCode, syntaxErrorMessages } from './parser/errors';
export { parse, computeLineStarts, isHttpUrl } from './parser/parser';
export * from './catalogue/model';
export { readParaminfo, readModule, readParam } from './catalogue/paraminfo';
export * from './catalogue/serialise';
export { bundledCatalogue } from './catalogue/bundled';
export * from './catalogue/provider';
export * from './analysis';
export * from './variables';
export * from './urlForm';
export { checkTimestamp, type TimestampVerdict } from './timestamp';
export { closest, editDistance, maxDistanceFor } from './suggest';
export { getLanguageService, type LanguageService, type LanguageServiceParams } from './languageService';
export { Code, SOURCE, codeTable, messages, type CodeInfo, type DiagnosticData } from './codes';
export { createContext, type FeatureContext } from './context';
export * from './results/tables';
export * from './results/cells';
export { FALSE_WORDS, VARIABLE_NAME, isFalseWord, isSwitchedOff } from './words';
export { isObj, type JsonObject } from './util/json';
