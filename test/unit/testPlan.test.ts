/** The Test Explorer's editor-free side (client/src/run/testPlan.ts): which requests are tests, their ids, verdicts and failure messages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WikiqError, type RunFacts } from '../../engine/src/index';
import { MAX_TEST_FILE_BYTES, fileOfTestId, testedRequests, verdictOf, type RunOutcomeState } from '../../client/src/run/testPlan';

const URI = 'file:///w/checks.wikiq';
const FILE = [
  '@endpoint = https://w.example/w/api.php', // 0
  '', // 1
  '### Images', // 2
  'action = query', // 3
  'list = allimages', // 4
  '?? status == complete', // 5
  '?? records > 2', // 6
  '?? $.query.allimages[0].name == "A.png"', // 7
  '?? every name matches /\\.png$/', // 8
  '', // 9
  '### No checks', // 10
  'action = query', // 11
  '', // 12
  '### Images', // 13
  'action = query', // 14
  '?? records == {{want}}', // 15
].join('\n');

test('the requests with assertions are the tests: titled, at their header line, a repeated title numbered', () => {
  assert.deepEqual(testedRequests(URI, FILE), [
    { uri: URI, id: `${URI}#Images`, index: 0, title: 'Images', line: 2, assertions: 4 },
    { uri: URI, id: `${URI}#Images (2)`, index: 2, title: 'Images (2)', line: 13, assertions: 1 },
  ]);
  assert.deepEqual(testedRequests(URI, 'action = query\n?? records > 0\n').map((r) => [r.title, r.line]), [['request 1', 0]], 'no header: named by its place');
  assert.deepEqual(testedRequests(URI, '### A\naction = query\n'), [], 'no assertions, no test');
  assert.deepEqual(testedRequests(URI, '### A\n?? records > 0\n' + 'x'.repeat(MAX_TEST_FILE_BYTES)), [], 'a file too large is not read');
  assert.equal(fileOfTestId(`${URI}#Images (2)`), URI);
  assert.equal(fileOfTestId(URI), URI);
});

const state = (over: Partial<RunOutcomeState> = {}): RunOutcomeState => ({ errors: [], ...over });
const answer = (...names: string[]) => ({ query: { allimages: names.map((name) => ({ name })) } });
/** A run's facts as the engine gives them (RunSession.facts). */
const facts = (result: unknown, over: Partial<RunFacts> = {}): RunFacts => ({ status: 'complete', records: 3, batches: 1, warnings: 0, ms: 10, result, ...over });

/** The verdict without core's description (tested in describe.test.ts): the outcome and the messages at their lines. */
const verdict = (...a: Parameters<typeof verdictOf>) => {
  const { outcome, messages } = verdictOf(...a);
  return { outcome, messages };
};

test('verdicts: passed, failed with core\'s text at each failing assertion line (a diff pair for a plain ==), errored when the run failed', () => {
  assert.deepEqual(verdict(FILE, 0, state(), facts(answer('A.png', 'B.png', 'C.png'))), { outcome: 'passed', messages: [] });
  const failed = verdict(FILE, 0, state(), facts(answer('Z.png', 'B.gif', 'C.png')));
  assert.equal(failed.outcome, 'failed');
  assert.deepEqual(failed.messages, [
    { line: 7, message: 'actual: "Z.png"  (expected == A.png)', expected: '"A.png"', actual: '"Z.png"' },
    { line: 8, message: 'actual: 1 of 3 records break it  (expected matches /\\.png$/)\nfirst records that break it (query.allimages):\n  #2 name "B.gif": name = "B.gif"' },
  ]);
  const partial = verdict(FILE, 0, state(), facts(answer('A.png', 'B.png', 'C.png'), { status: 'partial' }));
  assert.deepEqual(partial.messages.map((m) => [m.line, m.message]), [[5, 'actual: partial  (expected == complete)']]);
  const http = verdict(FILE, 0, state({ failure: new WikiqError('http', 'HTTP 503 from the wiki') }), facts({}, { status: 'failed', batches: 0, records: 0 }));
  assert.deepEqual(http, { outcome: 'errored', messages: [{ line: 2, message: 'the run failed: HTTP 503 from the wiki' }] });
  const cancelled = verdict(FILE, 0, state({ failure: new WikiqError('cancelled', 'Cancelled') }), facts(answer('A.png'), { status: 'partial' }));
  assert.deepEqual(cancelled, { outcome: 'errored', messages: [{ line: 2, message: 'the run was cancelled' }] }, 'a cancelled run is not judged');
  assert.equal(verdictOf(FILE, 0, state(), facts(answer('A.png', 'B.png', 'C.png'))).description?.outcomes.length, 4, 'the description, for the text report');
});

test('an undefined variable fails its assertion with the reason; the environment defines it', () => {
  const undef = verdict(FILE, 2, state(), facts(answer('A.png', 'B.png', 'C.png')));
  assert.deepEqual(undef, { outcome: 'failed', messages: [{ line: 15, message: "'{{want}}' cannot be expanded: undefined variable 'want'." }] });
  assert.equal(verdictOf(FILE, 2, state(), facts(answer('A.png', 'B.png', 'C.png')), { variables: { want: '3' } }).outcome, 'passed');
  assert.equal(verdictOf(FILE, 9, state(), facts({})).outcome, 'errored', 'a request no longer there');
});
