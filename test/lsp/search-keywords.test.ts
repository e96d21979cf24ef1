/**
 * Search keywords (#31) through the bundled server over stdio, as an editor runs it: a wiki whose
 * catalogue the server cached after fetching it (the engine's cache file, as the server writes it:
 * the Debian wiki's real modules and CirrusSearch's) offers the keywords in `srsearch` and explains
 * one on hover, from the cache, with nothing sent; the bundled catalogue (no endpoint) offers none.
 * (A real wiki without CirrusSearch: test/wiki/search-keywords.test.ts.)
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CatalogueInfoRequest } from '../../common/protocol';
import { readParaminfo } from '../../core/src';
import { CatalogueCache } from '../../engine/src';
import { LspClient, ROOT, cursor } from './lspClient';

/** An endpoint nothing listens on: were anything sent, it would fail, not answer. */
const ENDPOINT = 'http://127.0.0.1:9/w/api.php';
const paraminfo = (name: string) => readParaminfo(JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'paraminfo', name), 'utf8')));

describe('search keywords through the server', () => {
  let cacheDir: string;
  let client: LspClient;
  let opened = 0;
  before(async () => {
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-search-lsp-'));
    new CatalogueCache(cacheDir).write({
      endpoint: ENDPOINT, mwVersion: '1.39.17', fetchedAt: new Date().toISOString(), namespaces: [{ id: 0, name: '' }],
      modules: [...paraminfo('mw139-all-fv2.json'), ...paraminfo('cirrussearch-modules-fv2.json')], strategy: 'wildcard', requests: 2,
    });
    client = new LspClient(['--cache-dir', cacheDir]);
    await client.initialize();
  });
  after(async () => {
    await client?.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  /** Opens `input` as a new document; its uri and the cursor. */
  const at = async (input: string) => {
    const c = cursor(input);
    const uri = `file:///search/cirrus-${++opened}.wikiq`;
    await client.open(uri, c.text);
    return { ...c, uri };
  };

  it('offers the keywords in srsearch on the cached CirrusSearch wiki, nothing sent', async () => {
    const c = await at(`@endpoint = ${ENDPOINT}\naction = query\nlist = search\nsrsearch = gold in¦`);
    assert.equal((await client.conn.sendRequest(CatalogueInfoRequest, { uri: c.uri })).source, 'cached');
    const list = await client.completion(c.uri, c.line, c.character);
    const labels = list.items.map((i) => i.label);
    for (const k of ['intitle:', 'incategory:', 'insource:']) assert.ok(labels.includes(k), `${k} among ${labels.join(', ')}`);
    const item = list.items.find((i) => i.label === 'intitle:');
    assert.deepEqual(item?.textEdit && 'range' in item.textEdit ? [item.textEdit.newText, item.textEdit.range.start.character] : undefined, ['intitle:', c.character - 2]);
  });

  it('explains a keyword on hover', async () => {
    const c = await at(`@endpoint = ${ENDPOINT}\naction = query\ngenerator = search\ngsrsearch = hastem¦plate:Infobox`);
    const h = await client.hover(c.uri, c.line, c.character);
    const text = (h?.contents as { value?: string } | undefined)?.value ?? '';
    assert.match(text, /\*\*hastemplate:\*\* — CirrusSearch keyword/);
    assert.match(text, /Help:CirrusSearch#Hastemplate/);
  });

  it('offers none on the bundled catalogue (no endpoint)', async () => {
    const c = await at('action = query\nlist = search\nsrsearch = gold in¦');
    const list = await client.completion(c.uri, c.line, c.character);
    assert.deepEqual(list.items.map((i) => i.label).filter((l) => l.endsWith(':')), []);
  });
});
