/** The extension as VS Code loads it: language, activation, language server, contributions. */
import * as assert from 'assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/lib/common/api';
import type { WikiqApi } from '../../../client/src/extension';
import { activateWikiq, closeAllEditors, completionsAt, label, openFixture, openText, wikiqExtension, withCursor } from './helpers';

describe('activation and contributions', () => {
  after(closeAllEditors);

  it('gives .wikiq files the wikiq language', async () => {
    const { doc } = await openFixture('requests.wikiq');
    assert.equal(doc.languageId, 'wikiq');
    assert.ok((await vscode.languages.getLanguages()).includes('wikiq'));
  });

  it('activates on a .wikiq file and its language server answers initialize', async () => {
    await openFixture('requests.wikiq');
    const api = (await activateWikiq()) as { ready?: Promise<void> } | undefined;
    assert.equal(wikiqExtension().isActive, true);
    assert.ok(api && api.ready, 'activate() returns the API with a ready promise');
  });

  it('a completion asked while the language server (re)starts waits for it and offers parameters, not only words', async function () {
    this.timeout(60_000);
    const api = (await activateWikiq()) as WikiqApi;
    await api.ready;
    const { text, offset } = withCursor('action = query\nlist = allimages\nai¦');
    const { doc } = await openText(text);
    // As at a fresh start or a restart: the language client's own providers go with the server.
    await api.client.stop();
    const restarted = api.client.start();
    assert.notEqual(api.client.state, State.Running, 'asked while the server is starting');
    const labels = (await completionsAt(doc, doc.positionAt(offset))).map(label);
    for (const p of ['ailimit', 'aiprop', 'aisort']) assert.ok(labels.includes(p), `${p} offered; got: ${labels.slice(0, 12).join(', ')}`);
    await restarted;
  });

  it("offers wikiq mcp to the editor's agents exactly where the editor has the MCP API (desktop)", async () => {
    const api = (await activateWikiq()) as WikiqApi;
    const lm = (vscode as unknown as { lm?: { registerMcpServerDefinitionProvider?: unknown } }).lm;
    // VS Code 1.100 has a proposed form of the API where proposals are on (an extension under development), read from the
    // contribution point `modelContextServerCollections`; 1.101 and later, the stable one (`mcpServerDefinitionProviders`).
    const hasApi = typeof lm?.registerMcpServerDefinitionProvider === 'function';
    assert.equal(api.mcpOffered, hasApi && api.platform === 'desktop', `VS Code ${vscode.version}: the API is ${hasApi ? '' : 'not '}there`);
    if (api.mcpOffered) {
      // The workspace names no wiki: nothing offered. Name one: the server, run by the editor's Node, names it.
      assert.deepEqual(api.mcpServers(), []);
      const config = vscode.workspace.getConfiguration('wikiq');
      await config.update('endpoint', 'https://wiki.example/w/api.php', vscode.ConfigurationTarget.Workspace);
      try {
        const [server, ...more] = api.mcpServers() as Array<{ label: string; command: string; args: string[] }>;
        assert.equal(more.length, 0);
        assert.equal(server.label, 'wikiq: wiki.example');
        assert.match(server.args[0], /dist[\\/]cli\.js$/);
        assert.deepEqual(server.args.slice(1), ['mcp', '--endpoint', 'https://wiki.example/w/api.php']);
      } finally {
        await config.update('endpoint', undefined, vscode.ConfigurationTarget.Workspace);
      }
    }
    const pkg = wikiqExtension().packageJSON as { contributes: { mcpServerDefinitionProviders?: Array<{ id: string }> } };
    assert.deepEqual(pkg.contributes.mcpServerDefinitionProviders?.map((p) => p.id), ['wikiq.mcp']);
  });

  it('ships the files its package.json names (server, grammar, snippets, language configuration)', () => {
    const ext = wikiqExtension();
    const pkg = ext.packageJSON as {
      main: string;
      contributes: { grammars: { language: string; scopeName: string; path: string }[]; snippets: { language: string; path: string }[]; languages: { id: string; configuration?: string }[] };
    };
    const at = (p: string) => path.join(ext.extensionPath, p);
    assert.ok(fs.existsSync(at(pkg.main)), `main ${pkg.main} is in the extension`);
    assert.ok(fs.existsSync(at('dist/server.js')), 'the language server dist/server.js is in the extension');
    const grammar = pkg.contributes.grammars.find((g) => g.language === 'wikiq');
    assert.ok(grammar, 'a TextMate grammar is contributed for wikiq');
    const g = JSON.parse(fs.readFileSync(at(grammar.path), 'utf8')) as { scopeName: string; patterns: unknown[] };
    assert.equal(g.scopeName, grammar.scopeName);
    assert.ok(g.patterns.length > 0);
    const snippets = pkg.contributes.snippets.find((s) => s.language === 'wikiq');
    assert.ok(snippets, 'snippets are contributed for wikiq');
    const s = JSON.parse(fs.readFileSync(at(snippets.path), 'utf8')) as Record<string, { prefix: string | string[]; body: string | string[] }>;
    assert.ok(Object.keys(s).length > 0);
    const lang = pkg.contributes.languages.find((l) => l.id === 'wikiq');
    assert.ok(lang?.configuration && fs.existsSync(at(lang.configuration)), 'the language configuration file is in the extension');
  });

  it('starts its language server as plain node, adding no allocator setting to its environment', async () => {
    const api = (await activateWikiq()) as { ready: Promise<void> };
    await api.ready;
    // The server is a child of this extension host; /proc shows what it was started with.
    const children = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.join('dist', 'server.js'));
      } catch {
        return false; // gone meanwhile
      }
    });
    assert.equal(children.length, 1, `one language server process under the extension host (found ${children.length})`);
    const environ = fs.readFileSync(`/proc/${children[0]}/environ`, 'utf8').split('\0');
    const allocator = environ.filter((e) => e.startsWith('MALLOC_')).sort();
    const inherited = Object.entries(process.env).filter(([k]) => k.startsWith('MALLOC_')).map(([k, v]) => `${k}=${v}`).sort();
    assert.deepEqual(allocator, inherited, 'the server carries only the allocator settings the extension host has');
  });

  it('registers its commands', async () => {
    await activateWikiq();
    const commands = await vscode.commands.getCommands(true);
    for (const c of ['wikiq.selectEnvironment', 'wikiq.refreshCatalogue']) assert.ok(commands.includes(c), `command ${c} is registered`);
  });
});
