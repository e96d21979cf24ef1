/**
 * Entry of `dist/cli-main.js`, the full command line, which the launcher `dist/cli.js` (the `wikiq`
 * bin, launcher.ts) loads first thing for everything but the usage and the version. The signal
 * handlers come first: a run stopped at any moment keeps what it has.
 */
import { installSignalHandlers, stop, stopSignal } from './signals';

installSignalHandlers();

// Loaded after the handlers are in place (a static import would be evaluated first).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the handlers (see above), which an import cannot be
const { main, streamDrained } = require('./cli') as typeof import('./cli');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the handlers, as above
const { askLine } = require('./ask') as typeof import('./ask');

let outClosed = false;
/** A reader that stops reading (`| head`) ends the run quietly (exit 0); another write error (a full disk) is said and fails. */
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (outClosed) return;
  outClosed = true;
  stop('EPIPE');
  if (e.code !== 'EPIPE') {
    process.stderr.write(`wikiq: cannot write the output: ${e.message}\n`);
    process.exitCode = 1;
  }
});
process.stderr.on('error', () => undefined);

main(process.argv.slice(2), {
  out: (s) => {
    if (!outClosed) process.stdout.write(s + '\n');
  },
  err: (s) => {
    if (!process.stderr.destroyed) process.stderr.write(s.endsWith('\n') ? s : s + '\n');
  },
  progress: (s) => {
    if (!process.stderr.destroyed) process.stderr.write(`\r${s}\u001b[K`);
  },
  tty: !!process.stderr.isTTY,
  stdoutTty: !!process.stdout.isTTY,
  stdinTty: !!process.stdin.isTTY,
  // The question goes to stderr (stdout holds the preview); the answer is one line of stdin.
  ask: (question) => askLine(process.stdin, process.stderr, question, stopSignal),
  columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  cwd: process.cwd(),
  stop: stopSignal,
  outClosed: () => outClosed,
  outDrained: () => streamDrained(process.stdout),
}).then(
  (code) => {
    process.exitCode = outClosed ? process.exitCode ?? 0 : code;
  },
  (e) => {
    process.stderr.write(`wikiq: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
