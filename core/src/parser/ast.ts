import type { SyntaxErrorCode } from './errors';

/** Half-open character offsets into the document text. */
export interface Span {
  start: number;
  end: number;
}

export interface SyntaxError {
  code: SyntaxErrorCode;
  message: string;
  span: Span;
  /** 'error' unless the problem is harmless (kept as written). */
  severity: 'error' | 'warning';
}

/** `{{name}}` inside a value. */
export interface VariableRef {
  name: string;
  /** The whole `{{name}}`. */
  span: Span;
  /** Just `name`. */
  nameSpan: Span;
}

/**
 * Parameters, values and their parts keep their offsets as numbers (`start`, `end`…) and make
 * their span objects when these are read (parser/nodes.ts): a new object at each read, whose
 * change changes nothing. Code that runs for every parameter reads the numbers.
 */

/** One `|`-separated value of a parameter, trimmed. */
export interface ValuePart {
  /** The text as written (escapes kept, variables unexpanded). */
  raw: string;
  /** The text with `\|` unescaped; variables still as `{{name}}`. */
  text: string;
  /** The trimmed value. */
  span: Span;
  /** The whole stretch between the separators, untrimmed (where a cursor belongs to this part). */
  region: Span;
  variables: VariableRef[];
  /** `span` and `region` as numbers. */
  readonly start: number;
  readonly end: number;
  readonly regionStart: number;
  readonly regionEnd: number;
}

export interface ValueNode {
  /** The values in order; at least one (possibly empty). */
  parts: ValuePart[];
  /** From the first character after `=` to the end of the last continuation line. */
  span: Span;
  /** Offsets of the separating `|` characters (including those that start continuation lines). */
  pipes: number[];
  /** `span` as numbers. */
  readonly start: number;
  readonly end: number;
}

export interface ParamNode {
  kind: 'param';
  name: string;
  nameSpan: Span;
  /** Offset of `=`, when written. */
  equals?: number;
  /** Undefined for a bare name (a boolean set to true). */
  value?: ValueNode;
  span: Span;
  /** `line` for `name = value`; `url` for a parameter read from a pasted URL. */
  origin: 'line' | 'url';
  /** `span` and `nameSpan` as numbers (`nameSpan` starts where `span` does). */
  readonly start: number;
  readonly end: number;
  readonly nameEnd: number;
}

export interface VariableDef {
  kind: 'variable';
  name: string;
  /** `@name` including the `@`. */
  nameSpan: Span;
  value?: ValueNode;
  span: Span;
}

export interface UrlLine {
  kind: 'url';
  method?: string;
  methodSpan?: Span;
  /** The URL as written. */
  url: string;
  urlSpan: Span;
  /** The URL without its query string, e.g. `https://wiki/w/api.php`; undefined if the URL is invalid. */
  endpoint?: string;
  endpointSpan?: Span;
  span: Span;
}

export interface CommentNode {
  kind: 'comment';
  span: Span;
}

export interface RequestNode {
  /** Position among the file's requests, from 0. */
  index: number;
  /** The text after `###`, trimmed; undefined for the unnamed request before the first `###`. */
  name?: string;
  /** The `###` line. */
  headerSpan?: Span;
  nameSpan?: Span;
  /** From the header (or first line) to the end of its last non-blank line. */
  span: Span;
  /** How many parameters it has, known without reading them (`paramsOf` reads them). */
  readonly paramCount: number;
  variables: VariableDef[];
  urls: UrlLine[];
}

export interface WikiqFile {
  text: string;
  /** Variables defined before the first `###`: they apply to every request. */
  variables: VariableDef[];
  requests: RequestNode[];
  comments: CommentNode[];
  errors: SyntaxError[];
  /** Start offset of every line, for offset ⇄ line conversions. */
  lineStarts: number[];
}
