/**
 * The `wikiq` command line, on the same engine and language core as the extension. `main(argv, io)`
 * does everything and returns the exit status; cli/src/main.ts is the tiny entry of dist/cli.js.
 * Messages are one clear line each; never a stack trace. One file per concern: `args.ts` (flags,
 * files, environments), `check.ts` (+ `sarif.ts`), `run.ts` (+ `table.ts`), `catalogue.ts`,
 * `signals.ts`.
 */
import { VERSION, WikiqError, engineUserAgent, errorMessage } from '../../engine/src';
import { UsageError, parseArgs, type FlagSpec, type Io } from './args';
import { CHECK_FLAGS, check } from './check';
import { RUN_FLAGS, run } from './run';

export type { Io } from './args';
export { parseJsonc } from './args';
export { formatTables } from './table';
export { streamDrained } from '../../engine/src';

export const USAGE = `wikiq ${VERSION} — MediaWiki Action API requests from .wikiq files

Usage:
  wikiq check FILES... [options]
      Checks FILES with the language service (the editor's diagnostics). Exit 1 if any problem is
      an error (or, with --strict / --max-warnings, too many warnings), else 0.
      --format F           text (default: "file:line:col severity code message" and a summary line
                           "3 files: 1 error, 2 warnings"), json, or sarif (SARIF 2.1.0 for code
                           scanning); with json and sarif the summary goes to stderr
      --strict             warnings fail the check too (same as --max-warnings 0)
      --max-warnings N     fail when there are more than N warnings
      --catalogue bundled|live   bundled (default), or each wiki's own catalogue (action=paraminfo),
                           cached on disk like the editor does and reused while the wiki's
                           MediaWiki version is unchanged (one small siteinfo request)
      --cache-dir DIR      the catalogue cache (default $XDG_CACHE_HOME/wikiq/catalogues, or
                           ~/.cache/wikiq/catalogues)
      --endpoint, --env, --config   as for run: the wiki, and the environment whose variables
                           are then defined
      --timeout SECONDS, --user-agent TEXT   for catalogue requests

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
      --format F           table (the default on a terminal), json (the default when piped or
                           redirected), ndjson or csv
      --wide               table: keep every column and cell whole (default: fitted to the
                           terminal's width, 80 when unknown; long cells cut with …)
      --table NAME         the list to print or export for table/ndjson/csv (default: all for table, the first otherwise)
      --out FILE           write to FILE atomically (FILE.partial.EXT when partial); ndjson streams into it
      --no-escape-formulas do not prefix CSV cells starting with = + - @ tab CR with '
      --timeout SECONDS    per HTTP request (default 30)
      --max-response-mb N  largest answer accepted (default 50)
      --maxlag SECONDS     sent while paging with --all (default 5; 0: not sent)
      --max-wait SECONDS   longest wait before a retry the wiki asks for (default 120)
      --user-agent TEXT    the User-Agent header (default: ${engineUserAgent('cli').replace(/node\/\S+/, 'node/…').replace(/undici\/\S+/, 'undici/…')})
      --catalogue bundled|live, --cache-dir DIR   catalogue used to refuse writes and read booleans
      JSON output: { "endpoint", "request": {params sent}, "batches", "complete", "continue": {…}|null,
                     "query" (or the action's own member, e.g. "paraminfo"), "warnings", "errors" }
                   (lines of warnings and errors count from 1, like every message)
      Progress goes to stderr when it is a terminal; waits before a retry always do. Ctrl+C or SIGTERM stops and keeps the partial
      result; a reader that closes the pipe (| head) ends the run quietly (exit 0). The wiki's
      errors go to stderr with the file and line they come from.
      Exit status: 0 complete (or the one batch asked for), 2 partial with a resume point (a cap,
      a signal, or an error after some batches), 1 failed with nothing received (or bad usage).

  wikiq --help | --version
`;

const COMMANDS: Record<string, { flags: FlagSpec; run: typeof check }> = {
  check: { flags: CHECK_FLAGS, run: check },
  run: { flags: RUN_FLAGS, run },
};

/** Every flag some command takes: to find the command before its own flags are checked. */
const ANY: FlagSpec = {
  values: [...new Set(Object.values(COMMANDS).flatMap((c) => c.flags.values))],
  switches: [...new Set(Object.values(COMMANDS).flatMap((c) => c.flags.switches))],
};

export async function main(argv: string[], io: Io): Promise<number> {
  try {
    const all = parseArgs(argv, ANY);
    if (all.flags.has('--version')) {
      io.out(VERSION);
      return 0;
    }
    const [cmd, ...rest] = all.positional;
    const help = all.flags.has('--help') || all.flags.has('-h');
    if (!cmd || help) {
      if (!help) {
        io.err(USAGE);
        return 1;
      }
      io.out(USAGE);
      return 0;
    }
    const command = COMMANDS[cmd];
    if (!command) throw new UsageError(`Unknown command '${cmd}'. Commands: check, run.`);
    const args = parseArgs(argv, command.flags, cmd);
    return await command.run({ positional: rest, flags: args.flags }, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`wikiq: ${e.message}\nRun 'wikiq --help' for usage.`);
      return 1;
    }
    io.err(`wikiq: ${e instanceof WikiqError ? e.message : errorMessage(e)}`);
    return 1;
  }
}
