/**
 * `wikiq check FILES…`: the language service's diagnostics, for people (text) and for CI (json,
 * sarif, an exit status that warnings can fail with --strict or --max-warnings).
 */
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { endpointFor, getLanguageService, parse, type CatalogueProvider, type Environment } from '../../core/src';
import { ENV_FLAGS, UsageError, choice, loadEnvironment, num, readText, type Args, type FlagSpec, type Io } from './args';
import { catalogueProvider } from './catalogue';
import { stopReasonOf } from './signals';
import { jsonReport, sarifReport, severityOf, textLine, type Problem } from './sarif';
import { forTerminal } from './terminal';

export const CHECK_FLAGS: FlagSpec = { values: [...ENV_FLAGS, '--format', '--max-warnings'], switches: ['--strict'] };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function check(args: Args, io: Io): Promise<number> {
  if (!args.positional.length) throw new UsageError('wikiq check needs at least one file.');
  const format = choice(args, '--format', ['text', 'json', 'sarif'] as const, 'text');
  const maxWarnings = args.flags.has('--strict') ? 0 : num(args, '--max-warnings', { integer: true, min: 0 });
  const files = args.positional.map((f) => {
    const text = readText(f, io);
    const env = loadEnvironment(args, f, io);
    return { f, text, env };
  });
  const endpoints: string[] = [];
  for (const { text, env } of files) {
    const file = parse(text);
    for (const r of file.requests) {
      // The command line's rule: --endpoint, then the environment's, then the file's (loadEnvironment).
      const ep = env?.endpoint ?? endpointFor(file, r, env);
      if (ep) endpoints.push(ep); // catalogueProvider fetches only what is fetchable
    }
  }
  const loaded = await catalogueProvider(args, io, endpoints);
  const stopped = stopReasonOf(io.stop);
  if (stopped === 'EPIPE') return 0;
  if (stopped) {
    io.err(`wikiq: Cancelled (${stopped}) while loading catalogues; nothing was checked.`);
    return 1;
  }
  let current: Environment | undefined;
  // The language service asks for the file's endpoint; the command line's endpoint, when it names one, is the one checked against.
  const catalogues: CatalogueProvider = { get: (endpoint) => loaded.get(current?.endpoint ?? endpoint) };
  const ls = getLanguageService({ catalogues, environment: () => current });
  const problems: Problem[] = [];
  for (const { f, text, env } of files) {
    current = env;
    const doc = TextDocument.create(`file://${path.resolve(io.cwd, f)}`, 'wikiq', 1, text);
    const relative = path.relative(io.cwd, path.resolve(io.cwd, f)).split(path.sep).join('/');
    for (const diagnostic of ls.doValidation(doc)) problems.push({ file: f, relative, diagnostic });
  }
  const count = (s: string) => problems.filter((p) => severityOf(p.diagnostic) === s).length;
  const summary = { errors: count('error'), warnings: count('warning'), infos: count('info') + count('hint') };
  const line = `${plural(files.length, 'file')}: ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}${summary.infos ? `, ${summary.infos} info` : ''}`;
  const overWarnings = maxWarnings !== undefined && summary.warnings > maxWarnings;
  if (format === 'text') {
    for (const p of problems) io.out(forTerminal(textLine(p)));
    io.out(line);
  } else {
    io.out(format === 'json' ? jsonReport(problems, files.length, summary) : sarifReport(problems));
    io.err(line);
  }
  if (overWarnings) io.err(`wikiq: ${plural(summary.warnings, 'warning')}, more than the ${maxWarnings} allowed${args.flags.has('--strict') ? ' (--strict)' : ' (--max-warnings)'}.`);
  return summary.errors || overWarnings ? 1 : 0;
}
