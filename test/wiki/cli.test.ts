/**
 * `wikiq check` as CI runs it, against a real MediaWiki, as a real process (dist/cli.js): the live
 * catalogue comes from the editor's disk cache, revalidated by the wiki's version, so a second
 * run makes at most one small request; warnings fail with --strict; SARIF names the lines.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TestWiki, startWiki } from './harness';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');

describe('wikiq check --catalogue live against a real MediaWiki', () => {
  let wiki: TestWiki;
  let dir: string;
  before(async () => {
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-cli-wiki-'));
    fs.writeFileSync(path.join(dir, 'log.wikiq'), `@endpoint = ${wiki.endpoint}\n### R\naction = query\nlist = logevents\nletype = upload\nlelimt = 5\n`);
  });
  after(async () => {
    await wiki?.stop();
  });

  /** The CLI with its own cache home (XDG_CACHE_HOME), as CI would run it. */
  const check = (args: string[]) => new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [CLI, 'check', ...args], { cwd: dir, env: { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache-home') } }, (e, out, err) => {
      resolve({ code: e ? Number((e as { code?: number }).code) : 0, out, err });
    });
  });

  it('caches the catalogue where the editor does; a second run makes at most one request (was a full refetch)', async () => {
    const before = wiki.apiRequestCount();
    const first = await check(['log.wikiq', '--catalogue', 'live', '--format', 'sarif']);
    const afterFirst = wiki.apiRequestCount();
    assert.equal(first.code, 0, first.err);
    assert.ok(afterFirst - before >= 2, `the first run fetched the catalogue (${afterFirst - before} requests)`);
    assert.equal(fs.readdirSync(path.join(dir, 'cache-home', 'wikiq', 'catalogues')).filter((f) => f.endsWith('.json')).length, 1, 'cached in $XDG_CACHE_HOME/wikiq/catalogues');
    const second = await check(['log.wikiq', '--catalogue', 'live', '--format', 'sarif']);
    assert.equal(second.code, 0, second.err);
    assert.ok(wiki.apiRequestCount() - afterFirst <= 1, `the second run made ${wiki.apiRequestCount() - afterFirst} requests`);
    assert.deepEqual(JSON.parse(second.out).runs[0].results, JSON.parse(first.out).runs[0].results, 'the same findings from the cache');
    const [result] = JSON.parse(second.out).runs[0].results;
    assert.equal(result.ruleId, 'unknown-parameter');
    assert.deepEqual([result.locations[0].physicalLocation.artifactLocation.uri, result.locations[0].physicalLocation.region.startLine], ['log.wikiq', 6]);
  });
  it('--strict fails on the misspelt parameter the wiki does not know (was exit 0)', async () => {
    const r = await check(['log.wikiq', '--catalogue', 'live', '--strict']);
    assert.equal(r.code, 1);
    assert.match(r.out, /^log\.wikiq:6:1 warning unknown-parameter .*lelimt/m);
    assert.match(r.out, /^1 file: 0 errors, 1 warning$/m);
  });
});
