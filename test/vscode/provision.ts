/**
 * Provisions what the offline real-editor layer needs: a VS Code server with its web workbench
 * (from the npm package code-server, built once into a per-user cache outside the repository), and
 * through ../provision (the one provisioning path) the layer's Debian packages. A warm call costs milliseconds; a cold one a few minutes.
 *
 * Cache: ${XDG_CACHE_HOME:-~/.cache}/wikiq/code-server-<version>, built in a temporary sibling
 * folder and renamed into place only when complete, so an interrupted build never looks done.
 *
 * Usage as a script: node out/test/vscode/provision.js   (prints where the server is)
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EDITOR_BUILD_PACKAGES, PATHS, ensureLayer, nodeHeadersDir } from '../provision';

export const CODE_SERVER_VERSION = '4.100.3';
/** Bump when the build recipe below changes, so caches made by an older recipe are rebuilt. */
const RECIPE = 1;
const STAMP = '.wikiq-provisioned.json';

/** Native modules of the VS Code server that must be compiled against this machine's Node. */
const NATIVE_MODULES = ['@parcel/watcher', '@vscode/spdlog', 'kerberos', 'native-watchdog', 'node-pty', '@vscode/deviceid'];

export interface Provisioned {
  /** The cache folder holding node_modules/code-server. */
  dir: string;
  /** node_modules/code-server/lib/vscode: the VS Code server and web workbench. */
  vscodeDir: string;
  /** out/server-main.js inside vscodeDir. */
  serverMain: string;
  /** VS Code version of the server, e.g. 1.100.3. */
  vscodeVersion: string;
  /** The browser that drives the workbench. */
  chromium: string;
  /** True when this call built the server (a cold run). */
  built: boolean;
}

export class ProvisionError extends Error {}

type Log = (line: string) => void;

export function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'wikiq');
}

export function serverDir(): string {
  return path.join(cacheRoot(), `code-server-${CODE_SERVER_VERSION}`);
}

function readStamp(dir: string): { recipe: number; vscodeVersion: string } | undefined {
  try {
    const s = JSON.parse(fs.readFileSync(path.join(dir, STAMP), 'utf8'));
    if (s.recipe === RECIPE && typeof s.vscodeVersion === 'string' && fs.existsSync(path.join(dir, 'node_modules/code-server/lib/vscode/out/server-main.js'))) return s;
  } catch {
    /* no stamp: not provisioned */
  }
  return undefined;
}

/** Runs a command, appending its output to logFile; rejects with the output's tail on failure. */
function run(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; logFile: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(opts.logFile, 'a');
    fs.writeSync(out, `\n$ (cd ${opts.cwd ?? process.cwd()} && ${cmd} ${args.join(' ')})\n`);
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', out, out] });
    child.on('error', (err) => {
      fs.closeSync(out);
      reject(new ProvisionError(`could not start '${cmd}': ${err.message}`));
    });
    child.on('close', (code, signal) => {
      fs.closeSync(out);
      if (code === 0) return resolve();
      const text = fs.readFileSync(opts.logFile, 'utf8');
      const tail = text.split('\n').slice(-40).join('\n');
      reject(new ProvisionError(`'${cmd} ${args.join(' ')}' in ${opts.cwd ?? process.cwd()} failed (${signal ?? `exit ${code}`}). Last lines of ${opts.logFile}:\n${tail}`));
    });
  });
}

/** Removes temporary build folders left by provisioners that died (their pid is gone). */
function removeStaleBuilds(root: string): void {
  let names: string[] = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^\.tmp-code-server-.*-(\d+)-\d+$/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive || pid === process.pid) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

async function build(root: string, final: string, log: Log): Promise<string> {
  const tmp = path.join(root, `.tmp-code-server-${CODE_SERVER_VERSION}-${process.pid}-${Date.now()}`);
  fs.mkdirSync(tmp, { recursive: true });
  const logFile = path.join(tmp, 'provision.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_yes: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  // node-gyp needs Node's headers; Debian's nodejs has them under /usr/include/node (no download).
  try {
    env.npm_config_nodedir = nodeHeadersDir(env);
  } catch (err) {
    throw new ProvisionError((err as Error).message);
  }
  const step = async (what: string, fn: () => Promise<void>) => {
    const t0 = Date.now();
    log(`  ${what} …`);
    await fn();
    log(`  ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    fs.writeFileSync(
      path.join(tmp, 'package.json'),
      JSON.stringify({ name: 'wikiq-vscode-server', private: true, description: 'VS Code server for wikiq real-editor tests', dependencies: { 'code-server': CODE_SERVER_VERSION } }, null, 2),
    );
    await step(`npm install code-server@${CODE_SERVER_VERSION} (no install scripts)`, () =>
      run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: tmp, env, logFile }));
    const vscodeDir = path.join(tmp, 'node_modules/code-server/lib/vscode');
    if (!fs.existsSync(path.join(vscodeDir, 'out/server-main.js'))) {
      throw new ProvisionError(`code-server@${CODE_SERVER_VERSION} installed, but ${vscodeDir}/out/server-main.js is not there`);
    }
    await step('npm install the VS Code server dependencies', () =>
      run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: vscodeDir, env, logFile }));
    const rgDir = path.join(vscodeDir, 'node_modules/@vscode/ripgrep/bin');
    fs.mkdirSync(rgDir, { recursive: true });
    fs.copyFileSync(PATHS.ripgrep, path.join(rgDir, 'rg'));
    fs.chmodSync(path.join(rgDir, 'rg'), 0o755);
    await step(`compile native modules (${NATIVE_MODULES.join(', ')})`, () =>
      run('npm', ['rebuild', ...NATIVE_MODULES], { cwd: vscodeDir, env, logFile }));
    fs.symlinkSync('node_modules', path.join(vscodeDir, 'node_modules.asar'));
    await step('npm install the built-in extensions’ dependencies', () =>
      run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: path.join(vscodeDir, 'extensions'), env, logFile }));
    const vscodeVersion = JSON.parse(fs.readFileSync(path.join(vscodeDir, 'package.json'), 'utf8')).version as string;
    await step('check that the native modules load', () =>
      run(process.execPath, ['-e', NATIVE_MODULES.map((m) => `require(${JSON.stringify(m)});`).join('')], { cwd: vscodeDir, env, logFile }));
    fs.writeFileSync(path.join(tmp, STAMP), JSON.stringify({ recipe: RECIPE, codeServer: CODE_SERVER_VERSION, vscodeVersion, node: process.version, builtAt: new Date().toISOString() }, null, 2));
    // Publish atomically. If an older build is there (another recipe), move it aside first.
    if (fs.existsSync(final)) {
      if (readStamp(final)) {
        fs.rmSync(tmp, { recursive: true, force: true }); // someone else finished first
        return final;
      }
      const trash = `${tmp}-old`;
      fs.renameSync(final, trash);
      fs.rmSync(trash, { recursive: true, force: true });
    }
    try {
      fs.renameSync(tmp, final);
    } catch (err) {
      if (readStamp(final)) fs.rmSync(tmp, { recursive: true, force: true });
      else throw err;
    }
    return final;
  } catch (err) {
    // Keep the log for the reader; drop the half-built tree.
    const kept = path.join(root, `provision-failed-${CODE_SERVER_VERSION}.log`);
    try {
      fs.copyFileSync(logFile, kept);
    } catch {
      /* nothing logged yet */
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    const msg = err instanceof Error ? err.message : String(err);
    throw new ProvisionError(`Provisioning the VS Code server (code-server@${CODE_SERVER_VERSION}) failed: ${msg}\n(full log: ${kept})`);
  }
}

/** Returns a ready VS Code server and browser, building the server into the cache if needed. */
export async function provision(log: Log = (l) => console.log(l)): Promise<Provisioned> {
  const root = cacheRoot();
  const final = serverDir();
  fs.mkdirSync(root, { recursive: true });
  let stamp = readStamp(final);
  let built = false;
  // The one provisioning path (../provision): the build packages only while the server is not cached.
  try {
    ensureLayer('editor', log, stamp ? [] : EDITOR_BUILD_PACKAGES);
  } catch (err) {
    throw new ProvisionError((err as Error).message);
  }
  if (!stamp) {
    removeStaleBuilds(root);
    const t0 = Date.now();
    log(`provisioning the VS Code server from code-server@${CODE_SERVER_VERSION} into ${final} (first run; a few minutes)`);
    await build(root, final, log);
    stamp = readStamp(final);
    if (!stamp) throw new ProvisionError(`provisioning finished but ${final} has no valid ${STAMP}`);
    built = true;
    log(`provisioned in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  const vscodeDir = path.join(final, 'node_modules/code-server/lib/vscode');
  return { dir: final, vscodeDir, serverMain: path.join(vscodeDir, 'out/server-main.js'), vscodeVersion: stamp.vscodeVersion, chromium: PATHS.chromium, built };
}

if (require.main === module) {
  const t0 = Date.now();
  provision().then(
    (p) => {
      console.log(`VS Code ${p.vscodeVersion} server: ${p.serverMain} (${p.built ? 'built' : 'cached'}, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    },
    (err) => {
      console.error(err instanceof ProvisionError ? err.message : err);
      process.exit(1);
    },
  );
}
