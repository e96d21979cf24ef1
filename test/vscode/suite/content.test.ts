/**
 * Names from the wiki's content (#31) in a real VS Code against the seeded test wiki: a title
 * prefix typed in a `titles = ` value brings the wiki's titles into the suggest widget, ranked as
 * the wiki ranks them and labelled (a redirect says so); screenshot `content-titles.png` (the
 * README's `docs/screenshots/content-titles.png`). A hover on a category value shows its members.
 * Content diagnostics in the editor's diagnostics (hints and information, never warnings or
 * errors), the quick-fix menu on a redirect (screenshot `content-quick-fix.png`), and the quick
 * fixes applied: the wiki's form and the redirect's target replace the values.
 */
import * as assert from 'assert/strict';
import * as vscode from 'vscode';
import { SEED, TestWiki, pageTitle, startWiki } from '../../wiki/harness';
import { activateWikiq, closeAllEditors, codeOf, completionsAt, hasPage, hoverText, label, openText, positionOf, screenshot, waitForDiagnostics } from './helpers';

/** The moved page left a redirect under its old title: both start with what is typed. */
const TYPED = 'Ban';
const MOVED = SEED.movedTo;
const REDIRECT = pageTitle(SEED.movedPage);

/**
 * `ask` again while `done` says no, as the editor asks again while the user types (the first lookup
 * may take longer than completion or hover wait for the wiki); at most 30 times.
 */
async function askUntil<T>(ask: () => Thenable<T>, done: (t: T) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const t = await ask();
    if (done(t) || attempt === 30) return t;
  }
}

describe('names from the wiki', function () {
  this.timeout(180_000);
  let wiki: TestWiki;

  before(async function () {
    this.timeout(600_000);
    wiki = await startWiki();
    await activateWikiq();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('hideSuggestWidget');
    await vscode.commands.executeCommand('editor.action.hideHover');
  });
  after(async () => {
    await closeAllEditors();
    await wiki?.stop();
  });

  it('typing a title prefix in a titles value shows the wiki\'s titles in the suggest widget, labelled (screenshot)', async () => {
    const { doc, editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Pages\naction = query\nprop = info\ntitles = Main Page|`);
    const end = doc.positionAt(doc.getText().length);
    editor.selection = new vscode.Selection(end, end);
    await vscode.commands.executeCommand('type', { text: TYPED });
    assert.ok(doc.getText().endsWith(`|${TYPED}`), 'typed into the value');
    const at = doc.positionAt(doc.getText().length);
    const items = await askUntil(() => completionsAt(doc, at), (list) => list.some((i) => label(i) === MOVED));
    const titles = items.filter((i) => label(i).startsWith(TYPED));
    assert.ok(titles.some((i) => label(i) === MOVED), `${MOVED} among ${items.map(label).slice(0, 20).join(', ')}`);
    const redirect = titles.find((i) => label(i) === REDIRECT);
    assert.ok(redirect, `${REDIRECT} among ${titles.map(label).join(', ')}`);
    assert.equal(redirect.detail, 'page, redirect', `${REDIRECT} is labelled a redirect`);
    // Every row shows its label's description (the focused one also its detail).
    assert.equal(typeof redirect.label === 'string' ? undefined : redirect.label.description, 'page, redirect', 'shown on its row');
    // Picked, it replaces only the value after the last |.
    assert.ok(redirect.range, 'the item says what it replaces');
    const range = 'inserting' in redirect.range ? redirect.range.replacing : redirect.range;
    assert.equal(doc.getText(range), TYPED);

    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    const shot = await screenshot('content-titles', '.editor-widget.suggest-widget.visible .monaco-list-row', MOVED);
    assert.ok(!hasPage() || shot, 'screenshot taken');
  });

  it('a hover on a category value shows its members', async () => {
    const category = SEED.categories[0];
    const { doc } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Members\naction = query\nlist = categorymembers\ncmtitle = Category:${category}\n`);
    const at = doc.positionAt(doc.getText().indexOf(category) + 2);
    const text = await askUntil(() => hoverText(doc, at), (t) => t.includes('Members:'));
    assert.match(text, new RegExp(`\\*\\*Category:${category}\\*\\*`));
    assert.match(text, /Members: [1-9]\d* pages, \d+ files, \d+ subcategories/);
  });

  it('content diagnostics: hints and information in the document\'s diagnostics, the quick-fix menu on a redirect (screenshot), the fixes applied', async () => {
    const { Hint, Information } = vscode.DiagnosticSeverity;
    const { doc, editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### Normalised\naction = query\ntitles = apple_page_0\n\n### A redirect\naction = query\nprop = info\ntitles = Redirect 0\n\n### No members\naction = query\nlist = categorymembers\ncmtitle = Category:Physicist\n`);
    // [code, the text it covers, severity, its quick fix's title (none: '')]
    const expected: Array<[string, string, vscode.DiagnosticSeverity, string]> = [
      ['normalised-name', 'apple_page_0', Hint, `Change to '${pageTitle(0)}'`],
      ['unfollowed-redirect', 'Redirect 0', Information, `Change to '${pageTitle(0)}'`],
      ['empty-category', 'Category:Physicist', Information, ''],
    ];
    // The content pass follows the plain diagnostics once the wiki answered (its catalogue first, when cold).
    const diags = await waitForDiagnostics(doc.uri, (ds) => expected.every(([code]) => ds.some((d) => codeOf(d) === code)), 60_000);
    assert.deepEqual(diags.map((d) => [codeOf(d), doc.getText(d.range), d.severity]).sort(), expected.map(([c, t, s]) => [c, t, s]).sort());

    // The hover over the redirect (its diagnostic, its quick fix, the wiki's facts), then the menu a user opens with Ctrl+.
    const at = positionOf(doc, 'Redirect 0', 3);
    await vscode.window.showTextDocument(doc, { viewColumn: editor.viewColumn, preserveFocus: false });
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('editor.action.showHover');
    // Taken once the server's part (the facts) is in too; the diagnostic's part, from the editor's own markers, comes first.
    const hover = await screenshot('content-diagnostic-hover', '.monaco-editor .monaco-hover:not(.hidden)', `A redirect to ${pageTitle(0)}`);
    assert.ok(!hasPage() || hover, 'screenshot taken');
    await vscode.commands.executeCommand('editor.action.hideHover');
    await vscode.commands.executeCommand('editor.action.quickFix');
    const shot = await screenshot('content-quick-fix', '.action-widget', `Change to '${pageTitle(0)}'`);
    assert.ok(!hasPage() || shot, 'screenshot taken');
    await vscode.commands.executeCommand('hideCodeActionWidget');

    // Every fix asked of the same text, then applied bottom-up (each on its own line).
    const edits: vscode.WorkspaceEdit[] = [];
    for (const [code, text, , title] of expected) {
      const d = diags.find((x) => codeOf(x) === code)!;
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, d.range, vscode.CodeActionKind.QuickFix.value);
      assert.deepEqual(actions.map((a) => a.title), title ? [title] : [], `${code} on ${text}`);
      if (actions[0]?.edit) edits.unshift(actions[0].edit);
    }
    for (const e of edits) assert.ok(await vscode.workspace.applyEdit(e));
    assert.match(doc.getText(), new RegExp(`### Normalised\naction = query\ntitles = ${pageTitle(0)}\n`));
    assert.match(doc.getText(), new RegExp(`### A redirect\naction = query\nprop = info\ntitles = ${pageTitle(0)}\n`));
    // Validated again: only the category without members is left.
    const left = await waitForDiagnostics(doc.uri, (ds) => ds.length === 1 && codeOf(ds[0]) === 'empty-category', 60_000);
    assert.equal(left[0].severity, Information);
  });
});
