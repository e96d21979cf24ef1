/**
 * The `wikiq` command line, on the same engine and language core as the extension. `main(argv, io)`
 * does everything and returns the exit status; cli/src/main.ts is the entry of dist/cli-main.js,
 * which the launcher dist/cli.js (launcher.ts) loads for everything but the usage and the version.
 * Messages are one clear line each; never a stack trace. One file per concern: `help.ts` (the usage
 * text and when it is the answer), `args.ts` (flags, files, environments), `check.ts`
 * (+ `sarif.ts`), `run.ts` (+ `table.ts`; `write.ts`, `preview.ts`, `ask.ts` for a write), `test.ts` (+ `testReport.ts`), `code.ts`, `diff.ts`, `catalogue.ts`, `signals.ts`.
 */
import { WikiqError, errorMessage } from '../../engine/src';
import { answerWithoutCommand } from './help';
import { UsageError, parseArgs, type FlagSpec, type Io } from './args';
import { CHECK_FLAGS, check } from './check';
import { RUN_FLAGS, run } from './run';
import { CODE_FLAGS, code } from './code';
import { DIFF_EXIT, DIFF_FLAGS, diff } from './diff';
import { TEST_FLAGS, test } from './test';
import { forTerminal } from './terminal';
import { MCP_FLAGS } from './mcp/flags';

export type { Io } from './args';
export { formatTables } from './table';
export { streamDrained } from '../../engine/src';

/** Each command: its flags, what runs it, and its exit status on a usage mistake (default 1). */
const COMMANDS: Record<string, { flags: FlagSpec; run: typeof check; usageExit?: number }> = {
  check: { flags: CHECK_FLAGS, run: check },
  run: { flags: RUN_FLAGS, run },
  code: { flags: CODE_FLAGS, run: code },
  // diff's 1 means "different": its mistakes are 2.
  diff: { flags: DIFF_FLAGS, run: diff, usageExit: DIFF_EXIT.error },
  // The MCP server: set up only when this command runs (its SDK is the sibling bundle dist/mcp-sdk.js, scripts/build.mjs).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when the command runs, as a sibling bundle
  mcp: { flags: MCP_FLAGS, run: (args, io) => (require('./mcp/index') as typeof import('./mcp/index')).mcp(args, io) },
  // test's 1 means "an assertion failed": its mistakes (and file errors) are 2.
  test: { flags: TEST_FLAGS, run: test, usageExit: 2 },
};

/** The commands' names (each has its help in help.ts: test/unit/cli-flags-documented.test.ts). */
export const COMMAND_NAMES = Object.keys(COMMANDS);

/** Every flag some command takes: to find the command before its own flags are checked. */
const ANY: FlagSpec = {
  values: [...new Set(Object.values(COMMANDS).flatMap((c) => c.flags.values))],
  switches: [...new Set(Object.values(COMMANDS).flatMap((c) => c.flags.switches))],
};

/** `io` whose messages and progress (text for a person) are escaped for the terminal; stdout is left to each format. */
function safeIo(io: Io): Io {
  const progress = io.progress;
  return { ...io, err: (s) => io.err(forTerminal(s)), progress: progress && ((s) => progress(forTerminal(s))) };
}

export async function main(argv: string[], rawIo: Io): Promise<number> {
  const io = safeIo(rawIo);
  // The command's own exit for a mistake, even one found before the command is (an unknown option).
  let usageExit = COMMANDS[argv.find((a) => !a.startsWith('-')) ?? '']?.usageExit ?? 1;
  try {
    const all = parseArgs(argv, ANY);
    const [cmd, ...rest] = all.positional;
    const answer = answerWithoutCommand(all.flags, all.positional);
    if (answer) {
      io[answer.to](answer.text);
      return answer.code;
    }
    const command = COMMANDS[cmd];
    if (!command) throw new UsageError(`Unknown command '${cmd}'. Commands: ${Object.keys(COMMANDS).join(', ')}.`);
    usageExit = command.usageExit ?? 1;
    const args = parseArgs(argv, command.flags, cmd);
    return await command.run({ ...args, positional: rest }, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`wikiq: ${e.message}\nRun 'wikiq --help' for usage.`);
      return usageExit;
    }
    io.err(`wikiq: ${e instanceof WikiqError ? e.message : errorMessage(e)}`);
    return 1;
  }
}
