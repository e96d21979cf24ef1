/**
 * `wikiq check --format json|sarif|text`: the problems found, 1-based lines and columns in every
 * form. SARIF 2.1.0 for code scanning (GitHub, GitLab, Azure): one run, the tool's rules from
 * core's diagnostic codes table (and the parser's syntax codes), one result per problem with a
 * location relative to the working folder.
 */
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { Code, SyntaxErrorCode, codeTable, syntaxErrorMessages } from '../../core/src';
import { REPOSITORY_URL, VERSION } from '../../engine/src';

export interface Problem {
  /** As given on the command line. */
  file: string;
  /** Relative to the working folder, with forward slashes. */
  relative: string;
  diagnostic: Diagnostic;
}

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export function severityOf(d: Diagnostic): Severity {
  return d.severity === DiagnosticSeverity.Warning ? 'warning' : d.severity === DiagnosticSeverity.Information ? 'info' : d.severity === DiagnosticSeverity.Hint ? 'hint' : 'error';
}

/** The region of a diagnostic, 1-based; end column exclusive (as SARIF counts it). */
export function region(d: Diagnostic) {
  return { startLine: d.range.start.line + 1, startColumn: d.range.start.character + 1, endLine: d.range.end.line + 1, endColumn: d.range.end.character + 1 };
}

/** `file:line:col severity code message`, as compilers print them. */
export function textLine(p: Problem): string {
  const d = p.diagnostic;
  return `${p.file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severityOf(d)} ${d.code ?? '-'} ${d.message}`;
}

export function jsonReport(problems: Problem[], files: number, summary: Record<string, number>): string {
  const diagnostics = problems.map((p) => ({ file: p.file, ...region(p.diagnostic), severity: severityOf(p.diagnostic), code: p.diagnostic.code ?? null, message: p.diagnostic.message }));
  return JSON.stringify({ files, ...summary, diagnostics }, null, 2);
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };
const SEVERITY_OF: Record<number, Severity> = { [DiagnosticSeverity.Error]: 'error', [DiagnosticSeverity.Warning]: 'warning', [DiagnosticSeverity.Information]: 'info', [DiagnosticSeverity.Hint]: 'hint' };

interface Rule {
  id: string;
  shortDescription: { text: string };
  helpUri: string;
  defaultConfiguration: { level: string };
}

/** Every code wikiq reports, as SARIF rules: the language core's table, then the parser's syntax errors. */
export function sarifRules(): Rule[] {
  const help = `${REPOSITORY_URL}#diagnostics`;
  const rules: Rule[] = Object.values(Code).map((id) => ({
    id, shortDescription: { text: codeTable[id].summary }, helpUri: help, defaultConfiguration: { level: LEVEL[SEVERITY_OF[codeTable[id].severity]] },
  }));
  for (const id of Object.values(SyntaxErrorCode)) {
    const text = syntaxErrorMessages[id]('…').replace(/\s*'…'/g, '');
    rules.push({ id, shortDescription: { text }, helpUri: help, defaultConfiguration: { level: 'error' } });
  }
  return rules;
}

export function sarifReport(problems: Problem[]): string {
  const rules = sarifRules();
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results = problems.map((p) => {
    const ruleId = String(p.diagnostic.code ?? 'wikiq');
    return {
      ruleId,
      ...(index.has(ruleId) ? { ruleIndex: index.get(ruleId) } : {}),
      level: LEVEL[severityOf(p.diagnostic)],
      message: { text: p.diagnostic.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: p.relative.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' }, region: region(p.diagnostic) } }],
    };
  });
  return JSON.stringify({
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'wikiq', version: VERSION, informationUri: REPOSITORY_URL, rules } },
      columnKind: 'utf16CodeUnits',
      results,
    }],
  }, null, 2);
}
