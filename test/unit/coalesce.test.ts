/**
 * The panel's coalesced updates (client/src/results/delta.ts `UpdateCoalescer`): a run asks for an
 * update after every batch, the view gets a few a second — the first at once, then at most one per
 * interval, and an immediate one (the end of a run) at once. Node's mock timers stand in for time.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { UPDATE_INTERVAL_MS, UpdateCoalescer } from '../../client/src/results/delta';

/** [asks: ms since start and whether immediate, the ms at which a send happened]. */
const rows: Array<[string, Array<[number, boolean?]>, number[]]> = [
  ['one ask: sent at once', [[0]], [0]],
  ['100 batches 10 ms apart: the first at once, then one per interval', Array.from({ length: 100 }, (_, i): [number] => [i * 10]), [0, 150, 300, 450, 600, 750, 900, 1050]],
  ['asks far apart: each at once', [[0], [200], [400]], [0, 200, 400]],
  ['an immediate ask (the run ended) is sent at once and cancels the pending one', [[0], [20], [30, true]], [0, 30]],
];

function check(asks: Array<[number, boolean?]>, expected: number[]): void {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
  try {
    const sent: number[] = [];
    const c = new UpdateCoalescer(() => sent.push(Date.now()));
    let now = 0;
    for (const [at, immediate] of asks) {
      mock.timers.tick(at - now);
      now = at;
      c.request(immediate);
    }
    for (let t = 0; t < UPDATE_INTERVAL_MS * 2; t += 10) mock.timers.tick(10); // in steps: a tick moves the clock before it runs the timers
    assert.deepEqual(sent, expected);
  } finally {
    mock.timers.reset();
  }
}

describe('coalesced updates', () => {
  for (const [name, asks, expected] of rows) it(name, () => check(asks, expected));
});
