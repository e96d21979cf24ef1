/**
 * Offline runner of the real-editor suite: a VS Code server (from the npm package code-server,
 * provisioned into a cache by ./provision) with its web workbench, driven by Debian's chromium
 * through playwright-core. The extension host is a Node process on the server, so the extension and
 * its language server run as they would on a desktop. The suite (./suite) runs inside it and calls
 * back codeAutomationExit with its result.
 *
 * Usage:
 *   node out/test/vscode/runOffline.js                 the development folder (dist/ must be built)
 *   node out/test/vscode/runOffline.js --vsix FILE     the packaged extension, installed into the server
 *   node out/test/vscode/runOffline.js --all           both; the .vsix is made with `npm run package` first
 * Environment: WIKIQ_EDITOR_TIMEOUT_S (default 480) bounds one run, counted after provisioning; WIKIQ_EDITOR_GREP (passed on
 * to the extension host) runs only the tests whose full title matches it (Mocha's grep).
 * Exits 0 when every test passed and at least one ran, 1 otherwise.
 *
 * Output: .test-output/screenshots/*.png (what a user sees) and .test-output/vscode/*.log.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { format } from 'node:util';
import { provision, Provisioned, ProvisionError } from './provision';
import { SUITE_ENV, SuiteResult, SYNC_ENV } from './sync';
import { leakedIn, logFilesUnder, repoRoot, screenshotsDir, servePageRequests } from './pageRequests';

export { repoRoot, screenshotsDir };
const outputDir = path.join(repoRoot, '.test-output');
const logsDir = path.join(outputDir, 'vscode');
/** Must equal REPORT_PREFIX in suite/index.ts (which imports vscode, so it cannot be imported here). */
const REPORT_PREFIX = '[editor] ';

/** Settings of the throwaway test profile: nothing may wait on a dialog or reach the network. */
export const testSettings: Record<string, unknown> = {
  'security.workspace.trust.enabled': false,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'security.workspace.trust.emptyWindow': true,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'git.enabled': false,
  'npm.autoDetect': 'off',
  'typescript.tsserver.enableTracing': false,
  'window.commandCenter': false,
  'chat.commandCenter.enabled': false,
  // Terminals (the Test Results panel's output is one) drawn in the DOM, not on a canvas: the suite reads their lines.
  'terminal.integrated.gpuAcceleration': 'off',
};

export interface OfflineRunOptions {
  /** Extension folder loaded in development mode. Default: the repository (needs dist/). */
  extensionDevelopmentPath?: string;
  /** Compiled suite entry. Default: out/test/vscode/suite/index.js. */
  extensionTestsPath?: string;
  /** Folder opened as the workspace (copied first). Default: test/vscode/workspace. */
  workspace?: string;
  /** Test this packaged extension instead of the development folder. */
  vsix?: string;
  /**
   * With `vsix`: delete this file (relative to the extension's folder, e.g. `dist/server.js`) from
   * the installed extension before the suite runs, to prove the suite notices a broken package.
   */
  sabotage?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
  /**
   * `web`: load the development extension into the workbench's web worker extension host (its
   * `browser` entry) instead of the server's Node one (the payload's `extensionDevelopmentKind`).
   */
  extensionDevelopmentKind?: 'web';
  /** Settings of the run's profile beside testSettings (./web/runWeb: `remote.extensionKind`). */
  settings?: Record<string, unknown>;
  /** Called with the run's workspace copy and sync folder before the workbench opens (./web/runWeb). */
  prepare?: (dirs: { workspace: string; syncDir: string }) => Promise<void> | void;
}

export interface OfflineRunResult {
  ok: boolean;
  exitCode: number;
  result?: SuiteResult;
  vscodeVersion: string;
  durationMs: number;
  message: string;
}

class RunError extends Error {}

/** Outcome code for a crashed page (extension host exit codes are 0 or 1; the server's are <= -1000). */
const PAGE_CRASHED = -2;

function uriFor(authority: string, fsPath: string): string {
  return `vscode-remote://${authority}${encodeURI(path.resolve(fsPath)).replace(/#/g, '%23').replace(/\?/g, '%3F')}`;
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts server-main.js on a free port (port 0) and resolves with the port it prints. */
function startServer(p: Provisioned, args: string[], env: NodeJS.ProcessEnv, logFile: string, timeoutMs: number): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const log = fs.createWriteStream(logFile, { flags: 'a' });
    const child = spawn(process.execPath, [p.serverMain, '--host', '127.0.0.1', '--port', '0', ...args], {
      cwd: p.vscodeDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so the extension host and language server die with it
    });
    let buffered = '';
    let settled = false;
    const timer = setTimeout(() => fail(new RunError(`the VS Code server did not report a port within ${timeoutMs / 1000} s. Last lines of ${logFile}:\n${tail(logFile)}`)), timeoutMs);
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      if (!log.writableEnded) log.write(chunk);
      if (settled) return;
      buffered += chunk.toString();
      const m = /Extension host agent listening on (\d+)/.exec(buffered);
      if (m) {
        settled = true;
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (err) => fail(new RunError(`could not start the VS Code server: ${err.message}`)));
    child.on('exit', (code, signal) => {
      log.end();
      fail(new RunError(`the VS Code server exited (${signal ?? `code ${code}`}) before it listened. Last lines of ${logFile}:\n${tail(logFile)}`));
    });
  });
}

function killGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      // Children of the group (extension host, language server) may outlive the server by a moment.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* group gone */
      }
      resolve();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}


/** Runs the suite once in a fresh server, profile and browser. Never throws. */
export async function runOffline(opts: OfflineRunOptions = {}): Promise<OfflineRunResult> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const t0 = Date.now();
  const timeoutMs = opts.timeoutMs ?? Number(process.env.WIKIQ_EDITOR_TIMEOUT_S || 480) * 1000;
  const suite = opts.vsix ? 'vsix' : 'dev';
  const devPath = path.resolve(opts.extensionDevelopmentPath ?? (opts.vsix ? path.join(repoRoot, 'test/vscode/harness') : repoRoot));
  const testsPath = path.resolve(opts.extensionTestsPath ?? path.join(repoRoot, 'out/test/vscode/suite/index.js'));
  const workspaceSrc = path.resolve(opts.workspace ?? path.join(repoRoot, 'test/vscode/workspace'));
  let vscodeVersion = '?';
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let stopWatching: (() => void) | undefined;
  let runDir: string | undefined;
  const failed = (message: string): OfflineRunResult => ({ ok: false, exitCode: 1, vscodeVersion, durationMs: Date.now() - t0, message });
  let cleaned: Promise<void> | undefined;
  const cleanup = () =>
    (cleaned ??= (async () => {
      stopWatching?.();
      const killed = killGroup(server); // sends SIGTERM to the server's process group at once
      await browser?.close().catch(() => undefined);
      await killed;
      if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
    })());
  const onSignal = (sig: NodeJS.Signals) => {
    void cleanup().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    // What the run needs from the repository.
    const needed = [testsPath, path.join(devPath, 'package.json'), workspaceSrc];
    if (!opts.vsix && !opts.extensionDevelopmentPath) needed.push(path.join(repoRoot, 'dist/extension.js'), path.join(repoRoot, 'dist/server.js'));
    if (opts.vsix) needed.push(path.resolve(opts.vsix));
    const missing = needed.filter((f) => !fs.existsSync(f));
    if (missing.length) {
      return failed(`cannot run the real-editor suite, missing: ${missing.map((f) => path.relative(repoRoot, f) || f).join(', ')} (run \`npm run build\` and \`npm run compile\`${opts.vsix ? ' and `npm run package`' : ''} first)`);
    }

    const p = await provision(log);
    vscodeVersion = p.vscodeVersion;
    // The time limit bounds the run, not the first run's provisioning (minutes on a new machine).
    const tRun = Date.now();
    fs.mkdirSync(screenshotsDir, { recursive: true });
    fs.mkdirSync(logsDir, { recursive: true });
    runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-editor-'));
    const userData = path.join(runDir, 'user-data');
    const serverData = path.join(runDir, 'server-data');
    const extensionsDir = path.join(runDir, 'extensions');
    const syncDir = path.join(runDir, 'sync');
    const workspace = path.join(runDir, 'workspace');
    for (const d of [userData, serverData, extensionsDir, syncDir]) fs.mkdirSync(d, { recursive: true });
    fs.cpSync(workspaceSrc, workspace, { recursive: true });
    for (const dir of [path.join(userData, 'User'), path.join(serverData, 'data/Machine'), path.join(serverData, 'data/User')]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ ...testSettings, ...opts.settings }, null, 2));
    }
    await opts.prepare?.({ workspace, syncDir });
    const logName = opts.extensionDevelopmentKind ? `${suite}-${opts.extensionDevelopmentKind}` : opts.sabotage ? `${suite}-without-${path.basename(opts.sabotage)}` : suite;
    const serverLog = path.join(logsDir, `server-${logName}.log`);
    const pageLog = path.join(logsDir, `page-${logName}.log`);
    fs.writeFileSync(serverLog, '');
    fs.writeFileSync(pageLog, '');
    const dirArgs = ['--user-data-dir', userData, '--server-data-dir', serverData, '--extensions-dir', extensionsDir];
    const env: NodeJS.ProcessEnv = { ...process.env, [SYNC_ENV]: syncDir, [SUITE_ENV]: suite, VSCODE_AGENT_FOLDER: serverData,
      // No extension gallery: the tests must not reach the network (an empty gallery disables it).
      EXTENSIONS_GALLERY: '{}' };
    // Failures are expected from a sabotaged package: do not wait the full time for diagnostics.
    if (opts.sabotage) env.WIKIQ_EDITOR_DIAGNOSTICS_WAIT_MS = '4000';
    delete env.ELECTRON_RUN_AS_NODE;

    if (opts.vsix) {
      const vsix = path.resolve(opts.vsix);
      log(`installing ${vsix.startsWith(repoRoot + path.sep) ? path.relative(repoRoot, vsix) : vsix} into the server (--install-extension)`);
      const r = spawnSync(process.execPath, [p.serverMain, '--install-extension', vsix, '--force', ...dirArgs, '--accept-server-license-terms'], {
        cwd: p.vscodeDir, env, encoding: 'utf8', timeout: 120_000,
      });
      fs.appendFileSync(serverLog, `$ --install-extension ${vsix}\n${r.stdout}${r.stderr}\n`);
      if (r.status !== 0 || !/successfully installed/i.test(r.stdout + r.stderr)) {
        return failed(`installing ${vsix} into the VS Code server failed (exit ${r.status}):\n${(r.stdout + r.stderr).trim()}`);
      }
      if (opts.sabotage) {
        const installed = fs.readdirSync(extensionsDir).find((d) => /wikiq/i.test(d) && fs.statSync(path.join(extensionsDir, d)).isDirectory());
        const victim = installed && path.join(extensionsDir, installed, opts.sabotage);
        if (!victim || !fs.existsSync(victim)) return failed(`cannot sabotage: ${opts.sabotage} is not in the installed extension (${installed ?? 'not found'})`);
        fs.rmSync(victim);
        log(`sabotaged the installed extension: removed ${opts.sabotage}`);
      }
    }

    const started = await startServer(p, ['--without-connection-token', '--accept-server-license-terms', '--disable-telemetry', '--log', 'info', ...dirArgs], env, serverLog, 60_000);
    server = started.child;
    const authority = `127.0.0.1:${started.port}`;

    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: p.chromium,
      headless: true,
      // This runner shuts everything down itself on a signal (server first), so playwright must not exit early.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    });
    // Clipboard access for commands such as Copy as URL (vscode.env.clipboard goes to the browser's).
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const pageLogStream = fs.createWriteStream(pageLog, { flags: 'a' });
    // Page events can still arrive while shutting down: never write to the ended stream.
    const pageWrite = (text: string) => {
      if (!pageLogStream.writableEnded) pageLogStream.write(text);
    };
    let exitResolve!: (code: number) => void;
    const exited = new Promise<number>((r) => (exitResolve = r));
    page.on('console', (m) => pageWrite(`[console.${m.type()}] ${m.text()}\n`));
    page.on('pageerror', (e) => pageWrite(`[pageerror] ${e.message}\n`));
    page.on('crash', () => {
      pageWrite('[crash] the page crashed\n');
      exitResolve(PAGE_CRASHED);
    });
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const text = format(...(Array.isArray(args) ? args : [args]));
      pageWrite(`[automation.${type}] ${text}\n`);
      // The suite's own report lines (see suite/index.ts) go to stdout; workbench chatter to the log.
      for (const line of text.split('\n')) if (line.startsWith(REPORT_PREFIX)) log(`  ${line.slice(REPORT_PREFIX.length)}`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => exitResolve(Number(code)));
    const secrets = new Set<string>();
    stopWatching = servePageRequests(page, syncDir, log, secrets);
    server.on('exit', (code, signal) => exitResolve(-1000 - (code ?? (signal ? 1 : 0))));

    const payload = [
      ['extensionDevelopmentPath', uriFor(authority, devPath)],
      ['extensionTestsPath', uriFor(authority, testsPath)],
      ['skipWelcome', 'true'],
      ...(opts.extensionDevelopmentKind ? [['extensionDevelopmentKind', opts.extensionDevelopmentKind]] : []),
    ];
    const url = `http://${authority}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    log(`VS Code ${vscodeVersion} (server + web workbench on ${authority}, chromium ${browser.version()}), suite '${suite}'${opts.extensionDevelopmentKind ? ` in the ${opts.extensionDevelopmentKind} worker extension host` : ''}`);
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });

    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), Math.max(1, timeoutMs - (Date.now() - tRun)))));
    const outcome = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    await new Promise<void>((r) => pageLogStream.end(r));
    // A password typed into a prompt must be in no log: the runner's nor the server's (extension host, output channels).
    const runLogs = [serverLog, pageLog, ...logFilesUnder(serverData), ...logFilesUnder(userData)];
    const leaks = leakedIn(secrets, runLogs);
    if (leaks.length) return failed(`a secret typed into a prompt appears in: ${leaks.map((f) => path.relative(repoRoot, f).startsWith('..') ? f : path.relative(repoRoot, f)).join(', ')}`);
    if (secrets.size) log(`  [answer] ${secrets.size} secret(s) typed: in none of the run's ${runLogs.length} logs`);
    const resultFile = path.join(syncDir, 'result.json');
    const result: SuiteResult | undefined = fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : undefined;
    if (outcome === 'timeout') {
      const shot = path.join(screenshotsDir, `timeout-${suite}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      return failed(
        `the real-editor suite did not finish within ${timeoutMs / 1000} s (WIKIQ_EDITOR_TIMEOUT_S). ` +
          `${result ? 'The suite reported a result but the extension host did not exit.' : 'The extension host never reported a result.'} ` +
          `See ${path.relative(repoRoot, shot)}, ${path.relative(repoRoot, serverLog)} and ${path.relative(repoRoot, pageLog)}.`,
      );
    }
    if (outcome === PAGE_CRASHED) return failed(`the workbench page crashed in chromium (see ${path.relative(repoRoot, pageLog)})`);
    if (outcome <= -1000) return failed(`the VS Code server exited during the run (code ${-outcome - 1000}). Last lines of ${serverLog}:\n${tail(serverLog)}`);
    if (!result) {
      return failed(`the extension host exited with code ${outcome} without a suite result: the suite did not load or run (check ${path.relative(repoRoot, pageLog)}; last lines:\n${tail(pageLog, 15)})`);
    }
    if (result.total === 0) return { ...failed('0 tests ran: that is a failure, not a pass'), result };
    const ok = outcome === 0 && result.failed === 0;
    return {
      ok, exitCode: ok ? 0 : 1, result, vscodeVersion: result.vscodeVersion || vscodeVersion, durationMs: Date.now() - t0,
      message: `${result.passed} passing, ${result.failed} failing of ${result.total} in VS Code ${result.vscodeVersion}${ok ? '' : ` (extension host exit code ${outcome})`}`,
    };
  } catch (err) {
    return failed(err instanceof ProvisionError || err instanceof RunError ? err.message : `unexpected error: ${(err as Error).stack ?? err}`);
  } finally {
    await cleanup();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

function packageVsix(log: (l: string) => void): string | undefined {
  fs.mkdirSync(logsDir, { recursive: true });
  const logFile = path.join(logsDir, 'package.log');
  const t0 = Date.now();
  const r = spawnSync('npm', ['run', 'package'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 300_000 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  fs.writeFileSync(logFile, out);
  const vsix = path.join(repoRoot, 'wikiq.vsix');
  if (r.status === 0 && fs.existsSync(vsix)) {
    const done = out.split('\n').find((l) => /DONE\s+Packaged/.test(l))?.trim();
    log(`npm run package: ${done ?? 'wikiq.vsix'} (${((Date.now() - t0) / 1000).toFixed(1)} s, log: ${path.relative(repoRoot, logFile)})`);
    return vsix;
  }
  log(`npm run package failed (${r.error?.message ?? `exit ${r.status}`}); last lines of ${path.relative(repoRoot, logFile)}:\n${out.split('\n').slice(-25).join('\n')}`);
  return undefined;
}

/** Files removed from the installed package, and tests of the packaged suite that must then fail. */
const SABOTAGE: { file: string; mustFail: string[] }[] = [
  { file: 'dist/server.js', mustFail: ['contains the files its package.json names', 'completes', 'reports diagnostics'] },
  { file: 'syntaxes/wikiq.tmLanguage.json', mustFail: ['contains the files its package.json names', 'colours with its grammar'] },
];

async function main(argv: string[]): Promise<number> {
  const t0 = Date.now();
  const runs: { label: string; opts: OfflineRunOptions }[] = [];
  const vsixAt = argv.indexOf('--vsix');
  if (vsixAt >= 0) {
    if (!argv[vsixAt + 1]) {
      console.error('--vsix needs a file: --vsix wikiq.vsix');
      return 1;
    }
    runs.push({ label: 'packaged .vsix', opts: { vsix: argv[vsixAt + 1] } });
  } else {
    runs.push({ label: 'development folder', opts: {} });
    if (argv.includes('--all')) runs.push({ label: 'packaged .vsix', opts: { vsix: '' } });
  }
  let total = 0;
  let passed = 0;
  let failedCount = 0;
  let ok = true;
  for (const r of runs) {
    if (r.opts.vsix === '') {
      const made = packageVsix((l) => console.log(l));
      if (!made) {
        console.error('editor: `npm run package` did not produce wikiq.vsix, so the packaged extension was not tested');
        ok = false;
        failedCount++;
        continue;
      }
      r.opts.vsix = made;
    }
    const res = await runOffline(r.opts);
    const secs = (res.durationMs / 1000).toFixed(1);
    if (res.result) {
      total += res.result.total;
      passed += res.result.passed;
      failedCount += res.result.failed;
    }
    if (!res.ok) {
      ok = false;
      if (!res.result || res.result.failed === 0) failedCount++;
      console.error(`editor (${r.label}): FAILED in ${secs} s: ${res.message}`);
      for (const f of res.result?.failures ?? []) console.error(`  ✗ ${f.title}: ${f.message.split('\n')[0]}`);
    } else {
      console.log(`editor (${r.label}): ${res.message}, ${secs} s`);
    }
  }
  // The suite must notice a broken package: run the packaged suite again with a file the extension
  // needs removed, and require it to fail in the tests that depend on that file.
  const packaged = runs.find((r) => r.opts.vsix)?.opts.vsix;
  if (argv.includes('--all') && packaged) {
    for (const s of SABOTAGE) {
      const res = await runOffline({ vsix: packaged, sabotage: s.file, log: () => undefined });
      const failedTitles = (res.result?.failures ?? []).map((f) => f.title);
      const missed = s.mustFail.filter((t) => !failedTitles.some((f) => f.includes(t)));
      if (!res.result || res.ok || missed.length) {
        ok = false;
        failedCount++;
        console.error(`editor (packaged .vsix without ${s.file}): the suite did not catch it: ${res.ok ? 'it passed' : res.message}${missed.length ? `; these did not fail: ${missed.join('; ')}` : ''}`);
      } else {
        passed++;
        total++;
        console.log(`editor (packaged .vsix without ${s.file}): caught, as it must be: ${failedTitles.length} failing (${failedTitles.join('; ')}), ${(res.durationMs / 1000).toFixed(1)} s`);
      }
    }
  }
  console.log(`real-editor tests: ${total} ran in VS Code (offline web workbench), ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`editor: ${passed} passed, ${failedCount} failed`);
  return ok && total > 0 ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
    console.error(err);
    process.exit(1);
  });
}
