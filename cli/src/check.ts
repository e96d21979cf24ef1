/**
 * `wikiq check FILES…`: the language service's diagnostics, for people (text) and for CI (json,
 * sarif, an exit status that warnings can fail with --strict or --max-warnings). With `--content`,
 * the content diagnostics too (the wiki asked about the names the requests send, through the
 * engine's WikiContentProvider with the CLI's User-Agent and credentials, as `run` signs in): hints
 * and information only, so they never fail the check.
 */
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import {
  requestsOf,
  StaticCatalogueProvider, endpointFor, getLanguageService, parse, patternProblem, withContentDiagnostics,
  type CatalogueProvider, type ContentProvider, type ContentToken, type Environment,
} from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { CONTENT_MAX_BYTES, WikiContentProvider, errorMessage, fileExistsAt, isFetchableEndpoint } from '../../engine/src';
import { ENV_FLAGS, UsageError, choice, num, readText, type Args, type FlagSpec, type Io } from './args';
import { cliHttpClient } from './credentials';
import { readNetworkFlags, readWikiFlags, type NetworkFlags, type WikiFlags } from './runFlags';
import { stopReasonOf } from './signals';
import { jsonReport, sarifReport, severityOf, textLine, type Problem } from './sarif';
import { forTerminal } from './terminal';

export const CHECK_FLAGS: FlagSpec = { values: [...ENV_FLAGS, '--format', '--max-warnings'], switches: ['--strict', '--content'] };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The content provider of `--content`: one WikiContentProvider per wiki, on the HTTP client `run`
 * uses for it (signed in where the CLI has credentials for it; the User-Agent of --user-agent);
 * each request waits at most --timeout. A lookup that fails is said on stderr.
 */
function contentProvider(network: NetworkFlags, io: Io): ContentProvider {
  const { limits: { timeoutMs }, userAgent } = network;
  // undefined: the wiki's credentials could not be used (said once); nothing is looked up there.
  const providers = new Map<string, WikiContentProvider | undefined>();
  const of = (endpoint: string) => {
    if (providers.has(endpoint)) return providers.get(endpoint);
    let p: WikiContentProvider | undefined;
    try {
      const http = cliHttpClient(endpoint, { timeoutMs, maxBytes: CONTENT_MAX_BYTES, userAgent });
      p = new WikiContentProvider({ allowed: isFetchableEndpoint, http, factsWaitMs: timeoutMs, log: (m) => io.err(m) });
    } catch (e) {
      io.err(`wikiq: no content lookups on ${endpoint}: ${errorMessage(e)}`);
    }
    providers.set(endpoint, p);
    return p;
  };
  return {
    suggest: () => Promise.resolve([]),
    facts: (endpoint, kind, names, token) => of(endpoint)?.facts(endpoint, kind, names, token) ?? Promise.resolve(new Map()),
  };
}

/** The stop signal (SIGINT, SIGTERM) as a content token: it aborts the lookups. */
function stopToken(signal: AbortSignal | undefined): ContentToken | undefined {
  if (!signal) return undefined;
  return {
    get isCancellationRequested() {
      return signal.aborted;
    },
    onCancellationRequested: (listener) => {
      signal.addEventListener('abort', listener, { once: true });
      return { dispose: () => signal.removeEventListener('abort', listener) };
    },
  };
}

/** `wikiq check`'s command line, read once when it starts. */
export interface CheckCommandOptions {
  files: string[];
  format: 'text' | 'json' | 'sarif';
  /** More warnings than this fail the check (--max-warnings; --strict: 0). */
  maxWarnings?: number;
  strict: boolean;
  /** --content: the content diagnostics too. */
  content: boolean;
  network: NetworkFlags;
  wiki: WikiFlags;
}

export function readCheckOptions(args: Args, io: Io): CheckCommandOptions {
  if (!args.positional.length) throw new UsageError('wikiq check needs at least one file.');
  const format = choice(args, '--format', ['text', 'json', 'sarif'] as const, 'text');
  const strict = args.flags.has('--strict');
  const maxWarnings = strict ? 0 : num(args, '--max-warnings', { integer: true, min: 0 });
  return { files: args.positional, format, maxWarnings, strict, content: args.flags.has('--content'), network: readNetworkFlags(args), wiki: readWikiFlags(args, io, args.positional) };
}

/** A file's diagnostics as problems: the file as given, and relative to the working folder. */
function problemsOf(file: string, diagnostics: readonly Diagnostic[], io: Io): Problem[] {
  const relative = path.relative(io.cwd, path.resolve(io.cwd, file)).split(path.sep).join('/');
  return diagnostics.map((diagnostic) => ({ file, relative, diagnostic }));
}

const documentOf = (file: string, text: string, io: Io) => TextDocument.create(`file://${path.resolve(io.cwd, file)}`, 'wikiq', 1, text);

/**
 * What `wikiq check FILE` (the bundled catalogue, no content lookups) finds in a file: the
 * language service's diagnostics with `env` as the environment. `wikiq test` reads its assertions' problems here.
 */
export function languageProblems(file: string, text: string, env: Environment | undefined, io: Io): Problem[] {
  const ls = getLanguageService({ catalogues: new StaticCatalogueProvider(bundledCatalogue()), environment: () => env, checkPattern: patternProblem, fileExists: fileExistsAt });
  return problemsOf(file, ls.doValidation(documentOf(file, text, io)), io);
}

export async function check(args: Args, io: Io): Promise<number> {
  const o = readCheckOptions(args, io);
  const files = o.files.map((f) => ({ f, text: readText(f, io), env: o.wiki.environments.get(f) }));
  const endpoints: string[] = [];
  for (const { text, env } of files) {
    const file = parse(text);
    for (const r of requestsOf(file)) {
      // The command line's rule: --endpoint, then the environment's, then the file's (loadEnvironment).
      const ep = env?.endpoint ?? endpointFor(file, r, env);
      if (ep) endpoints.push(ep); // catalogueProvider fetches only what is fetchable
    }
  }
  const loaded = await o.wiki.catalogues(endpoints);
  const stopped = stopReasonOf(io.stop);
  if (stopped === 'EPIPE') return 0;
  if (stopped) {
    io.err(`wikiq: Cancelled (${stopped}) while loading catalogues; nothing was checked.`);
    return 1;
  }
  let current: Environment | undefined;
  // The language service asks for the file's endpoint; the command line's endpoint, when it names one, is the one checked against.
  const catalogues: CatalogueProvider = { get: (endpoint) => loaded.get(current?.endpoint ?? endpoint) };
  const content = o.content ? contentProvider(o.network, io) : undefined;
  const ls = getLanguageService({ catalogues, content, environment: () => current, checkPattern: patternProblem, fileExists: fileExistsAt });
  const problems: Problem[] = [];
  for (const { f, text, env } of files) {
    current = env;
    const doc = documentOf(f, text, io);
    const plain = ls.doValidation(doc);
    problems.push(...problemsOf(f, content ? withContentDiagnostics(plain, await ls.doValidateContent(doc, undefined, stopToken(io.stop))) : plain, io));
  }
  const count = (s: string) => problems.filter((p) => severityOf(p.diagnostic) === s).length;
  const summary = { errors: count('error'), warnings: count('warning'), infos: count('info') + count('hint') };
  const line = `${plural(files.length, 'file')}: ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}${summary.infos ? `, ${summary.infos} info` : ''}`;
  const { maxWarnings } = o;
  const overWarnings = maxWarnings !== undefined && summary.warnings > maxWarnings;
  if (o.format === 'text') {
    for (const p of problems) io.out(forTerminal(textLine(p)));
    io.out(line);
  } else {
    io.out(o.format === 'json' ? jsonReport(problems, files.length, summary) : sarifReport(problems));
    io.err(line);
  }
  if (overWarnings) io.err(`wikiq: ${plural(summary.warnings, 'warning')}, more than the ${maxWarnings} allowed${o.strict ? ' (--strict)' : ' (--max-warnings)'}.`);
  return summary.errors || overWarnings ? 1 : 0;
}
