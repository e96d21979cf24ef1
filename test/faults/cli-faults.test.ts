/**
 * The `wikiq` command line against a local misbehaving server: exit statuses (0 complete, 2
 * partial, 1 failed), clear one-line messages without stack traces, streaming NDJSON, resuming
 * with --continue, environments from settings.json, and Ctrl+C keeping the partial result (run as
 * a real process).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main, parseJsonc } from '../../cli/src/cli';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, q: URLSearchParams) => void;

const json = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Three batches of two files: F0 F1 | F2 F3 | F4 F5. */
const paged: Handler = (_req, res, q) => {
  const c = Number(q.get('aicontinue') ?? 0);
  json(res, {
    batchcomplete: true,
    ...(c < 4 ? { continue: { aicontinue: String(c + 2), continue: '-||' } } : {}),
    query: { allimages: [{ name: `F${c}`, ns: 6, title: `File:F${c}` }, { name: `F${c + 1}`, ns: 6, title: `File:F${c + 1}` }] },
  });
};

describe('wikiq CLI against a misbehaving server', () => {
  let server: http.Server;
  let base: string;
  let dir: string;
  const routes = new Map<string, Handler>();
  const hits: string[] = [];
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-cli-'));
    server = http.createServer((req, res) => {
      hits.push(req.url!);
      const u = new URL(req.url!, 'http://x');
      const h = routes.get(u.pathname.split('/')[1]);
      if (h) h(req, res, u.searchParams);
      else json(res, { error: { code: 'nope', info: 'no route' } }, 404);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    routes.set('paged', paged);
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const cli = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd: dir });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const write = (name: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
    return name;
  };
  const req = (route: string, body = 'action = query\nlist = allimages') => `@endpoint = ${base}/${route}/api.php\n### R\n${body}\n`;
  const noStack = (s: string) => assert.doesNotMatch(s, /\n\s+at |Error:\s*$/m);

  it('complete run: exit 0 and the documented JSON shape', async () => {
    const r = await cli(['run', write('all.wikiq', req('paged')), '--all']);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.deepEqual(Object.keys(j), ['endpoint', 'request', 'batches', 'complete', 'continue', 'query', 'warnings', 'errors']);
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
  it('Retry-After: 3600 waits at most --max-wait, announced on stderr without a terminal, then fails: exit 1, no file', async () => {
    routes.set('hour', (_q, res) => {
      res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '3600' });
      res.end('<h1>Service Unavailable</h1>');
    });
    const started = Date.now();
    const r = await cli(['run', write('hour.wikiq', req('hour')), '--all', '--max-wait', '0.2', '--out', 'hour.json']);
    assert.ok(Date.now() - started < 3000, 'bounded by --max-wait');
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, /^wikiq: waiting 0\.2 s before retry 1: HTTP 503; the wiki asked to wait 1 h, longer than the longest wait \(0\.2 s\)$/m);
    assert.match(r.err, /still refused after 1 wait/);
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
    assert.match(again.err, /That run failed before anything was fetched \(.*still refused after 1 wait.*\): there is nothing to resume; run it again without --continue\./);
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
  it('--max-batches: exit 2, partial files named so', async () => {
    const r = await cli(['run', 'all.wikiq', '--all', '--max-batches', '2', '--format', 'csv', '--out', 'files.csv']);
    assert.equal(r.code, 2);
    assert.match(r.err, /wrote files\.partial\.csv \(partial\)/);
    assert.match(r.err, /stopped after 2 batches \(--max-batches\)/);
    const csv = fs.readFileSync(path.join(dir, 'files.partial.csv'), 'utf8').split('\r\n');
    assert.equal(csv[0], 'name,title,ns', 'allimages in its usual column order, as the results view shows it');
    assert.equal(csv.length, 1 + 4 + 1 + 1);
    assert.match(csv[5], /^"# partial: continue=/);
    assert.ok(!fs.existsSync(path.join(dir, 'files.csv')));
  });
  it('--format ndjson streams to stdout, and into a file atomically', async () => {
    const r = await cli(['run', 'all.wikiq', '--all', '--format', 'ndjson']);
    assert.equal(r.code, 0);
    assert.deepEqual(r.out.split('\n').map((l) => JSON.parse(l).name), ['F0', 'F1', 'F2', 'F3', 'F4', 'F5']);
    const f = await cli(['run', 'all.wikiq', '--all', '--format', 'ndjson', '--out', 'out/files.ndjson']);
    assert.equal(f.code, 0);
    assert.match(f.err, /wrote 6 records to out\/files\.ndjson/);
    assert.equal(fs.readFileSync(path.join(dir, 'out/files.ndjson'), 'utf8').trim().split('\n').length, 6);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'out')), ['files.ndjson'], 'no temp file left');
    const p = await cli(['run', 'flaky.wikiq', '--all', '--format', 'ndjson', '--out', 'out/flaky.ndjson']);
    assert.equal(p.code, 2);
    const lines = fs.readFileSync(path.join(dir, 'out/flaky.partial.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines.at(-1), { _partial: true, continue: { aicontinue: '4', continue: '-||' } });
    assert.equal(lines.length, 5);
  });
  it('--format table prints aligned columns and says more results exist', async () => {
    const r = await cli(['run', 'all.wikiq', '--format', 'table']);
    assert.equal(r.code, 0);
    assert.equal(r.out.split('\n').slice(0, 4).join('\n'), 'allimages (2)\nname  title    ns\n----  -------  --\nF0    File:F0  6');
    assert.match(r.out, /more results: run with --all/);
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
    assert.deepEqual(parseJsonc('{"a": "// not a comment", /* c */ "b": [1,],}'), { a: '// not a comment', b: [1] });
  });
  it('refuses a write request with a clear message, exit 1, nothing sent', async () => {
    const before = hits.length;
    const r = await cli(['run', write('edit.wikiq', req('paged', 'action = edit\ntitle = X\ntext = y'))]);
    assert.equal(r.code, 1);
    assert.match(r.err, /action=edit \(line 3\) writes to the wiki: wikiq is a read-only tool/);
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
      [['run', 'all.wikiq', '--continue', '{"x":'], /--continue: not JSON/],
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
  it('Ctrl+C stops the real process and keeps the partial result: exit 2', async () => {
    let second: () => void = () => undefined;
    const secondAsked = new Promise<void>((r) => (second = r));
    routes.set('hang', (q, res, p) => {
      if (p.get('aicontinue')) second(); // never answered
      else paged(q, res, p);
    });
    const file = write('hang.wikiq', req('hang'));
    const entry = path.join(__dirname, '..', '..', 'cli', 'src', 'main.js');
    const child = spawn(process.execPath, [entry, 'run', file, '--all', '--timeout', '20'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await secondAsked;
    const started = Date.now();
    child.kill('SIGINT');
    const code = await exited;
    assert.equal(code, 2, err);
    assert.ok(Date.now() - started < 5000, 'stopped promptly');
    const j = JSON.parse(out);
    assert.deepEqual([j.batches, j.complete, j.continue, j.query.allimages.length], [1, false, { aicontinue: '2', continue: '-||' }, 2]);
    assert.equal(j.errors[0].code, 'cancelled');
    assert.match(err, /wikiq: Cancelled\./);
    noStack(err);
  });
});
