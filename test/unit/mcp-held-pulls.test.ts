/**
 * The pulls `wikiq mcp` holds between run_request's calls (cli/src/mcp/pulls.ts): what the cache
 * keys on (the cursor's key and the request's hash), who clears it (a use takes the pull out; the
 * least recently held goes past HELD_PULLS; none is held past HELD_MS), and the cursor's refusals.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpClient, Pull, resolveRequest } from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { HELD_MS, HELD_PULLS, HeldPulls, decodeCursor, encodeCursor } from '../../cli/src/mcp/pulls';

const request = resolveRequest('@endpoint = https://wiki.example/w/api.php\naction = query\nlist = logevents', { index: 0 }, { catalogue: bundledCatalogue() });
const pull = () => new Pull(request, new HttpClient());

type Step = ['hold', string] | ['take', string, boolean] | ['wait', number];

/** Runs the steps on a HeldPulls with its own clock; `take` checks whether the key's pull was held. */
function check(steps: Step[]): void {
  let now = 0;
  const held = new HeldPulls(() => now);
  const pulls = new Map<string, Pull>();
  for (const step of steps) {
    if (step[0] === 'hold') {
      pulls.set(step[1], pull());
      assert.equal(held.hold(step[1], 'h', pulls.get(step[1])!), true);
    } else if (step[0] === 'take') {
      const got = held.take(step[1], 'h');
      assert.equal(got !== undefined, step[2], `${step[1]} ${step[2] ? 'held' : 'let go'}`);
      if (got) assert.equal(got, pulls.get(step[1]));
    } else now += step[1];
  }
}

describe('the pulls held for run_request\'s cursors', () => {
  it('gives a held pull to its cursor once: used again, the cursor fetches again', () => check([['hold', 'a'], ['take', 'a', true], ['take', 'a', false]]));
  it('keys on the request too: another request\'s cursor with the same key gets nothing', () => {
    const held = new HeldPulls();
    held.hold('a', 'h1', pull());
    assert.equal(held.take('a', 'h2'), undefined);
    assert.ok(held.take('a', 'h1'));
  });
  it(`holds at most ${HELD_PULLS}: the least recently held goes first`, () => check([
    ...Array.from({ length: HELD_PULLS + 1 }, (_, i): Step => ['hold', `p${i}`]),
    ['take', 'p0', false], ['take', 'p1', true], ['take', `p${HELD_PULLS}`, true],
  ]));
  it(`lets a pull go after ${HELD_MS / 60_000} minutes unused`, () => check([['hold', 'a'], ['wait', HELD_MS - 1], ['hold', 'b'], ['wait', 2], ['take', 'a', false], ['take', 'b', true]]));
});

describe('run_request\'s cursor', () => {
  const point = { from: { lecontinue: '500', continue: '-||' }, skip: 7 };
  it('carries its point and key back', () => assert.deepEqual(decodeCursor(encodeCursor('h', point, 'k'), 'h'), { point, key: 'k' }));
  const bad: Array<[string, RegExp]> = [
    ['not-a-cursor', /not one run_request gave/],
    [Buffer.from(JSON.stringify({ h: 'h', c: { x: 1 }, s: 0 })).toString('base64url'), /not one run_request gave/],
    [Buffer.from(JSON.stringify({ h: 'h', c: null, s: -1 })).toString('base64url'), /not one run_request gave/],
    [encodeCursor('other', point), /belongs to another request/],
    ['x'.repeat(20_001), /not one run_request gave/],
  ];
  for (const [text, why] of bad) it(`refuses ${text.slice(0, 40)}`, () => assert.throws(() => decodeCursor(text, 'h'), why));
});
