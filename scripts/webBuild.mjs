// The web bundles (vscode.dev, github.dev): the extension in VS Code's web worker extension host and
// its language server in a web worker. Same sources as the desktop's; where a module needs Node, the
// bundle takes its browser counterpart from WEB_MODULES (same exported names: test/unit/web-bundle.test.ts),
// and `noNodeBuiltins` fails the build on any Node built-in that is still imported.
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';

/** Node-only module → the module the web bundles take instead (paths from the repository root). */
export const WEB_MODULES = {
  'engine/src/http.ts': 'engine/src/httpFetch.ts',
  'engine/src/exportFile.ts': 'engine/src/exportFile.web.ts',
  'engine/src/fileValues.ts': 'engine/src/fileValues.web.ts',
  'engine/src/catalogue/cache.ts': 'engine/src/catalogue/memoryCache.ts',
  'engine/src/auth/sealed.ts': 'engine/src/auth/sealed.web.ts',
  'client/src/platform.ts': 'client/src/platform.web.ts',
};
/** The language client and server's Node entry points → their browser ones. */
export const WEB_PACKAGES = {
  'vscode-languageclient/node': 'vscode-languageclient/browser',
  'vscode-languageserver/node': 'vscode-languageserver/browser',
};

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Takes the browser counterpart of each module of WEB_MODULES. */
export function webModules(root = process.cwd()) {
  const swap = new Map(Object.entries(WEB_MODULES).map(([from, to]) => [resolve(root, from), resolve(root, to)]));
  return {
    name: 'web-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData?.webModules) return undefined;
        const r = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { webModules: true } });
        const to = swap.get(r.path);
        return to ? { path: to } : r.errors.length ? { errors: r.errors } : { path: r.path, external: r.external, sideEffects: r.sideEffects };
      });
    },
  };
}

/** Fails the build on a Node built-in (`fs`, `node:path`…): the web bundles run where there are none. */
export const noNodeBuiltins = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (!BUILTINS.has(args.path)) return undefined;
      return { errors: [{ text: `Node built-in "${args.path}" imported by ${args.importer.replace(process.cwd() + '/', '')}: the web bundles run in a browser, where there is none (add the module's browser counterpart to WEB_MODULES in scripts/webBuild.mjs)` }] };
    });
  },
};

/** esbuild options shared by the web bundles. */
export const webCommon = {
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  alias: WEB_PACKAGES,
  // node-html-markdown (help text → Markdown in the server) times itself when process.env.LOG_PERF is
  // set; a worker has no `process`, so the bundle reads it as unset.
  define: { 'process.env.LOG_PERF': 'undefined' },
  logLevel: 'warning',
};

// `node scripts/webBuild.mjs --probe ENTRY…`: builds each entry as a web bundle in memory and prints
// {entry, errors, inputs} as JSON lines (test/unit/web-bundle.test.ts reads them).
if (process.argv[2] === '--probe') {
  const esbuild = await import('esbuild');
  for (const entry of process.argv.slice(3)) {
    try {
      const r = await esbuild.build({ ...webCommon, logLevel: 'silent', format: 'cjs', entryPoints: [entry], write: false, metafile: true, external: ['vscode'], plugins: [noNodeBuiltins, webModules()] });
      console.log(JSON.stringify({ entry, errors: [], inputs: Object.keys(r.metafile.inputs) }));
    } catch (e) {
      console.log(JSON.stringify({ entry, errors: (e.errors ?? [{ text: String(e) }]).map((x) => x.text), inputs: [] }));
    }
  }
}

// `node scripts/webBuild.mjs --bundle ENTRY OUTFILE`: one script for a browser page, built like the
// web bundles (test/faults/http-clients.test.ts runs the fetch client in chromium with it).
if (process.argv[2] === '--bundle') {
  const esbuild = await import('esbuild');
  await esbuild.build({ ...webCommon, format: 'iife', entryPoints: [process.argv[3]], outfile: process.argv[4], plugins: [noNodeBuiltins, webModules()] });
}
