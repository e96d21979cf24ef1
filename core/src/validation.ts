/**
 * Diagnostics: syntax errors from the parser, then, per request, what the MediaWiki API would do
 * with it against the catalogue of its endpoint (see codes.ts for the table of codes).
 *
 * A document's diagnostics come in pieces: the file-level one, and one per request (a function of
 * the request's text, the file's variables, its catalogue and the environment; validationCache.ts
 * keeps them between edits). Each piece gets a Report (checks/report.ts) and a context of its own
 * (checks/context.ts), and runs the checks of checks/*.ts in the order below.
 *
 * This and the checks run for every request and parameter of a file: they are written as
 * CONTRIBUTING.md's "How the language service stays fast" says.
 */
import { Diagnostic, type Range } from 'vscode-languageserver-types';
import { Code, SOURCE, codeTable, messages } from './codes';
import type { FeatureContext } from './context';
import type { ParamNode, RequestNode } from './parser/ast';
import { pieceChecks, requestChecks, type RequestChecks } from './checks/context';
import { checkAssertions } from './checks/assertions';
import { checkCredentials } from './checks/credentials';
import { checkFileValues } from './checks/fileValues';
import { checkLegacy } from './checks/legacy';
import { type ModeUse, checkAction, checkModes, checkName, checkRepeated, checkRequired, modeUse, needsChecks, reportsUnknownNames } from './checks/names';
import { MAX_DIAGNOSTICS, type Piece, Report } from './checks/report';
import { checkValues } from './checks/values';
import { checkFileVariables, checkRequestVariables } from './checks/variables';
import { checkToken, checkWrite } from './checks/writes';
import { syntaxErrors } from './variables';
import { requestsOf } from './parser/blocks';

const NO_PARAMS: readonly ParamNode[] = [];

/** The file-level diagnostics of a document: syntax errors, file variables, credentials in them. */
export function fileDiagnostics(ctx: FeatureContext): Piece {
  const report = new Report(ctx);
  for (const e of syntaxErrors(ctx.file)) report.syntaxError(e);
  checkFileVariables(pieceChecks(ctx), report);
  checkCredentials(report, ctx.file.text, ctx.file.variables, NO_PARAMS);
  return report.piece();
}

/** The diagnostics of one request: a function of its text, the file's variables, its catalogue and the environment. */
export function requestDiagnostics(ctx: FeatureContext, r: RequestNode): Piece {
  const report = new Report(ctx);
  if (needsChecks(r)) {
    const c = requestChecks(ctx, ctx.analysis(r));
    checkRequest(c, report);
    checkCredentials(report, ctx.file.text, r.variables, c.a.params);
    checkFileValues(ctx, c.a.params, report);
  } else {
    checkCredentials(report, ctx.file.text, r.variables, NO_PARAMS);
  }
  checkAssertions(ctx, r, report);
  return report.piece();
}

/** The checks of a request, in order: variables, action, a write's, each parameter's name (a token) then values, modes, required, legacy formats. */
function checkRequest(c: RequestChecks, report: Report): void {
  checkRequestVariables(c, report);
  checkAction(c, report);
  checkWrite(c, report);
  const reportUnknown = reportsUnknownNames(c.a);
  const params = c.a.params;
  let modeUses: ModeUse[] | undefined;
  for (let i = 0; i < params.length; i++) {
    const node = params[i];
    checkRepeated(c, report, node);
    const owner = checkName(c, report, node, reportUnknown);
    checkToken(report, node, owner);
    if (!owner) continue;
    checkValues(c, report, node, owner);
    const use = modeUse(c.a, node, owner);
    if (use) (modeUses ??= []).push(use);
  }
  if (modeUses) checkModes(report, modeUses);
  checkRequired(c, report);
  checkLegacy(c, report);
}

/**
 * The document's diagnostics from its pieces in order: at most MAX_DIAGNOSTICS, then one saying how
 * many were left out. A bound of expansion met through a file variable is reported once, by the
 * first piece that meets it (each piece, checked alone, reports it).
 */
export function joinPieces(pieces: readonly Piece[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const limits = new Set<string>();
  let dropped = 0;
  let firstDropped: Range | undefined;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    const diagnostics = piece.diagnostics;
    for (let k = 0; k < diagnostics.length; k++) {
      const d = diagnostics[k];
      if (d.code === Code.VariableTooLarge) {
        const at = `${d.range.start.line}:${d.range.start.character}`;
        if (limits.has(at)) continue;
        limits.add(at);
      }
      if (out.length < MAX_DIAGNOSTICS) out.push(d);
      else if (dropped++ === 0) firstDropped = d.range;
    }
    if (piece.dropped && dropped === 0) firstDropped = piece.firstDropped;
    dropped += piece.dropped;
  }
  if (dropped && firstDropped) {
    const code = Code.TooManyDiagnostics;
    out.push({ range: firstDropped, severity: codeTable[code].severity, code, source: SOURCE, message: messages[code](dropped, MAX_DIAGNOSTICS) });
  }
  return out;
}

export function doValidation(ctx: FeatureContext): Diagnostic[] {
  return joinPieces([fileDiagnostics(ctx), ...requestsOf(ctx.file).map((r) => requestDiagnostics(ctx, r))]);
}
