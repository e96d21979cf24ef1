/**
 * The `.wikiq` parser's block scanner: `parse(text)` reads every line once (`classify`, scan.ts)
 * into blocks (blocks.ts): each request's header, span, variables, URL lines and number of
 * parameters, the comments, and every syntax error of the file, parameter lines' included. It
 * makes no parameter nodes: `paramsOf(request)` (params.ts) reads them from the request's lines.
 * Linear in the input, and total: it never throws and always returns a tree and its errors.
 */
import type { Block, CommentNode, SyntaxError, UrlLine, VariableDef, WikiqFile } from './ast';
import { fileValueStart, opensBlock, readBlock } from './blockValue';
import { assemble, failedParse } from './blocks';
import { SyntaxErrorCode, report } from './errors';
import { NONE, type Offsets, type Value, moved, movedUrl, movedVariable } from './nodes';
import { type Line, type Open, classify, computeLineStarts, lineEndOf, openAfter, paramLineErrors } from './scan';
import { urlLine, urlParams } from './url';
import { continueValue, readValue, valueErrors } from './values';
import { CHECKED_NAMES } from '../contentParams';
import { VARIABLE_NAME } from '../words';

export { computeLineStarts, isHttpUrl } from './scan';

/** Parses a `.wikiq` document. Never throws. */
export function parse(text: string): WikiqFile {
  try {
    const lineStarts = Int32Array.from(computeLineStarts(text));
    const { blocks, starts, firstLines, fileVariables } = new BlockScanner({ text, lineStarts }).run(0, lineStarts.length);
    return assemble(text, blocks, Int32Array.from(starts), Int32Array.from(firstLines), fileVariables);
  } catch (e) {
    return failedParse(text, e);
  }
}

/**
 * A block as it is scanned: where it starts, its header, and its request's span so far, these
 * relative to `start` as the block keeps them (`Block`'s other fields are gathered by the scanner).
 */
interface Started {
  start: number;
  /** Its first line (an index in the source's line starts). */
  firstLine: number;
  header: boolean;
  name: string | undefined;
  headerSpan: Offsets | undefined;
  nameSpan: Offsets | undefined;
  span: Offsets;
}

/**
 * What the block scanner reads: a text and the starts of the lines it scans, then where the next
 * block starts when they end before the text does.
 */
export interface Source {
  readonly text: string;
  readonly lineStarts: ArrayLike<number>;
}

/** Scans lines [firstLine, endLine) of its source into blocks; `firstLine` starts the file (the preamble) or is a `###` line. */
export class BlockScanner {
  readonly blocks: Block[] = [];
  /** Where each block starts in the source's text. */
  readonly starts: number[] = [];
  /** Each block's first line (an index in the source's line starts). */
  readonly firstLines: number[] = [];
  /** The variables before the first `###` (in the preamble). */
  readonly fileVariables: VariableDef[] = [];

  // The block being scanned, and what it gathers until it ends.
  private block: Started | undefined = undefined;
  private comments: CommentNode[] = [];
  private errors: SyntaxError[] = [];
  private variables: VariableDef[] = [];
  private urls: UrlLine[] = [];
  private paramCount = 0;
  private assertionCount = 0;
  private namesContent = false;
  /** What a `|` line continues; for a variable, its value and span. */
  private open: Open = 'none';
  private variable: { value: Value; span: Offsets } | undefined = undefined;
  /** The scanned lines' starts relative to their blocks' (from line `base` on): the blocks' `lineStarts`. */
  private relative = new Int32Array(0);
  private base = 0;

  constructor(private readonly source: Source) {}

  run(firstLine: number, endLine: number): this {
    const { text, lineStarts } = this.source;
    this.relative = new Int32Array(endLine - firstLine);
    this.base = firstLine;
    // A line at offset 0 starts the file: the preamble.
    if (lineStarts[firstLine] === 0) this.block = { start: 0, firstLine, header: false, name: undefined, headerSpan: undefined, nameSpan: undefined, span: { start: 0, end: 0 } };
    for (let i = firstLine; i < endLine; i++) {
      const start = lineStarts[i];
      const line = classify(text, start, lineEndOf(text, start, lineStarts[i + 1]));
      this.line(line, start, i);
      if (opensBlock(text, line)) i = this.blockValue(line, i + 1, endLine) - 1;
    }
    this.endBlock(endLine < lineStarts.length ? lineStarts[endLine] : text.length, endLine);
    return this;
  }

  private line(line: Line, lineStart: number, index: number): void {
    const { text } = this.source;
    const errors = this.errors;
    const open = this.open;
    this.open = openAfter(open, line);
    const { start, end } = line;
    switch (line.kind) {
      case 'blank':
        return;
      case 'header':
        return this.header(line, lineStart, index);
      case 'comment':
        this.comments.push({ kind: 'comment', span: { start, end } });
        return;
      case 'continuation':
        if (open === 'none') {
          report(errors, SyntaxErrorCode.OrphanContinuation, start, end);
        } else if (open === 'param') {
          valueErrors(text, start + 1, end, errors);
          this.extend(end);
        } else {
          const v = this.variable!;
          continueValue(v.value, text, start, end, errors);
          v.span.end = end;
          if (this.current().header) this.extend(end);
        }
        return;
      case 'variable':
        return this.variableLine(line);
      case 'url': {
        const url = urlLine(text, line, errors);
        this.urls.push(url);
        const n = urlParams(text, url, errors);
        this.paramCount += n;
        if (n > 0) this.namesContent = true;
        this.extend(end);
        return;
      }
      case 'assertion':
        // Read by assertions.ts (`assertionsOf`); a malformed one is validation's `invalid-assertion`.
        this.assertionCount++;
        this.extend(end);
        return;
      case 'nameless':
      case 'param':
        paramLineErrors(text, line, errors);
        if (line.kind === 'nameless') return;
        this.paramCount++;
        if (!this.namesContent && namesChecked(text, start, line.nameEnd)) this.namesContent = true;
        this.extend(end);
        if (fileValueStart(text, line) >= 0) this.open = 'none';
        else if (line.equals >= 0) valueErrors(text, line.equals + 1, end, errors);
        return;
    }
  }

  /** The lines of the block value `line` opens, from line `first` on: read whole; the line after them. */
  private blockValue(line: Line, first: number, endLine: number): number {
    const { text, lineStarts } = this.source;
    const b = readBlock(text, lineStarts, first, endLine, this.errors);
    if (!b.closed) report(this.errors, SyntaxErrorCode.UnclosedBlock, line.start, line.end, text.slice(line.start, line.nameEnd));
    this.extend(b.end);
    this.open = 'none';
    return b.next;
  }

  private header(line: Line, lineStart: number, index: number): void {
    const { start, end, nameStart } = line;
    this.endBlock(lineStart, index);
    this.block = {
      start: lineStart, firstLine: index, header: true, name: this.source.text.slice(nameStart, end),
      headerSpan: { start: start - lineStart, end: end - lineStart }, nameSpan: { start: nameStart - lineStart, end: end - lineStart }, span: { start: start - lineStart, end: end - lineStart },
    };
  }

  private variableLine(line: Line): void {
    const { text } = this.source;
    const { start, end, nameEnd, equals } = line;
    const name = text.slice(start + 1, nameEnd);
    if (!VARIABLE_NAME.test(name)) report(this.errors, SyntaxErrorCode.InvalidVariableName, start, nameEnd, name);
    if (equals < 0) report(this.errors, SyntaxErrorCode.VariableWithoutValue, start, end, name);
    const value = equals >= 0 ? readValue(text, equals + 1, end, this.errors) : undefined;
    const span = { start, end };
    const def: VariableDef = value ? { kind: 'variable', name, nameSpan: { start, end: nameEnd }, span, value } : { kind: 'variable', name, nameSpan: { start, end: nameEnd }, span };
    this.variable = value ? { value, span } : undefined;
    if (this.current().header) {
      this.variables.push(def);
      this.extend(end);
    } else {
      this.fileVariables.push(def);
    }
  }

  private current(): Started {
    return this.block!;
  }

  /** The request being scanned ends at `end` (in the text) at least. */
  private extend(end: number): void {
    const { span, start } = this.current();
    if (span.end < end - start) span.end = end - start;
  }

  /**
   * The block being scanned ends at `end`, line `endLine`: it is made of what it gathered (a shared
   * empty list for what it has none of), its offsets and line starts made relative to its start.
   */
  private endBlock(end: number, endLine: number): void {
    const b = this.block;
    if (b === undefined) return;
    const { start, firstLine, header, name, headerSpan, nameSpan, span } = b;
    const d = -start;
    const { lineStarts } = this.source;
    for (let i = firstLine; i < endLine; i++) this.relative[i - this.base] = lineStarts[i] - start;
    this.starts.push(start);
    this.firstLines.push(firstLine);
    this.blocks.push({
      length: end - start, header, name, headerSpan, nameSpan, span,
      lineStarts: this.relative, linesAt: firstLine - this.base, lineCount: endLine - firstLine,
      paramCount: this.paramCount, assertionCount: this.assertionCount, namesContent: this.namesContent,
      variables: relative(this.variables, d, movedVariable), urls: relative(this.urls, d, movedUrl),
      comments: relative(this.comments, d, (c) => ({ kind: 'comment', span: moved(c.span, d) })),
      errors: relative(this.errors, d, (e) => ({ ...e, span: moved(e.span, d) })),
    });
    this.comments = [];
    this.errors = [];
    this.variables = [];
    this.urls = [];
    this.paramCount = 0;
    this.assertionCount = 0;
    this.namesContent = false;
    this.block = undefined;
  }
}

/** `nodes` moved by `d` (the list itself when `d` is 0; the shared empty list for none). */
function relative<T>(nodes: T[], d: number, move: (node: T, d: number) => T): readonly T[] {
  if (nodes.length === 0) return NONE;
  return d === 0 ? nodes : nodes.map((n) => move(n, d));
}

/** Whether text[start, end) is one of `CHECKED_NAMES`, compared in place (no string made for every parameter line). */
function namesChecked(text: string, start: number, end: number): boolean {
  for (const n of CHECKED_NAMES) if (n.length === end - start && text.startsWith(n, start)) return true;
  return false;
}
