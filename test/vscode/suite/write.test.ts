/**
 * A write in the real editor (#39), on the private test wiki signed in as its editor: the edit's
 * CodeLens is ▶ Preview (not ▶ Run); the preview shows the wiki's diff and the facts above the tabs
 * (screenshot write-preview-editor.png); the webview's Save button is clicked by the offline runner
 * as a user would (../sync 'click'). VS Code refuses every modal dialog under its extension-test
 * harness, so only the dialog call is answered through its test hook (`api.writes.confirm`), which
 * checks the question names the page, the wiki and the account; the page's text is read back
 * from the wiki (maintenance/getText.php) and the save is in the run history, with no password.
 * Then Preview the undo: its own preview, saved the same way, restores the text. A move: its plan
 * and permission facts, Save, the page read back at its new title (write-move-editor.png). A change to the
 * file after a preview takes Save away. Under test-electron, which has no page to
 * click in, the test stops after the preview.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import type { PanelProbe } from '../../../client/src/results/probe';
import { requestKey } from '../../../common/requestRef';
import { maintenance, type TestWiki } from '../../wiki/harness';
import { PRIVATE, startPrivateWiki } from '../../wiki/private';
import { VISIBLE_WEBVIEW, activateWikiq, clickOnPage, closeAllEditors, hasPage, nextRendered, openText, rendered, screenshot } from './helpers';

const TITLE = 'Wikiq editor write test';
const NEW_TEXT = 'First line\nSecond line, edited from VS Code\nA third line';
/** The wikiq.writes.summaryTag setting of the test: appended to the summary before the preview. */
const TAG = '([[batch 7]])';

describe('writes: preview and save', function () {
  this.timeout(240_000);
  let wiki: TestWiki;
  let api: WikiqApi;
  let writes: NonNullable<WikiqApi['writes']>;

  before(async function () {
    this.timeout(600_000);
    // The wiki and the extension start side by side.
    [wiki, api] = await Promise.all([startPrivateWiki(), activateWikiq() as Promise<WikiqApi>]);
    assert.ok(api.writes, 'the desktop offers writes');
    writes = api.writes;
    const { editor } = PRIVATE;
    assert.strictEqual(await vscode.commands.executeCommand<boolean>('wikiq.signIn', wiki.endpoint, { kind: 'botpassword', user: editor.login, password: editor.botPassword }), true);
    maintenance(wiki.dir, 'edit.php', ['--user', editor.name, '--summary', 'seed', TITLE], 'First line\nSecond line\n');
    await vscode.workspace.getConfiguration('wikiq').update('writes.summaryTag', TAG, vscode.ConfigurationTarget.Workspace);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('wikiq').update('writes.summaryTag', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('wikiq.signOut', wiki.endpoint);
    await closeAllEditors();
    await wiki?.stop();
  });

  const openEdit = () => openText(`@endpoint = ${wiki.endpoint}\n\n### Fix the test page\naction = edit\ntitle = ${TITLE}\nsummary = Edited from VS Code\ntext = """\n${NEW_TEXT}\n"""\n`);

  /** The test hook of the panel the next preview is shown in. */
  function nextPreview(): Promise<PanelProbe> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { sub.dispose(); reject(new Error('no preview was shown in 30 s')); }, 30_000);
      const sub = writes.onDidPreview((panel) => {
        clearTimeout(timer);
        sub.dispose();
        const probe = api.resultsPanels().find((p) => p.target === panel);
        if (probe) resolve(probe);
        else reject(new Error('the preview\'s panel has no test hook'));
      });
    });
  }

  /**
   * Clicks the visible webview's Save… as a user would and waits for the view to say it saved. VS
   * Code refuses modal dialogs under its test harness: only the dialog's call is answered (yes),
   * through its test hook; the questions it was asked are returned.
   */
  async function saveInView(panel: PanelProbe, name: string, done = 'Saved as revision') {
    const questions: string[] = [];
    const modal = writes.confirm;
    writes.confirm = (q) => Promise.resolve(questions.push(q) > 0);
    try {
      const saved = nextRendered(panel, (r) => !!r.write?.includes(done), 60_000);
      await clickOnPage(name, VISIBLE_WEBVIEW, 'Save', '.write-save button');
      return { after: await saved, questions };
    } finally {
      writes.confirm = modal;
    }
  }

  /** Presses the ▶ Preview lens of the document's first request; the panel that shows it. */
  async function pressPreview(doc: vscode.TextDocument, name = 'Fix the test page') {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const titles = lenses.map((l) => l.command?.title);
    assert.ok(titles.includes('▶ Preview') && !titles.includes('▶ Run'), `a write's lens is ▶ Preview: ${titles.join(', ')}`);
    const lens = lenses.find((l) => l.command?.title === '▶ Preview')!;
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    const panel = api.resultsPanels().find((p) => p.model?.header.name === name);
    assert.ok(panel, 'the preview is in the request\'s results panel');
    return panel;
  }

  it('▶ Preview shows the diff and the facts; Save, confirmed in the modal, saves exactly that, kept in the history; its undo is previewed and saved', async () => {
    const { doc } = await openEdit();
    const panel = await pressPreview(doc);
    const shown = await rendered(panel, (r) => !!r.write?.includes('Save…'), 30_000);
    for (const part of ['Second line, edited from VS Code', 'A third line', PRIVATE.editor.name, 'May edit', 'yes', `Edited from VS Code ${TAG}`])
      assert.ok(shown.write!.includes(part), `the preview shows ${part}: ${shown.write}`);
    await screenshot('write-preview-editor', VISIBLE_WEBVIEW);
    assert.strictEqual(writes.lastState?.kind, 'ready');
    if (!hasPage()) return;

    const { after, questions } = await saveInView(panel, 'write-save');
    assert.strictEqual(questions.length, 1, 'asked once');
    for (const part of [`"${TITLE}"`, 'Test Wiki', wiki.endpoint, `as ${PRIVATE.editor.name}`, `Summary: "Edited from VS Code ${TAG}"`]) assert.ok(questions[0].includes(part), `the question names ${part}: ${questions[0]}`);
    assert.match(after.write!, new RegExp(`Saved as revision \\d+\\s+by ${PRIVATE.editor.name}`));
    assert.strictEqual(maintenance(wiki.dir, 'getText.php', [TITLE]).trim(), NEW_TEXT, 'the wiki has the previewed text');
    await screenshot('write-saved-editor', VISIBLE_WEBVIEW);

    const key = requestKey({ uri: doc.uri.toString(), index: 0, title: 'Fix the test page' });
    await api.history.settled();
    const [meta] = await api.history.store.list(key);
    const kept = await api.history.store.load(key, meta.id);
    const save = (kept?.result as { save?: { newrevid?: number; account?: string; diffUrl?: string } }).save;
    assert.ok(save?.newrevid && save.account === PRIVATE.editor.name && save.diffUrl?.includes(String(save.newrevid)), `the history keeps the save: ${JSON.stringify(save)}`);
    assert.ok(!JSON.stringify(kept).includes(PRIVATE.editor.botPassword), 'no password in the history');

    // The undo, one click away: previewed in its own document and panel, then saved the same way.
    const undoShown = nextPreview();
    await clickOnPage('write-undo', VISIBLE_WEBVIEW, 'Preview the undo', '.write-save button');
    const undoPanel = await undoShown;
    assert.strictEqual(undoPanel.model?.header.name, `Undo revision ${save.newrevid} of ${TITLE}`);
    const undo = await rendered(undoPanel, (r) => !!r.write?.includes('Save…'), 30_000);
    assert.ok(undo.write!.includes('Second line, edited from VS Code'), `the undo's diff takes the edit back: ${undo.write}`);
    await saveInView(undoPanel, 'write-undo-save');
    assert.strictEqual(maintenance(wiki.dir, 'getText.php', [TITLE]).trim(), 'First line\nSecond line', 'the undo restored the text');
  });

  it('another write: ▶ Preview of a move shows its plan and permission; Save, confirmed, moves the page; its undo is offered', async () => {
    await closeAllEditors();
    const [from, to] = ['Wikiq editor move source', 'Wikiq editor move target'];
    maintenance(wiki.dir, 'edit.php', ['--user', PRIVATE.editor.name, '--summary', 'seed', from], 'To be moved from VS Code\n');
    const { doc } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Move the test page\naction = move\nfrom = ${from}\nto = ${to}\nreason = Moved from VS Code\n`);
    const panel = await pressPreview(doc, 'Move the test page');
    const shown = await rendered(panel, (r) => !!r.write?.includes('Save…'), 30_000);
    for (const part of [`Move of ${from} → ${to}`, 'May move\nyes', 'May move-target\nyes', `action = move\nfrom = ${from}`, PRIVATE.editor.name])
      assert.ok(shown.write!.includes(part), `the preview shows ${part}: ${shown.write}`);
    assert.match(shown.header ?? '', /preview — nothing saved/);
    assert.doesNotMatch(shown.header ?? '', /Batches|Records/);
    await screenshot('write-move-editor', VISIBLE_WEBVIEW);
    if (!hasPage()) return;

    const { after, questions } = await saveInView(panel, 'write-move-save', 'Preview the undo');
    assert.deepEqual(questions, [`Send this move of "${from} → ${to}" on Test Wiki (${wiki.endpoint}) as ${PRIVATE.editor.name}? Reason: "Moved from VS Code". This writes to the wiki.`]);
    assert.ok(after.write!.includes('Preview the undo'), `the move back is offered: ${after.write}`);
    assert.match(after.header ?? '', /saved/);
    assert.strictEqual(maintenance(wiki.dir, 'getText.php', [to]).trim(), 'To be moved from VS Code', 'the page is at its new title');
    assert.match(maintenance(wiki.dir, 'getText.php', [from]), /^#REDIRECT \[\[/, 'its old title redirects');
    await screenshot('write-move-sent-editor', VISIBLE_WEBVIEW);
  });

  it('an untitled document opened under a closed one\'s name gets its own lenses (a read\'s ▶ Run, then a write\'s ▶ Preview)', async () => {
    await closeAllEditors();
    const lensTitles = async (doc: vscode.TextDocument) => ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri)) ?? []).map((l) => l.command?.title);
    const { doc: read } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Pages\naction = query\nlist = allpages\n`);
    assert.ok((await lensTitles(read)).includes('▶ Run'));
    assert.ok((await lensTitles(read)).includes('▶ Run'), 'asked again at the version the document settled on');
    const uri = read.uri.toString();
    await closeAllEditors();
    const { doc, editor } = await openEdit();
    assert.strictEqual(doc.uri.toString(), uri, 'VS Code gives the new untitled document the closed one\'s name');
    // The same name at the same version: only a lens cache that outlived the closed document could answer for it.
    while (doc.version < read.version) await editor.edit((e) => e.insert(new vscode.Position(doc.lineCount, 0), '\n'));
    assert.strictEqual(doc.version, read.version);
    const titles = await lensTitles(doc);
    assert.ok(titles.includes('▶ Preview') && !titles.includes('▶ Run'), `a write's lens is ▶ Preview: ${titles.join(', ')}`);
  });

  it('Save is gone once the file changes after the preview', async () => {
    await closeAllEditors();
    const { doc, editor } = await openEdit();
    const panel = await pressPreview(doc);
    await rendered(panel, (r) => !!r.write?.includes('Save…'), 30_000);
    const stale = nextRendered(panel, (r) => !!r.write?.includes('file changed since this preview'));
    await editor.edit((e) => e.insert(new vscode.Position(doc.lineCount, 0), '# a comment\n'));
    await stale;
    assert.strictEqual(writes.lastState?.kind, 'stale');
  });
});
