/**
 * Where the checks put their diagnostics: at most MAX_DIAGNOSTICS per piece of a document (a
 * hostile file can hold hundreds of thousands of mistakes; an editor shows none of them well),
 * then one more that says how many were left out. One Report per piece (the file-level checks, or
 * one request).
 */
import { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, type Range } from 'vscode-languageserver-types';
import type { Catalogue } from '../catalogue/model';
import { Code, DiagnosticData, SOURCE, codeTable } from '../codes';
import type { FeatureContext } from '../context';
import type { Span, SyntaxError } from '../parser/ast';
import { type FactKind, type ReadFact, factValue } from './facts';

export const MAX_DIAGNOSTICS = 1000;

/** The diagnostics of one part of a document (its file-level checks, or one request). */
export interface Piece {
  readonly diagnostics: readonly Diagnostic[];
  /** How many were left out past MAX_DIAGNOSTICS, and the range of the first of them. */
  readonly dropped: number;
  readonly firstDropped?: Range;
  /** The facts from outside the document its checks read (facts.ts): it holds while they read the same. */
  readonly facts?: readonly ReadFact[];
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

/** Unknown names are errors against a wiki's full catalogue, warnings against a partial one (the bundled). */
export function unknownSeverity(catalogue: Catalogue): DiagnosticSeverity {
  return catalogue.exhaustive ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning;
}

/** The piece of a part with no diagnostics (most requests): one piece, shared and frozen. */
const NOTHING: Piece = Object.freeze({ diagnostics: Object.freeze([]), dropped: 0, firstDropped: undefined });

export class Report {
  /** Made at the first diagnostic (most pieces have none). */
  private out: Diagnostic[] | undefined;
  private dropped = 0;
  private firstDropped: Span | undefined;
  private facts: ReadFact[] | undefined;

  constructor(private readonly ctx: FeatureContext) {}

  private keep(d: Diagnostic): void {
    if (this.out) this.out.push(d);
    else this.out = [d];
  }

  private room(span: Span): boolean {
    if (!this.out || this.out.length < MAX_DIAGNOSTICS) return true;
    this.dropped++;
    this.firstDropped ??= span;
    return false;
  }

  /**
   * True when the piece already holds MAX_DIAGNOSTICS, counting `span` as left out: a check asks
   * before it works out a message (suggestions cost an edit distance per known name) that would be
   * dropped, and then does not call `add`.
   */
  full(span: Span): boolean {
    return !this.room(span);
  }

  add(code: Code, span: Span, message: string, opts?: AddOptions): void {
    if (!this.room(span)) return;
    const d: Diagnostic = {
      range: this.ctx.range(span),
      severity: opts?.severity ?? codeTable[code].severity,
      code,
      source: SOURCE,
      message,
    };
    if (opts?.tags?.length) d.tags = opts.tags;
    if (opts?.data) d.data = opts.data;
    if (opts?.related?.length) d.relatedInformation = opts.related;
    this.keep(d);
  }

  /** A fact from outside the document (facts.ts), as text, recorded in the piece. */
  fact(kind: FactKind, at: string): string {
    const value = factValue(this.ctx, kind, at);
    (this.facts ??= []).push({ kind, at, value });
    return value;
  }

  syntaxError(e: SyntaxError): void {
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
    if (!this.out && this.dropped === 0 && !this.facts) return NOTHING;
    const piece: Piece = { diagnostics: this.out ?? [], dropped: this.dropped, firstDropped: this.firstDropped && this.ctx.range(this.firstDropped) };
    return this.facts ? { ...piece, facts: this.facts } : piece;
  }
}
