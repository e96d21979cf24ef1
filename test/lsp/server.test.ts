/** The server over real LSP stdio: what any LSP editor sees. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InitializeResult } from 'vscode-languageserver-protocol';
import { COMPLETION_TRIGGERS } from '../../core/src';
import { LspClient, cursor } from './lspClient';

describe('language server over stdio', () => {
  let client: LspClient;
  let init: InitializeResult;
  before(async () => {
    client = new LspClient();
    init = await client.initialize();
    assert.ok(init.capabilities.completionProvider, 'completion capability');
    assert.equal(init.capabilities.hoverProvider, true);
  });
  after(async () => {
    await client.stop();
  });

  it('declares every trigger character the core\'s completion opens on (a client asks on its own only after those)', () => {
    const declared = init.capabilities.completionProvider?.triggerCharacters ?? [];
    assert.ok(COMPLETION_TRIGGERS.length >= 4, 'the core declares its trigger characters');
    for (const t of COMPLETION_TRIGGERS) assert.ok(declared.includes(t.char), `${JSON.stringify(t.char)} (${t.opens}) is not in the server's triggerCharacters ${JSON.stringify(declared)}`);
  });

  it('completes list modules and prefixed parameters', async () => {
    const c = cursor('action = query\nlist = ¦\n');
    await client.open('file:///t/complete.wikiq', c.text);
    const list = await client.completion('file:///t/complete.wikiq', c.line, c.character);
    const labels = list.items.map((i) => i.label);
    assert.ok(labels.includes('allimages'), `allimages in ${labels.join(',')}`);
    assert.ok(!labels.includes('siteinfo'), 'meta modules are not list values');

    const d = cursor('action = query\nlist = allimages\nai¦\n');
    await client.change('file:///t/complete.wikiq', d.text);
    const names = (await client.completion('file:///t/complete.wikiq', d.line, d.character)).items.map((i) => i.label);
    for (const n of ['aifrom', 'ailimit', 'aiprop', 'aisort']) assert.ok(names.includes(n), `${n} offered`);
  });

  it('hovers a parameter with its type and limits', async () => {
    const c = cursor('action = query\nlist = allimages\nailim¦it = 20\n');
    await client.open('file:///t/hover.wikiq', c.text);
    const h = await client.hover('file:///t/hover.wikiq', c.line, c.character);
    assert.ok(h, 'a hover');
    const text = typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : JSON.stringify(h.contents);
    assert.match(text, /ailimit/);
    assert.match(text, /max 500/);
    assert.match(text, /5000/);
  });

  it('publishes diagnostics with codes and exact ranges', async () => {
    const text = 'action = query\nlist = allimages\nfrom = B\n';
    const diags = await client.open('file:///t/diag.wikiq', text);
    const unknown = diags.find((d) => /from/.test(d.message));
    assert.ok(unknown, `a diagnostic about 'from' in ${JSON.stringify(diags)}`);
    assert.equal(unknown.range.start.line, 2);
    assert.equal(unknown.range.start.character, 0);
    assert.equal(unknown.range.end.character, 4);
    assert.ok(unknown.code, 'has a code');
    assert.match(unknown.message, /aifrom/);
  });

  it('answers a document it does not know without crashing', async () => {
    const h = await client.hover('file:///t/never-opened.wikiq', 0, 0);
    assert.equal(h, null);
    const c = await client.completion('file:///t/never-opened.wikiq', 0, 0);
    assert.deepEqual(c.items, []);
  });
});
