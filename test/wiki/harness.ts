/**
 * A real MediaWiki for the tests, on 127.0.0.1: Debian's `mediawiki` package, a fresh SQLite wiki
 * per `startWiki()` in a temp directory, served by `php -S`. Seeding (files, users, pages with
 * categories and images, log entries of several types) is done once into a cached template keyed
 * by the seeding code and the MediaWiki version; each start copies it, so a warm start is quick.
 * Missing packages are installed (as root) or reported with the command that would install them.
 */
import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

export const MW_DIR = '/usr/share/mediawiki';
export const PACKAGES = ['mediawiki', 'php-cli', 'php-sqlite3', 'php-intl', 'php-mbstring', 'php-xml'];

/** What the seeded wiki holds (tests rely on these counts). */
export const SEED = {
  files: 140,
  users: ['Alice', 'Bob', 'Carol'],
  pages: 36,
  redirects: 3,
  categories: ['Fruit', 'Vegetables', 'Colours', 'Places', 'Animals'],
  /** Every page links to the next two and embeds two files. */
  filesPerPage: 2,
  password: 'wikiq-test-password-1234',
};

export interface TestWiki {
  /** `http://127.0.0.1:PORT/api.php` */
  endpoint: string;
  base: string;
  port: number;
  dir: string;
  /**
   * API requests served so far, optionally filtered by their URL. php -S logs a request after
   * answering it, so this first sends a marker request and waits for its log line: every request
   * answered before is counted.
   */
  apiRequestCount(filter?: (url: string) => boolean): Promise<number>;
  /** Request URIs served so far, in order (marker requests left out). */
  requestLog(): Promise<string[]>;
  stop(): Promise<void>;
}

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

function missingPackages(): string[] {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Status}\n', ...PACKAGES], { encoding: 'utf8' });
  const installed = new Set((r.stdout ?? '').split('\n').filter((l) => l.endsWith(' installed')).map((l) => l.split(' ')[0]));
  return PACKAGES.filter((p) => !installed.has(p));
}

/** Installs the Debian packages a test wiki needs, or throws saying what is missing and how to get it. */
export function ensureMediaWikiInstalled(): void {
  let missing = missingPackages();
  if (missing.length === 0 && fs.existsSync(path.join(MW_DIR, 'maintenance/install.php')) && has('php')) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`The real-wiki tests need the Debian packages ${missing.join(', ')}; run as root: ${command}`);
  }
  const opts = { stdio: 'pipe' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const up = spawnSync('apt-get', [...lock, 'update'], opts);
  const inst = spawnSync('apt-get', [...lock, 'install', '-y', '--no-install-recommends', ...PACKAGES], opts);
  missing = missingPackages();
  if (missing.length || up.status !== 0 || inst.status !== 0 || !fs.existsSync(path.join(MW_DIR, 'maintenance/install.php'))) {
    const why = (inst.stderr?.toString() || up.stderr?.toString() || '').trim().split('\n').slice(-3).join(' | ');
    throw new Error(`Could not install the Debian packages for the real-wiki tests (${missing.join(', ') || 'mediawiki'} missing)${why ? `: ${why}` : ''}. Install them with: ${command}`);
  }
}

export function mediaWikiVersion(): string {
  try {
    const src = fs.readFileSync(path.join(MW_DIR, 'includes/Defines.php'), 'utf8');
    const m = /MW_VERSION',\s*'([^']+)'/.exec(src);
    if (m) return m[1];
  } catch {
    // fall through
  }
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', 'mediawiki'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

// ---- seeding ----------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = -1;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A tiny, unique PNG (w×h, one colour from the seed): MediaWiki refuses duplicate files. */
export function png(seed: number, w = 4 + (seed % 5), h = 3 + (seed % 4)): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      row[1 + x * 3] = (seed * 37 + x) & 0xff;
      row[2 + x * 3] = (seed * 91 + y) & 0xff;
      row[3 + x * 3] = (seed * 13) & 0xff;
    }
    rows.push(row);
  }
  const text = Buffer.from(`Comment\u0000wikiq test file ${seed}`, 'latin1');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('tEXt', text), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

const WORDS = ['Apple', 'Banana', 'Cherry', 'Delta', 'Eagle', 'Falcon', 'Garden', 'Harbor', 'Island', 'Jungle', 'Kite', 'Lemon', 'Meadow', 'Nectar', 'Orchid', 'Pepper', 'Quartz', 'River', 'Sunset', 'Tulip', 'Umbrella', 'Violet', 'Willow', 'Xylophone', 'Yarrow', 'Zebra'];

export function fileName(i: number): string {
  const w = WORDS[i % WORDS.length];
  return i % 3 === 0 ? `${w} photo ${String(i).padStart(3, '0')}.png` : `${w}_${String(i).padStart(3, '0')}.png`;
}

export function pageTitle(i: number): string {
  return `${WORDS[i % WORDS.length]} page ${i}`;
}

function pageText(i: number): string {
  const lines = [`This is test page ${i} of the wikiq seed.`];
  lines.push(`See [[${pageTitle((i + 1) % SEED.pages)}]] and [[${pageTitle((i + 2) % SEED.pages)}]].`);
  for (let k = 0; k < SEED.filesPerPage; k++) lines.push(`[[File:${fileName((i * 3 + k * 7) % SEED.files)}|thumb|Picture ${k}]]`);
  const cats = [SEED.categories[i % SEED.categories.length], SEED.categories[(i + 2) % SEED.categories.length]];
  if (i % 4 === 0) cats.push(SEED.categories[(i + 3) % SEED.categories.length]);
  for (const c of cats) lines.push(`[[Category:${c}]]`);
  return lines.join('\n') + '\n';
}

const SETTINGS = `
# --- wikiq test wiki settings ---
$wgSQLiteDataDir = __DIR__;
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
$wgGroupPermissions['*']['createaccount'] = false;
`;

/** php -S router: serves uploaded files from the wiki's own directory, everything else as usual. */
const ROUTER = `<?php
$uri = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (strpos($uri, '/images/') === 0) {
  $file = getenv('WIKIQ_WIKI_DIR') . '/images/' . rawurldecode(substr($uri, 8));
  if (strpos(realpath($file) ?: '', realpath(getenv('WIKIQ_WIKI_DIR'))) === 0 && is_file($file)) {
    header('Content-Type: ' . (mime_content_type($file) ?: 'application/octet-stream'));
    readfile($file);
    return true;
  }
  http_response_code(404);
  return true;
}
return false;
`;

function php(dir: string, script: string, args: string[], input?: string): void {
  const r = spawnSync('php', [path.join(MW_DIR, 'maintenance', script), ...args], {
    cwd: MW_DIR, input, encoding: 'utf8', env: { ...process.env, MW_CONFIG_FILE: path.join(dir, 'LocalSettings.php') }, maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`maintenance/${script} failed (exit ${r.status}): ${(r.stderr || r.stdout || '').trim().slice(-600)}`);
}

function seedKey(): string {
  const h = createHash('sha256');
  h.update(fs.readFileSync(__filename));
  h.update(mediaWikiVersion());
  return h.digest('hex').slice(0, 12);
}

export function cacheRoot(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'wikiq');
}

/** Builds (once) the seeded template and returns its directory. */
export function ensureTemplate(log: (m: string) => void = () => undefined): string {
  ensureMediaWikiInstalled();
  const target = path.join(cacheRoot(), `wiki-template-${seedKey()}`);
  if (fs.existsSync(path.join(target, 'LocalSettings.php'))) return target;
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const dir = fs.mkdtempSync(path.join(cacheRoot(), 'wiki-build-'));
  const started = Date.now();
  try {
    const r = spawnSync('php', [
      'maintenance/install.php', '--dbtype=sqlite', `--dbpath=${dir}`, '--dbname=wikiq', '--server=http://127.0.0.1:1', '--scriptpath=',
      `--confpath=${dir}`, `--pass=${SEED.password}`, 'Test Wiki', 'Admin',
    ], { cwd: MW_DIR, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`MediaWiki's install.php failed: ${(r.stderr || r.stdout).trim().slice(-600)}`);
    fs.appendFileSync(path.join(dir, 'LocalSettings.php'), SETTINGS);
    for (const d of ['images', 'cache', 'tmp']) fs.mkdirSync(path.join(dir, d), { recursive: true });
    for (const u of SEED.users) php(dir, 'createAndPromote.php', u === 'Alice' ? ['--sysop', u, SEED.password] : [u, SEED.password]);
    // Files, uploaded by three users in turn.
    const byUser = SEED.users.map(() => [] as string[]);
    const src = path.join(dir, 'seed-files');
    for (let i = 0; i < SEED.files; i++) {
      const u = i % SEED.users.length;
      const d = path.join(src, String(u));
      fs.mkdirSync(d, { recursive: true });
      fs.writeFileSync(path.join(d, fileName(i)), png(i));
      byUser[u].push(fileName(i));
    }
    SEED.users.forEach((u, k) => php(dir, 'importImages.php', [`--user=${u}`, '--comment=Seeded by the wikiq test harness', path.join(src, String(k))]));
    // Pages with links, categories and embedded files; a few redirects; category pages.
    const pages = path.join(dir, 'seed-pages');
    fs.mkdirSync(pages);
    for (let i = 0; i < SEED.pages; i++) fs.writeFileSync(path.join(pages, pageTitle(i)), pageText(i));
    for (let r2 = 0; r2 < SEED.redirects; r2++) fs.writeFileSync(path.join(pages, `Redirect ${r2}`), `#REDIRECT [[${pageTitle(r2)}]]\n`);
    for (const c of SEED.categories) fs.writeFileSync(path.join(pages, `Category:${c}`), `Pages about ${c.toLowerCase()}.\n`);
    php(dir, 'importTextFiles.php', ['--user=Bob', '--summary=Seeded page', ...fs.readdirSync(pages).map((f) => path.join(pages, f))]);
    php(dir, 'runJobs.php', []);
    // More log types: delete, protect.
    fs.writeFileSync(path.join(dir, 'delete.txt'), `${pageTitle(SEED.pages - 1)}\n`);
    php(dir, 'deleteBatch.php', ['-u', 'Alice', '-r', 'Seeded deletion', path.join(dir, 'delete.txt')]);
    php(dir, 'protect.php', ['-u', 'Alice', '-r', 'Seeded protection', pageTitle(0)]);
    php(dir, 'runJobs.php', []);
    fs.rmSync(src, { recursive: true, force: true });
    fs.rmSync(pages, { recursive: true, force: true });
    fs.writeFileSync(path.join(dir, 'router.php'), ROUTER);
    try {
      fs.renameSync(dir, target);
    } catch (e) {
      // Another process finished first: use its template.
      if (!fs.existsSync(path.join(target, 'LocalSettings.php'))) throw e;
      fs.rmSync(dir, { recursive: true, force: true });
    }
    log(`seeded the test wiki template in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return target;
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

export async function startWiki(opts: { port?: number; log?: (m: string) => void } = {}): Promise<TestWiki> {
  const template = ensureTemplate(opts.log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-wiki-'));
  fs.cpSync(template, dir, { recursive: true });
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const settings = path.join(dir, 'LocalSettings.php');
  fs.writeFileSync(settings, fs.readFileSync(settings, 'utf8').replace(/^\$wgServer\s*=.*$/m, `$wgServer = "${base}";`));
  const proc = spawn('php', ['-S', `127.0.0.1:${port}`, path.join(dir, 'router.php')], {
    cwd: MW_DIR,
    env: { ...process.env, MW_CONFIG_FILE: settings, WIKIQ_WIKI_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  const requests: string[] = [];
  const markerWaiters = new Map<string, () => void>();
  let output = '';
  let pending = '';
  const onData = (d: Buffer) => {
    const text = d.toString();
    output = (output + text).slice(-4000);
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const m = /\[\d{3}\]: (?:GET|POST|HEAD) (\S+)/.exec(line);
      if (!m) continue;
      const marker = /[?&]wikiqmarker=(\w+)/.exec(m[1]);
      if (marker) markerWaiters.get(marker[1])?.();
      else requests.push(m[1]);
    }
  };
  let markers = 0;
  const sync = async () => {
    const id = `m${++markers}`;
    const seen = new Promise<void>((resolve) => markerWaiters.set(id, resolve));
    await (await fetch(`${base}/api.php?wikiqmarker=${id}&format=json`)).arrayBuffer();
    await seen;
    markerWaiters.delete(id);
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const endpoint = `${base}/api.php`;
  // Ready when the API answers; bounded, and fails with the server's own words.
  const deadline = Date.now() + 20000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`php -S exited (${proc.exitCode}) before the wiki was ready: ${output.trim().slice(-500)}`);
    try {
      const res = await fetch(`${endpoint}?action=query&meta=siteinfo&format=json`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && (await res.json()).query?.general) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`The test wiki on ${base} did not answer within 20 s: ${output.trim().slice(-500)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  requests.length = 0; // the readiness probe is not a test's request
  return {
    endpoint, base, port, dir,
    async apiRequestCount(filter) {
      await sync();
      return requests.filter((u) => u.startsWith('/api.php') && (!filter || filter(u))).length;
    },
    async requestLog() {
      await sync();
      return [...requests];
    },
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await exited;
      }
      running.delete(proc);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
