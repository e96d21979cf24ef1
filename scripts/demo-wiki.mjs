// `npm run demo-wiki [-- --debuginfo]`: the seeded MediaWiki of the real-wiki tests, left running
// for the examples (test/wiki/demo.ts). Runs the compiled demo from out/; compiles it first only
// when out/ is missing or older than its sources, and then only the demo and its harness
// (test/wiki/tsconfig.demo.json, a few seconds), not the whole project.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The demo's own sources (not its tsconfig: `tsc -b` does not see that file, so it would never
// bring out/ up to date with it).
const sources = ['test/wiki/demo.ts', 'test/wiki/harness.ts', 'test/wiki/seed.ts', 'test/wiki/install.ts', 'test/wiki/php.ts', 'test/provision.ts'];
const outputs = ['out/test/wiki/demo.js', 'out/test/wiki/harness.js', 'out/test/wiki/seed.js', 'out/test/wiki/install.js', 'out/test/wiki/php.js', 'out/test/provision.js'];
const mtime = (f) => statSync(`${root}${f}`).mtimeMs;
const newestSource = Math.max(...sources.map(mtime));
const stale = outputs.some((f) => !existsSync(`${root}${f}`) || mtime(f) < newestSource);
if (stale) {
  console.log('Compiling the demo wiki (test/wiki/demo.ts and harness.ts only)…');
  const tsc = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}test/wiki/tsconfig.demo.json`], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('demo-wiki: compiling test/wiki/demo.ts failed (see above).');
    process.exit(1);
  }
}
createRequire(import.meta.url)(`${root}out/test/wiki/demo.js`);
