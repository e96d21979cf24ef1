/**
 * What `wikiq` answers without running a command — the usage text, the version, and which
 * arguments ask for them — in one place for both programs: the launcher (`launcher.ts`, the few-KiB
 * `dist/cli.js`) answers from here without loading the full command line, and the full command line
 * (`cli.ts` in `dist/cli-main.js`) answers from here too. It imports only the product's identity
 * (common/version.ts), so that the launcher stays small (the architecture test holds it to that).
 */
import { VERSION, userAgentOf } from '../../common/version';

/** The first lines of every help text: the product, its version, what it is for. */
const HEADER = `wikiq ${VERSION} — MediaWiki Action API requests from .wikiq files

Usage:
`;

/** Each command's help, as `wikiq COMMAND --help` and `wikiq help COMMAND` print it: its usage line, what it does, its flags, its exit status. */
export const COMMAND_HELP: Record<string, string> = {
  check: `  wikiq check FILES... [options]
      Checks FILES with the language service (the editor's diagnostics). Exit 1 if any problem is
      an error (or, with --strict / --max-warnings, too many warnings), else 0.
      --format F           text (default: "file:line:col severity code message" and a summary line
                           "3 files: 1 error, 2 warnings"), json, or sarif (SARIF 2.1.0 for code
                           scanning); with json and sarif the summary goes to stderr
      --strict             warnings fail the check too (same as --max-warnings 0)
      --max-warnings N     fail when there are more than N warnings
      --content            also ask each wiki about the names the requests send (pages, categories,
                           users): missing-page, empty-category, unregistered-user, normalised-name,
                           unfollowed-redirect, as hints and information, which never fail the
                           check; signed in with the credentials run uses. Without it nothing is asked
      --catalogue bundled|live   bundled (default), or each wiki's own catalogue (action=paraminfo),
                           cached on disk like the editor does and reused while the wiki's
                           MediaWiki version is unchanged (one small siteinfo request)
      --cache-dir DIR      the catalogue cache (default $XDG_CACHE_HOME/wikiq/catalogues, or
                           ~/.cache/wikiq/catalogues)
      --endpoint, --env, --config   as for run: the wiki (whose catalogue is used) by the same
                           rule, and the environment whose variables are then defined
      --timeout SECONDS, --user-agent TEXT   for catalogue and --content requests`,

  run: `  wikiq run FILE [options]
      Runs one request of FILE and prints (or writes) its result.
      --request NAME|N     the request named NAME (### NAME) or numbered N (1 = first); default the first
      --all                follow continuation to the end (default: one batch)
      --max-batches N      stop after N batches (default 1000); the result is then partial
      --max-records N      stop at exactly N records (the last batch asks for what is left); partial
      --continue JSON|FILE resume a partial run: a continue object, or a file wikiq wrote (the JSON
                           output or a --status-file); CSV and NDJSON hold data only
      --endpoint URL       the api.php URL. The wiki, in check and run alike: --endpoint, else the
                           --env environment's endpoint, else the file's own (@endpoint)
      --env NAME           use environment NAME from "wikiq.environments" in --config FILE, or in
                           .vscode/settings.json in FILE's folder (or a parent folder):
                             { "wikiq.environments": { "NAME": { "endpoint": "https://…/api.php",
                                                                 "variables": { "limit": "50" } } } }
      --config FILE        the settings file to read environments from (JSON with comments)
      --format F           table (the default on a terminal), json (the default when piped or
                           redirected), ndjson or csv
      --wide               table: keep every column and cell whole (default on a terminal: fitted
                           to its width, long cells cut with …; piped or redirected: whole)
      --width N            table: fit N columns
      --table NAME         the list to print or export for table/ndjson/csv (default: all for table, the first otherwise)
      --out FILE           write FILE atomically, whatever the state (data only for csv and ndjson);
                           ndjson and json stream into it
      --status-file FILE   write { status, continue, records, batches, … } as JSON for scripts;
                           status is complete, partial or failed
      --verbose            a network failure's technical code after its sentence
      A write is previewed first: an edit (action=edit with text, appendtext/prependtext,
      section or undo) as its plan without a token, the page's revision, protection, whether
      this account may edit, and MediaWiki's diff of what it would save; another write (move,
      delete, protect…) as its plan, the named pages' facts and whether this account may do it.
      Then, on a terminal (stdin and stdout), it asks "Save this edit to PAGE on WIKI as
      ACCOUNT? [y/N]" and sends it only on y or yes, signed in with the credentials of
      docs/signed-in.md; after it, the new revision, its diff link, the account and the undo as
      a request. Without a terminal it needs --yes or --dry-run. upload is never sent.
      See docs/writes.md
      --dry-run            preview the write and stop: nothing is saved, no token is fetched
      --yes                save the write without asking (CI); the preview is still printed
      --summary-tag TEXT   appended to the edit's summary (an EditGroups-style batch tag),
                           before the preview: what is previewed is what is saved
      --no-escape-formulas do not prefix CSV cells starting with = + - @ tab CR with '
      --timeout SECONDS    per HTTP request (default 30)
      --max-response-mb N  largest answer accepted (default 50)
      --maxlag SECONDS     sent while paging with --all (default 5; 0: not sent)
      --max-wait SECONDS   longest wait before a retry the wiki asks for (default 120); a wiki
                           asking for longer stops the run at once, keeping what arrived
      --user-agent TEXT    the User-Agent header (default: ${userAgentOf('cli', '…', '…')})
      --catalogue bundled|live, --cache-dir DIR   catalogue used to refuse writes and read booleans
      JSON output: { "endpoint", "request": {params sent}, "batches", "status", "complete", "continue": {…}|null,
                     "query" (or the action's own member, e.g. "paraminfo"), "warnings", "errors" }
                   (lines of warnings and errors count from 1, like every message)
      Progress goes to stderr when it is a terminal; waits before a retry always do. Ctrl+C or SIGTERM stops and keeps the partial
      result; a reader that closes the pipe (| head) ends the run quietly (exit 0). The wiki's
      errors go to stderr with the file and line they come from.
      Text for a person (table, messages) shows control characters as escapes (\\x1b); json,
      ndjson and csv are exact. A file that is not UTF-8 text is refused.
      Exit status: 0 complete (or the one batch asked for; stderr says where the rest is), 2 partial
      with a resume point on stderr (a cap, a signal, an error after some batches, a wait too
      long), 1 failed with nothing received (or bad usage).
      A write: 0 saved (or no change, or previewed with --dry-run), 2 not saved for want of a
      yes (no terminal without --yes, or any other answer; nothing sent), 1 failed or refused
      (no credentials, may not edit, changed since the preview, the wiki's error).`,

  test: `  wikiq test FILES... [options]
      Runs every request of FILES that has assertions ('?? SUBJECT OPERATOR VALUE' lines), following
      continuation to the end, and checks them: each request ✓/✗, and for each failing assertion
      file:line, the assertion, the actual value and, for every/some/no, the first records that
      break it. Assertions are read before anything is sent; a malformed one is refused.
      Exit status: 0 every assertion holds, 1 one fails or a run fails, 2 bad usage or a file
      error (a malformed assertion included).
      --reporter R         text (default), junit (one testcase per request, named by its ### title),
                           tap or json
      --out FILE           write the report to FILE (the text report then goes to stdout)
      --grep TEXT          only the requests whose title has TEXT (case-insensitive)
      --max-batches N      as for run (default 1000); a run stopped by it is partial
      --endpoint, --env, --config, --catalogue, --cache-dir, --timeout, --max-response-mb,
      --maxlag, --max-wait, --user-agent   as for run`,

  code: `  wikiq code FILE --lang L [options]
      Prints one request of FILE as a program that sends it, follows its continuation, merges
      the batches per page as wikiq does, and sends a multi-value parameter past its limit (50
      titles…) in chunks. L: mwn (Node), mwapi (mw.Api: a user script or gadget on the wiki),
      python (requests), mwclient (Python), php (curl), curl, url. With credentials for the wiki
      (as for run) the program signs in, reading WIKIQ_USER and WIKIQ_PASSWORD, or WIKIQ_TOKEN,
      from its environment; no secret is written into it.
      --request NAME|N     as for run
      --batch              this batch only: one request, no continuation loop
      --endpoint, --env, --config, --catalogue, --cache-dir, --timeout, --user-agent   as for run
                           (the user agent is curl's; programs carry one with a contact to fill in)
      Exit status: 0 the program printed, 1 the request does not resolve (no endpoint, an
      undefined variable…) or bad usage.`,

  diff: `  wikiq diff A.json B.json [options]
      Compares two outputs of wikiq run (--format json; or ndjson, records only): for each table,
      the records added, removed and changed (with the fields that changed), keyed by the list's
      identity — logid, rcid, revid, pageid, title… (the first every record has, unique), key for
      key/value tables, path for paraminfo modules; records without one are compared whole.
      Exit status: 0 equal, 1 different, 2 bad usage or input (not a wikiq output, unreadable).
      --format F           table (the default on a terminal: + added, - removed, ~ changed with
                           each field's before → after) or json (the default when piped or
                           redirected: { a, b, equal, truncated, tables: [{ id, key, counts,
                           added, removed, changed: [{ key, fields: [{ field, before, after }] }] }] })
      --key FIELD          key every table by FIELD where every record has a unique one
      --allow-partial      compare a partial or failed output as it is (said on stderr); without
                           it such an output is refused (exit 2): its missing records would look
                           removed
      At most 1,000 of each kind of change are listed per table (the counts stay exact), and
      200,000 records of each side compared; a file over 512 MB is refused.`,

  mcp: `  wikiq mcp --endpoint URL... | --env NAME... [options]
      An MCP server over stdio for AI agents (Claude Desktop, VS Code's agents, any MCP client), with
      four read-only tools: find_modules, describe_module (the wiki's own catalogue), check_request
      (the editor's diagnostics and suggestions) and run_request (checked first; records paged
      with a cursor at the request's own limit, or the whole result saved with save_as). Only the
      wikis named here are used: any other endpoint is refused before a connection is made.
      Credentials as for run (WIKIQ_USER and WIKIQ_PASSWORD, WIKIQ_TOKEN, or the credentials
      file), never in a tool's input or answer. stdout carries the protocol; logs go to stderr.
      --endpoint URL       a wiki the server may use (repeatable); the first is the default
      --env NAME           the wiki of environment NAME (repeatable), from --config FILE or the
                           .vscode/settings.json of the working folder (or above); its variables
                           are defined in the requests sent to it
      --config FILE        the settings file to read environments from
      --catalogue bundled|live   each wiki's own catalogue (live, the default here), cached as for
                           check in --cache-dir DIR; or the bundled one
      --max-records N      records a run_request answer holds by default (default 100; a call
                           may ask for up to 1000 or N, whichever is more)
      --max-answer-kb N    the most kilobytes of records in one answer (default 64); more comes
                           through the cursor
      --out-dir DIR        the folder run_request's save_as writes into (NDJSON, JSON or CSV, by
                           the name's extension; names leaving it are refused); without it,
                           save_as is refused
      --max-batches N      batches one call fetches at most (default 1000, as for run)
      --maxlag, --max-wait, --timeout, --max-response-mb, --user-agent   as for run
      Exit status: 0 once the client closes the connection (stdin) or the server is stopped
      (Ctrl+C, SIGTERM), 1 bad usage (no wiki named, an environment without an endpoint…).`,
};

/** `wikiq --help`: every command's help, then how to ask for one. */
export const USAGE = `${HEADER}${Object.values(COMMAND_HELP).join('\n\n')}

  wikiq COMMAND --help | wikiq help COMMAND
      One command's help (COMMAND: ${Object.keys(COMMAND_HELP).join(', ')}).

  wikiq --help | --version
`;

/** The help of `command` alone, as `wikiq COMMAND --help` prints it (`wikiq --help` has them all). */
export function commandUsage(command: string): string {
  return `${HEADER}${COMMAND_HELP[command]}

  Every command: wikiq --help
`;
}

/** An answer given without running a command: the text, the stream it goes to, the exit status. */
export interface Answer {
  to: 'out' | 'err';
  text: string;
  code: number;
}

/**
 * The answer to the command line whose switches are `flags` and whose words are `words` (the command
 * first), when no command runs: `--version` (before all); `--help` / `-h`: the command's own help,
 * or every command's for none or an unknown one; `help [COMMAND]` likewise (an unknown COMMAND is a
 * mistake); no command at all: the usage on stderr, a failure. Undefined when the command runs.
 */
export function answerWithoutCommand(flags: { has(name: string): boolean }, words: readonly string[]): Answer | undefined {
  const [command, topic] = words;
  if (flags.has('--version')) return { to: 'out', text: VERSION, code: 0 };
  if (flags.has('--help') || flags.has('-h')) return { to: 'out', text: helpOf(command === 'help' ? topic : command) ?? USAGE, code: 0 };
  if (command === undefined) return { to: 'err', text: USAGE, code: 1 };
  if (command !== 'help') return undefined;
  if (topic === undefined) return { to: 'out', text: USAGE, code: 0 };
  return helpOf(topic) !== undefined
    ? { to: 'out', text: helpOf(topic)!, code: 0 }
    : { to: 'err', text: `wikiq: no command '${topic}' to help with. Commands: ${Object.keys(COMMAND_HELP).join(', ')}.`, code: 1 };
}

/** The help of a command wikiq has; undefined for anything else. */
function helpOf(command: string | undefined): string | undefined {
  return command !== undefined && Object.hasOwn(COMMAND_HELP, command) ? commandUsage(command) : undefined;
}

/**
 * The launcher's shortcut: the same answer as the full command line, read from the raw arguments
 * when they cannot mean anything else — each is `--help`, `-h`, `--version` or a word (not an
 * option: no leading '-', or '-' itself). Any other option (whose value might be `--help`, or
 * which might be unknown) and `--` leave the decision to the full command line: undefined.
 */
export function quickAnswer(argv: readonly string[]): Answer | undefined {
  const flags = new Set<string>();
  const words: string[] = [];
  for (const a of argv) {
    if (a === '--help' || a === '-h' || a === '--version') flags.add(a);
    else if (a.startsWith('-') && a !== '-') return undefined;
    else words.push(a);
  }
  return answerWithoutCommand(flags, words);
}
