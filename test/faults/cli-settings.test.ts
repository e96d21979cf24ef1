/**
 * settings.json as the real `wikiq` process (dist/cli.js) reads it, against a local server that
 * records each request: a variable's value reaches the wiki exactly as written, whatever JSON-with-
 * comments punctuation it holds. (The old reader removed trailing commas with a regular expression
 * over the whole text, strings included: "a,]" was sent as "a]".)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cliHarness, type CliHarness } from './cliHarness';
import { json } from './faultServer';

describe('wikiq run --env: variables from settings.json reach the wiki unchanged', () => {
  let h: CliHarness;
  before(async () => {
    h = await cliHarness();
    h.routes.set('echo', (_req, res) => json(res, { batchcomplete: true, query: { allimages: [] } }));
  });
  after(() => h.close());

  it('values holding ",]", ",}", "//" and "/*" in a file with comments and trailing commas are sent as written', async () => {
    const values = { close: 'a,]', brace: 'b,}', slash: 'c // d /* e */ ,]' };
    h.write('s/.vscode/settings.json', [
      '{',
      '  // the wikis',
      '  "wikiq.environments": {',
      `    "local": { "endpoint": "${h.base}/echo/api.php", "variables": ${JSON.stringify(values)}, }, /* trailing */`,
      '  },',
      '}',
    ].join('\n'));
    h.write('s/q.wikiq', '### R\naction = query\nlist = allimages\naifrom = {{close}}\naito = {{brace}}\naiprefix = {{slash}}\n');
    const from = h.hits.length;
    const p = h.spawnCli(['run', 's/q.wikiq', '--env', 'local']);
    assert.equal(await p.exited, 0, Buffer.concat(p.err).toString());
    const sent = h.hits.slice(from).map((u) => new URL(u, 'http://x').searchParams);
    assert.deepEqual(sent.map((q) => [q.get('aifrom'), q.get('aito'), q.get('aiprefix')]), [[values.close, values.brace, values.slash]]);
  });
});
