/**
 * Where the checks put their diagnostics: at most MAX_DIAGNOSTICS per document (a hostile file can
 * hold hundreds of thousands of mistakes; an editor shows none of them well), then one more that
 * says how many were left out.
 */
import { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, type Range } from 'vscode-languageserver-types';
import type { Catalogue } from '../catalogue/model';
import { Code, DiagnosticData, SOURCE, codeTable } from '../codes';
import type { FeatureContext } from '../context';
import type { Span, SyntaxError, WikiqFile } from '../parser/ast';

export const MAX_DIAGNOSTICS = 1000;

/** The diagnostics of one part of a document (its file-level checks, or one request). */
export interface Piece {
  diagnostics: Diagnostic[];
  /** How many were left out past MAX_DIAGNOSTICS, and the range of the first of them. */
  dropped: number;
  firstDropped?: Range;
}

export interface AddOptions {
  severity?: DiagnosticSeverity;
  data?: DiagnosticData;
  tags?: DiagnosticTag[];
  related?: DiagnosticRelatedInformation[];
}

/** How messages name a catalogue: "bundled catalogue", "cached catalogue"… */
export function catalogueName(catalogue: Catalogue): string {
  return `${catalogue.source} catalogue`;
}

/** The diagnostics of a part with none (most requests): one list and one piece, shared and frozen. */
const NO_DIAGNOSTICS = Object.freeze([]) as unknown as Diagnostic[];
const NOTHING: Piece = Object.freeze({ diagnostics: NO_DIAGNOSTICS, dropped: 0, firstDropped: undefined });

export class Report {
  private out: Diagnostic[] = NO_DIAGNOSTICS;
  protected readonly file: WikiqFile;
  private dropped = 0;
  private firstDropped: Span | undefined;

  constructor(protected readonly ctx: FeatureContext) {
    this.file = ctx.file;
  }

  /** Starts another part (one report checks every request of a validation, one after another). */
  protected begin(): void {
    this.out = NO_DIAGNOSTICS;
    this.dropped = 0;
    this.firstDropped = undefined;
  }

  private keep(d: Diagnostic): void {
    if (this.out === NO_DIAGNOSTICS) this.out = [d];
    else this.out.push(d);
  }

  private room(span: Span): boolean {
    if (this.out.length < MAX_DIAGNOSTICS) return true;
    this.dropped++;
    this.firstDropped ??= span;
    return false;
  }

  add(code: Code, span: Span, message: string, opts: AddOptions = {}): void {
    if (!this.room(span)) return;
    const d: Diagnostic = {
      range: this.ctx.range(span),
      severity: opts.severity ?? codeTable[code].severity,
      code,
      source: SOURCE,
      message,
    };
    if (opts.tags?.length) d.tags = opts.tags;
    if (opts.data) d.data = opts.data;
    if (opts.related?.length) d.relatedInformation = opts.related;
    this.keep(d);
  }

  protected syntaxError(e: SyntaxError): void {
    if (!this.room(e.span)) return;
    this.keep({
      range: this.ctx.range(e.span),
      severity: e.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      code: e.code,
      source: SOURCE,
      message: e.message,
    });
  }

  /** What was found: the diagnostics kept, how many more were left out and where the first of those is. */
  piece(): Piece {
    if (this.out === NO_DIAGNOSTICS && this.dropped === 0) return NOTHING;
    return { diagnostics: this.out, dropped: this.dropped, firstDropped: this.firstDropped && this.ctx.range(this.firstDropped) };
  }

  /** Unknown names are errors against a wiki's full catalogue, warnings against a partial one (the bundled). */
  protected unknownSeverity(catalogue: Catalogue): DiagnosticSeverity {
    return catalogue.exhaustive ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning;
  }
}
