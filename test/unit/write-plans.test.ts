/** WritePlans (#39): a plan is saved at most once; unknown, taken and old plans are refused. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RefusedError, WritePlans, withSummaryTag, type PlanInput } from '../../engine/src';

const input: PlanInput = {
  endpoint: 'http://127.0.0.1/w/api.php', params: { action: 'edit', title: 'A', text: 'x' }, tokentype: 'csrf',
  base: { title: 'A', exists: true, revid: 7, timestamp: '2026-01-01T00:00:00Z' }, account: 'Someone',
};

type Step = ['add'] | ['take', number] | ['takeUnknown'] | ['peek', number] | ['wait', number];

/** Runs `steps` on one WritePlans (max age 1000 ms, at most 2 plans); each take/peek says whether it gave the plan. */
function check(steps: Step[], expected: Array<'plan' | 'refused' | 'none'>): void {
  let clock = 0;
  const plans = new WritePlans({ maxAgeMs: 1000, maxPlans: 2, now: () => clock });
  const ids: string[] = [];
  const got: Array<'plan' | 'refused' | 'none'> = [];
  for (const s of steps) {
    if (s[0] === 'add') ids.push(plans.add(input).id);
    else if (s[0] === 'wait') clock += s[1];
    else if (s[0] === 'peek') got.push(plans.peek(ids[s[1]]) ? 'plan' : 'none');
    else {
      const id = s[0] === 'take' ? ids[s[1]] : 'not-a-plan';
      try {
        const p = plans.take(id);
        assert.deepEqual(p.params, input.params);
        got.push('plan');
      } catch (e) {
        assert.ok(e instanceof RefusedError && /nothing was sent/.test(e.message));
        got.push('refused');
      }
    }
  }
  assert.deepEqual(got, expected);
}

test('a plan is taken once', () => check([['add'], ['take', 0], ['take', 0]], ['plan', 'refused']));
test('an id this owner did not make is refused', () => check([['add'], ['takeUnknown']], ['refused']));
test('a plan past its age is refused', () => check([['add'], ['wait', 1001], ['take', 0]], ['refused']));
test('a plan within its age is kept', () => check([['add'], ['wait', 1000], ['peek', 0], ['take', 0]], ['plan', 'plan']));
test('past the count bound the oldest plan goes first', () => check([['add'], ['add'], ['add'], ['peek', 0], ['peek', 1], ['peek', 2]], ['none', 'plan', 'plan']));
test('ids differ', () => {
  const plans = new WritePlans();
  assert.notEqual(plans.add(input).id, plans.add(input).id);
});

const tagged = (params: Record<string, string>, tag: string | undefined, expected: Record<string, string>) => assert.deepEqual(withSummaryTag(params, tag), expected);
test('the summary tag is appended to an edit\'s summary, before the preview', () => {
  tagged({ action: 'edit', summary: 'Fix' }, '([[:toollabs:editgroups/b/wikiq/1|details]])', { action: 'edit', summary: 'Fix ([[:toollabs:editgroups/b/wikiq/1|details]])' });
  tagged({ action: 'edit' }, '#wikiq', { action: 'edit', summary: '#wikiq' });
  tagged({ action: 'edit', summary: 'Fix' }, '  ', { action: 'edit', summary: 'Fix' });
  tagged({ action: 'edit', summary: 'Fix' }, undefined, { action: 'edit', summary: 'Fix' });
  tagged({ action: 'move', reason: 'r' }, '#wikiq', { action: 'move', reason: 'r' });
});
