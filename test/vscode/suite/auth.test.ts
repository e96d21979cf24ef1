/**
 * Signing in from the editor to the real private test wiki: the Sign in command run without
 * arguments, its prompts (wiki, kind, user name, bot password) answered by typing into VS Code's quick
 * input in the real workbench (the offline runner types; see ../sync), a run of a request the wiki
 * hides from anonymous readers, the user in the status bar (screenshot), and the language server's
 * catalogue fetched as the bot (so `ailimit = 5000` is no warning). Under test-electron, which has no
 * page to type into, the command is given the credentials as arguments instead.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { CatalogueInfoRequest, CatalogueStatus } from '../../../common/protocol';
import type { WikiqApi } from '../../../client/src/extension';
import type { PanelProbe } from '../../../client/src/results/probe';
import type { TestWiki } from '../../wiki/harness';
import { PRIVATE, startPrivateWiki } from '../../wiki/private';
import { activateWikiq, answerPrompt, closeAllEditors, codeOf, hasPage, openText, screenshot, waitForDiagnostics } from './helpers';

/** Resolves with the catalogue status of `uri` once `accept` likes it, asking again on each diagnostics change of it. */
function catalogueOf(api: WikiqApi, uri: vscode.Uri, accept: (s: CatalogueStatus) => boolean, timeoutMs = 30_000): Promise<CatalogueStatus> {
  return new Promise((resolve, reject) => {
    let last: CatalogueStatus | undefined;
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sub.dispose();
      if (err) reject(err);
      else resolve(last!);
    };
    const check = async () => {
      try {
        // By its method name: the RequestType object of out/ is not the bundled client's (its parameter structure fails instanceof).
        last = await api.client.sendRequest<CatalogueStatus>(CatalogueInfoRequest.method, { uri: uri.toString() });
        if (accept(last)) finish();
      } catch (e) {
        finish(e as Error);
      }
    };
    const timer = setTimeout(() => finish(new Error(`the catalogue never became what was expected in ${timeoutMs / 1000} s (last: ${JSON.stringify(last)})`)), timeoutMs);
    // The server publishes the file's diagnostics again when a new catalogue arrives.
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) void check();
    });
    void check();
  });
}

/** Resolves once the panel's webview drew what `accept` likes. */
function rendered(panel: PanelProbe, accept: (r: NonNullable<PanelProbe['lastRendered']>) => boolean, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (panel.lastRendered && accept(panel.lastRendered)) return resolve();
    const timer = setTimeout(() => { sub.dispose(); reject(new Error(`the results view never rendered what was expected (last: ${JSON.stringify(panel.lastRendered)?.slice(0, 300)})`)); }, timeoutMs);
    const sub = panel.onDidRender((r) => {
      if (!accept(r)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}

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

  it('signs in through the command\'s prompts, runs a request on the private wiki and shows the user in the status bar', async () => {
    const { bot } = PRIVATE;
    if (hasPage()) {
      // As a user: the command asks, the runner types each answer once its prompt is on screen.
      const signedIn = vscode.commands.executeCommand<boolean>('wikiq.signIn');
      try {
        await answerPrompt('sign-in-wiki', '.quick-input-widget input[placeholder="Sign in to which wiki (api.php)?"]', undefined, wiki.endpoint);
        await answerPrompt('sign-in-kind', `.quick-input-widget input[placeholder="How do you sign in to ${wiki.endpoint}?"]`, undefined, 'Bot password');
        await answerPrompt('sign-in-user', '.quick-input-widget', 'User name of the bot password (User@BotName)', bot.login);
        await answerPrompt('sign-in-password', '.quick-input-widget', `The bot password of ${bot.login}`, bot.botPassword, true);
      } catch (e) {
        // A prompt that never came: close whatever is open so the command ends.
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
        await signedIn;
        throw e;
      }
      assert.strictEqual(await signedIn, true, 'the command signed in with the typed answers');
    } else {
      const ok = await vscode.commands.executeCommand<boolean>('wikiq.signIn', wiki.endpoint, { kind: 'botpassword', user: bot.login, password: bot.botPassword });
      assert.strictEqual(ok, true);
    }
    await api.serverSignedIn();
    const { doc, editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Files\naction = query\nlist = allimages\nailimit = 5000\n`);
    editor.selection = new vscode.Selection(4, 3, 4, 3);
    const outcome = await vscode.commands.executeCommand<{ state: { failure?: { message: string }; batches: number } } | undefined>('wikiq.run');
    assert.ok(outcome, 'the command returned the run');
    assert.strictEqual(outcome.state.failure, undefined, outcome.state.failure?.message);
    assert.strictEqual(await api.auth.updateStatus(), `$(account) ${bot.name}`);

    // The language server's catalogue, fetched as the bot: 5000 is within its apihighlimits.
    const cat = await catalogueOf(api, doc.uri, (s) => !s.loading && s.user === bot.name);
    assert.strictEqual(cat.error, undefined);
    // Diagnostics published before that catalogue arrived are replaced by the server's next publish.
    await waitForDiagnostics(doc.uri, (d) => !d.some((x) => codeOf(x) === 'limit-above-max'));

    // What the user sees then: the results drawn, the bot in the status bar.
    const panel = api.resultsPanels().find((p) => p.model?.header.name === 'Files');
    assert.ok(panel, 'a results panel shows the request');
    await rendered(panel, (r) => r.tab === 'table' && r.rows > 0);
    const shot = await screenshot('signed-in-status-bar', '.statusbar-item', bot.name);
    assert.ok(!hasPage() || shot, 'a screenshot of the status bar');
  });

  it('a signed-in run is kept only with wikiq.history.keepSignedIn, and then without a secret', async () => {
    const doc = vscode.workspace.textDocuments.find((d) => d.getText().includes('### Files'))!;
    const key = `${doc.uri.toString()}#Files`;
    await api.history.settled();
    assert.deepEqual(await api.history.store.list(key), [], 'the signed-in run was not kept');
    const history = vscode.workspace.getConfiguration('wikiq.history');
    await history.update('keepSignedIn', true, vscode.ConfigurationTarget.Workspace);
    try {
      await vscode.commands.executeCommand('wikiq.run', { uri: doc.uri.toString(), index: 0 });
      await api.history.settled();
      const runs = await api.history.store.list(key);
      assert.equal(runs.length, 1, 'kept once turned on');
      const kept = JSON.stringify(await api.history.store.load(key, runs[0].id));
      assert.ok(kept.includes('allimages'), 'the records are kept');
      for (const secret of [PRIVATE.bot.botPassword, PRIVATE.password]) assert.ok(!kept.includes(secret), 'no password in the kept run');
    } finally {
      await history.update('keepSignedIn', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
