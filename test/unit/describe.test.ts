/**
 * core's describeOutcome (core/src/results/describe.ts): the one verdict and failure text that
 * `wikiq test`'s reports and the Testing view print — plain comparisons, `every`, `some` (none of
 * the records holds it: no list), `no`, an assertion that cannot be evaluated, a failed run and a
 * cancelled one (errored: not judged) — and the text report's lines.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  requestsOf,
  assertionsOf, describeOutcome, parse, requestReport, runSummary, scopeFor, testSummary, type RunEnd, type RunFacts,
} from '../../core/src';

const result = {
  query: {
    general: { sitename: 'Test Wiki' },
    allimages: [
      { name: 'A.png', title: 'File:A.png', size: 100 },
      { name: 'B.gif', title: 'File:B.gif', size: 2000 },
      { name: 'Draft.png', title: 'File:Draft.png', size: 50 },
    ],
  },
};
const FACTS: RunFacts = { status: 'complete', records: 3, batches: 2, warnings: 0, ms: 120, result };

interface Input {
  /** The request's `??` lines. */
  assertions: string;
  facts?: Partial<RunFacts>;
  failure?: RunEnd['failure'];
  errors?: RunEnd['errors'];
}

/** The verdict, and each failure's lines. */
function check(input: Input, expected: { verdict: string; failures: string[][] }) {
  const file = parse(`### T\naction = query\n${input.assertions}\n`);
  const r = requestsOf(file)[0];
  const d = describeOutcome(assertionsOf(r), { facts: { ...FACTS, ...input.facts }, failure: input.failure, errors: input.errors }, scopeFor(file, r));
  assert.deepEqual({ verdict: d.verdict, failures: d.failures.map((f) => f.lines) }, expected);
  // Each assertion's failure names its outcome; the run's names none.
  for (const f of d.failures) assert.equal(!!f.outcome, d.verdict !== 'errored');
}

describe('describeOutcome: the verdict and the failure text of every surface', () => {
  const cases: Array<[string, Input, { verdict: string; failures: string[][] }]> = [
    ['every assertion holds', { assertions: '?? status == complete\n?? records == 3\n?? some name == "A.png"' }, { verdict: 'passed', failures: [] }],
    ['a plain comparison: actual against expected', { assertions: '?? records > 5' }, { verdict: 'failed', failures: [['actual: 3  (expected > 5)']] }],
    ['a run fact', { assertions: '?? status == complete', facts: { status: 'partial' } }, { verdict: 'failed', failures: [['actual: partial  (expected == complete)']] }],
    ['a path', { assertions: '?? $.query.general.sitename == Other' }, { verdict: 'failed', failures: [['actual: "Test Wiki"  (expected == Other)']] }],
    ['exists: no expected value', { assertions: '?? $.query.general.nothing exists' }, { verdict: 'failed', failures: [['actual: (absent)  (expected exists)']] }],
    ['every: the records that break it', { assertions: '?? every name matches /\\.png$/' }, {
      verdict: 'failed',
      failures: [['actual: 1 of 3 records break it  (expected matches /\\.png$/)', 'first records that break it (query.allimages):', '  #2 title "File:B.gif": name = "B.gif"']],
    }],
    ['no: the records where it holds', { assertions: '?? no size > 80' }, {
      verdict: 'failed',
      failures: [['actual: 2 of 3 records break it  (expected > 80)', 'first records that break it (query.allimages):', '  #1 title "File:A.png": size = 100', '  #2 title "File:B.gif": size = 2000']],
    }],
    ['some: none of the records holds it, and no list (no record breaks a some)', { assertions: '?? some name matches /^x/' }, {
      verdict: 'failed', failures: [['none of the 3 records of query.allimages has name matching /^x/']],
    }],
    ['some with ==, contains, exists and !exists', { assertions: '?? some name == "C.png"\n?? some title contains Z\n?? some missing exists\n?? some name !exists' }, {
      verdict: 'failed',
      failures: [
        ['none of the 3 records of query.allimages has name == C.png'],
        ['none of the 3 records of query.allimages has title containing Z'],
        ['none of the 3 records of query.allimages has missing'],
        ['none of the 3 records of query.allimages lacks name'],
      ],
    }],
    ['some with startswith: its condition words', { assertions: '?? some title startswith "File:Z"\n?? $.query.allimages[0].title startswith Image:' }, {
      verdict: 'failed',
      failures: [
        ['none of the 3 records of query.allimages has title starting with File:Z'],
        ['actual: "File:A.png"  (expected startswith Image:)'],
      ],
    }],
    ['some over no records', { assertions: '?? some name exists', facts: { result: { query: { allimages: [] } } } }, {
      verdict: 'failed', failures: [['none of the 0 records of query.allimages has name']],
    }],
    ['an assertion that cannot be evaluated: why', { assertions: '?? ms < {{budget}}' }, {
      verdict: 'failed', failures: [["'{{budget}}' cannot be expanded: undefined variable 'budget'."]],
    }],
    ['a failed run: errored with the failure, its assertions not judged', {
      assertions: '?? records >= 0', facts: { status: 'failed', records: 0, batches: 0 }, failure: { kind: 'http', message: 'HTTP 503 from the wiki.' },
    }, { verdict: 'errored', failures: [['the run failed: HTTP 503 from the wiki.']] }],
    ['a failed run with the API\'s errors and no message', {
      assertions: '?? records >= 0', facts: { status: 'failed' }, errors: [{ code: 'badvalue', text: 'Bad value.' }, { text: 'And more.' }],
    }, { verdict: 'errored', failures: [['the run failed: badvalue: Bad value.; error: And more.']] }],
    ['a failed run that says nothing', { assertions: '?? records >= 0', facts: { status: 'failed' } }, { verdict: 'errored', failures: [['the run failed: no answer']] }],
    ['a cancelled run, even with batches kept: errored', {
      assertions: '?? records >= 0', facts: { status: 'partial' }, failure: { kind: 'cancelled', message: 'Cancelled.' },
    }, { verdict: 'errored', failures: [['the run was cancelled']] }],
  ];
  for (const [name, input, expected] of cases) it(name, () => check(input, expected));
});

describe('the text report\'s lines (wikiq test, and the Testing view\'s output)', () => {
  it('a request: ✓ or ✗, its title and run, each failure at its place; the summary counts', () => {
    const file = parse('### T\naction = query\n?? records > 5\n?? some name == "C.png"\n');
    const r = requestsOf(file)[0];
    const d = describeOutcome(assertionsOf(r), { facts: FACTS });
    const lines = requestReport('T', d, FACTS, (f) => ({ where: `t.wikiq:${f.outcome ? 3 + d.failures.indexOf(f) : 1}`, text: f.outcome ? file.text.slice(f.outcome.assertion.span.start, f.outcome.assertion.span.end) : undefined }));
    assert.deepEqual(lines, [
      '  ✗ T  (complete, 2 batches, 3 records, 120 ms)',
      '      t.wikiq:3  ?? records > 5',
      '        actual: 3  (expected > 5)',
      '      t.wikiq:4  ?? some name == "C.png"',
      '        none of the 3 records of query.allimages has name == C.png',
    ]);
    const errored = describeOutcome(assertionsOf(r), { facts: { ...FACTS, status: 'failed', batches: 1, records: 1 }, failure: { kind: 'network', message: 'No answer.' } });
    assert.deepEqual(requestReport('T', errored, { ...FACTS, status: 'failed', batches: 1, records: 1 }, () => ({ where: 't.wikiq:1' })), [
      '  ✗ T  (failed, 1 batch, 1 record, 120 ms)',
      '      t.wikiq:1  the run failed: No answer.',
    ]);
    assert.equal(runSummary({ status: 'complete', batches: 1, records: 0, ms: 5 }), 'complete, 1 batch, 0 records, 5 ms');
    assert.equal(testSummary({ planned: 3, run: 2, passed: 1, assertions: 4, held: 3 }), '3 requests: 1 passed, 1 failed, 1 not run (4 assertions: 3 held, 1 failed)');
    assert.equal(testSummary({ planned: 1, run: 1, passed: 1, assertions: 1, held: 1 }), '1 request: 1 passed, 0 failed (1 assertion: 1 held, 0 failed)');
  });
});
