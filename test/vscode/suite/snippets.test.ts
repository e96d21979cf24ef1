/** The snippets the extension contributes, as VS Code offers and inserts them. */
import * as assert from 'assert/strict';
import * as vscode from 'vscode';
import { activateWikiq, closeAllEditors, completionsAt, label, openText } from './helpers';

describe('snippets', () => {
  before(activateWikiq);
  after(closeAllEditors);

  it('are offered by completion on an empty line', async () => {
    const { doc } = await openText('\n');
    const items = await completionsAt(doc, new vscode.Position(0, 0));
    const snippets = items.filter((i) => i.kind === vscode.CompletionItemKind.Snippet).map(label);
    for (const prefix of ['list-files', 'log-events', 'describe-modules', 'page-info', 'endpoint']) {
      assert.ok(snippets.includes(prefix), `snippet '${prefix}' among [${snippets.join(', ')}]`);
    }
  });

  it('insert a whole request by name', async () => {
    const { doc } = await openText('');
    await vscode.commands.executeCommand('editor.action.insertSnippet', { langId: 'wikiq', name: 'List files' });
    const text = doc.getText();
    assert.match(text, /^### Newest files$/m);
    assert.match(text, /^action = query$/m);
    assert.match(text, /^list = allimages$/m);
    assert.match(text, /^ailimit = 50$/m);
  });
});
