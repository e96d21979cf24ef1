/** Installing the Debian packages a test layer needs: with apt-get as root, else an Error naming them and the command. */
import { spawnSync } from 'node:child_process';

/**
 * Installs `packages` (`what` says which are missing; `missing()` checks again afterwards) for
 * `purpose` ("the real-wiki tests"); throws an Error naming what is missing and the command.
 */
export function aptInstall(packages: readonly string[], what: string, purpose: string, missing: () => string | undefined): void {
  const Purpose = purpose[0].toUpperCase() + purpose.slice(1);
  const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  if (process.platform !== 'linux' || spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) {
    throw new Error(`${Purpose} need ${what} (Debian/Ubuntu packages). Install them with: ${command}`);
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`${Purpose} need ${what}, and only root can install them. Run as root: ${command}`);
  }
  const opts = { encoding: 'utf8' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, maxBuffer: 64 * 1024 * 1024 };
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const up = spawnSync('apt-get', [...lock, 'update'], opts);
  const inst = spawnSync('apt-get', [...lock, 'install', '-y', '--no-install-recommends', ...packages], opts);
  const still = missing();
  if (!still) return;
  const why = `${inst.stderr || ''}\n${up.stderr || ''}`.trim().split('\n').filter(Boolean).slice(-3).join(' | ');
  throw new Error(`Could not install ${still} for ${purpose}${why ? ` (apt-get said: ${why})` : ''}. Install them with: ${command}`);
}
