// Bundles the extension client, the language server, the CLI (a launcher and the full command line)
// and the results view's script with esbuild.
// Usage: node scripts/build.mjs [--watch] [--minify] [--production] [--outdir DIR]
//   (default)     development: readable bundles, each with its source map beside it in dist/
//   --minify      minified, still with source maps (or WIKIQ_MINIFY=1)
//   --production  what `npm run package` ships: minified, no source maps (and no stale .map left in
//                 dist/, so no bundle names a map that is not there)
//   --outdir DIR  write there instead of dist/ (a test checks a production build in a temporary folder)
import * as esbuild from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { noNodeBuiltins, webCommon, webModules } from './webBuild.mjs';

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
// The bundled catalogue (core/src/catalogue/bundled-paraminfo.json, ~280 KB) is data every Node
// program needs: it is written once beside the bundles and required at run time instead of being
// embedded in each (the .vsix would carry it twice, in extension.js and server.js).
const CATALOGUE = 'core/src/catalogue/bundled-paraminfo.json';
const sharedCatalogue = {
  name: 'shared-catalogue',
  setup(build) {
    build.onResolve({ filter: /bundled-paraminfo\.json$/ }, () => ({ path: './bundled-paraminfo.json', external: true }));
  },
};
// undici (the engine's HTTP client: its `request` alone, scripts/undici-request.cjs, ~270 KB minified) likewise: bundled once as dist/undici.js and
// required from there by the extension, the server and the CLI.
const sharedUndici = {
  name: 'shared-undici',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: './undici.js', external: true }));
  },
};
// jsonc-parser (VS Code's JSONC reader: the CLI's settings.json) has a UMD `main` whose inner
// requires esbuild cannot follow (the bundle would require './impl/format' at run time): its ES
// module build, which it ships beside it (`module`), is bundled instead.
const jsoncEsm = {
  name: 'jsonc-esm',
  setup(build) {
    build.onResolve({ filter: /^jsonc-parser$/ }, () => ({ path: resolve('node_modules/jsonc-parser/lib/esm/main.js') }));
  },
};
const shared = [sharedCatalogue, sharedUndici, jsoncEsm];
// The CLI is two bundles: dist/cli.js, a launcher of a few KiB that answers --help and --version
// itself (cli/src/launcher.ts, help.ts), and dist/cli-main.js, the full command line it requires
// for anything else: `wikiq --help` does not read ~760 KiB of JavaScript first.
const cliMain = {
  name: 'cli-main',
  setup(build) {
    build.onResolve({ filter: /^\.\/cli-main\.js$/ }, () => ({ path: './cli-main.js', external: true }));
  },
};
// `wikiq mcp` (cli/src/mcp/) is part of dist/cli-main.js, required lazily (esbuild sets a required
// module up only when it is required); the MCP SDK and zod, which it takes from cli/src/mcp/sdk.ts,
// are a sibling bundle, dist/mcp-sdk.js, required only then: the other commands do not parse them.
const mcpSdk = {
  name: 'mcp-sdk',
  setup(build) {
    build.onResolve({ filter: /^\.\/sdk$/ }, (a) => (a.importer.includes('cli/src/mcp/') ? { path: './mcp-sdk.js', external: true } : undefined));
  },
};
// dist/cli.js is the package's `bin`, run as `wikiq` after `npm install -g .` (a link into the
// clone): it keeps its run bit after every build, watch rebuilds included (esbuild writes 0644).
const executable = {
  name: 'executable',
  setup(build) {
    build.onEnd(() => {
      if (existsSync(build.initialOptions.outfile)) chmodSync(build.initialOptions.outfile, 0o755);
    });
  },
};
const builds = [
  { ...common, entryPoints: ['client/src/extension.ts'], outfile: `${out}/extension.js`, external: ['vscode'], plugins: shared },
  { ...common, entryPoints: ['server/src/main.ts'], outfile: `${out}/server.js`, plugins: shared },
  // Not in the .vsix (the extension does not run them), but the package's `bin`: `npm install -g .`.
  { ...common, entryPoints: ['cli/src/launcher.ts'], outfile: `${out}/cli.js`, banner: { js: '#!/usr/bin/env node' }, plugins: [cliMain, executable] },
  { ...common, entryPoints: ['cli/src/main.ts'], outfile: `${out}/cli-main.js`, plugins: [...shared, mcpSdk] },
  { ...common, entryPoints: ['cli/src/mcp/sdk.ts'], outfile: `${out}/mcp-sdk.js`, plugins: shared },
  { ...common, entryPoints: ['scripts/undici-request.cjs'], outfile: `${out}/undici.js` },
  // The results view's script runs in the webview (a browser), not in Node.
  { ...common, platform: 'browser', format: 'iife', target: 'es2020', entryPoints: ['client/media/src/main.ts'], outfile: `${out}/media/results.js` },
  // The web extension (package.json `browser`) and its language server in a web worker: no bundled
  // catalogue inside (the extension fetches the packaged dist/bundled-paraminfo.json and hands it to the
  // worker), the browser counterparts of Node-only modules, no Node built-in (scripts/webBuild.mjs).
  { ...common, ...webCommon, format: 'cjs', entryPoints: ['client/src/extension.ts'], outfile: `${out}/web/extension.js`, external: ['vscode'], plugins: [noNodeBuiltins, webModules()] },
  { ...common, ...webCommon, format: 'iife', entryPoints: ['server/src/browserServer.ts'], outfile: `${out}/web/server.js`, plugins: [noNodeBuiltins, webModules()] },
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

mkdirSync(out, { recursive: true });
writeFileSync(`${out}/bundled-paraminfo.json`, JSON.stringify(JSON.parse(readFileSync(CATALOGUE, 'utf8'))));
// The results view's stylesheet goes next to its script: uPlot's own rules (the timeline's chart),
// then the view's, in one file the CSP's style-src allows (no style is injected at run time). The
// view's style sheets in cascade order: every client/media/*.css is one of them.
const VIEW_CSS = ['client/media/results.css', 'client/media/tabs.css', 'client/media/views.css', 'client/media/assertions.css', 'client/media/write.css'];
if (existsSync('client/media/results.css')) {
  const unlisted = readdirSync('client/media').filter((f) => f.endsWith('.css') && !VIEW_CSS.includes(`client/media/${f}`));
  if (unlisted.length) {
    console.error(`build: client/media/${unlisted.join(', client/media/')} is not in VIEW_CSS (scripts/build.mjs): the view would not load it.`);
    process.exit(1);
  }
  mkdirSync(`${out}/media`, { recursive: true });
  const parts = ['node_modules/uplot/dist/uPlot.min.css', ...VIEW_CSS].filter((f) => existsSync(f));
  writeFileSync(`${out}/media/results.css`, parts.map((f) => `/* ${f} */\n${readFileSync(f, 'utf8')}\n`).join('\n'));
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
