/**
 * The `.wikiq` parser's block scanner: `parse(text)` reads every line once (`classify`, scan.ts)
 * into blocks (blocks.ts): each request's header, span, variables, URL lines and number of
 * parameters, the comments, and every syntax error of the file, parameter lines' included. It
 * makes no parameter nodes: `paramsOf(request)` (params.ts) reads them from the request's lines.
 * Linear in the input, and total: it never throws and always returns a tree and its errors.
 */
import type { CommentNode, SyntaxError, UrlLine, VariableDef, WikiqFile } from './ast';
import { type Block, type Source, assemble, failedParse } from './blocks';
import { SyntaxErrorCode, report } from './errors';
import { NONE, type Offsets, type Value } from './nodes';
import { type Line, type Open, classify, computeLineStarts, lineEndOf, openAfter, paramLineErrors } from './scan';
import { urlLine, urlParams } from './url';
import { continueValue, readValue, valueErrors } from './values';
import { VARIABLE_NAME } from '../words';

export { computeLineStarts, isHttpUrl } from './scan';

/** Parses a `.wikiq` document. Never throws. */
export function parse(text: string): WikiqFile {
  const lineStarts = Int32Array.from(computeLineStarts(text));
  try {
    const source: Source = { text, lineStarts };
    const { blocks, fileVariables } = new BlockScanner(source).run(0, lineStarts.length);
    return assemble(source, { blocks, starts: blocks.map((b) => b.origin), variables: fileVariables });
  } catch (e) {
    return failedParse(text, lineStarts, e);
  }
}

/** A block as it is scanned: where it starts, its header, and its request's span so far (`Block`'s other fields are gathered by the scanner). */
interface Started {
  start: number;
  header: boolean;
  name: string | undefined;
  headerSpan: Offsets | undefined;
  nameSpan: Offsets | undefined;
  span: Offsets;
}

/** Scans lines [firstLine, endLine) of its source into blocks; `firstLine` starts the file (the preamble) or is a `###` line. */
export class BlockScanner {
  readonly blocks: Block[] = [];
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
  /** What a `|` line continues; for a variable, its value and span. */
  private open: Open = 'none';
  private variable: { value: Value; span: Offsets } | undefined = undefined;

  constructor(private readonly source: Source) {}

  run(firstLine: number, endLine: number): this {
    const { text, lineStarts } = this.source;
    if (firstLine === 0) this.block = { start: 0, header: false, name: undefined, headerSpan: undefined, nameSpan: undefined, span: { start: 0, end: 0 } };
    for (let i = firstLine; i < endLine; i++) {
      const start = lineStarts[i];
      this.line(classify(text, start, lineEndOf(text, start, lineStarts[i + 1])), start);
    }
    this.endBlock(endLine < lineStarts.length ? lineStarts[endLine] : text.length);
    return this;
  }

  private line(line: Line, lineStart: number): void {
    const { text } = this.source;
    const errors = this.errors;
    const open = this.open;
    this.open = openAfter(open, line);
    const { start, end } = line;
    switch (line.kind) {
      case 'blank':
        return;
      case 'header':
        return this.header(line, lineStart);
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
        this.paramCount += urlParams(text, url, errors);
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
        this.extend(end);
        if (line.equals >= 0) valueErrors(text, line.equals + 1, end, errors);
        return;
    }
  }

  private header(line: Line, lineStart: number): void {
    const { start, end, nameStart } = line;
    this.endBlock(lineStart);
    this.block = {
      start: lineStart, header: true, name: this.source.text.slice(nameStart, end), headerSpan: { start, end }, nameSpan: { start: nameStart, end }, span: { start, end },
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

  /** The request being scanned ends at `end` at least. */
  private extend(end: number): void {
    const span = this.current().span;
    if (span.end < end) span.end = end;
  }

  /** The block being scanned ends at `end`: it is made of what it gathered (a shared empty list for what it has none of). */
  private endBlock(end: number): void {
    const b = this.block;
    if (b === undefined) return;
    const { start, header, name, headerSpan, nameSpan, span } = b;
    this.blocks.push({
      origin: start, length: end - start, header, name, headerSpan, nameSpan, span, paramCount: this.paramCount, assertionCount: this.assertionCount,
      variables: this.variables.length ? this.variables : NONE, urls: this.urls.length ? this.urls : NONE,
      comments: this.comments.length ? this.comments : NONE, errors: this.errors.length ? this.errors : NONE,
    });
    this.comments = [];
    this.errors = [];
    this.variables = [];
    this.urls = [];
    this.paramCount = 0;
    this.assertionCount = 0;
    this.block = undefined;
  }
}
