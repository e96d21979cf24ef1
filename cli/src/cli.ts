/**
 * The `wikiq` command line, on the same engine and language core as the extension.
 *
 *   wikiq check FILES... [--catalogue bundled|live] [--endpoint URL] [--cache-dir DIR]
 *   wikiq run FILE [--request NAME|INDEX] [--all] [--max-batches N] [--endpoint URL] [--env NAME]
 *                  [--config FILE] [--format table|json|ndjson|csv] [--out FILE] [--table NAME]
 *
 * Exit status: check — 0 clean, 1 errors; run — 0 complete, 2 partial, 1 failed. Messages are
 * one clear line; never a stack trace.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { VERSION } from '../../common/version';
import {
  ExportFormat, HttpClient, RunSession, WikiqError, errorMessage, renderExport, resolveRequest, tablesOf, writeAtomic, exportName, cellText,
} from '../../engine/src';
import { bundledCatalogue } from '../../server/src/language/catalogue/bundled';
import { StaticCatalogueProvider } from '../../server/src/language/catalogue/provider';
import { getLanguageService } from '../../server/src/language/languageService';
import { parse } from '../../server/src/language/parser/parser';
import { Environment, endpointFor } from '../../server/src/language/variables';
import { createLiveProvider } from '../../server/src/live/liveProvider';

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /** stderr is a terminal (progress lines). */
  tty: boolean;
  cwd: string;
}

const USAGE = `wikiq ${VERSION} — MediaWiki Action API requests from .wikiq files

Usage:
  wikiq check FILES... [--catalogue bundled|live] [--endpoint URL] [--cache-dir DIR]
      Prints file:line:col severity code message for each problem; exit 1 if any is an error.
  wikiq run FILE [--request NAME|INDEX] [--all] [--max-batches N] [--endpoint URL]
                 [--env NAME] [--config FILE] [--format table|json|ndjson|csv] [--out FILE] [--table NAME]
      Runs a request (the first, or the one named/numbered) and prints or writes its result.
      --all follows continuation to the end. Exit 0 complete, 2 partial, 1 failed.
      --env NAME reads "wikiq.environments" from --config FILE, or .vscode/settings.json beside FILE.
  wikiq --help | --version
`;

class UsageError extends Error {}

interface Args {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set(['--catalogue', '--endpoint', '--cache-dir', '--request', '--max-batches', '--env', '--config', '--format', '--out', '--table', '--timeout']);
const BOOL_FLAGS = new Set(['--all', '--help', '-h', '--version', '--no-escape-formulas']);

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('-')) {
      const [name, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
      if (VALUE_FLAGS.has(name)) {
        const v = inline ?? argv[++i];
        if (v === undefined) throw new UsageError(`${name} needs a value.`);
        flags.set(name, v);
      } else if (BOOL_FLAGS.has(name)) flags.set(name, true);
      else throw new UsageError(`Unknown option ${name}.`);
    } else positional.push(a);
  }
  return { positional, flags };
}

function str(args: Args, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

function readText(file: string, io: Io): string {
  const abs = path.resolve(io.cwd, file);
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch (e) {
    throw new UsageError(`Cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}.`);
  }
}

function loadEnvironment(args: Args, file: string, io: Io): Environment | undefined {
  const name = str(args, '--env');
  if (!name) return undefined;
  const config = str(args, '--config') ?? path.join(path.dirname(path.resolve(io.cwd, file)), '.vscode', 'settings.json');
  let json: any;
  try {
    json = JSON.parse(fs.readFileSync(path.resolve(io.cwd, config), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  } catch (e) {
    throw new UsageError(`Cannot read environments from ${config}: ${(e as Error).message}.`);
  }
  const envs = json?.['wikiq.environments'] ?? json?.wikiq?.environments ?? json?.environments;
  const env = envs?.[name];
  if (!env) throw new UsageError(`No environment '${name}' in ${config} (it has ${Object.keys(envs ?? {}).join(', ') || 'none'}).`);
  return { name, endpoint: env.endpoint, variables: env.variables ?? {} };
}

const SEVERITY: Record<number, string> = { [DiagnosticSeverity.Error]: 'error', [DiagnosticSeverity.Warning]: 'warning', [DiagnosticSeverity.Information]: 'info', [DiagnosticSeverity.Hint]: 'hint' };

async function check(args: Args, io: Io): Promise<number> {
  if (!args.positional.length) throw new UsageError('wikiq check needs at least one file.');
  const mode = str(args, '--catalogue') ?? 'bundled';
  if (mode !== 'bundled' && mode !== 'live') throw new UsageError(`--catalogue is bundled or live, not '${mode}'.`);
  const forced = str(args, '--endpoint');
  const live = mode === 'live'
    ? createLiveProvider({ cacheDir: str(args, '--cache-dir') ?? path.join(os.homedir(), '.cache', 'wikiq', 'catalogues'), log: () => undefined })
    : undefined;
  const catalogues = live ?? new StaticCatalogueProvider(bundledCatalogue());
  let errors = 0;
  for (const f of args.positional) {
    const text = readText(f, io);
    const env: Environment | undefined = forced ? { endpoint: forced } : undefined;
    if (live) {
      const file = parse(text);
      const endpoints = new Set(file.requests.map((r) => forced ?? endpointFor(file, r, env)).filter((e): e is string => !!e));
      for (const ep of endpoints) {
        const s = await live.refresh(ep);
        if (s.error) io.err(`wikiq: ${s.error}`);
      }
    }
    const ls = getLanguageService({ catalogues, environment: () => env });
    const doc = TextDocument.create(`file://${path.resolve(io.cwd, f)}`, 'wikiq', 1, text);
    for (const d of ls.doValidation(doc)) {
      const sev = SEVERITY[d.severity ?? DiagnosticSeverity.Error];
      if (d.severity === DiagnosticSeverity.Error || d.severity === undefined) errors++;
      io.out(`${f}:${d.range.start.line + 1}:${d.range.start.character + 1} ${sev} ${d.code ?? ''} ${d.message}`);
    }
  }
  return errors ? 1 : 0;
}

function table(rows: Array<Record<string, unknown>>, columns: string[]): string {
  const cells = rows.map((r) => columns.map((c) => {
    const t = cellText(r[c]).replace(/\s+/g, ' ');
    return t.length > 60 ? t.slice(0, 59) + '…' : t;
  }));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

async function run(args: Args, io: Io): Promise<number> {
  const [file] = args.positional;
  if (!file || args.positional.length > 1) throw new UsageError('wikiq run takes one file.');
  const format = (str(args, '--format') ?? 'json') as ExportFormat | 'table';
  if (!['table', 'json', 'ndjson', 'csv'].includes(format)) throw new UsageError(`--format is table, json, ndjson or csv, not '${format}'.`);
  const text = readText(file, io);
  const env = loadEnvironment(args, file, io);
  const endpoint = str(args, '--endpoint');
  const reqArg = str(args, '--request');
  let sel: { index: number } | { name: string };
  if (reqArg === undefined) {
    const first = parse(text).requests.findIndex((r) => r.params.length || r.urls.length);
    if (first < 0) throw new UsageError(`${file} has no request.`);
    sel = { index: first };
  } else sel = /^\d+$/.test(reqArg) ? { index: Number(reqArg) - 1 } : { name: reqArg };
  const resolved = resolveRequest(text, sel, { env: endpoint ? { ...env, endpoint } : env });
  if (endpoint) resolved.endpoint = new URL(endpoint).toString();
  const maxBatches = str(args, '--max-batches') ? Number(str(args, '--max-batches')) : undefined;
  if (maxBatches !== undefined && !(Number.isInteger(maxBatches) && maxBatches > 0)) throw new UsageError('--max-batches takes a positive whole number.');
  const timeout = str(args, '--timeout') ? Number(str(args, '--timeout')) : 30;
  const out = str(args, '--out');
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  // NDJSON to a file streams records as they arrive: memory stays flat.
  let stream: fs.WriteStream | undefined;
  let tmp: string | undefined;
  if (out && format === 'ndjson') {
    tmp = path.resolve(io.cwd, `${out}.${process.pid}.tmp`);
    stream = fs.createWriteStream(tmp);
  }
  const http = new HttpClient({ timeoutMs: timeout * 1000 });
  const session = new RunSession(resolved, http, {
    all: args.flags.has('--all'),
    maxBatches,
    signal: controller.signal,
    sink: stream ? (_list, r) => stream!.write(JSON.stringify(r) + '\n') : undefined,
    onProgress: io.tty ? (p) => io.err(`\r${p.waiting ? `waiting ${Math.round(p.waiting.ms / 1000)} s: ${p.waiting.reason}` : `batch ${p.batches}, ${p.records} records`}   `) : undefined,
  });
  const state = await session.run();
  process.removeListener('SIGINT', onSigint);
  if (io.tty) io.err('\n');
  const complete = state.complete;
  const result = session.result();
  for (const w of state.warnings) io.err(`warning${w.line !== undefined ? ` (${file}:${w.line + 1})` : ''}: ${w.module ? `[${w.module}] ` : ''}${w.text}`);
  if (stream && tmp) {
    await new Promise<void>((resolve, reject) => stream!.end((e?: Error | null) => (e ? reject(e) : resolve())));
    const target = path.resolve(io.cwd, exportName(out!, !complete));
    fs.renameSync(tmp, target);
    io.err(`wrote ${session.merger.records()} records to ${path.relative(io.cwd, target) || target}${complete ? '' : ' (partial)'}`);
  } else if (format === 'table') {
    const tables = tablesOf(result);
    const picked = str(args, '--table');
    const shown = picked ? tables.filter((t) => t.name === picked) : tables;
    if (!shown.length) io.out(JSON.stringify(result, null, 2));
    for (const t of shown) io.out(`${t.name} (${t.rows.length})\n${table(t.rows, t.columns)}\n`);
  } else {
    let body: string;
    if (format === 'json') {
      const { [state.actionKey]: member, ...rest } = result as Record<string, unknown>;
      void rest;
      body = JSON.stringify({
        endpoint: resolved.endpoint, request: resolved.params, batches: state.batches, complete, continue: state.continue,
        [state.actionKey]: member ?? null, warnings: state.warnings, errors: state.failure ? [...state.errors, ...(state.errors.length ? [] : [{ code: state.failure.kind, text: state.failure.message }])] : state.errors,
      }, null, 2) + '\n';
    } else {
      body = renderExport({ result, complete, continue: state.continue, endpoint: resolved.endpoint, params: resolved.params }, format, { table: str(args, '--table'), escapeFormulas: !args.flags.has('--no-escape-formulas') });
    }
    if (out) {
      const target = path.resolve(io.cwd, exportName(out, !complete));
      writeAtomic(target, body);
      io.err(`wrote ${path.relative(io.cwd, target) || target}${complete ? '' : ' (partial)'}`);
    } else io.out(body.replace(/\n$/, ''));
  }
  if (state.failure) {
    io.err(`wikiq: ${state.failure.message}`);
    if (state.batches > 0 && state.continue) io.err(`wikiq: partial result after ${state.batches} batch(es); resume from continue=${JSON.stringify(state.continue)}`);
    return state.batches > 0 ? 2 : 1;
  }
  return complete || !args.flags.has('--all') ? 0 : 2;
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
      io.out(USAGE);
      return cmd || args.flags.has('--help') || args.flags.has('-h') ? 0 : 1;
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
