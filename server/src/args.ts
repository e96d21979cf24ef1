/**
 * The language server's command line: `--help`, `--version`, the transport (one is required) and
 * its options. A mistake prints the usage and exits 2, never a stack trace.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { VERSION } from '../../common/version';
import { readArgs, type ArgOptions } from '../../common/args';

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

/** The options, as Node's parser reads them; `-h` and `-v` are `--help` and `--version`. */
const OPTIONS: ArgOptions = {
  stdio: { type: 'boolean' },
  'node-ipc': { type: 'boolean' },
  socket: { type: 'string' },
  pipe: { type: 'string' },
  'cache-dir': { type: 'string' },
  'catalogue-timeout-ms': { type: 'string' },
  'debounce-ms': { type: 'string' },
  clientProcessId: { type: 'string' },
  'log-timing': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
};
const TRANSPORTS = ['stdio', 'node-ipc', 'socket', 'pipe'];

/** Reads the arguments after the script (`process.argv.slice(2)`) with Node's parser (strict). */
export function parseArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Parsed {
  const read = readArgs(args, OPTIONS, { positionals: false, unknown: (a) => `Unknown option '${a}'.` });
  if ('mistake' in read) return { kind: 'error', message: read.mistake };
  const { values, given } = read;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const empty = Object.keys(values).find((name) => values[name] === '');
  if (empty) return { kind: 'error', message: `--${empty} needs a value.` };
  const transports = given.filter((name) => TRANSPORTS.includes(name)).map((name) => `--${name}`);
  if (transports.length === 0) return { kind: 'error', message: 'No transport: pass --stdio (or --node-ipc, --socket=PORT, --pipe=NAME).' };
  if (transports.length > 1) return { kind: 'error', message: `One transport only, not ${transports.join(' and ')}.` };
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const timeoutText = text('catalogue-timeout-ms');
  const timeout = timeoutText === undefined ? 15000 : Number(timeoutText);
  if (!Number.isFinite(timeout) || timeout <= 0) return { kind: 'error', message: `--catalogue-timeout-ms takes a positive number of milliseconds, not '${timeoutText}'.` };
  const debounceText = text('debounce-ms');
  const debounce = debounceText === undefined ? 120 : Number(debounceText);
  if (!Number.isFinite(debounce) || debounce < 0) return { kind: 'error', message: `--debounce-ms takes a number of milliseconds (0 or more), not '${debounceText}'.` };
  return { kind: 'run', options: { cacheDir: text('cache-dir') ?? defaultCacheDir(env), catalogueTimeoutMs: timeout, logTiming: values['log-timing'] === true, debounceMs: debounce } };
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
