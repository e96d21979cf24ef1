/**
 * What a user sees. Under the offline runner the page is asked (through ../sync, event-driven) to
 * wait for a widget and take a PNG into .test-output/screenshots/, or to read the rendered token
 * colours. Under @vscode/test-electron there is no page: the editor commands still run and the
 * language features behind them are asserted; the pictures are not taken.
 */
import * as assert from 'assert/strict';
import * as vscode from 'vscode';
import { activateWikiq, closeAllEditors, completionsAt, hasPage, hoverTextOnceItHas, label, openFixture, openText, positionOf, renderedLines, screenshot, withCursor } from './helpers';

describe('what a user sees', () => {
  before(activateWikiq);
  afterEach(async () => {
    await vscode.commands.executeCommand('hideSuggestWidget');
    await vscode.commands.executeCommand('editor.action.hideHover');
  });
  after(closeAllEditors);

  it('the grammar colours comments, headings, names and values differently', async () => {
    const { doc } = await openFixture('requests.wikiq');
    assert.equal(doc.languageId, 'wikiq');
    const lines = await renderedLines('Newest files');
    if (!hasPage()) return; // no page under test-electron: the grammar file itself is checked in activation.test
    assert.ok(lines && lines.length > 5, 'the editor shows the file');
    const allColours = new Set(lines.flat().filter((t) => t.text.trim()).map((t) => t.color));
    assert.ok(allColours.size > 1, `the whole file is drawn in one colour (${[...allColours].join()}): the wikiq grammar did not colour it`);
    const tokenOf = (text: string) => {
      for (const l of lines) for (const t of l) if (t.text.trim() === text || t.text.startsWith(text)) return t;
      throw new Error(`no rendered token '${text}' in: ${lines.map((l) => l.map((t) => t.text).join('')).join(' / ')}`);
    };
    const comment = tokenOf('# Newest files and site information');
    const heading = tokenOf('Newest files');
    const name = tokenOf('action');
    const value = tokenOf('query');
    const colours = { comment: comment.color, heading: heading.color, name: name.color, value: value.color };
    assert.equal(new Set(Object.values(colours)).size, 4, `four different colours: ${JSON.stringify(colours)}`);
    assert.ok(Number(heading.fontWeight) >= 600 || heading.fontWeight === 'bold', `the request name is bold (${heading.fontWeight})`);
  });

  it('shows the completion list with an item\'s documentation (screenshot)', async () => {
    const { doc, editor } = await openFixture('requests.wikiq');
    const at = positionOf(doc, 'list = allimages', 'list = allim'.length);
    await editor.edit((e) => e.delete(new vscode.Range(at, at.translate(0, 'ages'.length))));
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    const list = await screenshot('completion', '.editor-widget.suggest-widget.visible .monaco-list-row', 'allimages');
    assert.ok(!hasPage() || list, 'screenshot taken');
    // The details pane shows the focused item's documentation, which VS Code resolves from the server.
    await vscode.commands.executeCommand('toggleSuggestionDetails');
    const details = await screenshot('completion-details', '.suggest-details-container .suggest-details', 'prefix');
    assert.ok(!hasPage() || details, 'screenshot taken');
    await vscode.commands.executeCommand('toggleSuggestionDetails');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('puts a likely parameter first in the suggest widget, the continuation token last (screenshot)', async () => {
    const { text, offset } = withCursor('action = query\nlist = allimages\nai¦');
    const { doc, editor } = await openText(text);
    const at = doc.positionAt(offset);
    // The order the widget shows: every item matches the typed 'ai' as a prefix alike, so VS Code
    // orders them by sortText (then label).
    const items = (await completionsAt(doc, at)).filter((i) => label(i).startsWith('ai'));
    const shown = items.map((i) => ({ l: label(i), k: i.sortText ?? label(i) })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.l < b.l ? -1 : 1)).map((x) => x.l);
    assert.ok(['ailimit', 'aiprop', 'aisort', 'aidir', 'aifrom'].includes(shown[0]), `first row: ${shown.slice(0, 6).join(', ')}`);
    assert.equal(shown[shown.length - 1], 'aicontinue', `last row: ${shown.slice(-3).join(', ')}`);
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    const list = await screenshot('completion-ranking', '.editor-widget.suggest-widget.visible .monaco-list-row', shown[0]);
    assert.ok(!hasPage() || list, 'screenshot taken');
    await vscode.commands.executeCommand('hideSuggestWidget');
  });

  it('shows a hover (screenshot)', async () => {
    const { doc, editor } = await openFixture('requests.wikiq');
    const at = positionOf(doc, 'ailimit', 3);
    // What the widget will show, first: the server's hover once the file's catalogue is in (asked
    // again each time the server publishes the file's diagnostics, which it does when a catalogue
    // arrives). The bound is the editor's: extension host, server and workbench sharing two loaded cores.
    const text = await hoverTextOnceItHas(doc, at, 'max 500', 90_000);
    assert.match(text, /ailimit/);
    // The hover shows only in the focused editor: give it the focus back (an earlier test's prompt may hold it).
    await vscode.window.showTextDocument(doc, { viewColumn: editor.viewColumn, preserveFocus: false });
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('editor.action.showHover');
    const file = await screenshot('hover', '.monaco-editor .monaco-hover:not(.hidden)', 'max 500');
    assert.ok(!hasPage() || file, 'screenshot taken');
  });
});
