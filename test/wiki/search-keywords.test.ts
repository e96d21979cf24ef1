/**
 * Search keywords (#31) against the real test wiki over stdio: Debian's MediaWiki runs the
 * database search, not CirrusSearch, and its live catalogue lists no CirrusSearch module, so
 * completion in `srsearch`/`gsrsearch` offers no keyword and hover explains none — while the
 * same value still completes its variables and the parameter is documented from the wiki's own
 * catalogue. (A wiki with CirrusSearch: test/unit/completion.test.ts and hover.test.ts.)
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SEARCH_KEYWORDS } from '../../core/src';
import { LspClient, cursor } from '../lsp/lspClient';
import { settled } from '../lsp/status';
import { TestWiki, startWiki } from './harness';

const KEYWORD_LABELS = new Set(SEARCH_KEYWORDS.flatMap((k) => [k.keyword, ...(k.aliases ?? [])]).map((n) => `${n}:`));

describe('search keywords on a wiki without CirrusSearch (Debian\'s MediaWiki)', () => {
  let wiki: TestWiki;
  let cacheDir: string;
  let client: LspClient;
  const uri = 'file:///search/a.wikiq';
  const doc = (body: string) => `@endpoint = ${wiki.endpoint}\n@q = gold\n${body}`;
  before(async () => {
    wiki = await startWiki();
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-search-'));
    client = new LspClient(['--cache-dir', cacheDir]);
    await client.initialize();
    await client.open(uri, doc('action = query\n'));
    const status = await settled(client, wiki.endpoint);
    assert.equal(status.source, 'live', `the wiki's own catalogue is in use (${JSON.stringify(status)})`);
  });
  after(async () => {
    await client?.stop();
    await wiki?.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const at = async (input: string) => {
    const c = cursor(doc(input));
    await client.change(uri, c.text);
    return c;
  };

  for (const [name, input] of [
    ['srsearch, at the start of the value', 'action = query\nlist = search\nsrsearch = ¦'],
    ['srsearch, a word begun', 'action = query\nlist = search\nsrsearch = gold intit¦'],
    ['srsearch, after a -', 'action = query\nlist = search\nsrsearch = gold -¦'],
    ['gsrsearch', 'action = query\ngenerator = search\ngsrsearch = in¦'],
  ] as const) {
    it(`offers no keyword in ${name}`, async () => {
      const c = await at(input);
      const list = await client.completion(uri, c.line, c.character);
      const offered = list.items.map((i) => i.label).filter((l) => KEYWORD_LABELS.has(l));
      assert.deepEqual(offered, []);
    });
  }

  it('the same value still completes its variables (completion runs there)', async () => {
    const c = await at('action = query\nlist = search\nsrsearch = {{¦');
    const list = await client.completion(uri, c.line, c.character);
    assert.ok(list.items.some((i) => i.label === 'q'), list.items.map((i) => i.label).join(', '));
  });

  it('hover explains the parameter from the wiki\'s catalogue, and no keyword', async () => {
    const name = await at('action = query\nlist = search\nsrse¦arch = intitle:gold');
    const onName = await client.hover(uri, name.line, name.character);
    assert.match((onName?.contents as { value?: string } | undefined)?.value ?? '', /\*\*srsearch\*\*/);
    const kw = await at('action = query\nlist = search\nsrsearch = int¦itle:gold');
    const onKeyword = await client.hover(uri, kw.line, kw.character);
    assert.doesNotMatch((onKeyword?.contents as { value?: string } | undefined)?.value ?? '', /CirrusSearch/);
  });
});
