/**
 * One question asked of a person on the terminal (`wikiq run` on a write: "Save this edit …?"),
 * answered by one line. The answer is bounded (a longer line is not an answer), and the question
 * ends with the run: end of input (Ctrl+D) or a stop (Ctrl+C, SIGTERM) is no answer at all.
 */
import * as readline from 'node:readline';

/** Characters of an answer read at most; a longer line is no answer. */
export const MAX_ANSWER_CHARS = 1000;

/**
 * Writes `question` to `output` and resolves with the line read from `input` (without its newline),
 * or undefined at end of input, on `signal`, or for a line past MAX_ANSWER_CHARS.
 */
export function askLine(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, question: string, signal?: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(undefined);
    const rl = readline.createInterface({ input, output, terminal: false });
    let answered = false;
    const done = (line: string | undefined) => {
      if (answered) return;
      answered = true;
      signal?.removeEventListener('abort', onAbort);
      rl.close();
      // readline resumed stdin: pause it again, so that the process can end once the run is done.
      input.pause();
      resolve(line !== undefined && line.length <= MAX_ANSWER_CHARS ? line : undefined);
    };
    const onAbort = () => done(undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    rl.once('line', (line) => done(line));
    rl.once('close', () => done(undefined));
    output.write(question);
  });
}

/** Whether `answer` says yes: `y` or `yes`, in any case, spaces around ignored. Anything else is no. */
export const isYes = (answer: string | undefined): boolean => /^\s*(y|yes)\s*$/i.test(answer ?? '');
