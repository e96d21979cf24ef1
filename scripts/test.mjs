// Compiles, bundles and lints (ESLint, no warnings: not a layer, never skipped), then runs every test layer: unit (language core, engine), LSP (dist/server.js over stdio), faults
// (a local misbehaving HTTP server), wiki (a real MediaWiki on 127.0.0.1), neovim (a real headless
// Neovim with the README's configuration) and editor (a real VS Code).
// Usage: node scripts/test.mjs [layer ...]   (default: all, in that order)
// Before a layer's first test, `node out/test/provision.js LAYER` installs what it needs (test/provision.ts).
// A layer that cannot run fails with the reason; nothing is skipped silently.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const layers = {
  unit: { dir: 'out/test/unit' },
  lsp: { dir: 'out/test/lsp' },
  faults: { dir: 'out/test/faults' },
  wiki: { dir: 'out/test/wiki' },
  neovim: { dir: 'out/test/neovim' },
  // The development folder, then the packaged .vsix (catches a .vscodeignore that leaves out something needed);
  // then the web extension in the web worker extension host (test/vscode/web/runWeb.ts).
  editor: { commands: [['node', 'out/test/vscode/runOffline.js', '--all'], ['node', 'out/test/vscode/web/runWeb.js']] },
};
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(layers);
for (const w of wanted) {
  if (!layers[w]) {
    console.error(`Unknown test layer '${w}'. Layers: ${Object.keys(layers).join(', ')}`);
    process.exit(1);
  }
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
  return r.status ?? 1;
}

function testFiles(dir) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  const out = [];
  for (const name of readdirSync(abs)) {
    const p = join(abs, name);
    if (statSync(p).isDirectory()) out.push(...testFiles(join(dir, name)));
    else if (name.endsWith('.test.js')) out.push(join(dir, name));
  }
  return out.sort();
}

console.log('== compile (tsc -b: every package, the webview and the tests) and bundle (esbuild)');
if (run('npx', ['tsc', '-b']) !== 0) {
  console.error('TypeScript compilation failed.');
  process.exit(1);
}
if (run('node', ['scripts/build.mjs']) !== 0) {
  console.error('Bundling failed.');
  process.exit(1);
}
console.log('== lint (eslint . --max-warnings 0; `npm run lint`)');
// The cache (under .cache/, ignored by git) re-checks only the files changed since the last run.
if (run('npx', ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-location', '.cache/eslint/', '--cache-strategy', 'content']) !== 0) {
  console.error('Lint failed: fix the findings above (or justify an exception, see CONTRIBUTING.md, Tests).');
  process.exit(1);
}

const results = [];
for (const name of wanted) {
  const layer = layers[name];
  console.log(`\n== ${name} tests`);
  // The one provisioning path (test/provision.ts): the layer's Debian packages (apt-get as root) and
  // downloads (the editor's VS Code server), before its first test; a layer that cannot have them fails.
  if (run('node', ['out/test/provision.js', name]) !== 0) {
    console.error(`The ${name} layer could not be provisioned (above): it fails without running.`);
    results.push({ name, ok: false });
    continue;
  }
  let status;
  if (layer.dir) {
    const files = testFiles(layer.dir);
    if (files.length === 0) {
      console.error(`The ${name} layer has no test files under ${layer.dir}: that is a failure, not a skip.`);
      status = 1;
    } else {
      status = run('node', ['--test', '--test-reporter=spec', ...files]);
    }
  } else {
    status = 0;
    for (const [cmd, ...args] of layer.commands) if (run(cmd, args) !== 0) status = 1;
  }
  results.push({ name, ok: status === 0 });
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log('\n== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}`);
console.log(`layers: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
