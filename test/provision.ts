/**
 * The one provisioning path of the test layers: which Debian packages each layer needs, where the
 * programs they bring live, and the installer (apt-get as root, else an Error naming what is
 * missing and the command). `scripts/test.mjs` runs this file before a layer's first test:
 *
 *   node out/test/provision.js LAYER...     installs what those layers need (the editor layer also
 *                                            builds the VS Code server into the cache)
 *   node out/test/provision.js --packages    prints the packages the layers install that a new
 *                                            machine lacks, one per line (scripts/fresh-machine.sh)
 *
 * Test files never look for a system program themselves: they take its path from here (`PATHS`)
 * and, where a test file can be run on its own, call `ensureLayer` (a dpkg look-up when all is
 * there). test/unit/provisioning.test.ts refuses a test file that checks `/usr/...` or runs apt.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

export type Layer = 'unit' | 'lsp' | 'faults' | 'wiki' | 'neovim' | 'editor';

/** Where the provisioned programs and files live (Debian's paths). */
export const PATHS = {
  chromium: '/usr/bin/chromium',
  /** Debian's Python: the one its python3-* packages are for (a python3 earlier on PATH may not see them). */
  python: '/usr/bin/python3',
  ripgrep: '/usr/bin/rg',
  mediawiki: '/usr/share/mediawiki',
  /** Node's C headers (Debian's nodejs ships them): node-gyp's nodedir, as it cannot download them here. */
  nodeHeaders: '/usr/include/node/node_version.h',
} as const;

/** The real MediaWiki of the wiki layer (also the demo wiki, and the web editor suite's wiki). */
export const MEDIAWIKI_PACKAGES = ['mediawiki', 'php-cli', 'php-sqlite3', 'php-intl', 'php-mbstring', 'php-xml'];
/** The runtimes Copy as code's programs run on (python requests and mwclient, PHP's curl; mw.Api runs in chromium). */
export const CODEGEN_PACKAGES = ['python3-requests', 'python3-mwclient', 'python3-pycodestyle', 'php-cli', 'php-curl', 'chromium'];
/** Running the VS Code server and its web workbench. */
const EDITOR_RUN_PACKAGES = ['chromium', 'ripgrep', 'fonts-dejavu-core'];
/** Compiling the VS Code server's native modules: needed only while the server is not yet in the cache. */
export const EDITOR_BUILD_PACKAGES = ['libkrb5-dev', 'libx11-dev', 'libxkbfile-dev', 'libsecret-1-dev', 'pkg-config', 'make', 'g++', 'python3'];

/** Each layer's Debian packages (the editor layer's build packages aside). */
export const LAYER_PACKAGES: Record<Layer, readonly string[]> = {
  unit: [],
  lsp: [],
  faults: ['chromium'],
  wiki: unique([...MEDIAWIKI_PACKAGES, ...CODEGEN_PACKAGES]),
  // The content test starts the real wiki (test/neovim/content.test.ts).
  neovim: unique(['neovim', ...MEDIAWIKI_PACKAGES]),
  editor: unique([...EDITOR_RUN_PACKAGES, ...MEDIAWIKI_PACKAGES]),
};

/** Packages every machine of the project's kind has when new: never removed by scripts/fresh-machine.sh. */
export const BASE_PACKAGES = ['python3', 'make', 'g++', 'pkg-config', 'fonts-dejavu-core', 'libx11-dev'];

const PURPOSE: Record<Layer, string> = {
  unit: 'the unit tests',
  lsp: 'the LSP tests',
  faults: 'the fault tests (the results view and the fetch client in chromium)',
  wiki: 'the real-wiki tests and the demo wiki',
  neovim: 'the Neovim tests',
  editor: 'the real-editor tests',
};

export const LAYERS = Object.keys(LAYER_PACKAGES) as Layer[];

function unique(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}

export function isLayer(name: string): name is Layer {
  return (LAYERS as string[]).includes(name);
}

/** The packages of `packages` that dpkg does not have installed (all of them where there is no dpkg). */
export function missingPackages(packages: readonly string[]): string[] {
  if (packages.length === 0) return [];
  const r = spawnSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Status}\n', ...packages], { encoding: 'utf8' });
  if (r.error) return [...packages];
  const installed = new Set((r.stdout ?? '').split('\n').filter((l) => l.endsWith(' installed')).map((l) => l.split(' ')[0]));
  return packages.filter((p) => !installed.has(p));
}

/** The installed version of a Debian package, or '' (for reports). */
export function debianVersion(pkg: string): string {
  return spawnSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).stdout ?? '';
}

export function installCommand(packages: readonly string[]): string {
  return `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/**
 * Makes sure `packages` are installed, for `purpose` ("the real-wiki tests"): installs the missing
 * ones with apt-get as root (saying so through `log` first), else throws an Error naming only what
 * is missing and the command that installs them all.
 */
export function ensurePackages(packages: readonly string[], purpose: string, log: (line: string) => void = () => undefined): void {
  const missing = missingPackages(packages);
  if (missing.length === 0) return;
  const Purpose = purpose[0].toUpperCase() + purpose.slice(1);
  const what = `the Debian packages ${missing.join(', ')}`;
  // The command installs them all: it stays right whatever else changes before it is run.
  const command = installCommand(packages);
  if (process.platform !== 'linux' || spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) {
    throw new Error(`${Purpose} need ${what} (Debian/Ubuntu packages). Install them with: ${command}`);
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`${Purpose} need ${what}, and only root can install them. Run as root: ${command}`);
  }
  log(`Installing ${what} for ${purpose} with apt-get (once; this can take a few minutes)…`);
  const opts = { encoding: 'utf8' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, maxBuffer: 64 * 1024 * 1024 };
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const up = spawnSync('apt-get', [...lock, 'update'], opts);
  const inst = spawnSync('apt-get', [...lock, 'install', '-y', '--no-install-recommends', ...missing], opts);
  const still = missingPackages(missing);
  if (still.length === 0) return;
  const why = `${inst.stderr || ''}\n${up.stderr || ''}`.trim().split('\n').filter(Boolean).slice(-3).join(' | ');
  throw new Error(`Could not install the Debian packages ${still.join(', ')} for ${purpose}${why ? ` (apt-get said: ${why})` : ''}. Install them with: ${command}`);
}

const ensured = new Set<string>();

/** Makes sure a layer's Debian packages are there (once per process): see `ensurePackages`. */
export function ensureLayer(layer: Layer, log?: (line: string) => void, extra: readonly string[] = []): void {
  const key = `${layer} ${extra.join(' ')}`;
  if (ensured.has(key)) return;
  ensurePackages(unique([...LAYER_PACKAGES[layer], ...extra]), PURPOSE[layer], log);
  ensured.add(key);
}

/** Node's headers for node-gyp, or an Error saying why they are needed and how to get them. */
export function nodeHeadersDir(env: NodeJS.ProcessEnv): string {
  const dir = env.npm_config_nodedir ?? '/usr';
  const headers = `${dir}/include/node/node_version.h`;
  if (fs.existsSync(headers)) return dir;
  throw new Error(
    `Node's C headers are needed to compile the VS Code server's native modules and ${headers} is missing ` +
      `(node-gyp cannot download them without internet). Install Node from a package that ships them (Debian/NodeSource 'nodejs' puts them in /usr/include/node) or set npm_config_nodedir.`,
  );
}

async function main(args: string[]): Promise<number> {
  if (args[0] === '--packages') {
    const all = unique([...LAYERS.flatMap((l) => LAYER_PACKAGES[l]), ...EDITOR_BUILD_PACKAGES]);
    console.log(all.filter((p) => !BASE_PACKAGES.includes(p)).join('\n'));
    return 0;
  }
  const bad = args.filter((a) => !isLayer(a));
  if (bad.length || args.length === 0) {
    console.error(`usage: node out/test/provision.js LAYER... | --packages   (layers: ${LAYERS.join(', ')}; not: ${bad.join(', ') || 'none given'})`);
    return 2;
  }
  const log = (line: string) => console.log(`provision: ${line}`);
  for (const layer of args) {
    const t0 = Date.now();
    try {
      if (layer === 'editor') {
        // The VS Code server (an npm download, compiled here) needs the build packages only when not cached.
        const { provision } = await import('./vscode/provision');
        await provision(log);
      } else {
        ensureLayer(layer as Layer, log);
      }
    } catch (err) {
      console.error(`provision: ${layer}: ${(err as Error).message}`);
      return 1;
    }
    const packages = layer === 'editor' ? [...LAYER_PACKAGES.editor] : LAYER_PACKAGES[layer as Layer];
    log(`${layer}: ready (${packages.length ? packages.join(' ') : 'no Debian packages'}; ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  return 0;
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
