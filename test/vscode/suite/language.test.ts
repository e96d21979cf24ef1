/**
 * The language server through the editor: completion, hover, diagnostics, code actions, symbols
 * and folding, asked for with VS Code's own `vscode.execute…Provider` commands (as a user's
 * editor asks for them), on files of the test workspace and on untitled documents.
 */
import * as assert from 'assert/strict';
import * as vscode from 'vscode';
import {
  activateWikiq, closeAllEditors, codeOf, completionsAt, hoverText, label, openFixture, openText, positionOf, waitForDiagnostics, withCursor,
} from './helpers';

async function completionLabels(marked: string, resolve?: number): Promise<string[]> {
  const { text, offset } = withCursor(marked);
  const { doc } = await openText(text);
  return (await completionsAt(doc, doc.positionAt(offset), resolve)).map(label);
}

describe('language features', () => {
  before(activateWikiq);
  after(closeAllEditors);

  describe('completion', () => {
    it('offers list modules after list =', async () => {
      const labels = await completionLabels('action = query\nlist = ¦');
      for (const l of ['allimages', 'allpages', 'logevents']) assert.ok(labels.includes(l), `'${l}' among [${labels.slice(0, 40).join(', ')}]`);
      assert.ok(!labels.includes('siteinfo'), 'siteinfo is a meta module, not a list');
    });

    it('offers the parameters of the chosen list module', async () => {
      const labels = await completionLabels('action = query\nlist = allimages\nai¦');
      for (const l of ['aifrom', 'ailimit', 'aisort']) assert.ok(labels.includes(l), `'${l}' among [${labels.slice(0, 40).join(', ')}]`);
    });

    it('offers enumeration values', async () => {
      const labels = await completionLabels('action = query\nlist = allimages\naisort = ¦');
      assert.ok(labels.includes('name') && labels.includes('timestamp'), `[${labels.join(', ')}]`);
    });

    it('documents an item when VS Code resolves it', async () => {
      const { text, offset } = withCursor('action = query\nlist = allimages\nailim¦');
      const { doc } = await openText(text);
      const items = await completionsAt(doc, doc.positionAt(offset), 200);
      const item = items.find((i) => label(i) === 'ailimit');
      assert.ok(item, 'ailimit offered');
      const docText = typeof item.documentation === 'string' ? item.documentation : item.documentation?.value ?? '';
      assert.match(docText, /max 500/);
    });

    it('inserts the completed parameter into the document', async () => {
      const { text, offset } = withCursor('action = query\nlist = allimages\naifro¦');
      const { doc, editor } = await openText(text);
      const pos = doc.positionAt(offset);
      const item = (await completionsAt(doc, pos)).find((i) => label(i) === 'aifrom');
      assert.ok(item, 'aifrom offered');
      const range = item.range ? ('inserting' in item.range ? item.range.replacing : item.range) : doc.getWordRangeAtPosition(pos) ?? new vscode.Range(pos, pos);
      const insert = item.insertText ?? label(item);
      if (insert instanceof vscode.SnippetString) await editor.insertSnippet(insert, range);
      else await editor.edit((e) => e.replace(range, insert));
      assert.match(doc.getText(), /^aifrom\b/m);
    });
  });

  describe('hover', () => {
    it('explains a parameter with its limits', async () => {
      const { doc } = await openFixture('requests.wikiq');
      const text = await hoverText(doc, positionOf(doc, 'ailimit', 2));
      assert.match(text, /ailimit/);
      assert.match(text, /max 500/);
    });

    it('explains a module value', async () => {
      const { doc } = await openFixture('requests.wikiq');
      const text = await hoverText(doc, positionOf(doc, 'allimages', 3));
      assert.match(text, /allimages/);
      assert.match(text, /prefix `ai`/);
    });
  });

  describe('diagnostics', () => {
    it('reports the mistakes of a file, with codes and places', async () => {
      const { doc } = await openFixture('problems.wikiq');
      const wanted = ['unknown-action', 'unknown-parameter', 'limit-above-max', 'unknown-value'];
      const diags = await waitForDiagnostics(doc.uri, (d) => wanted.every((c) => d.some((x) => codeOf(x) === c)));
      const at = (code: string) => diags.find((d) => codeOf(d) === code)!;
      assert.equal(at('unknown-action').range.start.line, positionOf(doc, 'qurey').line);
      assert.equal(at('unknown-parameter').range.start.line, positionOf(doc, 'aifrm').line);
      assert.equal(at('limit-above-max').range.start.line, positionOf(doc, '9999').line);
      assert.equal(at('unknown-value').range.start.line, positionOf(doc, 'timestmp').line);
      for (const d of diags) assert.equal(d.source, 'wikiq');
      assert.equal(at('limit-above-max').severity, vscode.DiagnosticSeverity.Warning);
    });

    it('follows edits: a fixed mistake disappears, a new one appears', async () => {
      const { text } = withCursor('action = query\nlist = allimages\nailimit = 9999¦\n');
      const { doc, editor } = await openText(text);
      await waitForDiagnostics(doc.uri, (d) => d.some((x) => codeOf(x) === 'limit-above-max'));
      const limit = positionOf(doc, '9999');
      await editor.edit((e) => e.replace(new vscode.Range(limit, limit.translate(0, 4)), '20'));
      await waitForDiagnostics(doc.uri, (d) => !d.some((x) => codeOf(x) === 'limit-above-max'));
      await editor.edit((e) => e.insert(doc.positionAt(doc.getText().length), 'aifrm = B\n'));
      const after = await waitForDiagnostics(doc.uri, (d) => d.some((x) => codeOf(x) === 'unknown-parameter'));
      assert.equal(after.find((x) => codeOf(x) === 'unknown-parameter')!.range.start.line, 3);
    });

    it('reports nothing else in a correct file', async () => {
      // requests.wikiq plus one known mistake: once that is reported, the rest must be clean.
      const { doc: fixture } = await openFixture('requests.wikiq');
      const { doc } = await openText(fixture.getText() + 'aifrm = B\n');
      const diags = await waitForDiagnostics(doc.uri, (d) => d.some((x) => codeOf(x) === 'unknown-parameter'));
      assert.deepEqual(diags.map((d) => `${d.range.start.line + 1}: ${codeOf(d)}`), [`${doc.lineCount - 1}: unknown-parameter`]);
    });
  });

  describe('code actions', () => {
    it('offers "Change to" for a misspelt parameter and applies it', async () => {
      const { doc } = await openFixture('problems.wikiq');
      await waitForDiagnostics(doc.uri, (d) => d.some((x) => codeOf(x) === 'unknown-parameter'));
      const at = positionOf(doc, 'aifrm', 2);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(at, at));
      const fix = actions.find((a) => a.title === "Change to 'aifrom'");
      assert.ok(fix, `no "Change to 'aifrom'" among [${actions.map((a) => a.title).join(' | ')}]`);
      assert.equal(fix.kind?.value, vscode.CodeActionKind.QuickFix.value);
      assert.ok(fix.edit, 'the fix carries an edit');
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      assert.match(doc.getText(), /^aifrom = B$/m);
      await waitForDiagnostics(doc.uri, (d) => !d.some((x) => codeOf(x) === 'unknown-parameter'));
      await vscode.commands.executeCommand('workbench.action.files.revert');
    });

    it('converts a pasted URL into parameter lines', async () => {
      const { text, offset } = withCursor('### Pasted\nGET http://127.0.0.1:9/w/api.php?action=query&li¦st=allimages&aifrom=B%20C\n');
      const { doc } = await openText(text);
      const at = doc.positionAt(offset);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(at, at), vscode.CodeActionKind.RefactorRewrite.value);
      const convert = actions.find((a) => a.title === 'Convert URL to parameter lines');
      assert.ok(convert?.edit, `no "Convert URL to parameter lines" among [${actions.map((a) => a.title).join(' | ')}]`);
      assert.ok(await vscode.workspace.applyEdit(convert.edit));
      assert.match(doc.getText(), /^action = query\nlist = allimages\naifrom = B C$/m);
    });
  });

  describe('document structure', () => {
    it('lists each request with its parameters as document symbols', async () => {
      const { doc } = await openFixture('requests.wikiq');
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
      const requests = symbols.filter((s) => s.kind === vscode.SymbolKind.Function);
      assert.deepEqual(requests.map((s) => s.name), ['Newest files', 'Site information']);
      assert.ok(requests[0].children.some((c) => c.name === 'ailimit' && c.detail === '50'), 'ailimit = 50 is a child of the first request');
    });

    it('folds each request', async () => {
      const { doc } = await openFixture('requests.wikiq');
      const ranges = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', doc.uri);
      const starts = ranges.map((r) => r.start);
      assert.ok(starts.includes(positionOf(doc, '### Newest files').line), `folding starts: ${starts.join(', ')}`);
      assert.ok(starts.includes(positionOf(doc, '### Site information').line), `folding starts: ${starts.join(', ')}`);
    });
  });
});
