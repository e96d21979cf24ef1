/**
 * Quick fixes for the diagnostics of validation.ts (each reads what it needs from the diagnostic's
 * code, range and `data`), and two rewrites: a pasted URL into `name = value` lines, and a request
 * in lines into one `GET <endpoint>?…` URL (see urlForm.ts for the conventions).
 */
import { paramsOf } from './parser/params';
import {
  CodeAction, CodeActionContext, CodeActionKind, Diagnostic, Position, Range, TextEdit, WorkspaceEdit,
} from 'vscode-languageserver-types';
import { ownerOf, paramAt, requestAt } from './analysis';
import { Code, DiagnosticData, SOURCE } from './codes';
import type { FeatureContext } from './context';
import type { ParamNode, RequestNode, Span, UrlLine } from './parser/ast';
import { lineCount, lineStart } from './parser/lines';
import { isHttpUrl } from './parser/parser';
import { encodeQueryComponent, requestToUrl, urlToLines } from './urlForm';
import { endpointFor, expand, scopeFor } from './variables';

function wants(context: CodeActionContext, kind: string): boolean {
  const only = context.only;
  if (!only || only.length === 0) return true;
  return only.some((k) => kind === k || kind.startsWith(k + '.'));
}

export function doCodeActions(ctx: FeatureContext, range: Range, context: CodeActionContext): CodeAction[] {
  const actions: CodeAction[] = [];
  if (wants(context, CodeActionKind.QuickFix)) {
    for (const d of context.diagnostics) {
      if (d.source !== SOURCE) continue;
      actions.push(...quickFixes(ctx, d));
    }
  }
  if (wants(context, CodeActionKind.RefactorRewrite)) {
    const offset = ctx.document.offsetAt(range.start);
    actions.push(...conversions(ctx, offset));
  }
  return actions;
}

// ---- helpers -------------------------------------------------------------------------------

function edit(ctx: FeatureContext, edits: TextEdit[]): WorkspaceEdit {
  return { changes: { [ctx.document.uri]: edits } };
}

function fix(ctx: FeatureContext, title: string, d: Diagnostic, edits: TextEdit[], preferred = false): CodeAction {
  const a: CodeAction = { title, kind: CodeActionKind.QuickFix, diagnostics: [d], edit: edit(ctx, edits) };
  if (preferred) a.isPreferred = true;
  return a;
}

/** The lines holding `span`: from the start of its first line to the start of the line after its last (or the end of the text). */
function lineBlock(ctx: FeatureContext, span: Span): { start: number; end: number; last: boolean } {
  const { file } = ctx;
  const s = ctx.document.positionAt(span.start).line;
  const e = ctx.document.positionAt(span.end).line;
  if (e + 1 < lineCount(file)) return { start: lineStart(file, s), end: lineStart(file, e + 1), last: false };
  return { start: lineStart(file, s), end: file.text.length, last: true };
}

/** The whole lines holding `span`, with the line break that ends them (or the one before, at the end of the file). */
function wholeLines(ctx: FeatureContext, span: Span): Range {
  const b = lineBlock(ctx, span);
  let start = b.start;
  if (b.last && start > 0) {
    const t = ctx.file.text;
    if (t[start - 1] === '\n') start--;
    if (t[start - 1] === '\r') start--;
  }
  return ctx.range({ start, end: b.end });
}

function lineLength(ctx: FeatureContext, line: number): number {
  const { file } = ctx;
  const text = file.text;
  const from = lineStart(file, line);
  let e = line + 1 < lineCount(file) ? lineStart(file, line + 1) : text.length;
  while (e > from && (text[e - 1] === '\n' || text[e - 1] === '\r')) e--;
  return e - from;
}

function lineStartOffset(ctx: FeatureContext, offset: number): number {
  const pos = ctx.document.positionAt(offset);
  return ctx.document.offsetAt(Position.create(pos.line, 0));
}

function urlLineAt(request: RequestNode, offset: number): UrlLine | undefined {
  return request.urls.find((u) => u.span.start <= offset && offset <= u.span.end);
}

/** The text to write at a span: percent-encoded inside a pasted URL. */
function textFor(request: RequestNode | undefined, offset: number, text: string): string {
  return request && urlLineAt(request, offset) ? encodeQueryComponent(text) : text;
}

/** Where a new parameter line goes in a request: after the `###` line, else before its first line. */
function insertionPoint(ctx: FeatureContext, r: RequestNode): Position {
  if (r.headerSpan) return Position.create(ctx.document.positionAt(r.headerSpan.start).line + 1, 0);
  const starts = [...paramsOf(r).map((p) => p.span.start), ...r.urls.map((u) => u.span.start), ...r.variables.map((v) => v.span.start)];
  const first = starts.length ? Math.min(...starts) : r.span.start;
  return Position.create(ctx.document.positionAt(first).line, 0);
}

/** A new line `text` at the top of the request; at the end of a file without a final newline this still ends up on its own line. */
function insertLine(ctx: FeatureContext, r: RequestNode, text: string): TextEdit {
  const at = insertionPoint(ctx, r);
  if (at.line >= ctx.document.lineCount) {
    return TextEdit.insert(ctx.document.positionAt(ctx.file.text.length), `\n${text}`);
  }
  return TextEdit.insert(at, `${text}\n`);
}

/** Removes a parameter: its whole lines, or `&name=value` inside a URL. */
function removeParam(ctx: FeatureContext, r: RequestNode, node: ParamNode): TextEdit {
  if (node.origin === 'url') {
    const text = ctx.file.text;
    let { start, end } = node.span;
    if (text[start - 1] === '&') start--;
    else if (text[end] === '&') end++;
    return TextEdit.del(ctx.range({ start, end }));
  }
  void r;
  return TextEdit.del(wholeLines(ctx, node.span));
}

function paramWithSpan(r: RequestNode, offset: number): ParamNode | undefined {
  return paramsOf(r).find((p) => p.span.start <= offset && offset < Math.max(p.span.end, p.span.start + 1)) ?? paramAt(r, offset);
}

// ---- quick fixes ---------------------------------------------------------------------------

function quickFixes(ctx: FeatureContext, d: Diagnostic): CodeAction[] {
  const out: CodeAction[] = [];
  const data = (d.data ?? {}) as DiagnosticData;
  const start = ctx.document.offsetAt(d.range.start);
  const r = requestAt(ctx.file, start);
  switch (d.code) {
    case Code.UnknownParameter:
    case Code.UnknownValue:
    case Code.UnknownModule:
    case Code.UnknownAction:
    case Code.UndefinedVariable:
    case Code.UnclearNowTimestamp:
    case Code.NormalisedName:
    case Code.UnfollowedRedirect: {
      const suggestions = data.suggestions ?? [];
      for (const s of suggestions) {
        const text = d.code === Code.UndefinedVariable ? s : textFor(r, start, s);
        out.push(fix(ctx, `Change to '${s}'`, d, [TextEdit.replace(d.range, text)], suggestions.length === 1));
      }
      if (d.code === Code.UnknownParameter && data.select && r) {
        out.push(...selectFix(ctx, d, r, data.select, false));
      }
      break;
    }
    case Code.MissingGenerator:
      if (data.select && r) out.push(...selectFix(ctx, d, r, data.select, true));
      break;
    case Code.LegacyFormat:
      if (data.add && r) out.push(fix(ctx, `Add '${data.add.param} = ${data.add.value}'`, d, [insertAfterAction(ctx, r, `${data.add.param} = ${data.add.value}`)], true));
      break;
    case Code.MissingAction:
      if (r) out.push(fix(ctx, "Add 'action = query'", d, [insertLine(ctx, r, 'action = query')], true));
      break;
    case Code.BooleanFalse: {
      const node = r && paramWithSpan(r, start);
      if (node && r) out.push(fix(ctx, `Remove '${node.name}' (absent means false)`, d, [removeParam(ctx, r, node)], true));
      break;
    }
    case Code.TokenInFile: {
      const node = r && paramWithSpan(r, start);
      if (node && r) out.push(fix(ctx, `Remove '${node.name}' (wikiq fetches the token)`, d, [removeParam(ctx, r, node)], true));
      break;
    }
    case Code.DuplicateParameter: {
      const node = r && paramWithSpan(r, start);
      if (node && r) out.push(fix(ctx, `Remove this '${node.name}' (the API uses the last one)`, d, [removeParam(ctx, r, node)]));
      break;
    }
    case Code.LimitAboveMax:
      if (data.limit?.max !== undefined) {
        out.push(fix(ctx, `Clamp to ${data.limit.max}`, d, [TextEdit.replace(d.range, String(data.limit.max))], true));
        out.push(fix(ctx, "Use 'max'", d, [TextEdit.replace(d.range, 'max')]));
      }
      break;
    case Code.LimitBelowMin:
      if (data.limit?.min !== undefined) out.push(fix(ctx, `Change to ${data.limit.min}`, d, [TextEdit.replace(d.range, String(data.limit.min))], true));
      break;
    case Code.IntegerOutOfRange:
      if (data.clampTo !== undefined) out.push(fix(ctx, `Change to ${data.clampTo}`, d, [TextEdit.replace(d.range, String(data.clampTo))], true));
      break;
    case Code.DuplicateValue:
    case Code.EmptyValue: {
      const e = removeValue(ctx, r, start, d);
      if (e) out.push(fix(ctx, d.code === Code.EmptyValue ? "Remove the stray '|'" : 'Remove the repeated value', d, [e], true));
      break;
    }
    default:
      break;
  }
  return out;
}

/** Deletes one value with the pipe before it (or after it, for the first value). */
function removeValue(ctx: FeatureContext, r: RequestNode | undefined, start: number, d: Diagnostic): TextEdit | undefined {
  const node = r && paramWithSpan(r, start);
  const value = node?.value;
  if (!value) return undefined;
  const end = ctx.document.offsetAt(d.range.end);
  if (d.code === Code.EmptyValue) {
    // The range is the stray pipe itself.
    if (value.pipes.includes(start)) return TextEdit.del(d.range);
    return undefined;
  }
  const k = value.parts.findIndex((p) => p.span.start === start && p.span.end === end);
  if (k < 0) return undefined;
  const pipeBefore = value.pipes.filter((x) => x < start).pop();
  if (pipeBefore !== undefined) {
    // A value alone on a continuation line: delete the whole line.
    const lineStart = lineStartOffset(ctx, pipeBefore);
    if (ctx.file.text.slice(lineStart, pipeBefore).trim() === '' && k > 0 && ctx.file.text.slice(end, lineEndOffset(ctx, end)).trim() === '') {
      return TextEdit.del(wholeLines(ctx, { start: pipeBefore, end }));
    }
    return TextEdit.del(ctx.range({ start: pipeBefore, end }));
  }
  const pipeAfter = value.pipes.find((x) => x >= end);
  if (pipeAfter !== undefined) return TextEdit.del(ctx.range({ start, end: pipeAfter + 1 }));
  return undefined;
}

function lineEndOffset(ctx: FeatureContext, offset: number): number {
  const line = ctx.document.positionAt(offset).line;
  return lineStart(ctx.file, line) + lineLength(ctx, line);
}

/** Adds a module to a selecting parameter: appends `|value` to it, or adds the parameter. */
function selectFix(ctx: FeatureContext, d: Diagnostic, r: RequestNode, select: { param: string; value: string }, preferred: boolean): CodeAction[] {
  const existing = paramsOf(r).filter((p) => p.name === select.param).pop();
  if (existing?.value && existing.origin === 'line') {
    const endPart = existing.value.parts[existing.value.parts.length - 1];
    const empty = existing.value.parts.length === 1 && endPart.text === '';
    const e = empty ? TextEdit.replace(ctx.range(endPart.span.start === endPart.span.end ? existing.value.span : endPart.span), ` ${select.value}`) : TextEdit.insert(ctx.document.positionAt(endPart.span.end), `|${select.value}`);
    return [fix(ctx, `Add ${select.value} to '${select.param}'`, d, [e], preferred)];
  }
  if (existing) return [];
  return [fix(ctx, `Add '${select.param} = ${select.value}'`, d, [insertAfterAction(ctx, r, `${select.param} = ${select.value}`)], preferred)];
}

/** A new line after the request's `action` line (or at its top). */
function insertAfterAction(ctx: FeatureContext, r: RequestNode, text: string): TextEdit {
  const action = paramsOf(r).find((p) => p.name === 'action' && p.origin === 'line');
  if (action) {
    const line = ctx.document.positionAt(action.span.end).line;
    if (line + 1 < ctx.document.lineCount) return TextEdit.insert(Position.create(line + 1, 0), `${text}\n`);
    return TextEdit.insert(ctx.document.positionAt(action.span.end), `\n${text}`);
  }
  return insertLine(ctx, r, text);
}

// ---- URL ⇄ lines -----------------------------------------------------------------------------

function conversions(ctx: FeatureContext, offset: number): CodeAction[] {
  const file = ctx.file;
  const r = requestAt(file, offset);
  if (!r) return [];
  const out: CodeAction[] = [];
  const url = urlLineAt(r, offset) ?? (lineOfUrl(ctx, r, offset));
  if (url) {
    const a = urlToLinesAction(ctx, r, url);
    if (a) out.push(a);
    return out;
  }
  const b = linesToUrlAction(ctx, r);
  if (b) out.push(b);
  return out;
}

function lineOfUrl(ctx: FeatureContext, r: RequestNode, offset: number): UrlLine | undefined {
  const line = ctx.document.positionAt(offset).line;
  return r.urls.find((u) => ctx.document.positionAt(u.span.start).line === line);
}

function urlToLinesAction(ctx: FeatureContext, r: RequestNode, url: UrlLine): CodeAction | undefined {
  if (!url.endpoint) return undefined;
  const text = ctx.file.text.slice(url.span.start, url.span.end);
  const a = ctx.analysis(r);
  const isBoolean = (name: string) => ownerOf(a, name)?.param.type === 'boolean';
  const res = urlToLines(text, { isBoolean });
  if (res.problems.length || !res.endpoint) return undefined;
  const lines: string[] = [];
  // Keep the endpoint unless the request (without this URL) already targets it.
  const scope = scopeFor(ctx.file, r, ctx.env);
  const b = scope.get('endpoint');
  const current = b ? expand(b.raw, scope).text.trim() : ctx.env?.endpoint;
  if (current !== res.endpoint) lines.push(`@endpoint = ${res.endpoint}`);
  lines.push(...res.lines);
  const indent = ctx.file.text.slice(lineStartOffset(ctx, url.span.start), url.span.start);
  const newText = lines.map((l, i) => (i === 0 ? l : indent + l)).join(eol(ctx));
  return {
    title: 'Convert URL to parameter lines',
    kind: CodeActionKind.RefactorRewrite,
    edit: edit(ctx, [TextEdit.replace(ctx.range(url.span), newText)]),
  };
}

function linesToUrlAction(ctx: FeatureContext, r: RequestNode): CodeAction | undefined {
  if (r.urls.length || !paramsOf(r).length || paramsOf(r).some((p) => p.origin !== 'line')) return undefined;
  const endpoint = endpointFor(ctx.file, r, ctx.env);
  if (!endpoint || endpoint.includes('{{') || !isHttpUrl(endpoint)) return undefined;
  const { url } = requestToUrl(r, endpoint);
  const { file } = ctx;
  const text = file.text;
  const lines = lineCount(file);
  // One edit from the first parameter's line to the end of the last one's: the URL line, then the
  // lines in between that are not parameters (comments, variables, blank lines), as they were.
  const blocks = paramsOf(r).map((p) => lineBlock(ctx, p.span));
  const start = Math.min(...blocks.map((b) => b.start));
  const end = Math.max(...blocks.map((b) => b.end));
  const covered = (offset: number) => blocks.some((b) => b.start <= offset && offset < b.end);
  const firstLine = ctx.document.positionAt(start).line;
  const indent = /^[ \t]*/.exec(text.slice(start))![0];
  let kept = '';
  for (let line = firstLine; line < lines && lineStart(file, line) < end; line++) {
    const ls = lineStart(file, line);
    const le = line + 1 < lines ? lineStart(file, line + 1) : text.length;
    if (!covered(ls)) kept += text.slice(ls, Math.min(le, end));
  }
  const endsFile = end >= text.length && !/[\r\n]$/.test(text);
  let newText = `${indent}${url}${eol(ctx)}${kept}`;
  if (endsFile) newText = newText.replace(/\r?\n$/, '');
  return {
    title: 'Convert request to a URL',
    kind: CodeActionKind.RefactorRewrite,
    edit: edit(ctx, [TextEdit.replace(ctx.range({ start, end }), newText)]),
  };
}

function eol(ctx: FeatureContext): string {
  return /\r\n/.test(ctx.file.text) ? '\r\n' : '\n';
}
