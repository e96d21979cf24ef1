/**
 * The write diagnostics (#39) and values read from files over real LSP stdio: the server learns
 * which wikis have credentials from the client (`signedInEndpoints` at `initialize`, then
 * `wikiq/credentials`), never more than that; a file made after a document was validated clears
 * `missing-file` on `workspace/didChangeWatchedFiles`, without an edit. Endpoints on a closed
 * loopback port: the catalogue fetch fails at once, and the bundled catalogue is used.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { InitializationOptions } from '../../common/protocol';
import { LspClient } from './lspClient';

const SIGNED = 'http://127.0.0.1:9/signed/api.php';
const OTHER = 'http://127.0.0.1:9/other/api.php';
const edit = (endpoint: string) => `@endpoint = ${endpoint}\naction = edit\ntitle = X\ntext = Y\nsummary = S\n`;
const codes = (d: Diagnostic[]) => d.map((x) => String(x.code)).sort();

describe('language server: write diagnostics from what the client says of credentials', () => {
  const cases: Array<{ name: string; init: InitializationOptions; endpoint: string; codes: string[] }> = [
    { name: 'a wiki the client holds credentials for: nothing', init: { signedInEndpoints: [SIGNED] }, endpoint: SIGNED, codes: [] },
    { name: 'a wiki it holds none for: the error, before anything is sent', init: { signedInEndpoints: [SIGNED] }, endpoint: OTHER, codes: ['write-without-credentials'] },
    { name: 'a client that says nothing of credentials: not known, nothing', init: {}, endpoint: OTHER, codes: [] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const client = new LspClient();
      try {
        await client.initialize(c.init);
        assert.deepEqual(codes(await client.open('file:///t/w.wikiq', edit(c.endpoint))), c.codes);
      } finally {
        await client.stop();
      }
    });
  }

  it('a sign-in clears the error and a sign-out brings it back (no edit of the document)', { timeout: 30_000 }, async () => {
    const client = new LspClient();
    try {
      await client.initialize({ signedInEndpoints: [] });
      const uri = 'file:///t/sign.wikiq';
      assert.deepEqual(codes(await client.open(uri, edit(OTHER))), ['write-without-credentials']);
      const signIn = client.diagnosticsMatching(uri, (d) => d.length === 0);
      assert.deepEqual(await client.conn.sendRequest('wikiq/credentials', { endpoint: OTHER, credentials: { kind: 'botpassword', user: 'U@b', password: 'not-a-real-one' } }), {});
      await signIn;
      const signOut = client.diagnosticsMatching(uri, (d) => d.length === 1);
      await client.conn.sendRequest('wikiq/credentials', { endpoint: OTHER });
      assert.deepEqual(codes(await signOut), ['write-without-credentials']);
      assert.ok(!client.stderr.includes('not-a-real-one'), 'the password is in no log');
    } finally {
      await client.stop();
    }
  });
});

describe('language server: a file read by a value, made after the first validation', () => {
  let client: LspClient;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-lsp-files-'));
  before(async () => {
    client = new LspClient();
    await client.initialize();
  });
  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('clears missing-file on the file event, and brings it back when the file goes', { timeout: 30_000 }, async () => {
    const uri = pathToFileURL(path.join(dir, 'page.wikiq')).href;
    const page = pathToFileURL(path.join(dir, 'page.wiki')).href;
    assert.deepEqual(codes(await client.open(uri, 'action = parse\ntext = < ./page.wiki\n')), ['missing-file']);
    fs.writeFileSync(path.join(dir, 'page.wiki'), '== H ==\n');
    const cleared = client.diagnosticsMatching(uri, (d) => d.length === 0);
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: page, type: 1 }] });
    await cleared;
    fs.rmSync(path.join(dir, 'page.wiki'));
    const back = client.diagnosticsMatching(uri, (d) => d.length === 1);
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: page, type: 3 }] });
    assert.deepEqual(codes(await back), ['missing-file']);
  });
});
