/**
 * Signing in from the editor to the real private test wiki: the Sign in command (given the
 * endpoint and the bot password as arguments: the suite cannot type into input boxes), a run of a
 * request the wiki hides from anonymous readers, the user in the status bar, and the language
 * server's catalogue fetched as the bot (so `ailimit = 5000` is no warning).
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import type { TestWiki } from '../../wiki/harness';
import { PRIVATE, startPrivateWiki } from '../../wiki/private';
import { activateWikiq, closeAllEditors, openText, screenshot } from './helpers';

describe('signed-in wikis', function () {
  this.timeout(180_000);
  let wiki: TestWiki;
  let api: WikiqApi;

  before(async function () {
    this.timeout(600_000);
    wiki = await startPrivateWiki();
    api = (await activateWikiq()) as WikiqApi;
    await vscode.workspace.getConfiguration('wikiq').update('endpoint', wiki.endpoint, vscode.ConfigurationTarget.Workspace);
  });
  after(async () => {
    await vscode.commands.executeCommand('wikiq.signOut', wiki.endpoint);
    await vscode.workspace.getConfiguration('wikiq').update('endpoint', undefined, vscode.ConfigurationTarget.Workspace);
    await closeAllEditors();
    await wiki?.stop();
  });

  it('signs in with a bot password, runs a request on the private wiki and shows the user in the status bar', async () => {
    const ok = await vscode.commands.executeCommand<boolean>('wikiq.signIn', wiki.endpoint, { kind: 'botpassword', user: PRIVATE.bot.login, password: PRIVATE.bot.botPassword });
    assert.strictEqual(ok, true);
    await api.serverSignedIn();
    const { editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Files\naction = query\nlist = allimages\nailimit = 5000\n`);
    editor.selection = new vscode.Selection(4, 3, 4, 3);
    const outcome = await vscode.commands.executeCommand<{ state: { failure?: { message: string }; batches: number } } | undefined>('wikiq.run');
    assert.ok(outcome, 'the command returned the run');
    assert.strictEqual(outcome.state.failure, undefined, outcome.state.failure?.message);
    assert.strictEqual(await api.auth.updateStatus(), `$(account) ${PRIVATE.bot.name}`);
    const shot = await screenshot('signed-in-status-bar', '.statusbar', PRIVATE.bot.name);
    assert.ok(shot, 'a screenshot of the status bar');
  });
});
