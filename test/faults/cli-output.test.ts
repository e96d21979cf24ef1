/**
 * What `wikiq run` leaves behind and says: `--out FILE` is FILE, the state on stderr and in
 * `--status-file`, `--continue` from what wikiq wrote, one rule for the endpoint in check and run,
 * answers checked for shape, exactly `--max-records`, waits the wiki asks for, network failures
 * in words, and tables in a pipe.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { json } from './faultServer';
import { cliHarness, type CliHarness, type Route } from './cliHarness';

/** 25 files, at most 10 (or `ailimit`) a batch. */
const limited: Route = (_req, res, q) => {
  const c = Number(q.get('aicontinue') ?? 0);
  const end = Math.min(25, c + Math.min(10, Number(q.get('ailimit') ?? 10)));
  json(res, {
    batchcomplete: true,
    ...(end < 25 ? { continue: { aicontinue: String(end), continue: '-||' } } : {}),
    query: { allimages: Array.from({ length: end - c }, (_, i) => ({ name: `F${c + i}` })) },
  });
};

const names = (out: string) => (JSON.parse(out).query.allimages as Array<{ name: string }>).map((x) => x.name);

describe('wikiq run: output files, status and answers', () => {
  let h: CliHarness;
  before(async () => {
    h = await cliHarness();
    for (const r of ['files', 'fileep', 'envep', 'flagep']) h.routes.set(r, limited);
    h.write('files.wikiq', h.req('files'));
  });
  after(() => h.close());
  const read = (name: string) => fs.readFileSync(path.join(h.dir, name), 'utf8');
  const exists = (name: string) => fs.existsSync(path.join(h.dir, name));

  it('--out FILE writes FILE on a one-batch run, data only; the state and resume point on stderr (was one.partial.csv with a "# partial" row)', async () => {
    const r = await h.cli(['run', 'files.wikiq', '--format', 'csv', '--out', 'one.csv']);
    assert.equal(r.code, 0, r.err);
    assert.equal(read('one.csv'), ['name', ...Array.from({ length: 10 }, (_, i) => `F${i}`), ''].join('\r\n'));
    assert.ok(!exists('one.partial.csv'));
    assert.equal(r.err, `wrote one.csv (partial)\nwikiq: partial: 1 batch, 10 records; more with --all, or resume with --continue '{"aicontinue":"10","continue":"-||"}'`);
    const j = await h.cli(['run', 'files.wikiq', '--out', 'one.json']);
    assert.equal(j.code, 0);
    const doc = JSON.parse(read('one.json'));
    assert.deepEqual([doc.status, doc.complete, doc.continue], ['partial', false, { aicontinue: '10', continue: '-||' }]);
    assert.ok(!exists('one.partial.json'));
  });
  it('--status-file: status, continue, records, batches, ms; --continue reads it back', async () => {
    const r = await h.cli(['run', 'files.wikiq', '--format', 'ndjson', '--out', 'p.ndjson', '--status-file', 'p.status.json']);
    assert.equal(r.code, 0, r.err);
    const st = JSON.parse(read('p.status.json'));
    assert.equal(typeof st.ms, 'number', 'the run\'s duration');
    assert.deepEqual({ ...st, endpoint: undefined, request: undefined, ms: undefined }, { status: 'partial', continue: { aicontinue: '10', continue: '-||' }, records: 10, batches: 1, out: 'p.ndjson', endpoint: undefined, request: undefined, ms: undefined });
    assert.equal(read('p.ndjson').trim().split('\n').length, 10, 'no status record among the data');
    const rest = await h.cli(['run', 'files.wikiq', '--all', '--continue', 'p.status.json', '--status-file', 'rest.status.json']);
    assert.equal(rest.code, 0, rest.err);
    assert.deepEqual(names(rest.out), Array.from({ length: 15 }, (_, i) => `F${i + 10}`));
    assert.deepEqual(JSON.parse(read('rest.status.json')).status, 'complete');
    const done = await h.cli(['run', 'files.wikiq', '--continue', 'rest.status.json']);
    assert.equal(done.code, 1);
    assert.match(done.err, /That run was complete \(its continue is null\): there is nothing to resume\./);
  });
  it('--continue says in words what it takes when given CSV, NDJSON or nothing readable (was the JSON parser\'s message)', async () => {
    await h.cli(['run', 'files.wikiq', '--format', 'csv', '--out', 'rc.csv']);
    const cases: Array<[string, RegExp]> = [
      ['rc.csv', /^wikiq: --continue rc\.csv: not a continue object \('\{"aicontinue":"…","continue":"-\|\|"\}'\), or a file wikiq wrote: the JSON output \(--format json\) or a --status-file\. CSV and NDJSON hold data only: resume with the --continue wikiq printed on stderr, or write a --status-file\.\n/],
      ['p.ndjson', /--continue p\.ndjson: not a continue object .*CSV and NDJSON hold data only/],
      ['nowhere.json', /^wikiq: --continue nowhere\.json: cannot read it \(no such file\); --continue takes a continue object/],
    ];
    for (const [arg, re] of cases) {
      const r = await h.cli(['run', 'files.wikiq', '--continue', arg]);
      assert.equal(r.code, 1, arg);
      assert.match(r.err, re, arg);
      assert.doesNotMatch(r.err, /Unexpected token|JSON at position/, arg);
    }
  });

  it('one rule for the endpoint in check and run: --endpoint, then the environment, then the file (check --endpoint was ignored)', async () => {
    h.write('ep/.vscode/settings.json', JSON.stringify({ 'wikiq.environments': { e: { endpoint: `${h.base}/envep/api.php` }, bare: { variables: { x: '1' } } } }));
    h.write('ep/q.wikiq', h.req('fileep'));
    const flag = ['--endpoint', `${h.base}/flagep/api.php`];
    const cases: Array<[string[], string]> = [[[], 'fileep'], [['--env', 'bare'], 'fileep'], [['--env', 'e'], 'envep'], [flag, 'flagep'], [['--env', 'e', ...flag], 'flagep']];
    for (const [cmd, extra] of [['run', []], ['check', ['--catalogue', 'live', '--cache-dir', path.join(h.dir, 'ep-cache')]]] as const) {
      for (const [args, route] of cases) {
        const before = h.hits.length;
        const r = await h.cli([cmd, 'ep/q.wikiq', ...extra, ...args]);
        const asked = new Set(h.hits.slice(before).map((u) => u.split('/')[1]));
        assert.deepEqual([...asked], [route], `${cmd} ${args.join(' ')}: ${r.err}`);
      }
    }
  });

  it('an answer that does not look like the API\'s ({"hello": 1}) fails the run: exit 1, status failed (was exit 0, complete)', async () => {
    h.routes.set('hello', (_q, res) => json(res, { hello: 1 }));
    const r = await h.cli(['run', h.write('hello.wikiq', h.req('hello')), '--status-file', 'hello.status.json']);
    assert.equal(r.code, 1);
    assert.match(r.err, /^wikiq: http:\/\/127\.0\.0\.1:\d+\/hello\/api\.php\?\S+ answered HTTP 200 with JSON that does not look like a MediaWiki API answer \(none of query, continue, batchcomplete, error, warnings…\), starting "\{\\"hello\\":1\}"\. Is this the wiki's api\.php\?\nwikiq: nothing was received\.$/);
    assert.deepEqual([JSON.parse(r.out).status, JSON.parse(read('hello.status.json')).status], ['failed', 'failed']);
  });

  it('--max-records N gives exactly N, the last batch asking for what is left; the resume point is exact (was the whole last batch)', async () => {
    const before = h.hits.length;
    const r = await h.cli(['run', 'files.wikiq', '--all', '--max-records', '13']);
    assert.equal(r.code, 2, r.err);
    const j = JSON.parse(r.out);
    assert.deepEqual(names(r.out), Array.from({ length: 13 }, (_, i) => `F${i}`));
    assert.deepEqual(j.continue, { aicontinue: '13', continue: '-||' });
    assert.deepEqual(h.hits.slice(before).map((u) => new URL(u, 'http://x').searchParams.get('ailimit')), [null, '3']);
    const one = await h.cli(['run', h.write('fifty.wikiq', h.req('files', 'action = query\nlist = allimages\nailimit = 50')), '--max-records', '4']);
    assert.deepEqual(names(one.out), ['F0', 'F1', 'F2', 'F3']);
  });

  it('a wait longer than --max-wait after some batches: stops at once, keeps the partial, says until when and how to resume: exit 2', async () => {
    h.routes.set('later', (req, res, q) => (q.get('aicontinue') ? json(res, { error: { code: 'x' } }, 503, { 'retry-after': '3600' }) : limited(req, res, q)));
    const started = new Date();
    const r = await h.cli(['run', h.write('later.wikiq', h.req('later')), '--all']);
    assert.equal(r.code, 2, r.err);
    assert.equal(names(r.out).length, 10);
    const times = [0, 1].map((m) => new Date(started.getTime() + 3600_000 + m * 60_000)).map((d) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`);
    const until = /the wiki asked to wait 1 h \(until (\d\d:\d\d|[\d-]+ \d\d:\d\d)\)/.exec(r.err)?.[1] ?? '';
    assert.ok(times.some((t) => until.endsWith(t)), `${until} in ${times}: ${r.err}`);
    assert.match(r.err, /\nwikiq: partial result after 1 batch; resume with --continue '\{"aicontinue":"10","continue":"-\|\|"\}'$/);
    assert.doesNotMatch(r.err, /waiting/);
  });

  it('network failures in words, the code only with --verbose; no VS Code setting in the CLI\'s "No endpoint"; entities decoded; no "?."', async () => {
    h.routes.set('drop', (req) => req.socket.destroy());
    h.write('drop.wikiq', h.req('drop'));
    const r = await h.cli(['run', 'drop.wikiq']);
    assert.equal(r.code, 1);
    assert.match(r.err, /^wikiq: Could not reach http:\/\/127\.0\.0\.1:\d+\/drop\/api\.php\S*: the server closed the connection\.\n/);
    assert.doesNotMatch(r.err, /UND_ERR|ECONN/);
    assert.match((await h.cli(['run', 'drop.wikiq', '--verbose'])).err, /: the server closed the connection\. \(UND_ERR_SOCKET\)\n/);
    const none = await h.cli(['run', h.write('none.wikiq', '### R\naction = query\nlist = allimages\n')]);
    assert.match(none.err, /^wikiq: none\.wikiq: No endpoint: add "@endpoint = https:\/\/…\/api\.php" to the file, pass --endpoint URL, or choose an environment with --env NAME\.$/);
    h.routes.set('ent', (_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Tom &amp; Jerry &lt;3 &#8212; &#x41;</h1>');
    });
    const ent = await h.cli(['run', h.write('ent.wikiq', h.req('ent'))]);
    assert.match(ent.err, /starting "Tom & Jerry <3 — A"/);
    const cat = await h.cli(['check', 'ent.wikiq', '--catalogue', 'live', '--cache-dir', path.join(h.dir, 'ent-cache')]);
    assert.match(cat.err, /is this the api\.php URL\? Using the bundled catalogue\./);
    assert.doesNotMatch(cat.err, /\?\./);
  });

  it('--format table in a pipe keeps every cell whole; --width N fits N (was cut to the 80 columns of no terminal)', async () => {
    h.routes.set('wide', (_q, res) => json(res, { batchcomplete: true, query: { allimages: [{ name: 'A'.repeat(70), url: `https://x.test/${'b'.repeat(60)}`, size: 5 }] } }));
    h.write('wide.wikiq', h.req('wide'));
    const piped = await h.cli(['run', 'wide.wikiq', '--format', 'table']);
    assert.ok(piped.out.includes('A'.repeat(70)) && piped.out.includes('b'.repeat(60)), piped.out);
    const narrow = await h.cli(['run', 'wide.wikiq', '--format', 'table', '--width', '40']);
    assert.ok(narrow.out.split('\n').every((l) => l.length <= 40), narrow.out);
    assert.match(narrow.out, /A+…/);
    const tty = await h.cli(['run', 'wide.wikiq'], { stdoutTty: true, columns: 50 });
    assert.ok(tty.out.split('\n').every((l) => l.length <= 50), tty.out);
  });
});
