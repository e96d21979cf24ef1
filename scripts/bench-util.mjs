// What the benches share: medians and percentiles, the `--runs N` and `--baseline-ref REF` options
// (and the built tree of REF), the completion capabilities VS Code's client declares (so every
// language server is asked as that editor asks), a server's documents, and the edits a language
// server is measured on, and the command line's bulk run against a loopback log-events server.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The bench's `--runs N` (command line), else `fallback`. */
export function runsOption(fallback) {
  const at = process.argv.indexOf('--runs');
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

/** A numeric command-line option of a bench script (`--records 50000`), else the fallback. */
export function numberOption(flag, fallback) {
  const at = process.argv.indexOf(flag);
  const v = at > 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isSafeInteger(v) || v <= 0) throw new Error(`${flag} takes a positive whole number, not '${process.argv[at + 1]}'`);
  return v;
}

/** The bench's `--baseline-ref REF` (command line): a commit to compare some figures with, else undefined. */
export function baselineOption() {
  const at = process.argv.indexOf('--baseline-ref');
  return at > 0 ? process.argv[at + 1] : undefined;
}

/**
 * The folder (ending in `/`) holding commit `ref` of this repository, built (`dist/` and `out/`,
 * with this tree's node_modules): `git archive` into the system's temporary folder, kept there by
 * the commit's hash (what it keys on) so the next run reuses it; delete the folder to build again.
 */
export function baselineTree(ref) {
  const root = new URL('..', import.meta.url).pathname;
  const run = (cmd, args, cwd) => {
    const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (r.status !== 0) {
      console.error(`bench: --baseline-ref ${ref}: \`${cmd} ${args.join(' ')}\` failed (status ${r.status})`);
      process.exit(1);
    }
    return r.stdout;
  };
  const commit = run('git', ['rev-parse', '--verify', `${ref}^{commit}`], root).trim();
  const dir = `${tmpdir()}/wikiq-bench-${commit}/`;
  if (!existsSync(`${dir}.built`)) {
    console.error(`bench: building ${ref} (${commit.slice(0, 7)}) in ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    run('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], root);
    symlinkSync(`${root}node_modules`, `${dir}node_modules`);
    run('node', ['scripts/build.mjs'], dir);
    run('npx', ['tsc', '-b'], dir);
    writeFileSync(`${dir}.built`, `${commit}\n`);
  }
  return dir;
}

/**
 * Prints figures as `name: value (ratio× base; target …)`, with `← MISSES TARGET` where one misses
 * (what `npm run bench` counts). A row: { name, value, ratio?, base? (default 'floor'), target
 * ('—': none), max? (the ratio's bound), ok? (else ratio ≤ max) }.
 */
export function printRows(rows) {
  for (const r of rows) {
    const ok = r.ok ?? (r.max === undefined || r.ratio <= r.max);
    const ratio = r.ratio !== undefined ? `${r.ratio.toFixed(2)}× ${r.base ?? 'floor'}; ` : '';
    console.log(`${r.name}: ${r.value}${ratio || r.target !== '—' ? ` (${ratio}target ${r.target})` : ''}${ok ? '' : '  ← MISSES TARGET'}`);
  }
}

/** The p-th percentile of `xs` (nearest rank). */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** vscode-languageclient 9's completion capabilities: item defaults, documentation on completionItem/resolve. */
export const completionCapabilities = {
  completionItem: { snippetSupport: true, commitCharactersSupport: true, documentationFormat: ['markdown', 'plaintext'], deprecatedSupport: true, preselectSupport: true, insertReplaceSupport: true, labelDetailsSupport: true, resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] }, insertTextModeSupport: { valueSet: [1, 2] } },
  completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
};

/**
 * A connected server's documents, for bench-memory.mjs: opening waits for the document's
 * diagnostics, pushed (`pushed(uri)`, awaited from before the document is sent) or pulled
 * (`pull(uri)`, asked once it is sent). Shut down but not told to exit: whileAlive
 * (bench-memory.mjs) ends the process.
 */
export function documents(conn, languageId, { pushed, pull }) {
  return {
    conn,
    async open(uri, text) {
      const done = pushed?.(uri);
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
      return done ?? pull(uri);
    },
    complete: (uri, position) => conn.sendRequest('textDocument/completion', { textDocument: { uri }, position }),
    close: (uri) => conn.sendNotification('textDocument/didClose', { textDocument: { uri } }),
    async stop() {
      await conn.sendRequest('shutdown');
      conn.dispose();
    },
  };
}

/** The benches' one-character edit at the start of `line`: a space inserted, or (odd rounds) the first character deleted. */
export function oneCharacterEdit(line, round) {
  const start = { line, character: 0 };
  return round % 2 === 1 ? { range: { start, end: { line, character: 1 } }, text: '' } : { range: { start, end: start }, text: ' ' };
}

/**
 * The edit measurement both language servers go through: for each position, twice (a space
 * inserted, then deleted), the floor's round trip, then a one-character edit at the start of its
 * line and the completion sent right after it, timed from the edit to the completion's answer and
 * to the edit's diagnostics. `edit(change, version)` sends the change and returns `diagnosed()`,
 * called once the completion is sent: a promise of the edit's diagnostics (pushed: awaited from
 * before the change; pulled: asked then).
 */
export async function measureEdits(positions, { floor, edit, complete }) {
  const afterEdit = [];
  const editDiagnostics = [];
  const floors = [];
  let version = 1;
  for (let round = 0; round < 2; round++) {
    for (const position of positions) {
      floors.push(await floor());
      const change = oneCharacterEdit(position.line, round);
      const t0 = performance.now();
      const { diagnosed } = await edit(change, ++version);
      const completed = complete(position).then(() => afterEdit.push(performance.now() - t0));
      const diagnostics = diagnosed().then(() => editDiagnostics.push(performance.now() - t0));
      await Promise.all([completed, diagnostics]);
    }
  }
  return { afterEdit, editDiagnostics, floors };
}

/**
 * The command line's side of the bulk-run figures (bench-results-run.mjs, bench-editor-run.mjs):
 * a temporary folder holding `log.wikiq`, one logevents request against `endpoint` (removed at
 * exit), and `cli(all)`, which times `wikiq run log.wikiq --format ndjson [--all]` as a user runs
 * it (a child process of `dist/cli.js`, NDJSON to a pipe read to its end): ms; it rejects unless
 * the run printed `total` records (all) or `batch` (one batch).
 */
export function cliBulkRun(endpoint, total, batch) {
  const root = new URL('..', import.meta.url).pathname;
  const tmp = mkdtempSync(join(tmpdir(), 'wikiq-bench-run-'));
  process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
  writeFileSync(join(tmp, 'log.wikiq'), `@endpoint = ${endpoint}\n### Log\naction = query\nlist = logevents\n`);
  return (all) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, [`${root}dist/cli.js`, 'run', 'log.wikiq', '--format', 'ndjson', ...(all ? ['--all'] : [])], { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let err = '';
    p.stdout.on('data', (d) => {
      for (const b of d) if (b === 10) lines++;
    });
    p.stderr.on('data', (d) => (err += d));
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`wikiq run: exit ${code}: ${err}`));
      if (lines !== (all ? total : batch)) return reject(new Error(`wikiq run: ${lines} records`));
      resolve(performance.now() - t0);
    });
  });
}

/**
 * Puts the host's planned messages (UpdatePlanner) into the results view's page and posts them as
 * the panel does: large ones packed (client/src/results/packing.ts; the view's unpacking is timed),
 * the render, then the appends one per task after the panel's grace. Resolves with the ms from the
 * first post to the table's first painted rows, once every message is applied. Packing and the
 * messages' transfer from node are not part of that time.
 */
export async function deliverPlanned(page, msgs, grace) {
  const { pack } = require(`${new URL('..', import.meta.url).pathname}out/client/src/results/packing.js`);
  const envelopes = await Promise.all(msgs.map((m) => pack(m)));
  await page.evaluate((ms) => (window.__benchMsgs = ms.map((m) => (m.type === 'packed' ? { ...m, gzip: new Uint8Array(m.gzip) } : m))),
    envelopes.map((e) => (e.type === 'packed' ? { ...e, gzip: Array.from(e.gzip) } : e)));
  return page.evaluate(async (grace) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const until = async (ok) => {
      while (!ok()) await frame();
    };
    const [first, ...rest] = window.__benchMsgs;
    const t0 = performance.now();
    window.postMessage(first, '*');
    let i = 0;
    const next = () => {
      if (i < rest.length) {
        window.postMessage(rest[i++], '*');
        setTimeout(next, 0);
      }
    };
    setTimeout(next, grace);
    await until(() => document.querySelector('.table-view:not([hidden]) .vt-row') !== null);
    await frame(); // painted
    const firstRows = performance.now() - t0;
    const app = document.getElementById('app');
    await until(() => i === rest.length && app.dataset.state === 'ready' && app.dataset.pending === '0');
    return firstRows;
  }, msgs[0]?.type === 'render' && msgs[0].more ? grace : 0);
}
