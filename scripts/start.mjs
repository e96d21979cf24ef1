// `npm start [-- --once]`: the first run. Builds the CLI when dist/ is missing or older than its
// sources, starts the seeded demo wiki on 127.0.0.1 (scripts/demo-wiki.mjs, which installs Debian's
// mediawiki and php packages as root, or says how), runs every request of examples/*.wikiq against it
// with the CLI (dist/cli.js --format table) and checks examples/checks.wikiq (wikiq test), then
// leaves the wiki up for the editor until Ctrl-C.
//   --once  stop the wiki and exit after the tables: exit 0 when every request ran, 1 otherwise (tests, CI)
// The port is the demo's: WIKIQ_DEMO_PORT, else 8080 (what examples/ name) when free, else any free one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const once = process.argv.includes('--once');
const EXAMPLES_ENDPOINT = 'http://127.0.0.1:8080/api.php';

/** Newest modification time of the files under `dir` (recursively), 0 when there is none. */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  return Math.max(0, ...readdirSync(dir).filter((n) => n !== 'node_modules').map((n) => newest(join(dir, n))));
}

/**
 * Builds when a bundle the CLI runs is missing or a source is newer than the last build. Every build
 * rewrites dist/bundled-paraminfo.json (esbuild leaves an unchanged bundle's time alone), so its time
 * is the last build's.
 */
function buildIfNeeded() {
  const bundles = ['cli.js', 'cli-main.js', 'undici.js', 'bundled-paraminfo.json'].map((f) => join(root, 'dist', f));
  const sources = ['cli/src', 'engine/src', 'core/src', 'common', 'scripts/build.mjs', 'package-lock.json'].map((f) => newest(join(root, f)));
  if (bundles.every(existsSync) && Math.max(...sources) <= statSync(join(root, 'dist/bundled-paraminfo.json')).mtimeMs) return;
  console.log('Building the command line (npm run build)…');
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('npm start: the build failed (see above).');
    process.exit(1);
  }
}

/** Every request of examples/*.wikiq, in file order: { file, name }. */
function exampleRequests() {
  return readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.wikiq')).sort().flatMap((f) =>
    [...readFileSync(join(root, 'examples', f), 'utf8').matchAll(/^###[ \t]*(.*?)[ \t]*$/gm)].map((m) => ({ file: `examples/${f}`, name: m[1] })),
  );
}

/** Runs one request with the CLI, its table on this terminal; resolves with the exit code. */
function runRequest({ file, name }, endpoint) {
  console.log(`\n── ${file} · ${name}`);
  const cli = spawn(process.execPath, ['dist/cli.js', 'run', file, '--request', name, '--endpoint', endpoint, '--format', 'table'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve) => cli.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

buildIfNeeded();

// The demo's own lines up to "running at" show at once (it may install or seed first); the rest
// (accounts, curl, Ctrl-C) waits until the tables are printed.
const demo = spawn(process.execPath, ['scripts/demo-wiki.mjs'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
const demoEnded = new Promise((resolve) => demo.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    demo.kill(signal); // the demo stops its wiki and removes its directory, then ends
  });
}

let held = [];
let holding = false;
const running = new Promise((resolve) => {
  createInterface({ input: demo.stdout }).on('line', (line) => {
    if (holding) held.push(line);
    else console.log(line);
    const m = /running at (\S+)/.exec(line);
    if (m && !holding) {
      holding = true;
      resolve(m[1]);
    }
  });
  void demoEnded.then(() => resolve(undefined));
});

const endpoint = await running;
if (!endpoint) {
  console.error('npm start: the demo wiki did not start (see above).');
  process.exit((await demoEnded) || 1);
}

const requests = exampleRequests();
const failed = [];
for (const r of requests) {
  if (stopping) break;
  if ((await runRequest(r, endpoint)) !== 0) failed.push(r);
}
// The assertions of examples/checks.wikiq, as CI would check them (wikiq test).
if (!stopping) {
  console.log('\n── wikiq test examples/checks.wikiq');
  const cli = spawn(process.execPath, ['dist/cli.js', 'test', 'examples/checks.wikiq', '--endpoint', endpoint], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if ((await new Promise((resolve) => cli.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))) !== 0) failed.push({ file: 'examples/checks.wikiq', name: 'wikiq test' });
}
holding = false;
console.log('');
// --once stops the wiki itself: the demo's "Press Ctrl-C" does not apply.
if (!stopping) for (const line of held) if (!(once && /^Press Ctrl-C/.test(line))) console.log(line);
held = [];

if (!stopping) {
  console.log(`\nRan ${requests.length - failed.length} of the ${requests.length} requests in examples/ against the demo wiki${failed.length ? `; these failed: ${failed.map((r) => `${r.file} · ${r.name}`).join(', ')}` : ''}.`);
  if (endpoint === EXAMPLES_ENDPOINT) {
    console.log(`Next: open this folder in VS Code and press F5; examples/ point at ${EXAMPLES_ENDPOINT}.`);
  } else {
    console.log(`Next: open this folder in VS Code and press F5. examples/ point at ${EXAMPLES_ENDPOINT}, and this wiki runs at ${endpoint}: change their @endpoint, or free port 8080 and start again.`);
  }
  if (once) {
    console.log('(--once: stopping the demo wiki.)');
    stopping = true;
    demo.kill('SIGTERM');
  } else {
    console.log('The wiki stays up until Ctrl-C.');
  }
}
const demoCode = await demoEnded;
process.exit(once ? (failed.length || demoCode ? 1 : 0) : stopping ? 0 : demoCode || 1);
