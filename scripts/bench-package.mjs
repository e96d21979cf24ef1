// Package figure, printed as `name: value (…; target …)`: the size of the .vsix `npm run package`
// makes (production bundles, no source maps), against its target of 1 MiB (the desktop and the web builds). A size, not a time: no
// baseline ratio is needed. Leaves dist/ as a development build again (with source maps).
// Usage: node scripts/bench-package.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const TARGET_KB = 1024;
const pack = spawnSync('npm', ['run', '--silent', 'package'], { cwd: root, encoding: 'utf8' });
if (pack.status !== 0) {
  console.error(`bench-package: npm run package failed:\n${(pack.stdout + pack.stderr).trim().split('\n').slice(-15).join('\n')}`);
  process.exit(1);
}
const files = (pack.stdout.match(/Packaged: .*\((\d+) files/) ?? [])[1] ?? '?';
const kb = statSync(`${root}wikiq.vsix`).size / 1024;
console.log(`wikiq.vsix (npm run package, ${files} files): ${kb.toFixed(0)} KB (${(kb / TARGET_KB).toFixed(2)}× the target; target ≤ 1 MiB)${kb <= TARGET_KB ? '' : '  ← MISSES TARGET'}`);
// The web extension (vscode.dev, github.dev) beside the desktop one, as packaged (production): what
// each loads — the desktop's extension and server with the undici and catalogue files they share,
// the web's two bundles and the catalogue file, which the web extension reads and hands its worker.
// No target: the .vsix's above covers both.
const size = (files) => {
  const bytes = files.map((f) => readFileSync(`${root}dist/${f}`));
  return { kb: bytes.reduce((n, b) => n + b.length, 0) / 1024, gz: bytes.reduce((n, b) => n + gzipSync(b).length, 0) / 1024 };
};
const desktop = size(['extension.js', 'server.js', 'undici.js', 'bundled-paraminfo.json']);
const web = size(['web/extension.js', 'web/server.js', 'bundled-paraminfo.json']);
console.log(`desktop bundles (dist/extension.js, server.js, undici.js, bundled-paraminfo.json): ${desktop.kb.toFixed(0)} KB, ${desktop.gz.toFixed(0)} KB gzipped (context)`);
console.log(`web bundles (dist/web/extension.js, dist/web/server.js, bundled-paraminfo.json): ${web.kb.toFixed(0)} KB, ${web.gz.toFixed(0)} KB gzipped (${(web.kb / desktop.kb).toFixed(2)}× the desktop's; no target)`);
const dev = spawnSync('node', ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
if (dev.status !== 0) {
  console.error(`bench-package: rebuilding the development bundles failed:\n${dev.stderr}`);
  process.exit(1);
}
