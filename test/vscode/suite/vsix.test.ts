/**
 * The packaged extension: run only with WIKIQ_EDITOR_SUITE=vsix, after the offline runner
 * installed wikiq.vsix into the server with --install-extension (the development folder is then an
 * empty harness). Catches a .vscodeignore that leaves out something the extension needs.
 */
import * as assert from 'assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { activateWikiq, closeAllEditors, codeOf, completionsAt, hoverText, label, openFixture, openText, positionOf, renderedLines, waitForDiagnostics, wikiqExtension, withCursor } from './helpers';

const repoRoot = path.resolve(__dirname, '../../../..');

describe('the installed .vsix', () => {
  after(closeAllEditors);

  it('is the installed extension, not the development folder', () => {
    const ext = wikiqExtension();
    assert.ok(!path.resolve(ext.extensionPath).startsWith(repoRoot + path.sep), `wikiq is loaded from ${ext.extensionPath}, inside the repository`);
    assert.equal(ext.extensionKind, vscode.ExtensionKind.Workspace);
  });

  it('contains the files its package.json names', () => {
    const ext = wikiqExtension();
    const pkg = ext.packageJSON as { main: string; contributes: { grammars: { path: string }[]; snippets: { path: string }[]; languages: { configuration?: string }[] } };
    const files = [pkg.main, 'dist/server.js', ...pkg.contributes.grammars.map((g) => g.path), ...pkg.contributes.snippets.map((s) => s.path), ...pkg.contributes.languages.flatMap((l) => (l.configuration ? [l.configuration] : []))];
    const missing = files.filter((f) => !fs.existsSync(path.join(ext.extensionPath, f)));
    assert.deepEqual(missing, [], `missing from the package: ${missing.join(', ')}`);
  });

  it('activates on a .wikiq file and starts its language server', async () => {
    await openFixture('requests.wikiq');
    await activateWikiq();
    assert.equal(wikiqExtension().isActive, true);
  });

  it('completes', async () => {
    const { text, offset } = withCursor('action = query\nlist = allimages\nai¦');
    const { doc } = await openText(text);
    const labels = (await completionsAt(doc, doc.positionAt(offset))).map(label);
    assert.ok(labels.includes('aifrom'), `aifrom among [${labels.slice(0, 30).join(', ')}]`);
  });

  it('hovers', async () => {
    const { doc } = await openFixture('requests.wikiq');
    assert.match(await hoverText(doc, positionOf(doc, 'ailimit', 2)), /max 500/);
  });

  it('reports diagnostics', async () => {
    const { doc } = await openFixture('problems.wikiq');
    await waitForDiagnostics(doc.uri, (d) => d.some((x) => codeOf(x) === 'unknown-parameter'));
  });

  it('colours with its grammar', async () => {
    await openFixture('requests.wikiq');
    const lines = await renderedLines('Newest files');
    if (!lines) return; // test-electron: no page
    const colours = new Set(lines.flat().filter((t) => t.text.trim()).map((t) => t.color));
    assert.ok(colours.size > 2, `colours drawn: ${[...colours].join(', ')}`);
  });
});
