/**
 * The `wikiq` command line, on the same engine and language core as the extension. `main(argv, io)`
 * does everything and returns the exit status; cli/src/main.ts is the tiny entry of dist/cli.js.
 * Messages are one clear line each; never a stack trace.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import {
  ExportFormat, HttpClient, NdjsonFileWriter, ResolveError, RunSession, WikiqError, VERSION, engineUserAgent, createLiveProvider, errorMessage, exportName,
  listRequests, readResumePoint, renderExport, resolveRequest, waitText, writeAtomic,
} from '../../engine/src';
import {
  CatalogueProvider, Environment, StaticCatalogueProvider, bundledCatalogue, cellText, cellValue, endpointFor, getLanguageService, parse, resultTables, type Catalogue,
} from '../../core/src';
import { resumeHint } from './resumeHint';

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /** stderr is a terminal (progress lines). */
  tty: boolean;
  cwd: string;
}

export const USAGE = `wikiq ${VERSION} — MediaWiki Action API requests from .wikiq files

Usage:
  wikiq check FILES... [--catalogue bundled|live] [--endpoint URL] [--cache-dir DIR]
      Prints "file:line:col severity code message" for each problem found by the language
      service; exit 1 if any is an error, else 0. --catalogue live checks against each wiki's own
      catalogue (fetched with action=paraminfo, cached in --cache-dir, default
      ~/.cache/wikiq/catalogues); --endpoint sets the wiki for files that name none.

  wikiq run FILE [options]
      Runs one request of FILE and prints (or writes) its result.
      --request NAME|N     the request named NAME (### NAME) or numbered N (1 = first); default the first
      --all                follow continuation to the end (default: one batch)
      --max-batches N      stop after N batches (default 1000); the result is then partial
      --max-records N      stop once N records are fetched; the result is then partial
      --continue JSON|FILE resume a partial run: a continue object, or a partial JSON export / JSON output
      --endpoint URL       the api.php URL, overriding the file and the environment
      --env NAME           use environment NAME from "wikiq.environments" in --config FILE, or in
                           .vscode/settings.json in FILE's folder (or a parent folder):
                             { "wikiq.environments": { "NAME": { "endpoint": "https://…/api.php",
                                                                 "variables": { "limit": "50" } } } }
      --config FILE        the settings file to read environments from (JSON with comments)
      --format F           json (default), table, ndjson or csv
      --table NAME         the list to print or export for table/ndjson/csv (default: all for table, the first otherwise)
      --out FILE           write to FILE atomically (FILE.partial.EXT when partial); ndjson streams into it
      --no-escape-formulas do not prefix CSV cells starting with = + - @ tab CR with '
      --timeout SECONDS    per HTTP request (default 30)
      --max-response-mb N  largest answer accepted (default 50)
      --maxlag SECONDS     sent while paging with --all (default 5; 0: not sent)
      --max-wait SECONDS   longest wait before a retry the wiki asks for (default 120)
      --user-agent TEXT    the User-Agent header (default: ${engineUserAgent('cli').replace(/node\/\S+/, 'node/…').replace(/undici\/\S+/, 'undici/…')})
      --catalogue bundled|live   catalogue used to refuse writes and read booleans (default bundled)
      JSON output: { "endpoint", "request": {params sent}, "batches", "complete", "continue": {…}|null,
                     "query" (or the action's own member, e.g. "paraminfo"), "warnings", "errors" }
      Progress goes to stderr when it is a terminal; waits before a retry always do. Ctrl+C stops and keeps the partial result.
      Exit status: 0 complete (or the one batch asked for), 2 partial (a cap, Ctrl+C, or an error
      after some batches), 1 failed.

  wikiq --help | --version
`;

class UsageError extends Error {}

interface Args {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set([
  '--catalogue', '--endpoint', '--cache-dir', '--request', '--max-batches', '--max-records', '--env', '--config', '--format', '--out', '--table',
  '--timeout', '--max-response-mb', '--maxlag', '--user-agent', '--continue', '--max-wait',
]);
const BOOL_FLAGS = new Set(['--all', '--help', '-h', '--version', '--no-escape-formulas']);

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  let rest = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (rest || !a.startsWith('-') || a === '-') {
      positional.push(a);
      continue;
    }
    if (a === '--') {
      rest = true;
      continue;
    }
    const eq = a.indexOf('=');
    const [name, inline] = eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    if (VALUE_FLAGS.has(name)) {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${name} needs a value.`);
      flags.set(name, v);
    } else if (BOOL_FLAGS.has(name)) {
      if (inline !== undefined) throw new UsageError(`${name} takes no value.`);
      flags.set(name, true);
    } else throw new UsageError(`Unknown option ${name}.`);
  }
  return { positional, flags };
}

function str(args: Args, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

function num(args: Args, name: string, opts: { integer?: boolean; min: number }): number | undefined {
  const s = str(args, name);
  if (s === undefined) return undefined;
  const n = Number(s);
  if (s.trim() === '' || !Number.isFinite(n) || n < opts.min || (opts.integer && !Number.isInteger(n))) {
    throw new UsageError(`${name} takes ${opts.integer ? 'a whole number' : 'a number'} of at least ${opts.min}, not '${s}'.`);
  }
  return n;
}

function readText(file: string, io: Io): string {
  const abs = path.resolve(io.cwd, file);
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`Cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (e as Error).message}.`);
  }
}

/** JSON with comments and trailing commas (VS Code's settings.json). */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += c;
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

function findSettings(file: string, io: Io): string | undefined {
  let dir = path.dirname(path.resolve(io.cwd, file));
  for (;;) {
    const p = path.join(dir, '.vscode', 'settings.json');
    if (fs.existsSync(p)) return p;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

function loadEnvironment(args: Args, file: string, io: Io): Environment | undefined {
  const name = str(args, '--env');
  if (!name) return undefined;
  const config = str(args, '--config') ?? findSettings(file, io);
  if (!config) throw new UsageError(`--env ${name}: no .vscode/settings.json in the folder of ${file} or above; name a settings file with --config FILE.`);
  let json: any;
  try {
    json = parseJsonc(fs.readFileSync(path.resolve(io.cwd, config), 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`Cannot read environments from ${config}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}.`);
  }
  const envs = json?.['wikiq.environments'] ?? json?.wikiq?.environments ?? json?.environments;
  if (!envs || typeof envs !== 'object') throw new UsageError(`${config} has no "wikiq.environments".`);
  const env = envs[name];
  if (!env || typeof env !== 'object') throw new UsageError(`No environment '${name}' in ${config} (it has ${Object.keys(envs).join(', ') || 'none'}).`);
  const variables: Record<string, string> = {};
  for (const [k, v] of Object.entries(env.variables ?? {})) variables[k] = String(v);
  return { name, endpoint: typeof env.endpoint === 'string' ? env.endpoint : undefined, variables };
}

function checkUrl(flag: string, url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {
    // below
  }
  throw new UsageError(`${flag} takes an http(s) URL of api.php, not '${url}'.`);
}

const SEVERITY: Record<number, string> = { [DiagnosticSeverity.Error]: 'error', [DiagnosticSeverity.Warning]: 'warning', [DiagnosticSeverity.Information]: 'info', [DiagnosticSeverity.Hint]: 'hint' };

function cacheDir(args: Args): string {
  return str(args, '--cache-dir') ?? path.join(os.homedir(), '.cache', 'wikiq', 'catalogues');
}

function catalogueMode(args: Args): 'bundled' | 'live' {
  const mode = str(args, '--catalogue') ?? 'bundled';
  if (mode !== 'bundled' && mode !== 'live') throw new UsageError(`--catalogue is bundled or live, not '${mode}'.`);
  return mode;
}

/**
 * The catalogues `check` and `run` use. Live: each wiki's own, fetched (or read from the disk
 * cache) before use; a wiki that cannot be reached falls back to the cached or bundled one with a
 * message on stderr.
 */
async function catalogueProvider(args: Args, io: Io, endpoints: Iterable<string>): Promise<CatalogueProvider> {
  if (catalogueMode(args) === 'bundled') return new StaticCatalogueProvider(bundledCatalogue());
  const live = createLiveProvider({
    cacheDir: cacheDir(args), log: () => undefined, userAgent: str(args, '--user-agent'), timeoutMs: (num(args, '--timeout', { min: 1 }) ?? 30) * 1000,
  });
  for (const ep of new Set(endpoints)) {
    const s = await live.refresh(ep);
    if (s.error) io.err(`wikiq: ${s.error}`);
  }
  return live;
}

async function check(args: Args, io: Io): Promise<number> {
  if (!args.positional.length) throw new UsageError('wikiq check needs at least one file.');
  catalogueMode(args);
  const forced = str(args, '--endpoint') !== undefined ? checkUrl('--endpoint', str(args, '--endpoint')!) : undefined;
  const env: Environment | undefined = forced ? { endpoint: forced } : undefined;
  const texts = args.positional.map((f) => ({ f, text: readText(f, io) }));
  const endpoints: string[] = [];
  for (const { text } of texts) {
    const file = parse(text);
    for (const r of file.requests) {
      const ep = endpointFor(file, r, env);
      if (ep && /^https?:\/\//i.test(ep)) endpoints.push(ep);
    }
  }
  const catalogues = await catalogueProvider(args, io, endpoints);
  const ls = getLanguageService({ catalogues, environment: () => env });
  let errors = 0;
  for (const { f, text } of texts) {
    const doc = TextDocument.create(`file://${path.resolve(io.cwd, f)}`, 'wikiq', 1, text);
    for (const d of ls.doValidation(doc)) {
      const sev = SEVERITY[d.severity ?? DiagnosticSeverity.Error];
      if (d.severity === DiagnosticSeverity.Error || d.severity === undefined) errors++;
      io.out(`${f}:${d.range.start.line + 1}:${d.range.start.character + 1} ${sev} ${d.code ?? '-'} ${d.message}`);
    }
  }
  return errors ? 1 : 0;
}

function table(rows: readonly unknown[], columns: string[]): string {
  const cells = rows.map((r) => columns.map((c) => {
    const t = cellText(cellValue(r, c)).replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ');
    return t.length > 60 ? t.slice(0, 59) + '…' : t;
  }));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/**
 * `--format table`: every table of the result (or the one named `picked`), each as its name, its
 * record count and aligned columns, in the order of core's results vocabulary; JSON when there is none.
 */
export function formatTables(result: Record<string, unknown>, picked?: string): string {
  const tables = resultTables(result);
  const shown = picked ? tables.filter((t) => t.name === picked || t.id === picked) : tables;
  if (picked && !shown.length) throw new UsageError(`The result has no table '${picked}' (it has ${tables.map((t) => t.name).join(', ') || 'none'}).`);
  return shown.length ? shown.map((t) => `${t.name} (${t.rows.length})\n${table(t.rows, t.columns)}\n`).join('\n') : JSON.stringify(result, null, 2) + '\n';
}

function readContinue(arg: string, io: Io): Record<string, string> {
  let text = arg;
  if (!arg.trim().startsWith('{')) {
    try {
      text = fs.readFileSync(path.resolve(io.cwd, arg), 'utf8');
    } catch {
      throw new UsageError(`--continue takes a continue object as JSON or a file holding one; cannot read ${arg}.`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--continue: not JSON (${(e as Error).message}).`);
  }
  try {
    return readResumePoint(json).continue;
  } catch (e) {
    throw new UsageError(`--continue: ${errorMessage(e)}`);
  }
}

async function run(args: Args, io: Io): Promise<number> {
  const [file] = args.positional;
  if (!file || args.positional.length > 1) throw new UsageError(`wikiq run takes one file${args.positional.length > 1 ? `, not ${args.positional.length}` : ''}.`);
  const format = (str(args, '--format') ?? 'json') as ExportFormat | 'table';
  if (!['table', 'json', 'ndjson', 'csv'].includes(format)) throw new UsageError(`--format is table, json, ndjson or csv, not '${format}'.`);
  const maxBatches = num(args, '--max-batches', { integer: true, min: 1 });
  const maxRecords = num(args, '--max-records', { integer: true, min: 1 });
  const timeout = num(args, '--timeout', { min: 0.001 }) ?? 30;
  const maxMb = num(args, '--max-response-mb', { min: 0.001 }) ?? 50;
  const maxlag = num(args, '--maxlag', { integer: true, min: 0 });
  const forced = str(args, '--endpoint') !== undefined ? checkUrl('--endpoint', str(args, '--endpoint')!) : undefined;
  const resumeFrom = str(args, '--continue') !== undefined ? readContinue(str(args, '--continue')!, io) : undefined;
  const text = readText(file, io);
  const env = loadEnvironment(args, file, io);
  const reqArg = str(args, '--request');
  const parsed = parse(text);
  const requests = listRequests(parsed);
  if (!requests.length) throw new UsageError(`${file} has no request.`);
  const sel = reqArg === undefined ? { index: requests[0].index } : /^\d+$/.test(reqArg) ? { index: Number(reqArg) - 1 } : { name: reqArg };

  let resolved;
  try {
    const endpointGuess = forced ?? endpointFor(parsed, parsed.requests[requests[0].index], env);
    const catalogue: Catalogue | undefined = catalogueMode(args) === 'live' && endpointGuess
      ? (await catalogueProvider(args, io, [endpointGuess])).get(endpointGuess)
      : undefined;
    resolved = resolveRequest(parsed, sel, { env, forceEndpoint: forced, catalogue });
  } catch (e) {
    if (e instanceof ResolveError) throw new WikiqError('resolve', `${file}${e.line !== undefined ? `:${e.line + 1}` : ''}: ${e.message.replace(/^Line \d+: /, '')}`);
    throw e;
  }
  const out = str(args, '--out');
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  // NDJSON streams records as they arrive, into the file (atomically) or to stdout: memory stays flat.
  const writer = format === 'ndjson' && out ? new NdjsonFileWriter(path.resolve(io.cwd, out)) : undefined;
  const streamToStdout = format === 'ndjson' && !out;
  const picked = str(args, '--table');
  let streamedList: string | undefined;
  const sink = writer || streamToStdout
    ? (list: string, r: unknown) => {
      if (picked ? list !== picked : (streamedList ??= list) !== list) return;
      if (writer) writer.write(r);
      else io.out(JSON.stringify(r));
    }
    : undefined;
  const http = new HttpClient({ timeoutMs: timeout * 1000, maxBytes: maxMb * 1024 * 1024, userAgent: str(args, '--user-agent') || engineUserAgent('cli') });
  const session = new RunSession(resolved, http, {
    all: args.flags.has('--all'),
    maxBatches,
    maxRecords,
    maxlag,
    maxBackoffMs: (num(args, '--max-wait', { min: 0.001 }) ?? 120) * 1000,
    signal: controller.signal,
    sink,
    backpressure: writer ? () => writer.drained() : undefined,
    keepRaw: 0,
    onProgress: (p) => (io.tty ? io.err(`\r${p.waiting ? waitText(p.waiting) : `batch ${p.batches}, ${p.records} records`}\u001b[K`) : p.waiting && io.err(`wikiq: ${waitText(p.waiting)}`)),
  }, resumeFrom);
  let state;
  try {
    state = await session.run();
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  if (io.tty) io.err('\r\u001b[K');
  const complete = state.complete;
  const partial = !complete && state.batches > 0 && state.stopped !== 'single';
  const result = session.result();
  for (const w of state.warnings) io.err(`warning${w.line !== undefined ? ` ${file}:${w.line + 1}` : ''}: ${w.module ? `[${w.module}] ` : ''}${w.text}`);
  if (writer) {
    if (state.batches === 0) await writer.abort();
    else {
      const target = await writer.commit(complete ? false : { continue: state.continue });
      io.err(`wrote ${writer.count} records to ${path.relative(io.cwd, target) || target}${complete ? '' : ' (partial)'}`);
    }
  } else if (streamToStdout) {
    if (!complete && state.batches > 0) io.out(JSON.stringify({ _partial: true, continue: state.continue }));
  } else if (state.batches > 0 || (format === 'json' && !out)) { // a run that fetched nothing writes no file
    let body: string;
    if (format === 'table') {
      body = formatTables(result, picked);
      if (!complete && state.continue) body += `(more results: run with --all, or ${resumeHint(state.continue)})\n`;
    } else if (format === 'json') {
      const members: Record<string, unknown> = { ...result };
      const own = members[state.actionKey] ?? null;
      delete members[state.actionKey];
      const errors = [...state.errors.map((e) => ({ ...e }))];
      if (state.failure && !(state.failure.kind === 'api' && state.errors.length)) errors.push({ code: state.failure.kind, text: state.failure.message });
      body = JSON.stringify({
        endpoint: resolved.endpoint, request: resolved.params, batches: state.batches, complete, continue: state.continue,
        [state.actionKey]: own, ...members, warnings: state.warnings, errors,
      }, null, 2) + '\n';
    } else {
      body = renderExport({ result, complete, continue: state.continue, endpoint: resolved.endpoint, params: resolved.params }, format, {
        table: picked, escapeFormulas: !args.flags.has('--no-escape-formulas'),
      });
    }
    if (out) {
      const target = path.resolve(io.cwd, exportName(out, !complete));
      writeAtomic(target, body);
      io.err(`wrote ${path.relative(io.cwd, target) || target}${complete ? '' : ' (partial)'}`);
    } else io.out(body.replace(/\n$/, ''));
  }
  if (state.failure) {
    io.err(`wikiq: ${state.failure.message}`);
    if (state.batches > 0 && state.continue) {
      io.err(`wikiq: partial result after ${state.batches} batch${state.batches === 1 ? '' : 'es'}; resume with ${resumeHint(state.continue)}`);
    }
    return state.batches > 0 ? 2 : 1;
  }
  if (partial) {
    io.err(`wikiq: stopped after ${state.batches} batch${state.batches === 1 ? '' : 'es'} (${state.stopped === 'max-records' ? '--max-records' : '--max-batches'}); resume with ${resumeHint(state.continue)}`);
    return 2;
  }
  return 0;
}

export async function main(argv: string[], io: Io): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.flags.has('--version')) {
      io.out(VERSION);
      return 0;
    }
    const [cmd, ...rest] = args.positional;
    if (!cmd || args.flags.has('--help') || args.flags.has('-h')) {
      if (!cmd && !args.flags.has('--help') && !args.flags.has('-h')) {
        io.err(USAGE);
        return 1;
      }
      io.out(USAGE);
      return 0;
    }
    const sub = { positional: rest, flags: args.flags };
    if (cmd === 'check') return await check(sub, io);
    if (cmd === 'run') return await run(sub, io);
    throw new UsageError(`Unknown command '${cmd}'. Commands: check, run.`);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`wikiq: ${e.message}\nRun 'wikiq --help' for usage.`);
      return 1;
    }
    io.err(`wikiq: ${e instanceof WikiqError ? e.message : errorMessage(e)}`);
    return 1;
  }
}
