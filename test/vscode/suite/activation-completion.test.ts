/**
 * The first completion in a file just opened, asked as soon as the extension has activated — while
 * its language server is still starting — offers the wiki's parameters, not only the editor's word
 * suggestions (client/src/completionUntilReady.ts). The file name sorts first, so in the whole suite
 * (a fresh window) the extension is cold here; activation-time.test.ts then finds it active.
 */
import * as assert from 'assert/strict';
import { State } from 'vscode-languageclient/lib/common/api';
import type { WikiqApi } from '../../../client/src/extension';
import { closeAllEditors, completionsAt, label, openText, wikiqExtension, withCursor } from './helpers';

describe('first completion', () => {
  after(closeAllEditors);

  it('completion asked right after opening a file, while the server starts, offers parameters', async function () {
    this.timeout(60_000);
    const ext = wikiqExtension();
    assert.equal(ext.isActive, false, 'this file runs first in a fresh window (the test needs a cold extension)');
    const { text, offset } = withCursor('action = query\nlist = allimages\nai¦');
    const { doc } = await openText(text);
    const api = (await ext.activate()) as WikiqApi;
    assert.notEqual(api.client.state, State.Running, 'asked while the server is still starting');
    const items = await completionsAt(doc, doc.positionAt(offset));
    const labels = items.map(label);
    for (const p of ['ailimit', 'aiprop', 'aisort']) assert.ok(labels.includes(p), `${p} offered; got: ${labels.slice(0, 12).join(', ')}`);
    await api.ready;
  });
});
