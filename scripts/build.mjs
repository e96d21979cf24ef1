// Bundles the extension client, the language server, the CLI and the results view's script with esbuild.
// Usage: node scripts/build.mjs [--watch] [--minify] [--production] [--outdir DIR]
//   (default)     development: readable bundles, each with its source map beside it in dist/
//   --minify      minified, still with source maps (or WIKIQ_MINIFY=1)
//   --production  what `npm run package` ships: minified, no source maps (and no stale .map left in
//                 dist/, so no bundle names a map that is not there)
//   --outdir DIR  write there instead of dist/ (a test checks a production build in a temporary folder)
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const outArg = process.argv.indexOf('--outdir');
const out = outArg > 0 ? process.argv[outArg + 1] : 'dist';
const minify = production || process.argv.includes('--minify') || process.env.WIKIQ_MINIFY === '1';
const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: !production,
  minify,
  legalComments: production ? 'none' : 'inline',
  logLevel: 'warning',
};
const builds = [
  { ...common, entryPoints: ['client/src/extension.ts'], outfile: `${out}/extension.js`, external: ['vscode'] },
  { ...common, entryPoints: ['server/src/server.ts'], outfile: `${out}/server.js` },
  // Not in the .vsix (the extension does not run it), but the package's `bin`: `npm install -g .`.
  { ...common, entryPoints: ['cli/src/main.ts'], outfile: `${out}/cli.js`, banner: { js: '#!/usr/bin/env node' } },
  // The results view's script runs in the webview (a browser), not in Node.
  { ...common, platform: 'browser', format: 'iife', target: 'es2020', entryPoints: ['client/media/src/main.ts'], outfile: `${out}/media/results.js` },
];
const present = builds.filter((b) => existsSync(b.entryPoints[0]));

/** Every file under dir whose name ends with .map. */
function maps(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? maps(join(dir, e.name)) : e.name.endsWith('.map') ? [join(dir, e.name)] : [],
  );
}
if (production) for (const f of maps(out)) rmSync(f);

// The results view's stylesheet goes next to its script.
if (existsSync('client/media/results.css')) {
  mkdirSync(`${out}/media`, { recursive: true });
  copyFileSync('client/media/results.css', `${out}/media/results.css`);
}
if (watch) {
  for (const b of present) (await esbuild.context(b)).watch();
  console.log('esbuild: watching', present.map((b) => b.outfile).join(', '));
} else {
  const results = await Promise.all(present.map((b) => esbuild.build({ ...b, metafile: true })));
  for (const [i, r] of results.entries()) {
    const js = Object.entries(r.metafile.outputs).find(([f]) => !f.endsWith('.map'));
    console.log(`built ${present[i].outfile} (${Math.round(js[1].bytes / 1024)} KiB${production ? ', production' : ''})`);
  }
}
