// Regenerates core/src/catalogue/bundled-paraminfo.json from its source
// (bundled/source.ts, the API contract encoded compactly). `--check` exits 1 if the file is stale.
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'core/src/catalogue/bundled-paraminfo.json');
const dir = mkdtempSync(join(tmpdir(), 'wikiq-gen-'));
try {
  await esbuild.build({ entryPoints: [join(root, 'scripts/catalogue-source.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: join(dir, 'source.js'), logLevel: 'warning' });
  const { buildBundledParaminfo } = createRequire(import.meta.url)(join(dir, 'source.js'));
  const text = JSON.stringify(buildBundledParaminfo(), null, 1) + '\n';
  if (process.argv.includes('--check')) {
    let current = '';
    try { current = readFileSync(out, 'utf8'); } catch { /* no file yet: out of date */ }
    if (current !== text) {
      console.error('bundled-paraminfo.json is out of date: run npm run gen:catalogue');
      process.exit(1);
    }
    console.log('bundled-paraminfo.json is up to date');
  } else {
    writeFileSync(out, text);
    const n = JSON.parse(text).paraminfo.modules.length;
    console.log(`wrote ${out} (${n} modules, ${Math.round(text.length / 1024)} KiB)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
