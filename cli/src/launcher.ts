/**
 * Entry of `dist/cli.js`, the `wikiq` bin: a launcher of a few KiB. `wikiq --help`, `-h`,
 * `--version` (alone or with a command: `wikiq run --help`) and a bare `wikiq` are answered from
 * help.ts, the text the full command line prints, without reading the full command line's bundle;
 * anything else loads `dist/cli-main.js` (main.ts) at once, as its first statement, and that
 * installs its signal handlers before anything else, as when it was the entry itself.
 */
import { quickAnswer } from './help';

const answer = quickAnswer(process.argv.slice(2));
if (answer === undefined) {
  // A sibling bundle, left to Node by scripts/build.mjs; Node then runs it as it ran dist/cli.js.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a sibling bundle loaded only when needed, by path at run time
  require('./cli-main.js');
} else {
  // As main.ts does: a reader that closes the pipe (`wikiq --help | head`) is no failure; another
  // write error is said and fails.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') return;
    process.stderr.write(`wikiq: cannot write the output: ${e.message}\n`);
    process.exitCode = 1;
  });
  process.stderr.on('error', () => undefined);
  const { to, text, code } = answer;
  if (to === 'out') process.stdout.write(text + '\n');
  else process.stderr.write(text.endsWith('\n') ? text : text + '\n');
  process.exitCode = code;
}
