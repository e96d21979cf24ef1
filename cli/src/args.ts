/**
 * The command line's arguments: each command's own flags (anything else is refused), values read
 * with one clear sentence when wrong, files, and environments from settings.json.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isObj, type Environment } from '../../core/src';
import { WikiqError, objOf } from '../../engine/src';
import { readArgs, type ArgOptions } from '../../common/args';
import { JsoncError, parseJsonc } from './jsonc';

/** A mistake in the command line: said in one sentence, with a pointer to --help. */
export class UsageError extends Error {}

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /** stderr is a terminal (progress lines). */
  tty: boolean;
  cwd: string;
  /** stdout is a terminal: the default format of `run` is then the table. */
  stdoutTty?: boolean;
  /** stdin is a terminal: with stdoutTty, a person is there to answer a question (`run` on a write). */
  stdinTty?: boolean;
  /**
   * Asks a person `question` (on the terminal) and resolves with the line answered; undefined when
   * none came (end of input, the run stopped).
   */
  ask?: (question: string) => Promise<string | undefined>;
  /** The terminal's width (`process.stdout.columns`), when known. */
  columns?: number;
  /** A progress line that replaces the previous one on the terminal (stderr); '' clears it. */
  progress?: (line: string) => void;
  /** Aborted when the run must stop: SIGINT, SIGTERM, or stdout closed by its reader. */
  stop?: AbortSignal;
  /** stdout was closed by its reader (`| head`): nothing more can be delivered. */
  outClosed?: () => boolean;
  /** Resolves once stdout has taken what was written (a slow reader holds a streamed run back). */
  outDrained?: () => Promise<void>;
  /** The user's cache folder (default: $XDG_CACHE_HOME or ~/.cache). */
  cacheHome?: string;
}

export interface Args {
  positional: string[];
  flags: Map<string, string | true>;
  /** Every value of a flag given more than once, in order (`flags` keeps the last). */
  repeated?: Map<string, string[]>;
}

/** The flags of a command: those taking a value, and switches. */
export interface FlagSpec {
  values: readonly string[];
  switches: readonly string[];
}

/** Flags every command takes: the usage and the version (cli/src/help.ts answers them). */
const GLOBAL: ArgOptions = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } };

/** Where environments and the wiki come from, in both commands. */
export const ENV_FLAGS = ['--endpoint', '--env', '--config', '--catalogue', '--cache-dir', '--timeout', '--user-agent'];

/** What the "No endpoint" message tells a command-line user. */
export const ENDPOINT_HELP = 'add "@endpoint = https://…/api.php" to the file, pass --endpoint URL, or choose an environment with --env NAME';

/**
 * `argv` read by Node's parser against `spec` and the global flags: words are positional (all after
 * `--` too), a repeated flag keeps its last value, and a mistake is a {@link UsageError} naming the
 * flag. `flags` are keyed by the long name (`-h` is `--help`).
 */
export function parseArgs(argv: string[], spec: FlagSpec, command?: string): Args {
  const options: ArgOptions = { ...GLOBAL };
  for (const f of spec.values) options[f.slice(2)] = { type: 'string' };
  for (const f of spec.switches) options[f.slice(2)] = { type: 'boolean' };
  const read = readArgs(argv, options, { positionals: true, unknown: (a) => `Unknown option ${a}${command ? ` for wikiq ${command}` : ''}.` });
  if ('mistake' in read) throw new UsageError(read.mistake);
  const flags = new Map<string, string | true>();
  for (const [name, v] of Object.entries(read.values)) if (v !== undefined) flags.set(`--${name}`, v);
  const repeated = new Map(Object.entries(read.all).map(([name, vs]) => [`--${name}`, vs]));
  return { positional: read.positionals, flags, repeated };
}

export function str(args: Args, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** Every value of a repeatable flag (`--endpoint A --endpoint B`), in order. */
export function strs(args: Args, name: string): string[] {
  const s = str(args, name);
  return args.repeated?.get(name) ?? (s === undefined ? [] : [s]);
}

export function num(args: Args, name: string, opts: { integer?: boolean; min: number }): number | undefined {
  const s = str(args, name);
  if (s === undefined) return undefined;
  const n = Number(s);
  if (s.trim() === '' || !Number.isFinite(n) || n < opts.min || (opts.integer && !Number.isInteger(n))) {
    throw new UsageError(`${name} takes ${opts.integer ? 'a whole number' : 'a number'} of at least ${opts.min}, not '${s}'.`);
  }
  return n;
}

/** A flag whose value is one of `choices`. */
export function choice<T extends string>(args: Args, name: string, choices: readonly T[], fallback: T): T {
  const v = str(args, name) ?? fallback;
  if (!choices.includes(v as T)) throw new UsageError(`${name} is ${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}, not '${v}'.`);
  return v as T;
}

/** A file that is not UTF-8 text (a binary, an image): refused in one line, never printed. */
export class NotTextError extends WikiqError {
  constructor(file: string, why: string) {
    super('resolve', `${file}: not a text file (${why}).`);
  }
}

/** The UTF-8 text of `file` (a BOM kept, as the editor keeps it); NUL bytes or invalid UTF-8 are refused. */
export function readText(file: string, io: Io): string {
  const abs = path.resolve(io.cwd, file);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`Cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (e as Error).message}.`);
  }
  if (bytes.includes(0)) throw new NotTextError(file, 'it holds NUL bytes');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new NotTextError(file, 'it is not UTF-8');
  }
}

/** The largest settings file read (VS Code's are a few KiB). */
export const MAX_SETTINGS_MB = 10;

/** The value of the settings file `config` (JSON with comments); a mistake names the file and where. */
function readSettings(config: string, io: Io): unknown {
  const abs = path.resolve(io.cwd, config);
  let text: string;
  try {
    const size = fs.statSync(abs).size;
    if (size > MAX_SETTINGS_MB * 1024 * 1024) throw new UsageError(`Cannot read environments from ${config}: larger than ${MAX_SETTINGS_MB} MB.`);
    text = fs.readFileSync(abs, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`Cannot read environments from ${config}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (e as Error).message}.`);
  }
  try {
    return parseJsonc(text, config);
  } catch (e) {
    if (e instanceof JsoncError) throw new UsageError(`Cannot read environments from ${e.message}.`);
    throw e;
  }
}

export function findSettings(file: string, io: Io): string | undefined {
  let dir = path.dirname(path.resolve(io.cwd, file));
  for (;;) {
    const p = path.join(dir, '.vscode', 'settings.json');
    if (fs.existsSync(p)) return p;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

export function checkUrl(flag: string, url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {
    // below
  }
  throw new UsageError(`${flag} takes an http(s) URL of api.php, not '${url}'.`);
}

/** `--endpoint URL`, checked. */
export function forcedEndpoint(args: Args): string | undefined {
  const e = str(args, '--endpoint');
  return e === undefined ? undefined : checkUrl('--endpoint', e);
}

/**
 * `--env NAME` from `--config FILE` or the .vscode/settings.json above `file`. Its `endpoint` is the
 * command line's one rule for the wiki: `--endpoint`, else the environment's endpoint; undefined
 * leaves the file's own (`@endpoint`, or a pasted URL's).
 */
export function loadEnvironment(args: Args, file: string, io: Io): Environment | undefined {
  const forced = forcedEndpoint(args);
  const name = str(args, '--env');
  if (!name) return forced ? { endpoint: forced } : undefined;
  const config = str(args, '--config') ?? findSettings(file, io);
  if (!config) throw new UsageError(`--env ${name}: no .vscode/settings.json in the folder of ${file} or above; name a settings file with --config FILE.`);
  return environmentIn(config, name, forced, io);
}

/** The environment `name` of the settings file `config`; `forced` (an `--endpoint`) replaces its endpoint. */
export function environmentIn(config: string, name: string, forced: string | undefined, io: Io): Environment {
  const settings = objOf(readSettings(config, io));
  const envs = settings['wikiq.environments'] ?? objOf(settings.wikiq).environments ?? settings.environments;
  if (!isObj(envs)) throw new UsageError(`${config} has no "wikiq.environments".`);
  const env = Object.hasOwn(envs, name) ? envs[name] : undefined;
  if (!isObj(env)) throw new UsageError(`No environment '${name}' in ${config} (it has ${Object.keys(envs).join(', ') || 'none'}).`);
  const variables: Record<string, string> = {};
  for (const [k, v] of Object.entries(objOf(env.variables))) variables[k] = String(v);
  return { name, endpoint: forced ?? (typeof env.endpoint === 'string' ? env.endpoint : undefined), variables };
}
