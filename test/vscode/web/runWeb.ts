/**
 * The web extension in a real VS Code: the offline runner (../runOffline) with the development
 * extension loaded into the web workbench's web worker extension host (`extensionDevelopmentKind`
 * web, so its `browser` entry runs), the suite of ./index.ts bundled for the browser, and the test
 * wiki (test/wiki/harness) reached from the worker over CORS. The suite talks to this process through
 * ./bridge.ts. Needs `npm run build` and `npm run compile` first.
 *
 * Usage: node out/test/vscode/web/runWeb.js   (WIKIQ_EDITOR_GREP runs only the matching tests)
 * Exits 0 when every test passed and at least one ran, 1 otherwise.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pageTitle, startWiki, TestWiki } from '../../wiki/harness';
import { repoRoot, runOffline } from '../runOffline';
import { Bridge, startBridge } from './bridge';
import { WEB_TEST_CONFIG, WebTestConfig } from './protocol';

// scripts/webBuild.mjs is an ES module; tsc would turn import() into require().
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point: an import() tsc leaves alone
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<any>;

/**
 * Mocha's browser build is a UMD file in a `"type": "module"` package, so esbuild bundles it as an ES
 * module and its `module.exports = …` branch would replace the suite's own exports (the worker host
 * then calls mocha's `run` instead of the suite's). Declared away, the UMD takes its global branch.
 */
const mochaAsGlobal = {
  name: 'mocha-as-global',
  setup(build: { onLoad(o: { filter: RegExp }, f: (a: { path: string }) => { contents: string; loader: 'js' }): void }) {
    build.onLoad({ filter: /node_modules[\\/]mocha[\\/]mocha\.js$/ }, (a) => ({ contents: `var exports, module, define;\n${fs.readFileSync(a.path, 'utf8')}`, loader: 'js' }));
  },
};

/** Bundles the web suite into the extension's folder (the test location must be inside the extension for the web worker host to run it). */
export async function buildWebSuite(): Promise<string> {
  const esbuild = await importEsm('esbuild');
  const web = await importEsm(path.join(repoRoot, 'scripts/webBuild.mjs'));
  const outfile = path.join(repoRoot, 'out/test/vscode/web/suite.bundle.js');
  await esbuild.build({
    ...web.webCommon, format: 'cjs', sourcemap: 'inline', entryPoints: [path.join(repoRoot, 'test/vscode/web/index.ts')], outfile, external: ['vscode'],
    plugins: [mochaAsGlobal, web.noNodeBuiltins, web.webModules(repoRoot)], absWorkingDir: repoRoot,
  });
  return outfile;
}

async function main(): Promise<number> {
  const t0 = Date.now();
  let wiki: TestWiki | undefined;
  let bridge: Bridge | undefined;
  try {
    const suite = await buildWebSuite();
    wiki = await startWiki();
    bridge = await startBridge((l) => console.log(l));
    const config: WebTestConfig = { bridge: bridge.url, endpoint: wiki.endpoint, title: pageTitle(2), redirectTarget: pageTitle(0), grep: process.env.WIKIQ_EDITOR_GREP || undefined };
    const b = bridge;
    const res = await runOffline({
      extensionDevelopmentKind: 'web',
      // VS Code 1.100's web workbench reads the payload's extensionDevelopmentKind under another name
      // (extensionDevelopmentLocationKind) and so ignores it; the user's `remote.extensionKind` is read:
      // as "web" the extension runs in the web worker host (the suite checks that it does).
      settings: { 'remote.extensionKind': { 'wikiq.wikiq': ['web'] } },
      extensionTestsPath: suite,
      prepare: ({ workspace, syncDir }) => {
        b.attach(syncDir);
        fs.writeFileSync(path.join(workspace, WEB_TEST_CONFIG), JSON.stringify(config));
      },
    });
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    if (!res.ok) {
      console.error(`editor (web extension, web worker host): FAILED in ${secs} s: ${res.message}`);
      for (const f of res.result?.failures ?? []) console.error(`  ✗ ${f.title}: ${f.message.split('\n')[0]}`);
      return 1;
    }
    console.log(`editor (web extension, web worker host): ${res.message}, ${secs} s`);
    return 0;
  } finally {
    await bridge?.close();
    await wiki?.stop();
  }
}

if (require.main === module) {
  main().then((code) => process.exit(code), (err) => {
    console.error(err);
    process.exit(1);
  });
}
