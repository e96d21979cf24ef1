/** Warnings and errors of a run as diagnostics on the lines that caused them; cleared when a line is edited. */
import * as vscode from 'vscode';
import type { RunState } from '../../../engine/src/index';

export class RunDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('wikiq-run');
  private readonly sub: vscode.Disposable;

  constructor() {
    this.sub = vscode.workspace.onDidChangeTextDocument((e) => {
      const current = this.collection.get(e.document.uri);
      if (!current?.length || !e.contentChanges.length) return;
      const edited = e.contentChanges.map((c) => [c.range.start.line, c.range.end.line] as const);
      const delta = e.contentChanges.reduce((n, c) => n + (c.text.split('\n').length - 1) - (c.range.end.line - c.range.start.line), 0);
      const kept: vscode.Diagnostic[] = [];
      for (const d of current) {
        const line = d.range.start.line;
        if (edited.some(([a, b]) => line >= a && line <= b)) continue;
        // Lines below an edit that added or removed lines move with it.
        if (delta && line > edited[0][1]) {
          const moved = new vscode.Diagnostic(d.range.with(d.range.start.translate(delta), d.range.end.translate(delta)), d.message, d.severity);
          moved.source = d.source;
          moved.code = d.code;
          kept.push(moved);
        } else kept.push(d);
      }
      this.collection.set(e.document.uri, kept);
    });
  }

  show(document: vscode.TextDocument, state: RunState): void {
    const diags: vscode.Diagnostic[] = [];
    const add = (m: { code?: string; text: string; module?: string; line?: number }, severity: vscode.DiagnosticSeverity) => {
      if (m.line === undefined || m.line >= document.lineCount) return;
      const d = new vscode.Diagnostic(document.lineAt(m.line).range, `${m.module ? `[${m.module}] ` : ''}${m.text}`, severity);
      d.source = 'wikiq run';
      if (m.code) d.code = m.code;
      diags.push(d);
    };
    for (const w of state.warnings) add(w, vscode.DiagnosticSeverity.Warning);
    for (const e of state.errors) add(e, vscode.DiagnosticSeverity.Error);
    this.collection.set(document.uri, diags);
  }

  dispose(): void {
    this.sub.dispose();
    this.collection.dispose();
  }
}
