/** Entry of `dist/cli.js` (the `wikiq` bin). */
import { main } from './cli';

main(process.argv.slice(2), {
  out: (s) => process.stdout.write(s + '\n'),
  err: (s) => process.stderr.write(s.endsWith('\n') || s.startsWith('\r') ? s : s + '\n'),
  tty: !!process.stderr.isTTY,
  cwd: process.cwd(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`wikiq: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
