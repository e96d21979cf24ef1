// Activation bench (issue: ready to publish): in the real-editor layer (code-server's VS Code server
// and web workbench in Debian's chromium, test/vscode/runOffline.ts), the time from opening a .wikiq
// file with a known problem until its first diagnostics, as a ratio to opening a plain text file in
// the same window. Each run is a fresh server, profile and browser window in which the language server
// has not started (the extension is active from startup: the workspace has .wikiq files); only test/vscode/suite/activation-time.test.ts runs (WIKIQ_EDITOR_GREP), and it
// writes .test-output/activation.json. Printed: the medians of the windows' times, and the median of
// each window's own ratio (both figures of a ratio come from one window, so load from other work on
// the machine hits both).
// Needs `tsc -b` and `node scripts/build.mjs` first (npm run bench does both).
// Usage: node scripts/bench-activation.mjs [--runs N]   (default 5)
import { createRequire } from 'node:module';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { median, runsOption } from './bench-util.mjs';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const RUNS = runsOption(5);
const TARGET = 10; // first diagnostics within 10× the time to open a plain text file
const out = `${root}.test-output/activation.json`;

let runOffline;
try {
  ({ runOffline } = require(`${root}out/test/vscode/runOffline.js`));
} catch (e) {
  console.error(`bench-activation: compile first (npx tsc -b): ${e.message.split('\n')[0]}`);
  process.exit(1);
}

process.env.WIKIQ_EDITOR_GREP = 'activation time';
const runs = [];
for (let i = 0; i < RUNS; i++) {
  rmSync(out, { force: true });
  const lines = [];
  const res = await runOffline({ log: (l) => lines.push(l) });
  if (!res.ok || !existsSync(out)) {
    console.error(`bench-activation: the real-editor run ${i + 1} failed: ${res.message}`);
    for (const f of res.result?.failures ?? []) console.error(`  ✗ ${f.title}: ${f.message.split('\n')[0]}`);
    if (!res.result) console.error(lines.slice(-10).join('\n'));
    process.exit(1);
  }
  const fig = JSON.parse(readFileSync(out, 'utf8'));
  if (!fig.cold) {
    console.error('bench-activation: the language server had already started before the .wikiq file was opened; the figure would not include its start');
    process.exit(1);
  }
  runs.push(fig);
}

const plain = median(runs.map((r) => r.plainTextMs));
const first = median(runs.map((r) => r.firstDiagnosticsMs));
const editor = median(runs.map((r) => r.wikiqEditorMs));
const ratio = median(runs.map((r) => r.firstDiagnosticsMs / r.plainTextMs));
const each = runs.map((r) => `${r.firstDiagnosticsMs.toFixed(0)}/${r.plainTextMs.toFixed(0)}`).join(', ');
console.log(`opening a plain text file until its editor is visible: ${plain.toFixed(0)} ms (baseline; VS Code ${runs[0].vscodeVersion}, web workbench, median of ${RUNS} fresh windows)`);
console.log(`first diagnostics after opening a .wikiq file: ${first.toFixed(0)} ms (${ratio.toFixed(1)}× opening a plain text file, median of each window's ratio; target ≤ ${TARGET}×)${ratio <= TARGET ? '' : '  ← MISSES TARGET'}`);
console.log(`  (.wikiq editor visible after ${editor.toFixed(0)} ms; each window, diagnostics/plain ms: ${each})`);
