/**
 * The `wikiq` command line against a local misbehaving server: exit statuses (0 complete, 2
 * partial, 1 failed), clear one-line messages without stack traces, streaming NDJSON, resuming
 * with --continue, environments from settings.json, and Ctrl+C keeping the partial result (run as
 * a real process).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import AjvDraft04 from 'ajv-draft-04';
import type { Io } from '../../cli/src/cli';
import { HttpClient, RunSession, resolveRequest } from '../../engine/src';
import { cliHarness, type CliHarness, type Route } from './cliHarness';
import { json } from './faultServer';
import { bundledCatalogue } from '../../core/src/bundled';

/** Three batches of two files: F0 F1 | F2 F3 | F4 F5. */
const paged: Route = (_req, res, q) => {
  const c = Number(q.get('aicontinue') ?? 0);
  json(res, {
    batchcomplete: true,
    ...(c < 4 ? { continue: { aicontinue: String(c + 2), continue: '-||' } } : {}),
    query: { allimages: [{ name: `F${c}`, ns: 6, title: `File:F${c}` }, { name: `F${c + 1}`, ns: 6, title: `File:F${c + 1}` }] },
  });
};

describe('wikiq CLI against a misbehaving server', () => {
  let h: CliHarness;
  let base: string;
  let dir: string;
  let routes: Map<string, Route>;
  let hits: string[];
  before(async () => {
    h = await cliHarness();
    ({ base, dir, routes, hits } = h);
    routes.set('paged', paged);
  });
  after(() => h.close());

  const outs: string[] = [];
  const cli = (args: string[], io: Partial<Io> = {}) => h.cli(args, io);
  const write = (name: string, body: string) => h.write(name, body);
  const req = (route: string, body?: string) => h.req(route, body);
  const noStack = (s: string) => assert.doesNotMatch(s, /\n\s+at |Error:\s*$/m);

  it('complete run: exit 0 and the documented JSON shape', async () => {
    const r = await cli(['run', write('all.wikiq', req('paged')), '--all']);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    // Streamed: the head, the result as it arrives, then the final state (known only at the end).
    assert.deepEqual(Object.keys(j), ['endpoint', 'request', 'query', 'batches', 'status', 'complete', 'continue', 'warnings', 'errors']);
    assert.equal(j.status, 'complete');
    assert.equal(r.out, JSON.stringify(j, null, 2), 'laid out as JSON.stringify(…, null, 2) lays it out');
    assert.deepEqual([j.batches, j.complete, j.continue, j.query.allimages.length], [3, true, null, 6]);
    assert.deepEqual(j.request, { action: 'query', list: 'allimages', format: 'json', formatversion: '2', errorformat: 'plaintext' });
  });
  it('one batch as asked: exit 0, complete false, continue given', async () => {
    const r = await cli(['run', 'all.wikiq']);
    assert.equal(r.code, 0);
    const j = JSON.parse(r.out);
    assert.deepEqual([j.batches, j.complete, j.continue], [1, false, { aicontinue: '2', continue: '-||' }]);
  });
  it('an HTML error page: exit 1, one clear line, no stack trace', async () => {
    routes.set('html', (_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    const r = await cli(['run', write('html.wikiq', req('html')), '--format', 'table']);
    assert.equal(r.code, 1);
    assert.match(r.err, /^wikiq: http:\/\/127\.0\.0\.1:\d+\/html\/api\.php\?.* answered HTTP 502 with an HTML page instead of the API's JSON, starting "502 Bad Gateway"/);
    assert.equal(r.out, '');
    noStack(r.err);
  });
  it('an error after some batches: exit 2, the partial result and how to resume', async () => {
    routes.set('flaky', (q, res, p) => (p.get('aicontinue') === '4' ? (res.writeHead(500), res.end('boom')) : paged(q, res, p)));
    const r = await cli(['run', write('flaky.wikiq', req('flaky')), '--all', '--max-response-mb', '1']);
    assert.equal(r.code, 2);
    const j = JSON.parse(r.out);
    assert.deepEqual([j.batches, j.complete, j.continue, j.query.allimages.length], [2, false, { aicontinue: '4', continue: '-||' }, 4]);
    assert.equal(j.errors[0].code, 'not-json');
    assert.match(r.err, /answered HTTP 500/);
    assert.match(r.err, /resume with --continue '\{"aicontinue":"4","continue":"-\|\|"\}'/);
    noStack(r.err);
    // Resume from the printed JSON (saved to a file) against the healthy route.
    write('partial.json', r.out);
    const resumed = await cli(['run', 'all.wikiq', '--all', '--continue', 'partial.json']);
    assert.equal(resumed.code, 0);
    assert.deepEqual(JSON.parse(resumed.out).query.allimages.map((x: { name: string }) => x.name), ['F4', 'F5']);
    const inline = await cli(['run', 'all.wikiq', '--continue', '{"aicontinue":"2","continue":"-||"}']);
    assert.deepEqual(JSON.parse(inline.out).query.allimages.map((x: { name: string }) => x.name), ['F2', 'F3']);
  });
  it('Retry-After: 3600, longer than --max-wait: stops at once without retrying early, says until when; exit 1, no file (was a retry after --max-wait)', async () => {
    routes.set('hour', (_q, res) => {
      res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '3600' });
      res.end('<h1>Service Unavailable</h1>');
    });
    const started = Date.now();
    const before = hits.length;
    const r = await cli(['run', write('hour.wikiq', req('hour')), '--all', '--max-wait', '0.2', '--out', 'hour.json']);
    assert.ok(Date.now() - started < 3000, 'no wait');
    assert.equal(hits.length - before, 1, 'asked once, never retried before the wiki\'s time');
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, /^wikiq: http:\/\/127\.0\.0\.1:\d+\/hour\/api\.php: HTTP 503; the wiki asked to wait 1 h \(until (\d{4}-\d\d-\d\d )?\d\d:\d\d\), longer than the longest wait \(0\.2 s: --max-wait, wikiq\.maxWaitSeconds\)\. Stopped without retrying; try again after (\d{4}-\d\d-\d\d )?\d\d:\d\d\.$/m);
    assert.doesNotMatch(r.err, /waiting/);
    assert.doesNotMatch(r.err, /partial|resume/);
    assert.ok(!fs.existsSync(path.join(dir, 'hour.json')) && !fs.existsSync(path.join(dir, 'hour.partial.json')), 'nothing fetched: no file');
    noStack(r.err);
  });
  it('a failed run that fetched nothing is recognised as failed by --continue', async () => {
    const r = await cli(['run', 'hour.wikiq', '--max-wait', '0.1']);
    assert.equal(r.code, 1);
    write('failed.json', r.out);
    const again = await cli(['run', 'hour.wikiq', '--continue', 'failed.json']);
    assert.equal(again.code, 1);
    assert.match(again.err, /That run failed before anything was fetched \(.*the wiki asked to wait 1 h.*\): there is nothing to resume; run it again without --continue\./);
  });
  it('a megabyte continue value: every stderr line stays short, the JSON output keeps it whole', async () => {
    const big = 'z'.repeat(1_000_000);
    routes.set('longc', (_q, res, p) => (p.get('aicontinue') ? json(res, { batchcomplete: true, query: { allimages: [{ name: 'B' }] } })
      : json(res, { continue: { aicontinue: big, continue: '-||' }, query: { allimages: [{ name: 'A' }] } })));
    const r = await cli(['run', write('longc.wikiq', req('longc')), '--all']);
    assert.equal(r.code, 2, r.err.slice(0, 500));
    for (const line of r.err.split('\n')) assert.ok(line.length < 1000, `a stderr line of ${line.length} characters: ${line.slice(0, 200)}`);
    assert.match(r.err, /characters left out/);
    assert.equal(JSON.parse(r.out).continue.aicontinue, big);
    noStack(r.err);
  });
  it('refuses user:pass@ in the endpoint and never echoes it', async () => {
    const r = await cli(['run', write('cred.wikiq', `@endpoint = ${base.replace('//', '//bob:hunter2@')}/paged/api.php\n### R\naction = query\nlist = allimages\n`), '--format', 'json']);
    assert.equal(r.code, 1);
    assert.match(r.err, /cred\.wikiq:1: The endpoint http:\/\/127\.0\.0\.1:\d+\/paged\/api\.php has a user name or password in it \(user:pass@\): wikiq sends no credentials in URLs; remove them\./);
    assert.doesNotMatch(r.out + r.err, /hunter2|bob/);
    const forced = await cli(['run', 'all.wikiq', '--endpoint', `${base.replace('//', '//bob:hunter2@')}/paged/api.php`]);
    assert.equal(forced.code, 1);
    assert.doesNotMatch(forced.out + forced.err, /hunter2|bob/);
  });
  it('a page id listed again by a later generator batch is one page in JSON, CSV and NDJSON', async () => {
    routes.set('gen', (_q, res, p) => json(res, p.get('gapcontinue')
      ? { batchcomplete: true, query: { pages: [{ pageid: 5, ns: 0, title: 'Five', categories: [{ title: 'Category:B' }] }, { pageid: 7, ns: 0, title: 'Seven' }] } }
      : { batchcomplete: true, continue: { gapcontinue: 'Seven', continue: 'gapcontinue||' }, query: { pages: [{ pageid: 5, ns: 0, title: 'Five', categories: [{ title: 'Category:A' }] }] } }));
    write('gen.wikiq', req('gen', 'action = query\ngenerator = allpages\nprop = categories'));
    const j = await cli(['run', 'gen.wikiq', '--all']);
    assert.equal(j.code, 0, j.err);
    assert.deepEqual(JSON.parse(j.out).query.pages.map((x: { pageid: number }) => x.pageid), [5, 7]);
    const csv = await cli(['run', 'gen.wikiq', '--all', '--format', 'csv']);
    assert.deepEqual(csv.out.split('\r\n').slice(1).filter(Boolean).map((l) => l.split(',')[0]), ['5', '7']);
    for (const args of [[], ['--out', 'gen.ndjson']]) {
      const n = await cli(['run', 'gen.wikiq', '--all', '--format', 'ndjson', ...args]);
      assert.equal(n.code, 0, n.err);
      const text = args.length ? fs.readFileSync(path.join(dir, 'gen.ndjson'), 'utf8').trim() : n.out;
      assert.deepEqual(text.split('\n').map((l) => JSON.parse(l).pageid), [5, 7], args.join(' ') || 'stdout');
      assert.match(n.err, /page 5 \(Five\) came again in batch 2/);
    }
  });
  it('--max-batches: exit 2; --out FILE is FILE with data only, the state on stderr (was files.partial.csv with a "# partial" row)', async () => {
    const r = await cli(['run', 'all.wikiq', '--all', '--max-batches', '2', '--format', 'csv', '--out', 'files.csv']);
    assert.equal(r.code, 2);
    assert.match(r.err, /^wrote files\.csv \(partial\)$/m);
    assert.match(r.err, /stopped after 2 batches \(--max-batches\); resume with --continue '\{"aicontinue":"4","continue":"-\|\|"\}'/);
    const csv = fs.readFileSync(path.join(dir, 'files.csv'), 'utf8').split('\r\n');
    assert.equal(csv[0], 'name,title,ns', 'allimages in its usual column order, as the results view shows it');
    assert.deepEqual(csv.slice(1), ['F0,File:F0,6', 'F1,File:F1,6', 'F2,File:F2,6', 'F3,File:F3,6', '']);
    assert.ok(!fs.existsSync(path.join(dir, 'files.partial.csv')));
  });
  it('--format ndjson streams to stdout, and into a file atomically', async () => {
    const writes: string[] = [];
    const r = await cli(['run', 'all.wikiq', '--all', '--format', 'ndjson'], { out: (s) => writes.push(s) });
    assert.equal(r.code, 0);
    assert.deepEqual(writes.join('\n').split('\n').map((l) => JSON.parse(l).name), ['F0', 'F1', 'F2', 'F3', 'F4', 'F5']);
    assert.equal(writes.length, 3, 'one write a batch (3 batches of 2), not one a record');
    const f = await cli(['run', 'all.wikiq', '--all', '--format', 'ndjson', '--out', 'out/files.ndjson']);
    assert.equal(f.code, 0);
    assert.match(f.err, /wrote 6 records to out\/files\.ndjson/);
    assert.equal(fs.readFileSync(path.join(dir, 'out/files.ndjson'), 'utf8').trim().split('\n').length, 6);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'out')), ['files.ndjson'], 'no temp file left');
    const p = await cli(['run', 'flaky.wikiq', '--all', '--format', 'ndjson', '--out', 'out/flaky.ndjson']);
    assert.equal(p.code, 2);
    const lines = fs.readFileSync(path.join(dir, 'out/flaky.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => l.name), ['F0', 'F1', 'F2', 'F3'], 'data only: no {"_partial":…} record');
    assert.match(p.err, /resume with --continue '\{"aicontinue":"4","continue":"-\|\|"\}'/);
  });
  /** The same request run by the engine without streaming: the value `--format json` must give. */
  const merged = async (name: string) => {
    const session = new RunSession(resolveRequest(fs.readFileSync(path.join(dir, name), 'utf8'), { index: 0 }, { catalogue: bundledCatalogue() }), new HttpClient(), { all: true, maxlag: 0 });
    return { state: await session.run(), result: session.result() };
  };
  it('--format json streams a large pull as it arrives: valid JSON, the value of the non-streamed merge', async () => {
    const outAt: number[] = [];
    let printed = 0;
    routes.set('bulk', (_q, res, p) => {
      const c = Number(p.get('aicontinue') ?? 0);
      outAt.push(printed);
      json(res, { ...(c < 19_500 ? { continue: { aicontinue: String(c + 500), continue: '-||' } } : { batchcomplete: true }),
        query: { allimages: Array.from({ length: 500 }, (_, i) => ({ name: `F${c + i}`, size: c + i, meta: { a: [c, i], s: 'x"\n' } })) } });
    });
    const r = await cli(['run', write('bulk.wikiq', req('bulk')), '--all'], {
      out: (t) => {
        printed += t.length;
        outs.push(t);
      },
    });
    assert.equal(r.code, 0, r.err);
    assert.ok(outAt[1] > 0 && outAt[39] > outAt[38], `the records of each batch are out before the next is asked for (${outAt.slice(0, 3)})`);
    const j = JSON.parse(outs.splice(0).join('\n'));
    const { result } = await merged('bulk.wikiq');
    assert.deepEqual([j.batches, j.complete, j.continue, j.query.allimages.length], [40, true, null, 20_000]);
    assert.deepEqual(j.query, result.query);
  });
  // Generator pages merged per batchcomplete, a second list (held to the end), an empty list, a repeated array; formatversion 1 and 2; an error in the last batch.
  const mix = (v1: boolean, fail: boolean): Route => (_q, res, p) => {
    const i = Number(p.get('mixcontinue') ?? 0);
    const pages = [[{ pageid: 1, title: 'P1', categories: [{ title: 'C1' }] }, { pageid: 2, title: 'P2' }], [{ pageid: 1, title: 'P1', categories: [{ title: 'C2' }] }, { pageid: 2, title: 'P2' }], [{ pageid: 3, title: 'P3' }, { ns: 0, title: 'Nope', missing: true }]][i];
    if (i === 2 && fail) return json(res, { errors: [{ code: 'internal_api_error', text: 'boom' }] });
    json(res, { ...(i ? { batchcomplete: true } : {}), ...(i < 2 ? { continue: { mixcontinue: String(i + 1), continue: '||' } } : {}), query: {
      normalized: [{ from: 'p1', to: 'P1' }], pages: v1 ? Object.fromEntries(pages.map((x, k) => [String(x.pageid ?? -1 - k), x])) : pages, allusers: i < 2 ? [{ name: `U${i}` }] : [], none: [],
    } });
  };
  for (const [v1, fail] of [[false, false], [true, false], [false, true]]) {
    it(`--format json streams generator pages and several lists${v1 ? ' (formatversion 1)' : ''}${fail ? ', failing at the last batch: still valid JSON, partial, resumable' : ''}`, async () => {
      const route = `mix${v1 ? 1 : 2}${fail ? 'f' : ''}`;
      routes.set(route, mix(v1, fail));
      write(`${route}.wikiq`, req(route, `action = query\ngenerator = allpages\nprop = categories\nlist = allusers${v1 ? '\nformatversion = 1' : ''}`));
      const r = await cli(['run', `${route}.wikiq`, '--all', '--out', `${route}.json`]);
      assert.equal(r.code, fail ? 2 : 0, r.err);
      const j = JSON.parse(fs.readFileSync(path.join(dir, `${route}.json`), 'utf8'));
      assert.equal(j.status, fail ? 'partial' : 'complete');
      const { state, result } = await merged(`${route}.wikiq`);
      assert.deepEqual([j.batches, j.complete, j.continue, j.errors.map((e: { code: string }) => e.code)], fail ? [2, false, { mixcontinue: '2', continue: '||' }, ['internal_api_error']] : [3, true, null, []]);
      assert.deepEqual(j.continue, state.continue);
      assert.deepEqual(j.query, result.query);
      assert.deepEqual(Object.keys(j.query.pages).length, fail ? 2 : 4);
    });
  }
  it('--format table prints aligned columns; stderr says more results exist and how to get them', async () => {
    const r = await cli(['run', 'all.wikiq', '--format', 'table']);
    assert.equal(r.code, 0);
    assert.equal(r.out, 'allimages (2)\nname  title    ns\n----  -------  --\nF0    File:F0   6\nF1    File:F1   6');
    assert.equal(r.err, `wikiq: partial: 1 batch, 2 records; more with --all, or resume with --continue '{"aicontinue":"2","continue":"-||"}'`);
  });
  it('reads an environment from .vscode/settings.json (with comments) beside the file', async () => {
    write('env/.vscode/settings.json', `{\n  // the wikis\n  "wikiq.environments": {\n    "local": { "endpoint": "${base}/paged/api.php", "variables": { "n": 2, } },\n  },\n}`);
    write('env/q.wikiq', '### R\naction = query\nlist = allimages\nailimit = {{n}}\n');
    const r = await cli(['run', 'env/q.wikiq', '--env', 'local']);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).request.ailimit, '2');
    const missing = await cli(['run', 'env/q.wikiq', '--env', 'prod']);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /No environment 'prod' in .*settings\.json \(it has local\)/);
    const cfg = await cli(['run', 'env/q.wikiq', '--env', 'local', '--config', 'nowhere.json']);
    assert.match(cfg.err, /Cannot read environments from nowhere\.json: no such file/);
  });
  it('refuses a write without a terminal (no --yes, no --dry-run): exit 2, nothing sent, not even its preview', async () => {
    const before = hits.length;
    const r = await cli(['run', write('edit.wikiq', req('paged', 'action = edit\ntitle = X\ntext = y'))]);
    assert.equal(r.code, 2);
    assert.match(r.err, /edit\.wikiq writes to the wiki and there is no terminal to confirm on .*nothing was sent\. Pass --dry-run to preview it, or --yes/);
    assert.equal(hits.length, before);
  });
  it('says what is wrong with its arguments', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['run'], /wikiq run takes one file/],
      [['run', 'a', 'b'], /takes one file, not 2/],
      [['frobnicate'], /Unknown command 'frobnicate'/],
      [['run', 'all.wikiq', '--bogus'], /Unknown option --bogus/],
      [['run', 'all.wikiq', '--max-batches', 'x'], /--max-batches takes a whole number of at least 1, not 'x'/],
      [['run', 'all.wikiq', '--format', 'xml'], /--format is table, json, ndjson or csv, not 'xml'/],
      [['run', 'all.wikiq', '--request', 'Nope'], /No request is named 'Nope'. Requests: 'R' \(1\)/],
      [['run', 'all.wikiq', '--continue', '{"x":'], /--continue value: not a continue object .* or a file wikiq wrote: the JSON output \(--format json\) or a --status-file\.\n/],
      [['check'], /wikiq check needs at least one file/],
      [['check', 'all.wikiq', '--catalogue', 'other'], /--catalogue is bundled or live, not 'other'/],
    ];
    for (const [args, re] of cases) {
      const r = await cli(args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.err, re, args.join(' '));
      noStack(r.err);
    }
    assert.equal((await cli(['--help'])).code, 0);
    assert.equal((await cli([])).code, 1);
  });
  /** `dist/cli.js` as a real process; `exited` gives its status (or the signal that killed it). */
  const spawnCli = (args: string[]) => h.spawnCli(args);
  const text = (b: Buffer[]) => Buffer.concat(b).toString();

  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    it(`${sig} after a batch keeps the partial result and says how to resume: exit 2 (was a bare 143 for SIGTERM)`, async () => {
      let second: () => void = () => undefined;
      const secondAsked = new Promise<void>((r) => (second = r));
      routes.set('hang', (q, res, p) => {
        if (p.get('aicontinue')) second(); // never answered
        else paged(q, res, p);
      });
      const p = spawnCli(['run', write('hang.wikiq', req('hang')), '--all', '--timeout', '20']);
      await secondAsked;
      const started = Date.now();
      p.child.kill(sig);
      assert.equal(await p.exited, 2, text(p.err));
      assert.ok(Date.now() - started < 5000, 'stopped promptly');
      const j = JSON.parse(text(p.out));
      assert.deepEqual([j.batches, j.complete, j.continue, j.query.allimages.length], [1, false, { aicontinue: '2', continue: '-||' }, 2]);
      assert.equal(j.errors[0].code, 'cancelled');
      assert.match(text(p.err), new RegExp(`wikiq: Cancelled \\(${sig}\\)\\.\\nwikiq: partial result after 1 batch; resume with --continue '\\{"aicontinue":"2","continue":"-\\|\\|"\\}'`));
      noStack(text(p.err));
    });
    it(`${sig} before anything arrives: exit 1, nothing received, no bare 130/143`, async () => {
      let asked: () => void = () => undefined;
      const firstAsked = new Promise<void>((r) => (asked = r));
      routes.set('silent', () => asked()); // never answered
      const p = spawnCli(['run', write('silent.wikiq', req('silent')), '--format', 'ndjson']);
      await firstAsked;
      p.child.kill(sig);
      assert.equal(await p.exited, 1, text(p.err));
      assert.equal(text(p.out), '');
      assert.match(text(p.err), new RegExp(`^wikiq: Cancelled \\(${sig}\\)\\.\\nwikiq: nothing was received\\.\\n$`));
    });
  }
  it('SIGTERM while check loads a live catalogue: exit 1 saying nothing was checked (was a bare 143)', async () => {
    let asked: () => void = () => undefined;
    const firstAsked = new Promise<void>((r) => (asked = r));
    routes.set('slowcat', () => asked()); // never answered
    const p = spawnCli(['check', write('slowcat.wikiq', req('slowcat')), '--catalogue', 'live', '--cache-dir', path.join(dir, 'slowcat-cache')]);
    await firstAsked;
    p.child.kill('SIGTERM');
    assert.equal(await p.exited, 1, text(p.err));
    assert.equal(text(p.out), '');
    assert.equal(text(p.err), 'wikiq: Cancelled (SIGTERM) while loading catalogues; nothing was checked.\n');
  });
  it('SIGTERM while streaming NDJSON into a file: the partial file written under its name, data only, exit 2', async () => {
    let second: () => void = () => undefined;
    const secondAsked = new Promise<void>((r) => (second = r));
    routes.set('hang2', (q, res, p) => (p.get('aicontinue') ? second() : paged(q, res, p)));
    const p = spawnCli(['run', write('hang2.wikiq', req('hang2')), '--all', '--format', 'ndjson', '--out', 'term/files.ndjson']);
    await secondAsked;
    p.child.kill('SIGTERM');
    assert.equal(await p.exited, 2, text(p.err));
    const lines = fs.readFileSync(path.join(dir, 'term/files.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines, [{ name: 'F0', ns: 6, title: 'File:F0' }, { name: 'F1', ns: 6, title: 'File:F1' }]);
    assert.match(text(p.err), /wrote 2 records to term\/files\.ndjson \(partial\)/);
    assert.match(text(p.err), /resume with --continue/);
  });

  it('a reader that closes the pipe early (| head -1) ends every command and format quietly: exit 0 (was EPIPE and a stack trace)', async () => {
    routes.set('big', (_q, res) => json(res, { batchcomplete: true, query: { allimages: Array.from({ length: 20000 }, (_, i) => ({ name: `File ${i}.png`, ns: 6, title: `File:File ${i}.png`, size: i })) } }));
    write('big.wikiq', req('big'));
    write('many.wikiq', `### R\naction = query\nlist = allimages\n${Array.from({ length: 3000 }, (_, i) => `aibogus${i} = 1`).join('\n')}\n`);
    const cases = [
      ...['json', 'table', 'csv', 'ndjson'].map((f) => ['run', 'big.wikiq', '--format', f]),
      ['check', 'many.wikiq'], ['check', 'many.wikiq', '--format', 'sarif'],
    ];
    for (const args of cases) {
      const p = spawnCli(args);
      await new Promise<void>((r) => p.child.stdout!.once('data', () => r()));
      p.child.stdout!.destroy(); // the reader goes away, as head does after its first line
      assert.equal(await p.exited, 0, `${args.join(' ')}: ${text(p.err)}`);
      assert.doesNotMatch(text(p.err), /EPIPE|Unhandled|\n\s+at /, args.join(' '));
    }
  });

  it('an API error on the first batch: exit 1 in every format, the error and its line on stderr, nothing misleading on stdout (was exit 2, `{}` or a partial marker)', async () => {
    routes.set('apierr', (_q, res) => json(res, { errors: [{ code: 'badvalue', text: 'Unrecognized value for parameter "list": allimagez.', module: 'main' }], docref: 'See api.php.' }));
    write('apierr.wikiq', req('apierr', 'action = query\nlist = allimagez'));
    for (const format of ['json', 'table', 'csv', 'ndjson']) {
      const r = await cli(['run', 'apierr.wikiq', '--format', format]);
      assert.equal(r.code, 1, format);
      assert.match(r.err, /^wikiq: apierr\.wikiq:4: the API at http:\/\/127\.0\.0\.1:\d+\/apierr\/api\.php answered error "badvalue": Unrecognized value for parameter "list": allimagez\.\nwikiq: nothing was received\.$/, format);
      if (format !== 'json') assert.equal(r.out, '', format);
      else {
        const j = JSON.parse(r.out);
        assert.deepEqual([j.batches, j.complete, j.errors[0].code, j.errors[0].line], [0, false, 'badvalue', 4], 'JSON lines count from 1, like stderr');
      }
    }
  });

  describe('wikiq check for CI', () => {
    const typo = () => write('typo.wikiq', '### R\naction = query\nlist = allimages\nailimt = 5\n');
    it('--strict and --max-warnings fail on warnings such as a misspelt parameter (was exit 0)', async () => {
      typo();
      const plain = await cli(['check', 'typo.wikiq']);
      assert.equal(plain.code, 0);
      assert.equal(plain.out.split('\n').at(-1), '1 file: 0 errors, 1 warning');
      assert.match(plain.out, /^typo\.wikiq:4:1 warning unknown-parameter /);
      const strict = await cli(['check', 'typo.wikiq', '--strict']);
      assert.equal(strict.code, 1, strict.err);
      assert.match(strict.out, /typo\.wikiq:4:1 warning unknown-parameter/);
      assert.match(strict.err, /1 warning, more than the 0 allowed \(--strict\)/);
      assert.equal((await cli(['check', 'typo.wikiq', '--max-warnings', '1'])).code, 0);
      assert.equal((await cli(['check', 'typo.wikiq', 'all.wikiq', '--max-warnings', '0'])).code, 1);
    });
    it('refuses flags it does not take, and reads --env like run (variables are then defined)', async () => {
      for (const flag of ['--all', '--request', '--wide']) {
        const r = await cli(['check', 'typo.wikiq', flag, ...(flag === '--request' ? ['1'] : [])]);
        assert.equal(r.code, 1, flag);
        assert.match(r.err, new RegExp(`Unknown option ${flag} for wikiq check`));
      }
      const undefinedVar = await cli(['check', 'env/q.wikiq']);
      assert.equal(undefinedVar.code, 1);
      assert.match(undefinedVar.out, /undefined-variable/);
      const withEnv = await cli(['check', 'env/q.wikiq', '--env', 'local']);
      assert.equal(withEnv.code, 0, withEnv.out + withEnv.err);
      assert.equal(withEnv.out, '1 file: 0 errors, 0 warnings');
    });
    it('--format json: 1-based positions and a summary; --format sarif: SARIF 2.1.0 with the codes table as rules', async () => {
      write('two.wikiq', '### R\naction = query\nlist = allimagez\n');
      const j = await cli(['check', 'typo.wikiq', 'two.wikiq', '--format', 'json']);
      const report = JSON.parse(j.out);
      assert.deepEqual([report.files, report.errors, report.warnings], [2, 0, 2]);
      assert.deepEqual(report.diagnostics[0], { file: 'typo.wikiq', startLine: 4, startColumn: 1, endLine: 4, endColumn: 7, severity: 'warning', code: 'unknown-parameter', message: report.diagnostics[0].message });
      assert.equal(j.err, '2 files: 0 errors, 2 warnings');
      const s = await cli(['check', 'typo.wikiq', 'two.wikiq', '--format', 'sarif']);
      assert.equal(s.code, 0);
      const log = JSON.parse(s.out);
      // The published SARIF 2.1.0 schema (OASIS; test/fixtures/sarif-2.1.0-rtm.5.json, as shipped in
      // the npm package @microsoft/jest-sarif) with a maintained validator (ajv, draft-04 flavour).
      const validate = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'sarif-2.1.0-rtm.5.json'), 'utf8')));
      const valid = validate(JSON.parse(s.out));
      assert.ok(valid, JSON.stringify(validate.errors?.slice(0, 5)));
      assert.equal(validate({ version: '2.1.0', runs: [{ results: [] }] }), false, 'the schema refuses a run without a tool');
      assert.equal(log.version, '2.1.0');
      assert.match(log.$schema, /sarif-2\.1\.0/);
      assert.equal(log.runs.length, 1);
      const driver = log.runs[0].tool.driver;
      assert.equal(driver.name, 'wikiq');
      const ids = driver.rules.map((r: { id: string }) => r.id);
      for (const id of ['unknown-parameter', 'unknown-module', 'undefined-variable', 'syntax-missing-equals']) assert.ok(ids.includes(id), id);
      for (const rule of driver.rules) {
        assert.equal(typeof rule.shortDescription.text, 'string');
        assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level), rule.id);
      }
      assert.equal(log.runs[0].results.length, 2);
      for (const r of log.runs[0].results) {
        assert.equal(driver.rules[r.ruleIndex].id, r.ruleId);
        assert.ok(['error', 'warning', 'note'].includes(r.level));
        assert.equal(typeof r.message.text, 'string');
        const loc = r.locations[0].physicalLocation;
        assert.ok(['typo.wikiq', 'two.wikiq'].includes(loc.artifactLocation.uri), 'relative URI');
        for (const k of ['startLine', 'startColumn', 'endLine', 'endColumn']) assert.ok(Number.isInteger(loc.region[k]) && loc.region[k] >= 1, k);
      }
      assert.deepEqual(log.runs[0].results[1].locations[0].physicalLocation.region, { startLine: 3, startColumn: 8, endLine: 3, endColumn: 17 });
    });
  });

  it('--format table fits the terminal, right-aligns numbers and shows paraminfo as a reference; --wide keeps everything', async () => {
    routes.set('wide', (_q, res) => json(res, { batchcomplete: true, query: { allimages: [{ name: 'A'.repeat(120), size: 5, url: 'https://x.test/' + 'b'.repeat(100) }, { name: 'B', size: 12345, url: 'u' }] } }));
    write('wide.wikiq', req('wide'));
    const r = await cli(['run', 'wide.wikiq'], { stdoutTty: true, columns: 60 });
    assert.equal(r.code, 0);
    const rows = r.out.split('\n');
    assert.ok(rows.every((l) => l.length <= 60), r.out);
    assert.match(rows[3], /^A+… +5 +https:\/\/x\.test\/b+…$/);
    assert.match(rows[4], /^B +12345 +u$/);
    const wide = await cli(['run', 'wide.wikiq', '--format', 'table', '--wide']);
    assert.ok(wide.out.includes('A'.repeat(120)) && wide.out.includes('b'.repeat(100)));
    routes.set('pi', (_q, res) => json(res, { paraminfo: { modules: [{ name: 'allimages', path: 'query+allimages', group: 'list', prefix: 'ai', source: 'MediaWiki', parameters: [
      { name: 'limit', type: 'limit', default: 10, min: 1, max: 500, highmax: 5000, description: 'x'.repeat(300) },
      { name: 'prop', type: ['timestamp', 'url'], multi: true, default: 'timestamp', lowlimit: 50, highlimit: 500 },
    ] }] } }));
    const pi = await cli(['run', write('pi.wikiq', req('pi', 'action = paraminfo\nmodules = query+allimages')), '--format', 'table', '--table', 'parameters'], { columns: 120 });
    assert.equal(pi.out.split('\n').slice(1, 5).join('\n'), [
      'module           parameter  type                   default    limits',
      '---------------  ---------  ---------------------  ---------  ----------------------------------',
      'query+allimages  ailimit    limit                  10         1–500 (5000 with higher rights)',
      'query+allimages  aiprop     timestamp|url (multi)  timestamp  50 values (500 with higher rights)',
    ].join('\n'));
  });
});
