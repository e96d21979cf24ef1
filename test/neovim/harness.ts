/**
 * A real Neovim for the tests: Debian's `neovim` (0.7.2 on Debian 12), provisioned by ../provision,
 * run headless with the configuration docs/editors.md gives
 * for Neovim 0.7.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureLayer } from '../provision';
import { ROOT } from '../lsp/lspClient';

export function ensureNeovim(): string {
  ensureLayer('neovim');
  return spawnSync('nvim', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
}

/** The Lua block of docs/editors.md that follows `heading`, with the server's path and endpoint put in. */
export function readmeConfig(heading: string, endpoint: string): string {
  const readme = fs.readFileSync(path.join(ROOT, 'docs', 'editors.md'), 'utf8');
  const at = readme.indexOf(heading);
  const block = at >= 0 ? /```lua\n([\s\S]*?)```/.exec(readme.slice(at)) : null;
  if (!block) throw new Error(`docs/editors.md has no Lua block after '${heading}'`);
  return block[1].replaceAll('/path/to/wikiq', ROOT).replaceAll('https://www.mediawiki.org/w/api.php', endpoint);
}

/**
 * Runs a headless Neovim in `dir` (its HOME and XDG folders) with `init` as its configuration on
 * `file`, then the Lua `script` of test/neovim, which writes what it saw as JSON to
 * $WIKIQ_NVIM_OUT; resolves with that JSON once Neovim has exited. `env` adds to the environment.
 */
export async function runNeovim<T>(dir: string, init: string, file: string, script: string, env: Record<string, string> = {}): Promise<T> {
  fs.writeFileSync(path.join(dir, 'init.lua'), init);
  const outFile = path.join(dir, 'seen.json');
  const vars = {
    ...process.env, HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache'), XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_STATE_HOME: path.join(dir, 'state'), WIKIQ_NVIM_OUT: outFile, ...env,
  };
  const nvim = spawn('nvim', ['--headless', '-n', '-i', 'NONE', '-u', path.join(dir, 'init.lua'), file, '-c', `luafile ${path.join(ROOT, 'test/neovim', script)}`], { cwd: dir, env: vars, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  nvim.stdout.on('data', (d) => (output += d));
  nvim.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => nvim.once('exit', resolve));
  assert.ok(fs.existsSync(outFile), `Neovim wrote no result (exit ${code}): ${output}`);
  const seen = JSON.parse(fs.readFileSync(outFile, 'utf8')) as T & { failure?: string };
  assert.equal(seen.failure, undefined, `${script} failed: ${seen.failure}\n${output}`);
  return seen;
}
