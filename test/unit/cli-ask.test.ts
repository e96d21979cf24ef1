/**
 * The question `wikiq run` asks before saving a write (cli/src/ask.ts): one line read, only y or
 * yes is yes, and no answer (end of input, a stop, a line past the bound) is no.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { MAX_ANSWER_CHARS, askLine, isYes } from '../../cli/src/ask';

/** What askLine resolves with when `typed` is written to its input (null: the input then ends), and what it wrote. */
async function ask(typed: string | null, signal?: AbortSignal): Promise<{ answer: string | undefined; shown: string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  const asked = askLine(input, output, 'Save? [y/N] ', signal);
  if (typed === null) input.end();
  else input.write(typed);
  const answer = await asked;
  return { answer, shown: String(output.read() ?? '') };
}

function check(typed: string | null, expected: { answer: string | undefined; yes: boolean }) {
  it(`${JSON.stringify(typed)} → ${JSON.stringify(expected.answer)}, ${expected.yes ? 'yes' : 'no'}`, async () => {
    const { answer, shown } = await ask(typed);
    assert.equal(shown, 'Save? [y/N] ');
    assert.equal(answer, expected.answer);
    assert.equal(isYes(answer), expected.yes);
  });
}

describe('asking before a save', () => {
  check('y\n', { answer: 'y', yes: true });
  check('YES\r\n', { answer: 'YES', yes: true });
  check('  yes \n', { answer: '  yes ', yes: true });
  check('\n', { answer: '', yes: false });
  check('n\n', { answer: 'n', yes: false });
  check('yes please\n', { answer: 'yes please', yes: false });
  check('ja\n', { answer: 'ja', yes: false });
  check(null, { answer: undefined, yes: false });
  check(`${'y'.repeat(MAX_ANSWER_CHARS + 1)}\n`, { answer: undefined, yes: false });

  it('a stop (Ctrl+C) while waiting is no answer', async () => {
    const stop = new AbortController();
    const input = new PassThrough();
    const asked = askLine(input, new PassThrough(), 'Save? ', stop.signal);
    stop.abort('SIGINT');
    assert.equal(await asked, undefined);
    const already = await ask('y\n', AbortSignal.abort('SIGTERM'));
    assert.equal(already.answer, undefined, 'stopped before asking: not even asked');
  });
});
