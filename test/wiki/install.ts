/**
 * What the real-wiki harness needs on the machine: Debian's MediaWiki and PHP (installed with
 * apt-get when root, else a failure naming the packages), the MediaWiki version, free ports.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { aptInstall } from '../apt';

export const MW_DIR = '/usr/share/mediawiki';
export const PACKAGES = ['mediawiki', 'php-cli', 'php-sqlite3', 'php-intl', 'php-mbstring', 'php-xml'];
export const INSTALL_COMMAND = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;

// ---- packages ---------------------------------------------------------------------------------

function missingPackages(packages: readonly string[]): string[] {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Status}\n', ...packages], { encoding: 'utf8' });
  if (r.error) return [...packages]; // no dpkg at all
  const installed = new Set((r.stdout ?? '').split('\n').filter((l) => l.endsWith(' installed')).map((l) => l.split(' ')[0]));
  return packages.filter((p) => !installed.has(p));
}

function phpWorks(): boolean {
  const r = spawnSync('php', ['-r', 'echo class_exists("PDO") && in_array("sqlite", PDO::getAvailableDrivers()) && extension_loaded("intl") && extension_loaded("mbstring") && extension_loaded("xml") ? "ok" : "no";'], { encoding: 'utf8' });
  return r.stdout === 'ok';
}

/** What is missing for a test wiki, in words; empty when nothing is. */
function missingWhat(packages: readonly string[]): string {
  const missing = missingPackages(packages);
  if (missing.length) return `the Debian packages ${missing.join(', ')}`;
  if (!fs.existsSync(path.join(MW_DIR, 'maintenance/install.php'))) return `MediaWiki in ${MW_DIR}`;
  if (!phpWorks()) return 'PHP with the sqlite3, intl, mbstring and xml extensions';
  return '';
}

let installedChecked = false;

/**
 * Makes sure the Debian packages a test wiki needs are there: installs them when missing (as root,
 * with apt-get, saying so through `log` first), else throws an Error naming what is missing and the
 * command that installs it. (`packages` is for the harness's own test of that message.)
 */
export function ensureMediaWikiInstalled(packages: readonly string[] = PACKAGES, log: (m: string) => void = () => undefined): void {
  if (packages === PACKAGES && installedChecked) return;
  const what = missingWhat(packages);
  if (what && process.getuid?.() === 0) log(`Installing ${what} with apt-get (once; this can take a few minutes)…`);
  if (what) aptInstall(packages, what, 'the demo wiki and the real-wiki tests', () => missingWhat(packages));
  if (packages === PACKAGES) installedChecked = true;
}

let versionMemo: string | undefined;

/** MediaWiki's version (from includes/Defines.php), with the Debian package's and PHP's. */
export function mediaWikiVersion(): string {
  return (versionMemo ??= readVersion());
}

function readVersion(): string {
  let mw = 'unknown';
  try {
    mw = /MW_VERSION',\s*'([^']+)'/.exec(fs.readFileSync(path.join(MW_DIR, 'includes/Defines.php'), 'utf8'))?.[1] ?? mw;
  } catch {
    // reported as unknown
  }
  const deb = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'mediawiki'], { encoding: 'utf8' }).stdout ?? '';
  const php = spawnSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' }).stdout ?? '';
  return `${mw} (deb ${deb || '?'}, php ${php || '?'})`;
}

/** A port nobody listens on at the moment (the kernel's pick for port 0). */
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

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}


