// `wikiq mcp` (issue #33), driven by the MCP SDK's own client over stdio, against a loopback server
// of log events (no test wiki needed) and the bundled catalogue:
//   (1) `initialize` answered (spawn to connected) within the command line's own start-up (`wikiq
//       check` of a one-line file, spawn to exit) + 100 ms;
//   (2) check_request on a loaded catalogue (after a first call): median round trip ≤ 20 ms;
//   (3) an agent's pull of 20,000 records through run_request's cursors at the default bound (100
//       records an answer: 200 calls) against `wikiq run --all --format json` of the same records
//       (lelimit=max, 500 a batch): the wiki's requests ≤ wikiq run's + 1, and the time ≤ 1.3× wikiq
//       run's, its start-up (1) taken off.
// Usage: node scripts/bench-mcp.mjs [--runs N]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, runsOption } from './bench-util.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const root = new URL('..', import.meta.url).pathname;
const CLI = join(root, 'dist', 'cli.js');
const RUNS = runsOption(5);
const TOTAL = 20000;
const BATCH = 500;

let requests = 0;
const server = createServer((req, res) => {
  requests++;
  const from = Number(new URL(req.url, 'http://x').searchParams.get('lecontinue') ?? 0);
  const items = [];
  for (let i = from; i < Math.min(TOTAL, from + BATCH); i++) items.push({ logid: i, title: `Page ${i}`, user: `User ${i % 97}`, timestamp: '2026-01-01T00:00:00Z', comment: 'x'.repeat(40) });
  const body = { batchcomplete: true, query: { logevents: items } };
  if (from + BATCH < TOTAL) body.continue = { lecontinue: String(from + BATCH), continue: '-||' };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${server.address().port}/api.php`;
const dir = mkdtempSync(join(tmpdir(), 'wikiq-bench-mcp-'));
const env = { PATH: process.env.PATH, HOME: dir, XDG_CACHE_HOME: dir, WIKIQ_CREDENTIALS: join(dir, 'none.json') };
writeFileSync(join(dir, 'one.wikiq'), 'action = query\nlist = logevents\n');
writeFileSync(join(dir, 'log.wikiq'), `@endpoint = ${endpoint}\naction = query\nlist = logevents\nlelimit = max\n`);

/** Wall time of `node dist/cli.js ARGS` to its exit, in ms. */
function cli(args) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const p = spawn(process.execPath, [CLI, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.resume();
    p.stderr.resume();
    p.on('exit', (code) => (code === 0 ? resolve(performance.now() - t) : reject(new Error(`wikiq ${args.join(' ')}: exit ${code}`))));
  });
}

/** A connected client of `wikiq mcp`, and how long `initialize` took from the spawn. */
async function mcp() {
  const t = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath, args: [CLI, 'mcp', '--endpoint', endpoint, '--catalogue', 'bundled'], env, stderr: 'ignore', cwd: dir,
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  return { client, ms: performance.now() - t };
}

const line = (name, value, ratio, target, ok) => console.log(`${name}: ${value} (${ratio}; target ${target})${ok ? '' : '  ← MISSES TARGET'}`);

/** Pulls every record through run_request's cursors at the default bound; the calls made. */
async function pull(client, request) {
  const seen = new Set();
  let cursor;
  let calls = 0;
  do {
    const r = await client.callTool({ name: 'run_request', arguments: { ...request, ...(cursor ? { cursor } : {}) } });
    calls++;
    if (r.isError) throw new Error(`run_request: ${JSON.stringify(r.content).slice(0, 300)}`);
    for (const rec of r.structuredContent.records) seen.add(rec.logid);
    cursor = r.structuredContent.cursor;
  } while (cursor);
  if (seen.size !== TOTAL) throw new Error(`run_request's cursors gave ${seen.size} records, not ${TOTAL}`);
  return calls;
}

const starts = [];
const inits = [];
const checks = [];
const pulls = [];
const cliRuns = [];
let pullRequests = 0;
let cliRequests = 0;
let calls = 0;
for (let i = 0; i < RUNS; i++) {
  starts.push(await cli(['check', 'one.wikiq']));
  const { client, ms } = await mcp();
  inits.push(ms);
  const request = { params: { action: 'query', list: 'logevents', lelimit: 'max' } };
  await client.callTool({ name: 'check_request', arguments: request }); // the catalogue loaded
  for (let k = 0; k < 20; k++) {
    const t = performance.now();
    await client.callTool({ name: 'check_request', arguments: request });
    checks.push(performance.now() - t);
  }
  let before = requests;
  const t = performance.now();
  calls = await pull(client, request);
  pulls.push(performance.now() - t);
  pullRequests = requests - before;
  await client.close();
  before = requests;
  cliRuns.push(await cli(['run', 'log.wikiq', '--all', '--format', 'json']));
  cliRequests = requests - before;
}
server.close();
rmSync(dir, { recursive: true, force: true });

const start = median(starts);
const init = median(inits);
line('mcp initialize answered (spawn → connected)', `${init.toFixed(0)} ms`, `wikiq check start-up ${start.toFixed(0)} ms, +${(init - start).toFixed(0)} ms`, '≤ start-up + 100 ms', init <= start + 100);
const check = median(checks);
line('check_request on a loaded catalogue (median round trip)', `${check.toFixed(1)} ms`, `p100 ${Math.max(...checks).toFixed(1)} ms`, '≤ 20 ms', check <= 20);
line(`an agent's pull of ${TOTAL.toLocaleString('en')} records through ${calls} run_request cursors: the wiki's requests`, `${pullRequests}`, `wikiq run --all ${cliRequests}`, '≤ wikiq run --all + 1', pullRequests <= cliRequests + 1);
const pulled = median(pulls);
const cliRun = Math.max(1, median(cliRuns) - start);
line(`an agent's pull of ${TOTAL.toLocaleString('en')} records: its time`, `${pulled.toFixed(0)} ms`, `${(pulled / cliRun).toFixed(2)}× wikiq run --all of the same records, ${cliRun.toFixed(0)} ms without its start-up`, '≤ 1.3×', pulled / cliRun <= 1.3);
