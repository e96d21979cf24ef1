/**
 * A real Neovim for the tests: Debian's `neovim` (0.7.2 on Debian 12), provisioned by ../provision,
 * run headless with the README's
 * own configuration for Neovim 0.7.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureLayer } from '../provision';
import { ROOT } from '../lsp/lspClient';

export function ensureNeovim(): string {
  ensureLayer('neovim');
  return spawnSync('nvim', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
}

/** The Lua block of the README that follows `heading`, with the server's path and endpoint put in. */
export function readmeConfig(heading: string, endpoint: string): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(heading);
  const block = at >= 0 ? /```lua\n([\s\S]*?)```/.exec(readme.slice(at)) : null;
  if (!block) throw new Error(`README.md has no Lua block after '${heading}'`);
  return block[1].replaceAll('/path/to/wikiq', ROOT).replaceAll('https://www.mediawiki.org/w/api.php', endpoint);
}
