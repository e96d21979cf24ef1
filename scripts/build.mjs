// Bundles the extension client, the language server and the CLI with esbuild.
// Usage: node scripts/build.mjs [--watch] [--minify]
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const minify = process.argv.includes('--minify') || process.env.WIKIQ_MINIFY === '1';
const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: true,
  minify,
  logLevel: 'warning',
};
const builds = [
  { ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  { ...common, entryPoints: ['cli/src/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];
const optional = [
  // The results view's script runs in the webview (a browser), not in Node.
  { ...common, platform: 'browser', format: 'iife', target: 'es2020', entryPoints: ['client/media/src/main.ts'], outfile: 'dist/media/results.js' },
];
import { existsSync } from 'node:fs';
for (const b of optional) if (existsSync(b.entryPoints[0])) builds.push(b);
const present = builds.filter((b) => existsSync(b.entryPoints[0]));
// The results view's stylesheet goes next to its script.
import { copyFileSync, mkdirSync } from 'node:fs';
if (existsSync('client/media/results.css')) { mkdirSync('dist/media', { recursive: true }); copyFileSync('client/media/results.css', 'dist/media/results.css'); }
if (watch) {
  for (const b of present) (await esbuild.context(b)).watch();
  console.log('esbuild: watching', present.map((b) => b.outfile).join(', '));
} else {
  const results = await Promise.all(present.map((b) => esbuild.build({ ...b, metafile: true })));
  for (const [i, r] of results.entries()) {
    const out = Object.entries(r.metafile.outputs).find(([f]) => !f.endsWith('.map'));
    console.log(`built ${present[i].outfile} (${Math.round(out[1].bytes / 1024)} KiB)`);
  }
}
