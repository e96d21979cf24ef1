/**
 * Command lines read by Node's own parser (`node:util` `parseArgs`, strict), for the `wikiq`
 * command line (cli/src/args.ts) and the language server's Node entry (server/src/args.ts). A
 * mistake Node refuses is said in one sentence naming the argument: which argument, the tokens of
 * a lenient reading of the same command line tell. Node only: no web bundle imports it.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The options of a command line, as `parseArgs` takes them (long names without `--`). */
export type ArgOptions = NonNullable<ParseArgsConfig['options']>;

/** A command line read, or its first mistake in one sentence. */
export type ArgsRead =
  | {
      values: Record<string, string | true | undefined>;
      positionals: string[];
      /** The long name of each option given, in order, repeats included. */
      given: string[];
      /** Every value each string option was given, in order (a repeated option's values all). */
      all: Record<string, string[]>;
    }
  | { mistake: string };

export interface ReadArgsOptions {
  /** Arguments that are not options are taken (else each is a mistake). */
  positionals: boolean;
  /** The sentence for an unknown option, as the program says it. */
  unknown: (arg: string) => string;
}

/** Reads `args` against `options` (strict: unknown options, missing or unexpected values refused). */
export function readArgs(args: readonly string[], options: ArgOptions, how: ReadArgsOptions): ArgsRead {
  let read;
  try {
    read = parseArgs({ args: [...args], options, strict: true, allowPositionals: how.positionals, tokens: true });
  } catch {
    return { mistake: mistakeIn(args, options, how) };
  }
  const values: Record<string, string | true | undefined> = {};
  for (const [name, v] of Object.entries(read.values)) values[name] = typeof v === 'string' ? v : v ? true : undefined;
  const given = read.tokens.flatMap((t) => (t.kind === 'option' ? [t.name] : []));
  const all: Record<string, string[]> = {};
  for (const t of read.tokens) if (t.kind === 'option' && t.value !== undefined) (all[t.name] ??= []).push(t.value);
  return { values, positionals: read.positionals, given, all };
}

/**
 * The first argument the strict reading refused, said in a sentence: a lenient reading keeps every
 * argument as a token, in order, and the first that breaks a rule of `options` is the one.
 */
function mistakeIn(args: readonly string[], options: ArgOptions, how: ReadArgsOptions): string {
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  for (const t of tokens) {
    if (t.kind === 'positional' && !how.positionals) return `Unexpected argument '${t.value}': only options are taken.`;
    if (t.kind !== 'option') continue;
    const type = Object.hasOwn(options, t.name) ? options[t.name].type : undefined;
    if (type === undefined) return how.unknown(t.rawName);
    if (type === 'boolean' && t.value !== undefined) return `${t.rawName} takes no value.`;
    if (type === 'string' && t.value === undefined) return `${t.rawName} needs a value.`;
    // The next argument starts with '-': an option, or a value Node will not guess is one.
    if (type === 'string' && !t.inlineValue && t.value !== undefined && t.value.length > 1 && t.value.startsWith('-')) return `${t.rawName} needs a value (one starting with '-' is written ${t.rawName}=${t.value}).`;
  }
  return 'The command line cannot be read.';
}
