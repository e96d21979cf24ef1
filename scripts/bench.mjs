// `npm run bench`: every figure as a ratio to a baseline measured in the same run, with its target.
// Builds first; each section is a script of its own (scripts/bench-*.mjs), run with this command's
// own options (`--baseline-ref REF`: the language server's and the parser's figures against commit REF).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const tsc = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) process.exit(1);

const sections = [
  ['Language server (issue: language service)', 'bench-lsp.mjs'],
  ['Content lookups (issue #31: the language service knows the wiki)', 'bench-content.mjs'],
  ['Parsing (issue: hostile files)', 'bench-parse.mjs'],
  ['Catalogue loading (issue: live catalogue)', 'bench-catalogue.mjs'],
  ['Request engine (issue: engine)', 'bench-engine.mjs'],
  ['MCP server (issue #33: wikiq for agents)', 'bench-mcp.mjs'],
  ['Saving a previewed edit (issue #39: writes you see before they happen)', 'bench-save.mjs'],
  ['Results view (issue: results view)', 'bench-webview.mjs'],
  ['Results view against the engine (issue: results you can look at and compare)', 'bench-results-run.mjs'],
  ['Results views by the data\'s shape (issue: results you can look at and compare)', 'bench-views.mjs'],
  // The real editor (code-server's VS Code server and web workbench in chromium), on the development dist/.
  ['Activation in the real editor (issue: ready to publish)', 'bench-activation.mjs'],
  ['Run all batches in the real editor (issue: results you can look at and compare)', 'bench-editor-run.mjs'],
  // Last: it rebuilds dist/ for production, then back for development.
  ['Package (issue: ready to publish)', 'bench-package.mjs'],
];
let misses = 0;
for (const [title, file] of sections) {
  console.log(`\n## ${title}`);
  if (!existsSync(`${root}scripts/${file}`)) {
    console.log(`(not measured: scripts/${file} does not exist yet)`);
    continue;
  }
  const r = spawnSync('node', [`scripts/${file}`, ...process.argv.slice(2)], { cwd: root, encoding: 'utf8' });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  if (r.status !== 0) {
    console.log(`(section failed with exit status ${r.status})`);
    misses++;
  }
  misses += (r.stdout.match(/MISSES TARGET/g) ?? []).length;
}
console.log(`\n${misses === 0 ? 'All measured figures meet their targets.' : `${misses} figure(s) miss their target or failed.`}`);
