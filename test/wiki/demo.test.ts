/**
 * `npm run demo-wiki` as a real process (scripts/demo-wiki.mjs): with the template cached it never
 * compiles the whole project (at most the demo and its harness, when their sources look newer than
 * out/ — `tsc -b` leaves out/ untouched when a source's time changes but not its text, so that can
 * happen after a checkout) and answers its first API request within 5 s of being started;
 * its answers carry `debuginfo` only with --debuginfo; Ctrl-C stops it cleanly.
 */
import assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { SEED, ensureTemplate, freePort } from './harness';

const root = path.resolve(__dirname, '../../..');
const FIRST_ANSWER_MS = 5000;

interface Demo {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the first match of re in the output; rejects when the demo ends or at the deadline. */
  waitFor(re: RegExp, deadline: number): Promise<RegExpMatchArray>;
  /** Ctrl-C; resolves with the exit code. */
  stop(): Promise<number | null>;
}

function startDemo(args: string[], port: number): Demo {
  const proc = spawn(process.execPath, ['scripts/demo-wiki.mjs', ...args], { cwd: root, env: { ...process.env, WIKIQ_DEMO_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const listeners = new Set<() => void>();
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const l of listeners) l();
  });
  for (const s of [proc.stdout, proc.stderr]) {
    s.on('data', (d: Buffer) => {
      text += d.toString();
      for (const l of listeners) l();
    });
  }
  return {
    proc,
    output: () => text,
    waitFor(re, deadline) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`no ${re} within the deadline; the demo said:\n${text}`)), Math.max(0, deadline - Date.now()));
        const check = () => {
          const m = text.match(re);
          if (m) done(undefined, m);
          else if (ended) done(new Error(`the demo ended before ${re}; it said:\n${text}`));
        };
        const done = (err?: Error, m?: RegExpMatchArray) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (err) reject(err);
          else resolve(m!);
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (!ended) proc.kill('SIGINT');
      return exited;
    },
  };
}

/** Starts the demo, waits for its "running at" line, asks for five files; returns the answer and the ms since start. */
async function firstAnswer(args: string[]): Promise<{ body: any; ms: number; demo: Demo }> {
  const t0 = Date.now();
  const demo = startDemo(args, await freePort());
  const deadline = t0 + FIRST_ANSWER_MS;
  try {
    const [, endpoint] = await demo.waitFor(/running at (\S+)/, deadline);
    const res = await fetch(`${endpoint}?action=query&list=allimages&ailimit=5&format=json&formatversion=2`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
    assert.equal(res.status, 200);
    return { body: await res.json(), ms: Date.now() - t0, demo };
  } catch (e) {
    await demo.stop();
    throw e;
  }
}

describe('npm run demo-wiki', () => {
  before(async () => {
    await ensureTemplate(); // the test is about a start with the template cached
    for (const f of ['demo.js', 'harness.js']) assert.ok(fs.existsSync(path.join(root, 'out/test/wiki', f)), `compile first (npx tsc -b): out/test/wiki/${f}`);
  });

  it(`answers its first request within ${FIRST_ANSWER_MS / 1000} s of start, without debuginfo`, async (t) => {
    const { body, ms, demo } = await firstAnswer([]);
    t.diagnostic(`first answer ${ms} ms after start`);
    try {
      assert.ok(ms < FIRST_ANSWER_MS, `first answer after ${ms} ms`);
      assert.equal(body.query.allimages.length, 5);
      assert.ok(SEED.files >= 5);
      assert.equal(body.debuginfo, undefined, 'debuginfo without --debuginfo');
    } finally {
      assert.equal(await demo.stop(), 0, demo.output());
    }
    const dir = demo.output().match(/Files and database: (\S+)/)?.[1];
    assert.ok(dir && !fs.existsSync(dir), `Ctrl-C removes the wiki's directory (${dir})`);
  });

  it('adds debuginfo to its answers with --debuginfo', async () => {
    const { body, demo } = await firstAnswer(['--debuginfo']);
    try {
      assert.ok(body.debuginfo, 'debuginfo with --debuginfo');
      assert.match(demo.output(), /include debuginfo/);
    } finally {
      assert.equal(await demo.stop(), 0, demo.output());
    }
  });
});
