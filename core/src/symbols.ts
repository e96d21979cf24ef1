/** Document symbols (one per request, its parameters and variables inside) and folding ranges. */
import { paramsOf } from './parser/params';
import { DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind } from 'vscode-languageserver-types';
import type { FeatureContext } from './context';
import { commentsOf, requestsOf } from './parser/blocks';

export function findDocumentSymbols(ctx: FeatureContext): DocumentSymbol[] {
  const { file } = ctx;
  const symbols: DocumentSymbol[] = [];
  for (const v of file.variables) {
    symbols.push(DocumentSymbol.create(`@${v.name}`, v.value?.parts.map((p) => p.raw).join('|'), SymbolKind.Variable, ctx.range(v.span), ctx.range(v.nameSpan)));
  }
  for (const r of requestsOf(file)) {
    const children: DocumentSymbol[] = [];
    for (const v of r.variables) {
      children.push(DocumentSymbol.create(`@${v.name}`, undefined, SymbolKind.Variable, ctx.range(v.span), ctx.range(v.nameSpan)));
    }
    for (const p of paramsOf(r)) {
      const detail = p.value ? p.value.parts.map((x) => x.text).join('|') : 'true';
      children.push(DocumentSymbol.create(p.name, detail.length > 60 ? detail.slice(0, 59) + '…' : detail, SymbolKind.Field, ctx.range(p.span), ctx.range(p.nameSpan)));
    }
    const action = paramsOf(r).find((p) => p.name === 'action')?.value?.parts[0]?.text;
    const name = r.name || (r.headerSpan ? `Request ${r.index + 1}` : r.urls.length ? 'URL request' : 'Request');
    const selection = r.nameSpan && r.nameSpan.end > r.nameSpan.start ? r.nameSpan : r.headerSpan ?? r.span;
    symbols.push(DocumentSymbol.create(name, action ? `action=${action}` : undefined, SymbolKind.Function, ctx.range(r.span), ctx.range(selection), children));
  }
  return symbols;
}

export function getFoldingRanges(ctx: FeatureContext): FoldingRange[] {
  const { file, document } = ctx;
  const ranges: FoldingRange[] = [];
  for (const r of requestsOf(file)) {
    const start = document.positionAt(r.span.start).line;
    const end = document.positionAt(r.span.end).line;
    if (end > start) ranges.push(FoldingRange.create(start, end, undefined, undefined, FoldingRangeKind.Region));
  }
  // Runs of two or more comment lines fold too.
  let runStart = -1;
  let prev = -2;
  for (const c of commentsOf(file)) {
    const line = document.positionAt(c.span.start).line;
    if (line === prev + 1) {
      prev = line;
      continue;
    }
    if (runStart >= 0 && prev > runStart) ranges.push(FoldingRange.create(runStart, prev, undefined, undefined, FoldingRangeKind.Comment));
    runStart = line;
    prev = line;
  }
  if (runStart >= 0 && prev > runStart) ranges.push(FoldingRange.create(runStart, prev, undefined, undefined, FoldingRangeKind.Comment));
  return ranges;
}
