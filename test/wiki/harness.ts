/**
 * A real MediaWiki for the tests, on 127.0.0.1: Debian's `mediawiki` package (1.39), a fresh SQLite
 * wiki per `startWiki()` in a temp directory, served by `php -S`.
 *
 * Seeding (files, users, pages with categories, images and links, redirects, log entries of several
 * types) is done once into a template directory in the user's cache, keyed by a hash of the seeding
 * code and constants and of the MediaWiki version, built in a temp directory and renamed into place
 * (a lock file lets parallel test processes wait for one build). Each start copies the template
 * (every path in its LocalSettings.php is relative to `__DIR__`, so the copy is self-contained),
 * writes `$wgServer` for its port and starts `php -S` with a router that logs every request before
 * MediaWiki answers it and serves uploaded files from the copy.
 *
 * Missing Debian packages are installed (as root) or reported with the command that would install them.
 * No vscode imports: used by the node:test suites, the benchmarks, the editor tests and `npm run demo-wiki`.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SEED, WORDS, fileName, pageCategories, pageFiles, pageText, pageTitle, png, pngChunk } from './seed';

import { MW_DIR, ensureMediaWikiInstalled, freePort, mediaWikiVersion, portIsFree } from './install';
import { ROUTER, SUPERVISOR } from './php';

export { SEED, fileName, pageCategories, pageFiles, pageTitle, png } from './seed';
export { INSTALL_COMMAND, MW_DIR, PACKAGES, ensureMediaWikiInstalled, freePort, mediaWikiVersion, portIsFree } from './install';



export interface RequestRecord {
  method: string;
  /** Path and query string as sent, e.g. `/api.php?action=query&...`. */
  uri: string;
  /** Form fields of a POST, URL-encoded (also merged into `url` below). */
  body?: string;
  /** The URI, with a POST's form fields appended to its query: what filters see. */
  url: string;
}

export interface TestWiki {
  /** `http://127.0.0.1:PORT/api.php` */
  endpoint: string;
  /** `http://127.0.0.1:PORT` */
  base: string;
  port: number;
  /** The wiki's own directory (a copy of the template): LocalSettings.php, SQLite files, images/. */
  dir: string;
  /**
   * Requests to /api.php received since the wiki became ready (the readiness probe is not counted),
   * optionally filtered by their URL (a POST's form fields are appended to it). The server logs each
   * request before MediaWiki handles it, so every request whose answer anyone has seen is counted,
   * and so is one still being answered.
   */
  apiRequestCount(filter?: (url: string) => boolean): number;
  /** URIs of every request received since the wiki became ready (api.php, index.php, /images/...), in order. Still answers after stop(). */
  requestLog(): string[];
  /** The same with methods and POST bodies. */
  requests(): RequestRecord[];
  /** Kills the server (and its workers), waits until they are gone (the port is free), removes `dir`. */
  stop(): Promise<void>;
  /** Settles when the server has ended, stopped or not; the text is the end of what php -S said. */
  ended: Promise<string>;
}

export interface StartOptions {
  /** Port to listen on (default: a free one). Fails with a clear message when it is taken. */
  port?: number;
  /** Progress lines (template build). */
  log?: (message: string) => void;
  /** How long to wait for the wiki to answer (default 30 s). */
  readyTimeoutMs?: number;
  /**
   * Keep this Node process alive while the server runs (`npm run demo-wiki`). By default the server
   * does not hold the process open: a test process that forgot stop() still exits, and takes the
   * server with it.
   */
  keepAlive?: boolean;
  /**
   * `debuginfo` in every response (default true, as the spec shows it; ~90 KB of it is the list of
   * PHP files loaded). false turns $wgDebugToolbar off for this wiki, e.g. to time transfers without it.
   */
  debuginfo?: boolean;
  /** Start a copy of this template directory instead of the seeded one (`private.ts`: the private wiki). */
  template?: string;
}

/**
 * Appended to the installer's LocalSettings.php. Every path is relative to the settings file, so a
 * copy of the directory is a wiki of its own. The installer's own `$wgSQLiteDataDir` line is
 * rewritten to `__DIR__` too (its object cache, job queue and l10n stores are built from it).
 */
const SETTINGS = `
# --- wikiq test wiki settings ---
$wgEnableUploads = true;
$wgUploadDirectory = __DIR__ . '/images';
$wgUploadPath = '/images';
$wgCacheDirectory = __DIR__ . '/cache';
$wgTmpDirectory = __DIR__ . '/tmp';
$wgUseImageMagick = false;
$wgDebugToolbar = true;
$wgShowExceptionDetails = true;
$wgMainCacheType = CACHE_NONE;
$wgJobRunRate = 0;
$wgEnableEmail = false;
$wgEnableUserEmail = false;
$wgGroupPermissions['*']['createaccount'] = false;
# A throwaway wiki: no fsync (seeding is several times faster).
$wgDBservers = [ [
  'type' => 'sqlite', 'host' => '', 'dbname' => $wgDBname, 'user' => '', 'password' => '',
  'load' => 1, 'flags' => DBO_DEFAULT, 'variables' => [ 'synchronous' => 'OFF' ],
] ];
`;

export function maintenance(dir: string, script: string, args: string[], input?: string): string {
  const r = spawnSync('php', [path.join(MW_DIR, 'maintenance', script), ...args], {
    cwd: MW_DIR, input, encoding: 'utf8', env: { ...process.env, MW_CONFIG_FILE: path.join(dir, 'LocalSettings.php') }, maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || /\bFAILED\b|Fatal error|Exception/.test(out)) {
    throw new Error(`Seeding the test wiki: maintenance/${script} ${args.join(' ')} failed (exit ${r.status}): ${out.trim().slice(-800)}`);
  }
  return out;
}

/** Installs and seeds a wiki into `dir` (which exists and is empty). */
function buildTemplate(dir: string, log: (m: string) => void): void {
  const t0 = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  const inst = spawnSync('php', [
    'maintenance/install.php', '--dbtype=sqlite', `--dbpath=${dir}`, '--dbname=wikiq', '--server=http://127.0.0.1:1', '--scriptpath=',
    `--confpath=${dir}`, `--pass=${SEED.password}`, 'Test Wiki', SEED.admin,
  ], { cwd: MW_DIR, encoding: 'utf8', env: { ...process.env, MW_CONFIG_FILE: '' } });
  if (inst.status !== 0) throw new Error(`MediaWiki's install.php failed: ${`${inst.stdout}${inst.stderr}`.trim().slice(-800)}`);
  const settingsFile = path.join(dir, 'LocalSettings.php');
  let settings = fs.readFileSync(settingsFile, 'utf8');
  const dataDir = /^\$wgSQLiteDataDir\s*=.*$/m;
  if (!dataDir.test(settings)) throw new Error('install.php wrote no $wgSQLiteDataDir line to LocalSettings.php');
  settings = settings.replace(dataDir, '$wgSQLiteDataDir = __DIR__;').replace(/'synchronous' => 'NORMAL'/g, "'synchronous' => 'OFF'");
  if (settings.includes(dir)) throw new Error(`LocalSettings.php still names the build directory ${dir}`);
  fs.writeFileSync(settingsFile, settings + SETTINGS);
  for (const d of ['images', 'cache', 'tmp']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  step('installed');

  for (const u of SEED.accounts) {
    maintenance(dir, 'createAndPromote.php', u === SEED.sysop ? ['--sysop', '--bureaucrat', u, SEED.password] : [u, SEED.password]);
  }
  step(`${SEED.accounts.length} accounts`);

  const work = path.join(dir, 'tmp', 'seed');
  SEED.users.forEach((u, k) => {
    const d = path.join(work, `files-${k}`);
    fs.mkdirSync(d, { recursive: true });
    for (let i = k; i < SEED.files; i += SEED.users.length) fs.writeFileSync(path.join(d, fileName(i)), png(i));
    maintenance(dir, 'importImages.php', [`--user=${u}`, `--comment=Seeded by the wikiq test harness (${u})`, d]);
  });
  step(`${SEED.files} files`);

  const pages = path.join(work, 'pages');
  fs.mkdirSync(pages, { recursive: true });
  for (let i = 0; i < SEED.pages; i++) fs.writeFileSync(path.join(pages, pageTitle(i)), pageText(i));
  for (let r = 0; r < SEED.redirects; r++) fs.writeFileSync(path.join(pages, `Redirect ${r}`), `#REDIRECT [[${pageTitle(r)}]]\n`);
  for (const c of SEED.categories) fs.writeFileSync(path.join(pages, `Category:${c}`), `Pages about ${c.toLowerCase()}.\n`);
  fs.writeFileSync(path.join(pages, `Category:${SEED.categoryRedirect.from}`), `#REDIRECT [[:Category:${SEED.categoryRedirect.to}]]\n`);
  fs.writeFileSync(path.join(pages, `Category:${SEED.emptyCategory}`), 'A category with no members.\n');
  fs.writeFileSync(path.join(pages, `Template:${SEED.template}`), `A note about fruit.<noinclude>[[Category:${SEED.unpagedCategory}]]</noinclude>\n`);
  maintenance(dir, 'importTextFiles.php', ['--user=Bob', '--summary=Seeded page', ...fs.readdirSync(pages).sort().map((f) => path.join(pages, f))]);
  const revised = path.join(work, 'revised');
  fs.mkdirSync(revised);
  for (let i = 0; i < SEED.revisedPages; i++) fs.writeFileSync(path.join(revised, pageTitle(i)), pageText(i, 2));
  maintenance(dir, 'importTextFiles.php', ['--user=Carol', '--summary=Second revision', '--overwrite', ...fs.readdirSync(revised).sort().map((f) => path.join(revised, f))]);
  step(`${SEED.pages} pages, ${SEED.redirects} redirects, ${SEED.categories.length + 2} category pages, a template, ${SEED.revisedPages} second revisions`);

  maintenance(dir, 'runJobs.php', []);
  fs.writeFileSync(path.join(work, 'delete.txt'), `${pageTitle(SEED.deletedPage)}\n`);
  maintenance(dir, 'deleteBatch.php', ['-u', SEED.sysop, '-r', 'Seeded deletion', path.join(work, 'delete.txt')]);
  maintenance(dir, 'protect.php', ['-u', SEED.sysop, '-r', 'Seeded protection', pageTitle(SEED.protectedPage)]);
  fs.writeFileSync(path.join(work, 'move.txt'), `${pageTitle(SEED.movedPage)}|${SEED.movedTo}\n`);
  maintenance(dir, 'moveBatch.php', ['-u', SEED.sysop, '-r', 'Seeded move', path.join(work, 'move.txt')]);
  fs.writeFileSync(path.join(work, 'block.txt'), `${SEED.blocked}\n`);
  maintenance(dir, 'blockUsers.php', ['--performer', SEED.sysop, '--reason', 'Seeded block', path.join(work, 'block.txt')]);
  maintenance(dir, 'addChangeTag.php', ['--tag', SEED.tag, '--reason', 'Seeded tag']);
  maintenance(dir, 'runJobs.php', []);
  maintenance(dir, 'initSiteStats.php', ['--update', '--active']);
  step('deletion, protection, move, block, tag, jobs, site statistics');
  fs.rmSync(work, { recursive: true, force: true });
}

// ---- template cache ---------------------------------------------------------------------------

/** Everything that decides the template's content; its hash names the template directory. */
function seedKey(): string {
  const h = createHash('sha256');
  for (const part of [JSON.stringify(SEED), SETTINGS, WORDS.join(','), buildTemplate, maintenance, pageText, pageTitle, pageFiles, pageCategories, fileName, png, pngChunk, mediaWikiVersion()]) {
    h.update(String(part));
    h.update('\u0000');
  }
  return h.digest('hex').slice(0, 12);
}

export function cacheRoot(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'wikiq');
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves when `check()` holds, re-checking on every change in `dir`; rejects after `ms`. */
function waitForChange(dir: string, check: () => boolean, ms: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      watcher.close();
      clearTimeout(timer);
      clearInterval(safety);
      if (err) reject(err);
      else resolve();
    };
    const test = () => {
      try {
        if (check()) finish();
      } catch (e) {
        finish(e as Error);
      }
    };
    const watcher = fs.watch(dir, test);
    // A lock holder that dies leaves no event behind: look again now and then.
    const safety = setInterval(test, 2000);
    const timer = setTimeout(() => finish(new Error(`Gave up waiting for ${what} after ${ms / 1000} s`)), ms);
    test();
  });
}

/** Removes half-built directories of this key (their builder died) and templates unused for a week. */
function pruneTemplates(root: string, key: string): void {
  const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
  for (const n of fs.readdirSync(root)) {
    const p = path.join(root, n);
    try {
      const stale = n.startsWith(`wiki-build-${key}-`) || (/^wiki-(template|build)-[0-9a-f]{12}/.test(n) && !n.endsWith('.lock') && fs.statSync(p).mtimeMs < weekAgo);
      if (stale) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // another process pruned it first
    }
  }
}

/**
 * The seeded template's directory, built first if needed: in a temp directory next to it, then
 * renamed into place. Concurrent callers (test files run in parallel) wait for one build.
 */
export async function ensureTemplate(log: (m: string) => void = () => undefined): Promise<string> {
  ensureMediaWikiInstalled(undefined, log);
  const root = cacheRoot();
  const key = seedKey();
  const target = path.join(root, `wiki-template-${key}`);
  const isReady = () => fs.existsSync(path.join(target, 'LocalSettings.php'));
  const used = () => {
    // The directory's mtime says when a template was last used: templates of older seeds are pruned.
    const now = new Date();
    fs.utimesSync(target, now, now);
    return target;
  };
  if (isReady()) return used();
  try {
    fs.mkdirSync(root, { recursive: true });
    fs.accessSync(root, fs.constants.W_OK);
  } catch (e) {
    throw new Error(`Cannot write the test wiki template's cache directory ${root} (set XDG_CACHE_HOME to a writable directory): ${(e as Error).message}`);
  }
  const lockFile = `${target}.lock`;
  for (;;) {
    if (isReady()) return used();
    let fd: number;
    try {
      fd = fs.openSync(lockFile, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim() || NaN);
      if (Number.isFinite(holder) && holder !== process.pid && pidAlive(holder)) {
        log(`waiting for process ${holder} to finish seeding the test wiki template…`);
        await waitForChange(root, () => isReady() || !fs.existsSync(lockFile) || !pidAlive(holder), 10 * 60 * 1000, `the test wiki template (${target})`);
      } else {
        fs.rmSync(lockFile, { force: true }); // left by a process that died
      }
      continue;
    }
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
    try {
      if (isReady()) return used();
      pruneTemplates(root, key);
      const dir = fs.mkdtempSync(path.join(root, `wiki-build-${key}-`));
      const started = Date.now();
      log(`seeding the test wiki template (MediaWiki ${mediaWikiVersion()}) into ${target}…`);
      try {
        buildTemplate(dir, log);
        fs.renameSync(dir, target);
      } catch (e) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw e;
      }
      log(`seeded the test wiki template in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return used();
    } finally {
      fs.rmSync(lockFile, { force: true });
    }
  }
}

// ---- running ----------------------------------------------------------------------------------

interface Running {
  proc: ChildProcess;
  dir: string;
}
const running = new Set<Running>();
let exitHookInstalled = false;

function killGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (proc.pid) process.kill(-proc.pid, signal);
  } catch {
    // already gone
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const r of running) {
      killGroup(r.proc, 'SIGKILL');
      try {
        fs.rmSync(r.dir, { recursive: true, force: true });
      } catch {
        // best effort at exit
      }
    }
  });
}

/** Starts a fresh copy of the seeded wiki on 127.0.0.1 and resolves when its API answers. */
export async function startWiki(opts: StartOptions = {}): Promise<TestWiki> {
  const template = opts.template ?? await ensureTemplate(opts.log);
  if (opts.port !== undefined) {
    if (!(await portIsFree(opts.port))) throw new Error(`Cannot start the test wiki on port ${opts.port}: the port is in use.`);
    return startCopy(template, opts.port, opts);
  }
  // A free port can be taken by someone else before php binds it: then try another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startCopy(template, await freePort(), opts);
    } catch (e) {
      if (attempt >= 3 || !/Address already in use/i.test(String((e as Error).message))) throw e;
    }
  }
}

async function startCopy(template: string, port: number, opts: StartOptions): Promise<TestWiki> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-wiki-'));
  fs.cpSync(template, dir, { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const endpoint = `${base}/api.php`;
  const settings = path.join(dir, 'LocalSettings.php');
  const text = fs.readFileSync(settings, 'utf8').replace(/^\$wgServer\s*=.*$/m, `$wgServer = "${base}";`);
  fs.writeFileSync(settings, text + (opts.debuginfo === false ? '$wgDebugToolbar = false;\n' : ''));
  fs.writeFileSync(path.join(dir, 'router.php'), ROUTER);
  const logFile = path.join(dir, 'requests.log');
  fs.writeFileSync(logFile, '');

  installExitHook();
  const proc = spawn('sh', ['-c', SUPERVISOR], {
    cwd: MW_DIR,
    detached: true, // own process group: stop() and the exit hook kill php and its workers together
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, MW_CONFIG_FILE: settings, WIKIQ_WIKI_DIR: dir, WIKIQ_PORT: String(port), PHP_CLI_SERVER_WORKERS: '2' },
  });
  const entry: Running = { proc, dir };
  running.add(entry);
  if (!opts.keepAlive) {
    // Keep the watchdog's stdin open, but let the test process exit without waiting for the server.
    proc.unref();
    for (const s of [proc.stdin, proc.stdout, proc.stderr]) (s as unknown as { unref?: () => void })?.unref?.();
  }
  let output = '';
  let started!: () => void;
  const startedLine = new Promise<void>((resolve) => (started = resolve));
  const onData = (d: Buffer) => {
    output = (output + d.toString()).slice(-8000);
    if (/Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/.test(output)) started();
  };
  proc.stdout.on('data', onData);
  proc.stderr.on('data', onData);
  const closed = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  let isClosed = false;
  void closed.then(() => {
    isClosed = true;
  });
  const serverWords = () => output.split('\n').filter((l) => !/ (Accepted|Closing)$/.test(l)).join('\n').trim().slice(-800);

  // eslint-disable-next-line prefer-const -- set once the wiki is ready; the closures below read it, possibly before
  let readyAt: number | undefined; // log lines written before the wiki was ready (the readiness probe)
  let finalLog: RequestRecord[] | undefined;
  const requests = (): RequestRecord[] =>
    finalLog ??
    fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).slice(readyAt).map((line) => {
      const e = JSON.parse(line) as { m: string; u: string; b?: string };
      const url = e.b ? `${e.u}${e.u.includes('?') ? '&' : '?'}${e.b}` : e.u;
      return { method: e.m, uri: e.u, ...(e.b ? { body: e.b } : {}), url };
    });

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (!isClosed) {
        // Keep this process alive until the server is gone (its handles were unref'ed at start).
        proc.ref();
        for (const st of [proc.stdout, proc.stderr]) (st as unknown as { ref?: () => void })?.ref?.();
        killGroup(proc, 'SIGTERM');
        await closed; // every process holding the server's stdout/stderr (php, workers) has ended
      }
      running.delete(entry);
      if (readyAt !== undefined) finalLog = requests(); // still answerable after the directory is gone
      fs.rmSync(dir, { recursive: true, force: true });
    })();
    return stopped;
  };

  const timeout = opts.readyTimeoutMs ?? 30000;
  const deadline = Date.now() + timeout;
  const fail = async (why: string) => {
    await stop();
    return new Error(`The test wiki on ${base} ${why}${serverWords() ? `. php -S said: ${serverWords()}` : ''}`);
  };
  // First php's own "started" line (or its end), then the API itself, both within the deadline.
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    startedLine.then(() => 'started' as const),
    closed.then(() => 'closed' as const),
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeout))),
  ]);
  clearTimeout(timer);
  if (outcome === 'closed') throw await fail('did not start');
  if (outcome === 'timeout') throw await fail(`did not start within ${timeout / 1000} s`);
  let lastError = '';
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${endpoint}?action=query&meta=siteinfo&format=json&formatversion=2`, { signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())) });
      const text = await res.text();
      const answer = JSON.parse(text);
      if (res.ok && (answer.query?.general?.generator || answer.errors?.[0]?.code === 'readapidenied' || answer.error?.code === 'readapidenied')) break; // a private wiki answers readapidenied
      lastError = `HTTP ${res.status}: ${text.slice(0, 300)}`;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    if (isClosed) throw await fail('stopped before its API answered');
    if (Date.now() >= deadline) throw await fail(`did not answer siteinfo within ${timeout / 1000} s (last: ${lastError})`);
    await new Promise((r) => setTimeout(r, Math.min(25 * 2 ** attempt, 500)));
  }
  readyAt = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length;
  return {
    endpoint,
    base,
    port,
    dir,
    apiRequestCount(filter) {
      return requests().filter((r) => r.uri.startsWith('/api.php') && (!filter || filter(r.url))).length;
    },
    requestLog() {
      return requests().map((r) => r.uri);
    },
    requests,
    stop,
    ended: closed.then(serverWords),
  };
}
