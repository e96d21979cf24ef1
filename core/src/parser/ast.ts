import type { AssertionOperator } from '../assertionOperators';
import type { SyntaxErrorCode } from './errors';

/**
 * The parse tree's types, read-only: nothing changes a tree once made (`reparse` makes a new one),
 * so a tree answers for the text it was made from for as long as it is held.
 */

/** Half-open character offsets into the document text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface SyntaxError {
  readonly code: SyntaxErrorCode;
  readonly message: string;
  readonly span: Span;
  /** 'error' unless the problem is harmless (kept as written). */
  readonly severity: 'error' | 'warning';
}

/** `{{name}}` inside a value. */
export interface VariableRef {
  readonly name: string;
  /** The whole `{{name}}`. */
  readonly span: Span;
  /** Just `name`. */
  readonly nameSpan: Span;
}

/*
 * Parameters, values and their parts keep their offsets as numbers (`start`, `end`…) and make
 * their span objects when these are read (parser/nodes.ts): code that runs for every parameter
 * reads the numbers.
 */

/** One `|`-separated value of a parameter, trimmed. */
export interface ValuePart {
  /** The text as written (escapes kept, variables unexpanded). */
  readonly raw: string;
  /** The text with `\|` unescaped; variables still as `{{name}}`. */
  readonly text: string;
  /** The trimmed value. */
  readonly span: Span;
  /** The whole stretch between the separators, untrimmed (where a cursor belongs to this part). */
  readonly region: Span;
  readonly variables: readonly VariableRef[];
  /** `span` and `region` as numbers. */
  readonly start: number;
  readonly end: number;
  readonly regionStart: number;
  readonly regionEnd: number;
  /** Set on a block value's one part: its text is the block's lines joined by `\n`, one value. */
  readonly block?: true;
}

export interface ValueNode {
  /** The values in order; at least one (possibly empty). */
  readonly parts: readonly ValuePart[];
  /** From the first character after `=` to the end of the last continuation line. */
  readonly span: Span;
  /** Offsets of the separating `|` characters (including those that start continuation lines). */
  readonly pipes: readonly number[];
  /** `span` as numbers. */
  readonly start: number;
  readonly end: number;
  /** Set on a block value (`name = \"\"\"`, its lines, `\"\"\"`): its span is its lines', from the first's start to the last's end. */
  readonly block?: true;
  /** Set on a value read from a file (`name = < ./page.wiki`): the path as written (its one part), relative to the `.wikiq` file. */
  readonly file?: string;
}

export interface ParamNode {
  readonly kind: 'param';
  readonly name: string;
  readonly nameSpan: Span;
  /** Offset of `=`, when written. */
  readonly equals?: number;
  /** Undefined for a bare name (a boolean set to true). */
  readonly value?: ValueNode;
  readonly span: Span;
  /** `line` for `name = value`; `url` for a parameter read from a pasted URL. */
  readonly origin: 'line' | 'url';
  /** `span` and `nameSpan` as numbers (`nameSpan` starts where `span` does). */
  readonly start: number;
  readonly end: number;
  readonly nameEnd: number;
}

export interface VariableDef {
  readonly kind: 'variable';
  readonly name: string;
  /** `@name` including the `@`. */
  readonly nameSpan: Span;
  readonly value?: ValueNode;
  readonly span: Span;
}

export interface UrlLine {
  readonly kind: 'url';
  readonly method?: string;
  readonly methodSpan?: Span;
  /** The URL as written. */
  readonly url: string;
  readonly urlSpan: Span;
  /** The URL without its query string, e.g. `https://wiki/w/api.php`; undefined if the URL is invalid. */
  readonly endpoint?: string;
  readonly endpointSpan?: Span;
  readonly span: Span;
}

export interface CommentNode {
  readonly kind: 'comment';
  readonly span: Span;
}

/** A request; its parameters are read from its lines by an explicit call, `paramsOf(request)` (parser/params.ts). */
export interface RequestNode {
  /** Position among the file's requests, from 0. */
  readonly index: number;
  /** The text after `###`, trimmed; undefined for the unnamed request before the first `###`. */
  readonly name?: string;
  /** The `###` line. */
  readonly headerSpan?: Span;
  readonly nameSpan?: Span;
  /** From the header (or first line) to the end of its last non-blank line. */
  readonly span: Span;
  /** How many parameters it has, known without reading them. */
  readonly paramCount: number;
  /** How many `??` assertion lines it has; `assertionsOf(request)` (parser/assertions.ts) reads them. */
  readonly assertionCount: number;
  readonly variables: readonly VariableDef[];
  readonly urls: readonly UrlLine[];
}

/** What an assertion checks: a fact of the run, a field of every/some/no record, or a path into the merged answer. */
export interface AssertionSubject {
  readonly kind: 'status' | 'records' | 'batches' | 'warnings' | 'ms' | 'field' | 'path';
  /** For `field`: every, some or no. */
  readonly quantifier?: Quantifier;
  readonly quantifierSpan?: Span;
  /** For `field`: the field's path as written (after the quantifier). */
  readonly fieldSpan?: Span;
  /** The steps of a field's path, or of a `$` path (names and `[n]` indexes); empty for the others. */
  readonly path: readonly PathStep[];
  /** The subject as written (`every ns`, `$.query.general`). */
  readonly text: string;
  readonly span: Span;
}

export type Quantifier = 'every' | 'some' | 'no';
export type PathStep = string | number;
/** An assertion's operator: a key of the one table of operators, `OPERATORS` (assertionOperators.ts), which holds each one's every part. */
export type { AssertionOperator };

export interface AssertionValue {
  /** `number`, `word` (bare text), `string` ("…"), `pattern` (/re/flags, for matches). */
  readonly kind: 'number' | 'word' | 'string' | 'pattern';
  /** As written. */
  readonly raw: string;
  /** A string unescaped; a pattern's source between its slashes; else as written. Variables still as `{{name}}`. */
  readonly text: string;
  /** A pattern's flags. */
  readonly flags?: string;
  readonly span: Span;
  readonly variables: readonly VariableRef[];
}

/** `?? SUBJECT OPERATOR VALUE`: what `wikiq test` and the Test Explorer check after a run. */
export interface AssertionNode {
  readonly kind: 'assertion';
  /** The line, without its blanks around. */
  readonly span: Span;
  readonly subject?: AssertionSubject;
  readonly operator?: { readonly op: AssertionOperator; readonly span: Span };
  readonly value?: AssertionValue;
  /** The first thing wrong with it (a malformed assertion is not evaluated: `invalid-assertion`). */
  readonly problem?: { readonly message: string; readonly span: Span };
}

export interface WikiqFile {
  readonly text: string;
  /** Variables defined before the first `###`: they apply to every request. */
  readonly variables: readonly VariableDef[];
  /**
   * What the tree is made of: its blocks in order (parser/blocks.ts), shared with the trees of edits
   * that did not touch them. Its requests, comments and errors are worked out from them when asked:
   * `requestsOf(file)`, `requestOf(file, i)`, `requestAtOffset`, `commentsOf`, `errorsOf` (blocks.ts).
   */
  readonly blocks: readonly Block[];
  /** Where each block starts in `text` (ascending, the first at 0): the tree's own, made again at each edit. */
  readonly blockStarts: Int32Array;
  /**
   * The line (from 0) each block's first line is, for offset ⇄ line conversions with the blocks' own
   * line starts (`lineOf`, `lineStart`, `lineCount`: parser/lines.ts); the tree's own, made again at each edit.
   */
  readonly blockLines: Int32Array;
}

/**
 * A stretch of the file that parses on its own: the preamble (before the first `###`; block 0,
 * possibly empty) or one request from its `###` line to the next. A `###` line starts afresh, so
 * a block's tree depends on its own lines only.
 *
 * What the scanner found in it, never changed once the scanner ends it: the trees of successive
 * edits share the blocks an edit did not touch. It holds its length, and offsets relative to its
 * own start (0 is its first character); where it starts is its tree's (`WikiqFile.blockStarts`),
 * and a tree's nodes are its nodes moved there when read. It holds no text but its own strings.
 */
export interface Block {
  /** From its first line to where the next block starts (or the end of the text). */
  readonly length: number;
  readonly header: boolean;
  /** Its request: the preamble's (kept even when empty) or the `###` request's, as `RequestNode` has them. */
  readonly name: string | undefined;
  readonly headerSpan: Span | undefined;
  readonly nameSpan: Span | undefined;
  readonly span: Span;
  readonly paramCount: number;
  /**
   * Where each of its lines starts, relative to its start: `lineStarts[linesAt]` (0) to
   * `lineStarts[linesAt + lineCount - 1]`, in an array shared by the blocks scanned together (one
   * per scan, never changed; no object per block). Its lines run to where the next block starts
   * (the last block's to the end of the text, a line after a final break included).
   */
  readonly lineStarts: Int32Array;
  readonly linesAt: number;
  /** How many lines it has: 0 for an empty preamble only (the file starts with a `###` line). */
  readonly lineCount: number;
  /** How many `??` assertion lines it holds. */
  readonly assertionCount: number;
  /**
   * It has a parameter line whose name is a checked content parameter (`CHECKED_NAMES`,
   * contentParams.ts), or a pasted URL line with parameters (their names not looked at): content
   * diagnostics read the parameters of these blocks' requests only.
   */
  readonly namesContent: boolean;
  readonly variables: readonly VariableDef[];
  readonly urls: readonly UrlLine[];
  readonly comments: readonly CommentNode[];
  readonly errors: readonly SyntaxError[];
}
