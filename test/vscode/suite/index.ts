/**
 * Mocha entry run inside the VS Code extension host (`extensionTestsPath`), as in VS Code's samples.
 * Both runners use it: ../runOffline (code-server's VS Code server + chromium) and ../runElectron
 * (@vscode/test-electron). WIKIQ_EDITOR_SUITE=vsix runs only the packaged-extension checks;
 * WIKIQ_EDITOR_GREP runs only the tests whose full title matches it (Mocha's grep), e.g.
 * 'activation time' for scripts/bench-activation.mjs.
 * When the offline runner gave a sync folder, the result is written there as result.json.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import * as vscode from 'vscode';
import { SUITE_ENV, SuiteResult, SYNC_ENV, writeJsonAtomic } from '../sync';

// Mocha 12 is an ES module. tsc turns `import()` into require(), which the Node of an older Electron
// cannot use for ES modules, so the import is made at run time.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point: an import() tsc leaves alone
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<any>;

/** Prefix of the suite's report lines; the offline runner prints exactly those lines. */
export const REPORT_PREFIX = '[editor] ';

/** A spec-like reporter writing whole lines through console.log (the extension host forwards them). */
function lineReporter(this: unknown, runner: any): void {
  const out = (line: string) => console.log(REPORT_PREFIX + line);
  let depth = 0;
  runner.on('suite', (s: { title: string }) => {
    if (s.title) out(`${'  '.repeat(depth)}${s.title}`);
    if (s.title) depth++;
  });
  runner.on('suite end', (s: { title: string }) => {
    if (s.title) depth--;
  });
  runner.on('pass', (t: { title: string; duration?: number }) => out(`${'  '.repeat(depth)}✔ ${t.title} (${t.duration ?? 0} ms)`));
  runner.on('pending', (t: { title: string }) => out(`${'  '.repeat(depth)}- ${t.title} (PENDING: not allowed)`));
  runner.on('fail', (t: { title: string }, err: Error) => {
    out(`${'  '.repeat(depth)}✗ ${t.title}`);
    for (const l of String(err?.stack ?? err).split('\n').slice(0, 12)) out(`${'  '.repeat(depth + 2)}${l}`);
  });
}

export async function run(): Promise<void> {
  const started = Date.now();
  const suite = process.env[SUITE_ENV] === 'vsix' ? 'vsix' : 'dev';
  const mochaModule = await importEsm(pathToFileURL(require.resolve('mocha')).href);
  const Mocha = mochaModule.default ?? mochaModule;
  const grep = process.env.WIKIQ_EDITOR_GREP || undefined;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: lineReporter, ...(grep ? { grep } : {}) });
  // out/ keeps the output of a deleted test file; only files with a source beside test/ count.
  const sourceDir = path.resolve(__dirname, '../../../../test/vscode/suite');
  const compiled = fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js'));
  const stale = compiled.filter((f) => !fs.existsSync(path.join(sourceDir, f.replace(/\.js$/, '.ts'))));
  if (stale.length) console.log(`${REPORT_PREFIX}ignoring compiled tests without a source: ${stale.join(', ')}`);
  const files = compiled
    .filter((f) => !stale.includes(f))
    .filter((f) => (suite === 'vsix' ? f === 'vsix.test.js' : f !== 'vsix.test.js'))
    .sort();
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  console.log(`wikiq real-editor suite '${suite}': ${files.length} files${grep ? `, tests matching '${grep}'` : ''}, VS Code ${vscode.version}`);

  const failures: SuiteResult['failures'] = [];
  const stats = await new Promise<{ tests: number; passes: number; failures: number; pending: number }>((resolve, reject) => {
    try {
      const runner = mocha.run(() => resolve(runner.stats));
      runner.on('fail', (test: { fullTitle(): string }, err: Error) => failures.push({ title: test.fullTitle(), message: String(err?.stack ?? err) }));
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
  const result: SuiteResult = {
    total: stats.passes + stats.failures + stats.pending,
    passed: stats.passes,
    failed: stats.failures,
    pending: stats.pending,
    vscodeVersion: vscode.version,
    suite,
    failures,
    durationMs: Date.now() - started,
  };
  const syncDir = process.env[SYNC_ENV];
  if (syncDir) writeJsonAtomic(path.join(syncDir, 'result.json'), result);
  console.log(`wikiq real-editor suite: ${result.passed} passed, ${result.failed} failed, ${result.pending} pending, VS Code ${vscode.version}`);
  if (result.failed > 0) throw new Error(`${result.failed} of ${result.total} real-editor tests failed`);
  if (result.pending > 0) throw new Error(`${result.pending} real-editor tests are pending (skipped): not allowed`);
  if (result.total === 0) throw new Error('no real-editor test ran');
}
