/**
 * Activation at startup: the workspace has .wikiq files, so the extension is active when the tests
 * start (`workspaceContains`), its Testing view lists their tests, and no language server runs
 * until a .wikiq file opens.
 *
 * Activation, measured (not asserted on time): in the window the runner just opened, the time to
 * open a plain text file until its editor is visible, then the time from opening a .wikiq file with
 * a known problem until its first diagnostics arrive (activation, language server start, first
 * validation). Both figures go to .test-output/activation.json; scripts/bench-activation.mjs runs
 * only this file (WIKIQ_EDITOR_GREP) and prints the ratio. The file name sorts first, so in the
 * whole suite this still runs before any other test opens a .wikiq file.
 */
import * as assert from 'assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import { closeAllEditors, fixtureUri, wikiqExtension } from './helpers';

/** Title the bench greps for (WIKIQ_EDITOR_GREP). */
export const ACTIVATION_TITLE = 'activation time';
/** Where the figures are written (repository root/.test-output; out/test/vscode/suite is 4 below it). */
export const ACTIVATION_OUT = path.resolve(__dirname, '../../../../.test-output/activation.json');

export interface ActivationFigures {
  /** ms from openTextDocument until showTextDocument resolved and the editor is visible. */
  plainTextMs: number;
  /** ms from openTextDocument of the .wikiq file until its first diagnostics. */
  firstDiagnosticsMs: number;
  /** ms from openTextDocument of the .wikiq file until its editor was visible. */
  wikiqEditorMs: number;
  /** Whether the language server had not started before the .wikiq file was opened (a cold start; the extension itself is active since startup). */
  cold: boolean;
  diagnostics: number;
  vscodeVersion: string;
}

/** Resolves once an editor of uri is among the visible editors (onDidChangeVisibleTextEditors). */
function visible(uri: vscode.Uri): Promise<void> {
  const shown = () => vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === uri.toString());
  return new Promise((resolve) => {
    const sub = vscode.window.onDidChangeVisibleTextEditors(() => {
      if (shown()) {
        sub.dispose();
        resolve();
      }
    });
  });
}

/** Resolves with the first non-empty diagnostics of uri (onDidChangeDiagnostics); rejects after 60 s. */
function firstDiagnostics(uri: vscode.Uri): Promise<readonly vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`no diagnostics for ${path.basename(uri.path)} within 60 s`));
    }, 60_000);
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (!e.uris.some((u) => u.toString() === uri.toString())) return;
      const d = vscode.languages.getDiagnostics(uri);
      if (d.length === 0) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(d);
    });
  });
}

/** Opens uri in an editor; resolves, once the editor is visible, with the document and when the opening started. */
async function openVisibly(uri: vscode.Uri): Promise<{ doc: vscode.TextDocument; start: number }> {
  const shown = visible(uri);
  const start = performance.now();
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  await shown;
  return { doc, start };
}

describe(ACTIVATION_TITLE, () => {
  after(closeAllEditors);

  it('a workspace with .wikiq files activates the extension at startup: the Testing view lists their tests, no language server runs', async () => {
    const ext = wikiqExtension();
    assert.ok((ext.packageJSON as { activationEvents: string[] }).activationEvents.includes('workspaceContains:**/*.wikiq'));
    assert.equal(ext.isActive, true, 'active before any test opened a file');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.languageId === 'wikiq'), 'no .wikiq document is open');
    const api = (await ext.activate()) as WikiqApi;
    assert.equal(api.serverStarted(), false, 'no language server before a .wikiq file opens');
    await api.tests.controller.resolveHandler!(undefined); // what the Testing view asks when it opens
    const item = api.tests.controller.items.get(fixtureUri('checks.wikiq').toString());
    const titles: string[] = [];
    item?.children.forEach((c) => titles.push(c.label));
    assert.deepEqual(titles, ['Site name'], 'the fixture\'s request with assertions is listed');
    assert.equal(api.serverStarted(), false, 'listing the tests starts no language server');
  });

  it('opening a .wikiq file until its first diagnostics, against opening a plain text file (measured)', async function () {
    this.timeout(90_000);
    const ext = wikiqExtension();
    const cold = !ext.isActive || !(ext.exports as WikiqApi).serverStarted();

    const plain = await openVisibly(fixtureUri('plain.txt'));
    const plainTextMs = performance.now() - plain.start;

    const wq = fixtureUri('activation.wikiq');
    const wqDiagnostics = firstDiagnostics(wq);
    const { doc: wqDoc, start: t1 } = await openVisibly(wq);
    const wikiqEditorMs = performance.now() - t1;
    const diags = await wqDiagnostics;
    const firstDiagnosticsMs = performance.now() - t1;

    assert.equal(wqDoc.languageId, 'wikiq');
    assert.ok(diags.some((d) => d.range.start.line === 4), `the misspelt action on line 5 is reported; got ${diags.map((d) => `${d.range.start.line + 1}: ${d.message}`).join('; ')}`);
    const figures: ActivationFigures = { plainTextMs, firstDiagnosticsMs, wikiqEditorMs, cold, diagnostics: diags.length, vscodeVersion: vscode.version };
    fs.mkdirSync(path.dirname(ACTIVATION_OUT), { recursive: true });
    fs.writeFileSync(ACTIVATION_OUT, JSON.stringify(figures, null, 2) + '\n');
    console.log(
      `[editor]     first diagnostics after opening a .wikiq file: ${firstDiagnosticsMs.toFixed(0)} ms (${cold ? 'cold' : 'already active'}); ` +
        `plain text file visible: ${plainTextMs.toFixed(0)} ms`,
    );
  });
});
