/**
 * `wikiq diff` on real outputs: `wikiq run` (dist/cli.js, a real process) against the seeded wiki,
 * then a page added, one edited and one deleted with MediaWiki's own maintenance scripts, then
 * `wikiq run` again, and the two outputs compared — pages by pageid (the edit changes `lastrevid`,
 * `length`, `touched`), logevents by logid, allpages by pageid; a partial output refused, then
 * compared with --allow-partial.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TestWiki, maintenance, pageTitle, startWiki } from './harness';

const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');

const NEW_PAGE = 'Wikiq diff new page';
const EDITED = pageTitle(5);
const DELETED = pageTitle(7);

describe('wikiq diff on two real runs of the test wiki', () => {
  let wiki: TestWiki;
  let dir: string;

  const wikiq = (args: string[]) => new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }, (e, out, err) => {
      resolve({ code: e ? Number((e as { code?: number }).code) : 0, out, err });
    });
  });
  const run = async (request: string, out: string, more: string[] = ['--all']) => {
    const r = await wikiq(['run', 'q.wikiq', '--request', request, '--format', 'json', '--out', out, ...more]);
    assert.ok(r.code === 0 || more.includes('--max-records'), `wikiq run ${request}: ${r.err}`);
    return r;
  };
  const diffJson = async (a: string, b: string, more: string[] = []) => {
    const r = await wikiq(['diff', a, b, '--format', 'json', ...more]);
    return { ...r, json: r.out ? JSON.parse(r.out) as { equal: boolean; tables: Array<{ name: string; key: string; counts: Record<string, number>; added: Array<Record<string, unknown>>; removed: Array<Record<string, unknown>>; changed: Array<{ key: string; fields: Array<{ field: string }>; after: Record<string, unknown> }> }> } : undefined };
  };

  before(async () => {
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-diff-wiki-'));
    fs.writeFileSync(path.join(dir, 'q.wikiq'), [
      `@endpoint = ${wiki.endpoint}`,
      '### Pages', 'action = query', 'generator = allpages', 'gaplimit = max', 'prop = info', '',
      '### All pages', 'action = query', 'list = allpages', 'aplimit = 20', '',
      '### Log', 'action = query', 'list = logevents', 'lelimit = max', '',
    ].join('\n'));
    await run('Pages', 'pages-1.json');
    await run('All pages', 'allpages-1.json');
    await run('Log', 'log-1.json');
    // Between the runs: a page added, one edited, one deleted.
    maintenance(wiki.dir, 'edit.php', ['--user', 'Admin', '--summary', 'wikiq diff test', NEW_PAGE], 'A page added between two runs.');
    maintenance(wiki.dir, 'edit.php', ['--user', 'Admin', '--summary', 'wikiq diff test', EDITED], 'Edited between two runs.');
    maintenance(wiki.dir, 'deleteBatch.php', ['--u', 'Admin', '--r', 'wikiq diff test'], `${DELETED}\n`);
    await run('Pages', 'pages-2.json');
    await run('All pages', 'allpages-2.json');
    await run('Log', 'log-2.json');
  });
  after(async () => {
    await wiki?.stop();
  });

  it('the same output twice: equal, exit 0', async () => {
    const r = await diffJson('pages-1.json', 'pages-1.json');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.json!.equal, true);
  });

  it('pages by pageid: the new page added, the deleted one removed, the edited one changed (lastrevid, length)', async () => {
    const r = await diffJson('pages-1.json', 'pages-2.json');
    assert.equal(r.code, 1, r.err);
    const [t] = r.json!.tables;
    assert.equal(t.name, 'pages');
    assert.equal(t.key, 'pageid');
    assert.deepEqual(t.added.map((p) => p.title), [NEW_PAGE]);
    assert.deepEqual(t.removed.map((p) => p.title), [DELETED]);
    assert.deepEqual(t.changed.map((c) => c.after.title), [EDITED]);
    const fields = t.changed[0].fields.map((f) => f.field);
    for (const f of ['lastrevid', 'length', 'touched']) assert.ok(fields.includes(f), `${f} changed (${fields.join(', ')})`);
    assert.deepEqual([t.counts.added, t.counts.removed, t.counts.changed], [1, 1, 1]);
  });

  it('logevents by logid: the new page creation and the deletion are new entries; none removed or changed', async () => {
    const r = await diffJson('log-1.json', 'log-2.json');
    assert.equal(r.code, 1, r.err);
    const [t] = r.json!.tables;
    assert.equal(t.key, 'logid');
    assert.deepEqual(t.added.map((e) => `${String(e.type)}/${String(e.action)} ${String(e.title)}`).sort(), [`create/create ${NEW_PAGE}`, `delete/delete ${DELETED}`]);
    assert.deepEqual([t.counts.removed, t.counts.changed], [0, 0]);
  });

  it('allpages by pageid (all batches merged); the table form on a person\'s terminal', async () => {
    const r = await diffJson('allpages-1.json', 'allpages-2.json');
    const [t] = r.json!.tables;
    assert.equal(t.key, 'pageid');
    assert.deepEqual(t.added.map((p) => p.title), [NEW_PAGE]);
    assert.deepEqual(t.removed.map((p) => p.title), [DELETED]);
    assert.equal(t.counts.changed, 0, 'an edit does not change an allpages record');
    const text = await wikiq(['diff', 'allpages-1.json', 'allpages-2.json', '--format', 'table']);
    assert.equal(text.code, 1);
    assert.match(text.out, /^allpages \(by pageid; \d+ → \d+ records\): 1 added, 1 removed$/m);
    assert.match(text.out, new RegExp(`^\\+ \\d+  ns=0  title=${NEW_PAGE}$`, 'm'));
    assert.match(text.out, new RegExp(`^- \\d+  ns=0  title=${DELETED}$`, 'm'));
  });

  it('a partial output (--max-records) is refused; --allow-partial compares it and says so', async () => {
    const partial = await run('All pages', 'allpages-partial.json', ['--all', '--max-records', '5']);
    assert.equal(partial.code, 2, 'the run itself was partial');
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'allpages-partial.json'), 'utf8')).status, 'partial');
    const refused = await wikiq(['diff', 'allpages-2.json', 'allpages-partial.json']);
    assert.equal(refused.code, 2);
    assert.equal(refused.out, '');
    assert.match(refused.err, /^wikiq: allpages-partial\.json is a partial run \(more results remained\)/);
    const allowed = await diffJson('allpages-2.json', 'allpages-partial.json', ['--allow-partial']);
    assert.equal(allowed.code, 1);
    assert.match(allowed.err, /warning: allpages-partial\.json is a partial run/);
    assert.equal(allowed.json!.tables[0].counts.after, 5);
  });
});
