// Memory added by opening a document in a language server, measured the same way for every server
// (bench-lsp.mjs: the wikiq server on the 10,000-line .wikiq file, the JSON server on the same data
// as JSON). Each server runs as a plain node process, started fresh for each measurement as
// `node --expose-gc --require scripts/bench-memory-probe.cjs <server> --stdio`, in this process's
// environment and none of its own (as users start the wikiq server: `node dist/server.js --stdio`).
//
// What is measured: the process's resident set size (VmRSS in /proc/<pid>/status, read from
// outside) and, for context, the V8 heap in use (the probe's process.memoryUsage()), each right
// after a full garbage collection the probe runs on request, so neither counts garbage the server
// has not collected yet. "Before": once a small document of the same kind has been opened, its
// diagnostics received, a completion asked in it, and closed again, and the server left alone for
// a moment, so the one-off costs any first file pays (loading modules and the catalogue, compiled
// code) are not counted as the big file's. "After": the big document opened and its diagnostics
// received (the server has parsed and validated it and holds what it keeps for it), then the same
// pause. Added = after − before, each the median of three samples.
//
// The resident figure counts what the process keeps, not only what the document's objects take:
// the young-generation pages V8 touched while the server parsed and validated (a full collection
// does not give them back; V8's memory reducer may, once the process idles) and what glibc's malloc
// arenas keep for V8's compiler threads. The V8 heap in use (printed beside it) is what the live
// objects take.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { median } from './bench-util.mjs';

const probe = new URL('bench-memory-probe.cjs', import.meta.url).pathname;
const SETTLE_MS = 400;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident set size of a process from /proc, in bytes (undefined where there is no /proc). */
function vmRss(pid) {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` while `proc` runs, then ends `proc`. If `proc` ends first (it crashed, or something
 * outside ended it), the bench stops with an error instead of waiting for a message that will not
 * come (which would leave node nothing to wait for: it would exit with status 13, saying nothing).
 */
export async function whileAlive(proc, name, work) {
  const died = (code, signal) => {
    console.error(`bench: ${name} (pid ${proc.pid}) exited early (${signal ?? `status ${code}`})`);
    process.exit(1);
  };
  proc.once('exit', died);
  try {
    return await work();
  } finally {
    proc.removeListener('exit', died);
    proc.kill();
  }
}

/**
 * Starts `server.args` under the probe, opens `small` then `big` through the session
 * `server.connect(proc)` gives ({ open(uri, text): Promise once diagnosed, complete(uri, position),
 * close(uri), stop() }), and returns { rss, heap }: the bytes added by opening `big`.
 */
export async function memoryAddedByOpening(server, small, big) {
  const proc = spawn(process.execPath, ['--expose-gc', '--require', probe, ...server.args], { stdio: ['pipe', 'pipe', 'inherit', 'pipe'] });
  const answers = [];
  let waiting;
  let buffered = '';
  proc.stdio[3].on('data', (chunk) => {
    buffered += chunk;
    for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
      answers.push(JSON.parse(buffered.slice(0, i)));
      buffered = buffered.slice(i + 1);
      waiting?.();
    }
  });
  const collected = async () => {
    proc.stdio[3].write('gc\n');
    while (answers.length === 0) await new Promise((r) => (waiting = r));
    return answers.shift();
  };
  const sample = async () => {
    const rss = [];
    const heap = [];
    for (let k = 0; k < 3; k++) {
      const usage = await collected();
      rss.push(vmRss(proc.pid) ?? usage.rss);
      heap.push(usage.heapUsed);
      await sleep(100);
    }
    return { rss: median(rss), heap: median(heap) };
  };
  return whileAlive(proc, server.name, async () => {
    const session = await server.connect(proc);
    await session.open(small.uri, small.text);
    await session.complete(small.uri, small.position);
    await session.close(small.uri);
    await sleep(SETTLE_MS);
    const before = await sample();
    await session.open(big.uri, big.text);
    await sleep(SETTLE_MS);
    const after = await sample();
    await session.stop();
    return { rss: after.rss - before.rss, heap: after.heap - before.heap };
  });
}

/**
 * `rounds` measurements of each server, interleaved (a, b, a, b, …) so both see the same machine;
 * returns, per server, the median and range of the bytes added.
 */
export async function compareMemory(servers, rounds) {
  const added = servers.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let s = 0; s < servers.length; s++) added[s].push(await memoryAddedByOpening(servers[s].server, servers[s].small, servers[s].big));
  }
  return added.map((xs) => ({
    rss: median(xs.map((x) => x.rss)),
    heap: median(xs.map((x) => x.heap)),
    rssRange: [Math.min(...xs.map((x) => x.rss)), Math.max(...xs.map((x) => x.rss))],
  }));
}
