/**
 * The language server's command line: `--help`, `--version`, the transport (one is required) and
 * its options. A mistake prints the usage and exits 2, never a stack trace.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { VERSION } from '../../common/version';

export const USAGE = `wikiq language server ${VERSION}: completion, hover, diagnostics and quick fixes for
MediaWiki Action API requests in .wikiq files, for any LSP client.

Usage: node dist/server.js --stdio [options]

Transport (exactly one):
  --stdio                    JSON-RPC over stdin/stdout (most editors)
  --node-ipc                 Node IPC (the VS Code extension)
  --socket=PORT              connect to a TCP port on localhost
  --pipe=NAME                connect to a named pipe (Windows) or Unix socket

Options:
  --cache-dir DIR            where wikis' catalogues are cached (default: the user's cache
                             directory, ${defaultCacheDir()})
  --catalogue-timeout-ms N   timeout of a catalogue fetch, in milliseconds (default 15000)
  --clientProcessId PID      exit when that process ends
  --debounce-ms N            wait after an edit before validating, in milliseconds (default 120)
  --log-timing               log how long parsing and validation take
  -h, --help                 print this help and exit
  -v, --version              print the version and exit

Settings come from the client: initializationOptions and the "wikiq" section of
workspace/configuration (endpoint, environments, environment). See README, "Other editors".`;

export interface ServerOptions {
  cacheDir: string;
  catalogueTimeoutMs: number;
  logTiming: boolean;
  /** Wait after an edit before validating (ms). */
  debounceMs: number;
}

export type Parsed =
  | { kind: 'run'; options: ServerOptions }
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'error'; message: string };

const TRANSPORTS = ['--stdio', '--node-ipc', '--socket', '--pipe'];
const WITH_VALUE = ['--cache-dir', '--catalogue-timeout-ms', '--debounce-ms', '--clientProcessId', '--socket', '--pipe'];
const FLAGS = ['--stdio', '--node-ipc', '--log-timing'];

/** Reads the arguments after the script (`process.argv.slice(2)`). */
export function parseArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Parsed {
  if (args.includes('--help') || args.includes('-h')) return { kind: 'help' };
  if (args.includes('--version') || args.includes('-v')) return { kind: 'version' };
  const values = new Map<string, string>();
  const transports: string[] = [];
  let logTiming = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (TRANSPORTS.includes(name)) transports.push(name);
    if (FLAGS.includes(name) && name === arg) {
      if (name === '--log-timing') logTiming = true;
    } else if (WITH_VALUE.includes(name)) {
      const value = name === arg ? args[++i] : arg.slice(eq + 1);
      if (value === undefined || value === '') return { kind: 'error', message: `${name} needs a value.` };
      values.set(name, value);
    } else {
      return { kind: 'error', message: `Unknown option '${arg}'.` };
    }
  }
  if (transports.length === 0) return { kind: 'error', message: 'No transport: pass --stdio (or --node-ipc, --socket=PORT, --pipe=NAME).' };
  if (transports.length > 1) return { kind: 'error', message: `One transport only, not ${transports.join(' and ')}.` };
  const timeout = values.has('--catalogue-timeout-ms') ? Number(values.get('--catalogue-timeout-ms')) : 15000;
  if (!Number.isFinite(timeout) || timeout <= 0) return { kind: 'error', message: `--catalogue-timeout-ms takes a positive number of milliseconds, not '${values.get('--catalogue-timeout-ms')}'.` };
  const debounce = values.has('--debounce-ms') ? Number(values.get('--debounce-ms')) : 120;
  if (!Number.isFinite(debounce) || debounce < 0) return { kind: 'error', message: `--debounce-ms takes a number of milliseconds (0 or more), not '${values.get('--debounce-ms')}'.` };
  return { kind: 'run', options: { cacheDir: values.get('--cache-dir') ?? defaultCacheDir(env), catalogueTimeoutMs: timeout, logTiming, debounceMs: debounce } };
}

/**
 * Where catalogues are cached when no `--cache-dir` is given: the platform's user cache directory
 * (`$XDG_CACHE_HOME/wikiq/catalogues` or `~/.cache/wikiq/catalogues`; `~/Library/Caches/wikiq` on
 * macOS, `%LOCALAPPDATA%\\wikiq\\Cache` on Windows).
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = env.HOME || os.homedir()): string {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA || path.win32.join(env.USERPROFILE || home, 'AppData', 'Local');
    return path.win32.join(local, 'wikiq', 'Cache');
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Caches', 'wikiq');
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.posix.join(home, '.cache');
  return path.posix.join(xdg, 'wikiq', 'catalogues');
}

/**
 * Handles `--help`, `--version` and mistakes: returns the exit code when the process should stop
 * (0, or 2 with the usage on stderr), or the options to run with.
 */
export function commandLine(args: readonly string[], io: { out(s: string): void; err(s: string): void }, env: NodeJS.ProcessEnv = process.env): number | ServerOptions {
  const parsed = parseArgs(args, env);
  switch (parsed.kind) {
    case 'help':
      io.out(USAGE + '\n');
      return 0;
    case 'version':
      io.out(`${VERSION}\n`);
      return 0;
    case 'error':
      io.err(`wikiq server: ${parsed.message}\nUsage: node dist/server.js --stdio [--cache-dir DIR] [--catalogue-timeout-ms N]\nRun with --help for every option.\n`);
      return 2;
    default:
      return parsed.options;
  }
}
