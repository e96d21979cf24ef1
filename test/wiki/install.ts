/**
 * What the real-wiki harness needs on the machine: Debian's MediaWiki and PHP (through the one
 * provisioning path, ../provision), the MediaWiki version, free ports.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { MEDIAWIKI_PACKAGES, PATHS, debianVersion, ensurePackages, installCommand } from '../provision';

export const MW_DIR = PATHS.mediawiki;
export const PACKAGES = MEDIAWIKI_PACKAGES;
export const INSTALL_COMMAND = installCommand(PACKAGES);

/**
 * Makes sure the Debian packages a test wiki needs are there, through the one provisioning path
 * (../provision): installs them when missing (as root, with apt-get, saying so through `log`
 * first), else throws an Error naming what is missing and the command that installs it.
 * (`packages` is for the harness's own test of that message.)
 */
export function ensureMediaWikiInstalled(packages: readonly string[] = PACKAGES, log: (m: string) => void = () => undefined): void {
  ensurePackages(packages, 'the demo wiki and the real-wiki tests', log);
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
  const deb = debianVersion('mediawiki');
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


