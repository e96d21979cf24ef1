/**
 * The web suite's entry (`extensionTestsPath` of ./runWeb), bundled for the browser by ./runWeb and
 * run in the workbench's web worker extension host beside the web extension: Mocha's browser build,
 * report lines and the result sent to the runner through the bridge (./protocol.ts).
 */
import 'mocha/mocha.js';
import * as vscode from 'vscode';
import type { SuiteResult } from '../sync';
import { WEB_TEST_CONFIG, WebTestConfig } from './protocol';
import { defineBrowserTests } from './browser.test';

// Mocha's browser build defines the class as a global; its ready-made `mocha` instance reports as HTML, so the suite makes its own.
declare const Mocha: new (o: { ui: 'bdd'; reporter: unknown; timeout: number; grep?: string }) => BrowserMocha;
interface BrowserMocha {
  suite: { emit(event: 'pre-require', context: unknown, file: string, mocha: BrowserMocha): void };
  run(done: (failures: number) => void): MochaRunner;
}
interface MochaRunner {
  on(event: string, f: (...args: any[]) => void): void;
  stats?: { passes: number; failures: number; pending: number };
}

export async function run(): Promise<void> {
  const started = Date.now();
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the test workspace folder is not open');
  const config = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, WEB_TEST_CONFIG)))) as WebTestConfig;
  const post = async (what: string, body: unknown): Promise<unknown> => (await fetch(`${config.bridge}/${what}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const out = (line: string) => void post('log', { line }).catch(() => undefined);

  const failures: SuiteResult['failures'] = [];
  function reporter(runner: MochaRunner): void {
    let depth = 0;
    runner.on('suite', (s: { title: string }) => {
      if (s.title) out(`${'  '.repeat(depth++)}${s.title}`);
    });
    runner.on('suite end', (s: { title: string }) => {
      if (s.title) depth--;
    });
    runner.on('pass', (t: { title: string; duration?: number }) => out(`${'  '.repeat(depth)}✔ ${t.title} (${t.duration ?? 0} ms)`));
    runner.on('pending', (t: { title: string }) => out(`${'  '.repeat(depth)}- ${t.title} (PENDING: not allowed)`));
    runner.on('fail', (t: { title: string; fullTitle(): string }, err: Error) => {
      out(`${'  '.repeat(depth)}✗ ${t.title}\n${String(err?.stack ?? err).split('\n').slice(0, 12).map((l) => `${'  '.repeat(depth + 2)}${l}`).join('\n')}`);
      failures.push({ title: t.fullTitle(), message: String(err?.stack ?? err) });
    });
  }
  const mocha = new Mocha({ ui: 'bdd', reporter, timeout: 60_000, ...(config.grep ? { grep: config.grep } : {}) });
  mocha.suite.emit('pre-require', globalThis, 'browser.test.ts', mocha); // describe, it, before… as globals
  defineBrowserTests(config, (kind, body) => post('page', { kind, ...body }));
  const stats = await new Promise<{ passes: number; failures: number; pending: number }>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? { passes: 0, failures: failures.length, pending: 0 }));
  });
  const result: SuiteResult = {
    total: stats.passes + stats.failures + stats.pending, passed: stats.passes, failed: stats.failures, pending: stats.pending,
    vscodeVersion: vscode.version, suite: 'web', failures, durationMs: Date.now() - started,
  };
  await post('result', result);
  if (result.failed > 0) throw new Error(`${result.failed} of ${result.total} web tests failed`);
  if (result.pending > 0) throw new Error(`${result.pending} web tests are pending (skipped): not allowed`);
  if (result.total === 0) throw new Error('no web test ran');
}
