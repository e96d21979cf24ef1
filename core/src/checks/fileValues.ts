/**
 * Values read from files (`name = < ./page.wiki`): a path relative to the document whose file does
 * not exist is `missing-file`, where the host can look (`FeatureContext.fileExists`: the core does
 * no I/O). Read as a fact of the piece (facts.ts), so a kept piece is checked again when the file
 * appears or goes.
 */
import { Code, messages } from '../codes';
import type { FeatureContext } from '../context';
import type { ParamNode } from '../parser/ast';
import { asBoolean } from './facts';
import type { Report } from './report';

/** Reports each parameter of `params` read from a file that `ctx.fileExists` says is not there. */
export function checkFileValues(ctx: FeatureContext, params: readonly ParamNode[], report: Report): void {
  if (!ctx.fileExists) return;
  for (let i = 0; i < params.length; i++) {
    const v = params[i].value;
    if (v?.file === undefined || asBoolean(report.fact('file', fileUri(ctx.document.uri, v.file))) !== false) continue;
    report.add(Code.MissingFile, v.parts[0].span, messages[Code.MissingFile](v.file, params[i].name));
  }
}

/** The URI of the file `written` (a path relative to the document `documentUri`, or absolute). */
export function fileUri(documentUri: string, written: string): string {
  try {
    return new URL(written.replace(/\\/g, '/'), documentUri).href;
  } catch {
    return written;
  }
}
