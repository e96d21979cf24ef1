/**
 * What the Testing view's Test Results panel gets of a request's test (client/src/run/testOutput.ts):
 * what `wikiq test` prints of it (core's requestReport): its file, the summary line, then each
 * failure at its file:line with the assertion as written and its message, in `\r\n`-ended lines (the panel is a terminal).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunFacts } from '../../core/src';
import { WikiqError } from '../../engine/src/index';
import { testOutput, type TestOutputInput } from '../../client/src/run/testOutput';
import { verdictOf } from '../../client/src/run/testPlan';

const TEXT = [
  '### Images', // 0
  'action = query', // 1
  'list = allimages', // 2
  '?? records > 1', // 3
  '?? $.query.allimages[0].name == "A.png"', // 4
  '?? every name matches /\\.png$/', // 5
].join('\n');
const answer = (...names: string[]) => ({ query: { allimages: names.map((name) => ({ name })) } });
/** The engine's facts of a run (RunSession.facts). */
const facts = (result: unknown, over: Partial<RunFacts> = {}): RunFacts => ({ status: 'complete', records: 3, batches: 2, warnings: 0, ms: 412, result, ...over });

function check(input: Omit<TestOutputInput, 'title' | 'file' | 'text'>, expected: string[]): void {
  assert.equal(testOutput({ title: 'Images', file: 'checks.wikiq', text: TEXT, ...input }), expected.map((l) => `${l}\r\n`).join(''));
}

test('a passing test: its file and the summary line, with the engine\'s facts', () => {
  const f = facts(answer('A.png', 'B.png', 'C.png'));
  check({ facts: f, verdict: verdictOf(TEXT, 0, { errors: [] }, f) }, ['checks.wikiq', '  ✓ Images  (complete, 2 batches, 3 records, 412 ms)']);
});

test('a failing test: each failure at its line, the assertion as written, core\'s text', () => {
  const f = facts(answer('Z.png', 'B.gif'), { records: 2, batches: 1 });
  check({ facts: f, verdict: verdictOf(TEXT, 0, { errors: [] }, f) }, [
    'checks.wikiq',
    '  ✗ Images  (complete, 1 batch, 2 records, 412 ms)',
    '      checks.wikiq:5  ?? $.query.allimages[0].name == "A.png"',
    '        actual: "Z.png"  (expected == A.png)',
    '      checks.wikiq:6  ?? every name matches /\\.png$/',
    '        actual: 1 of 2 records break it  (expected matches /\\.png$/)',
    '        first records that break it (query.allimages):',
    '          #2 name "B.gif": name = "B.gif"',
  ]);
});

test('a run that failed: its reason at the request\'s header; one that did not run says so', () => {
  const failed = facts({}, { status: 'failed', records: 0, batches: 0 });
  check({ facts: failed, verdict: verdictOf(TEXT, 0, { errors: [], failure: new WikiqError('http', 'HTTP 503 from the wiki') }, failed) }, [
    'checks.wikiq',
    '  ✗ Images  (failed, 0 batches, 0 records, 412 ms)',
    '      checks.wikiq:1  the run failed: HTTP 503 from the wiki',
  ]);
  check({ verdict: { outcome: 'errored', messages: [{ line: 0, message: 'The request could not be run.' }] } }, [
    'checks.wikiq',
    '  ✗ Images  (not run)',
    '      checks.wikiq:1  The request could not be run.',
  ]);
});
