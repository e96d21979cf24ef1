/**
 * `npm start -- --once` as a new user's first command, headless (no TTY, stdin closed): it starts the
 * demo wiki, prints a table for every request of examples/, tells where to go next, stops the wiki and
 * exits 0. Without --once the wiki stays up after the tables until Ctrl-C. WIKIQ_DEMO_PORT keeps
 * both off 8080.
 */
import assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { ensureTemplate, freePort, portIsFree } from './harness';

const root = path.resolve(__dirname, '../../..');

/** `### name` of every request in examples/*.wikiq, as `file · name`, in the order npm start runs them. */
function exampleRequests(): string[] {
  const dir = path.join(root, 'examples');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.wikiq')).sort().flatMap((f) =>
    [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^###[ \t]*(.*?)[ \t]*$/gm)].map((m) => `examples/${f} · ${m[1]}`),
  );
}

function npmStart(port: number): Promise<{ code: number | null; out: string }> {
  const child = spawn('npm', ['start', '--', '--once'], { cwd: root, env: { ...process.env, WIKIQ_DEMO_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  for (const s of [child.stdout, child.stderr]) s.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}

/** scripts/start.mjs without --once; resolves once it says the wiki stays up. */
function startUntilCtrlC(port: number): Promise<{ child: ChildProcess; out: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, WIKIQ_DEMO_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    for (const s of [child.stdout, child.stderr]) {
      s.on('data', (d: Buffer) => {
        out += d.toString();
        if (/stays up until Ctrl-C/.test(out)) resolve({ child, out: () => out, exited });
      });
    }
    void exited.then((code) => reject(new Error(`npm start ended (${code}) before saying the wiki stays up:\n${out}`)));
  });
}

describe('npm start -- --once', () => {
  let port: number;
  let run: { code: number | null; out: string };
  before(async () => {
    await ensureTemplate();
    port = await freePort();
    run = await npmStart(port);
  });

  it('exits 0 after running every request of examples/', () => {
    assert.equal(run.code, 0, run.out);
    assert.match(run.out, new RegExp(`running at http://127\\.0\\.0\\.1:${port}/api\\.php`));
    const requests = exampleRequests();
    assert.ok(requests.length >= 5, requests.join(', '));
    assert.match(run.out, new RegExp(`Ran ${requests.length} of the ${requests.length} requests in examples/`));
  });

  it('prints a table under each request', () => {
    const requests = exampleRequests();
    for (const [i, r] of requests.entries()) {
      const start = run.out.indexOf(`── ${r}\n`);
      assert.ok(start >= 0, `no heading for ${r}:\n${run.out}`);
      const next = i + 1 < requests.length ? run.out.indexOf(`── ${requests[i + 1]}\n`, start) : run.out.indexOf('\nRan ', start);
      const section = run.out.slice(start, next);
      // A table: its name and row count, the column names, the rule under them, at least one row.
      assert.match(section, /^\S+ \(\d+\)\n.+\n-+(?: {2}-+)*\n.+/m, `no table for ${r}:\n${section}`);
    }
    assert.match(run.out, /^allimages \(20\)$/m, 'examples/files.wikiq · Newest files lists 20 files');
  });

  it('checks examples/checks.wikiq with wikiq test: every assertion holds on the demo wiki', () => {
    const at = run.out.indexOf('── wikiq test examples/checks.wikiq\n');
    assert.ok(at >= 0, run.out);
    const section = run.out.slice(at, run.out.indexOf('\nRan ', at));
    assert.match(section, /✓ Every file is a PNG in the File namespace {2}\(complete, 3 batches, 140 records, \d+ ms\)/);
    assert.match(section, /\n2 requests: 2 passed, 0 failed \(13 assertions: 13 held, 0 failed\)/);
  });

  it('says where to go next, and stops the wiki', async () => {
    assert.match(run.out, /open this folder in VS Code and press F5/);
    assert.match(run.out, /examples\/ point at http:\/\/127\.0\.0\.1:8080\/api\.php/);
    assert.equal(await portIsFree(port), true, `nothing listens on ${port} after --once`);
    const dir = run.out.match(/Files and database: (\S+)/)?.[1];
    assert.ok(dir && !fs.existsSync(dir), `the wiki's directory (${dir}) is removed`);
  });
});

describe('npm start (no --once)', () => {
  it('keeps the wiki answering after the tables, and Ctrl-C stops it', async () => {
    await ensureTemplate();
    const port = await freePort();
    const { child, out, exited } = await startUntilCtrlC(port);
    const res = await fetch(`http://127.0.0.1:${port}/api.php?action=query&meta=siteinfo&format=json&formatversion=2`);
    assert.equal(res.status, 200);
    assert.ok((await res.json()).query.general.generator, 'the wiki answers');
    assert.match(out(), /Press Ctrl-C to stop it/);
    child.kill('SIGINT');
    assert.equal(await exited, 0, out());
    assert.equal(await portIsFree(port), true, `nothing listens on ${port} after Ctrl-C`);
  });
});
