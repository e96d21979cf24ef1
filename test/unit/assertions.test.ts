/**
 * Assertions (`?? SUBJECT OPERATOR VALUE`): how a line is read (parser/assertions.ts), that reading
 * never throws and reads each character a bounded number of times, how one is evaluated against a
 * run (results/assertions.ts), and the diagnostic of a malformed one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { errorsOf, requestsOf, Code, assertionsOf, evaluateAssertions, parse, patternProblem, scopeFor, type RunFacts } from '../../core/src';
import { readAssertion } from '../../core/src/parser/assertions';
import { OPERATOR_NAMES, operatorSpec } from '../../core/src/assertionOperators';
import { doc, service } from './helpers';

/** What a line reads as: subject kind, quantifier, path, operator, value kind and text, or the problem. */
function read(line: string): unknown {
  const a = readAssertion(line, 0, line.length);
  if (a.problem) return { problem: a.problem.message, at: line.slice(a.problem.span.start, a.problem.span.end) };
  const s = a.subject!;
  return [s.kind, s.quantifier ?? null, s.path, a.operator!.op, a.value ? `${a.value.kind}:${a.value.text}${a.value.flags ?? ''}` : null];
}

describe('assertions: reading a line', () => {
  const cases: Array<[string, unknown]> = [
    ['?? status == complete', ['status', null, [], '==', 'word:complete']],
    ['?? records > 0', ['records', null, [], '>', 'number:0']],
    ['?? batches <= 3', ['batches', null, [], '<=', 'number:3']],
    ['??warnings == 0', ['warnings', null, [], '==', 'number:0']],
    ['?? ms < {{budget}}', ['ms', null, [], '<', 'word:{{budget}}']],
    ['?? every ns == 6', ['field', 'every', ['ns'], '==', 'number:6']],
    ['?? some name == "X.png"', ['field', 'some', ['name'], '==', 'string:X.png']],
    ['?? some name == "a \\"q\\" b"', ['field', 'some', ['name'], '==', 'string:a "q" b']],
    ['?? no title matches /^Draft/i', ['field', 'no', ['title'], 'matches', 'pattern:^Drafti']],
    ['?? every imageinfo[0].size > 10', ['field', 'every', ['imageinfo', 0, 'size'], '>', 'number:10']],
    ['?? $.query.general.sitename == My Wiki', ['path', null, ['query', 'general', 'sitename'], '==', 'word:My Wiki']],
    ['?? $.query.pages[2].title exists', ['path', null, ['query', 'pages', 2, 'title'], 'exists', null]],
    ['?? $ exists', ['path', null, [], 'exists', null]],
    ['?? every missing !exists', ['field', 'every', ['missing'], '!exists', null]],
    ['?? some categories contains Category:X', ['field', 'some', ['categories'], 'contains', 'word:Category:X']],
    ['?? some title startswith Apple', ['field', 'some', ['title'], 'startswith', 'word:Apple']],
    ['?? $.query.pages[0].title startswith "Main"', ['path', null, ['query', 'pages', 0, 'title'], 'startswith', 'string:Main']],
    ['?? every timestamp >= 2024-01-01', ['field', 'every', ['timestamp'], '>=', 'word:2024-01-01']],
    ['??', { problem: "Expected an assertion: '?? SUBJECT OPERATOR VALUE', e.g. '?? records > 0'.", at: '' }],
    ['?? recods > 0', { problem: "'recods' is not a subject: use status, records, batches, warnings, ms, every FIELD, some FIELD, no FIELD, or a path such as $.query.general.sitename.", at: 'recods' }],
    ['?? records', { problem: 'Expected an operator after the subject: ==, !=, <, <=, >, >=, contains, startswith, matches, exists, !exists.', at: '' }],
    ['?? records constructor 1', { problem: "'constructor' is not an operator: use ==, !=, <, <=, >, >=, contains, startswith, matches, exists, !exists.", at: 'constructor' }],
    ['?? records => 1', { problem: "'=>' is not an operator: use ==, !=, <, <=, >, >=, contains, startswith, matches, exists, !exists.", at: '=>' }],
    ['?? records >', { problem: "Expected a value after '>'.", at: '>' }],
    ['?? records > many', { problem: "'records' is a number, 'many' is not.", at: 'many' }],
    ['?? records contains 1', { problem: "'records' is a number: compare it with ==, !=, <, <=, > or >=.", at: 'records contains 1' }],
    ['?? records startswith 1', { problem: "'records' is a number: compare it with ==, !=, <, <=, > or >=.", at: 'records startswith 1' }],
    ['?? status startswith comp', { problem: "'status' is compared with == or != (complete, partial or failed).", at: 'status startswith comp' }],
    ['?? status == done', { problem: "A run's status is complete, partial or failed, not 'done'.", at: 'done' }],
    ['?? status > complete', { problem: "'status' is compared with == or != (complete, partial or failed).", at: 'status > complete' }],
    ['?? every', { problem: "Expected a field after 'every', e.g. 'every ns == 0'.", at: '' }],
    ['?? every ns exists 1', { problem: "'exists' takes no value.", at: '1' }],
    ['?? $.query..x exists', { problem: "Expected a name after '.' in the path '.query..x'.", at: '..' }],
    ['?? $.a[x] exists', { problem: "Expected an index such as [0] in the path '.a[x]'.", at: '[x' }],
    ['?? some t == "open', { problem: `The string "open is not closed: end it with '"'.`, at: '"open' }],
    ['?? some t == "a" b', { problem: `Nothing may follow the closing '"' of a string.`, at: ' b' }],
    ['?? some t matches draft', { problem: "'matches' takes a pattern between slashes, such as /^File:/ or /draft/i.", at: 'draft' }],
    ['?? some t matches /x/g', { problem: "'g' are not pattern flags: use i, m, s and u, each once.", at: 'g' }],
    ['?? some t matches /(a)\\1/', { problem: "The pattern /(a)\\1/ uses a backreference ('\\1'), which the linear-time engine patterns run on does not have.", at: '/(a)\\1/' }],
    ['?? some t matches /a(?=b)/', { problem: "The pattern /a(?=b)/ uses a lookaround ('(?='), which the linear-time engine patterns run on does not have.", at: '/a(?=b)/' }],
    ['?? some t == {{x', { problem: "'{{' is not closed: write '{{name}}'.", at: '{{x' }],
  ];
  for (const [line, expected] of cases) it(line, () => assert.deepEqual(read(line), expected));

  it('a request counts its assertion lines, which are neither parameters nor errors of the parser', () => {
    const file = parse('### A\naction = query\n?? records > 0\n?? nonsense\n|x\n');
    assert.equal(requestsOf(file)[0].assertionCount, 2);
    assert.equal(requestsOf(file)[0].paramCount, 1);
    assert.deepEqual(errorsOf(file).map((e) => e.code), ['syntax-orphan-continuation']);
    assert.deepEqual(assertionsOf(requestsOf(file)[0]).map((a) => file.text.slice(a.span.start, a.span.end)), ['?? records > 0', '?? nonsense']);
  });
});

describe('assertions: each operator of the table (OPERATORS) is read as its entry says', () => {
  /** A value of the kind the operator takes, as written and as read. */
  const VALUES = { none: ['', null], pattern: [' /x/', 'pattern:x'], value: [' 1', 'number:1'] } as const;
  const problem = (line: string) => 'problem' in (read(line) as object);
  for (const op of OPERATOR_NAMES) {
    it(`${op}: after a path, with its value; after a count and the status only where its types say`, () => {
      const spec = operatorSpec(op);
      const [written, readAs] = VALUES[spec.value];
      assert.deepEqual(read(`?? $.a ${op}${written}`), ['path', null, ['a'], op, readAs]);
      assert.equal(problem(`?? records ${op}${written}`), !spec.types.includes('number'), 'records');
      assert.equal(problem(`?? status ${op}${spec.value === 'value' ? ' complete' : written}`), !spec.types.includes('status'), 'status');
    });
  }
});

describe('assertions: reading never throws and is linear', () => {
  const PIECES = ['??', ' ', '$', '.', '[', ']', '0', '"', '\\', '/', '{{', '}}', 'every', 'some', 'no', 'status', 'records', '==', '!=', '<', '>=', 'contains', 'startswith', 'matches', 'exists', '!exists', '(?', '=', 'a', '\t', '😀'];
  const line = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 60 }).map((a) => `??${a.join('')}`);

  /** How many times `f` reads a character with charCodeAt: the parser's way of reading. */
  function reads(f: () => void): number {
    const proto = String.prototype;
    const original = Object.getOwnPropertyDescriptor(proto, 'charCodeAt')!;
    let n = 0;
    Object.defineProperty(proto, 'charCodeAt', { ...original, value(this: string, i: number) {
      n++;
      return (original.value as (this: string, i: number) => number).call(this, i);
    } });
    try {
      f();
    } finally {
      Object.defineProperty(proto, 'charCodeAt', original);
    }
    return n;
  }

  it('never throws, and its spans lie within the line', () => {
    fc.assert(fc.property(line, (text) => {
      const a = readAssertion(text, 0, text.length);
      for (const sp of [a.span, a.subject?.span, a.operator?.span, a.value?.span, a.problem?.span]) {
        if (sp) assert.ok(sp.start >= 0 && sp.start <= sp.end && sp.end <= text.length, JSON.stringify(sp));
      }
      assert.ok(a.problem || (a.subject && a.operator), 'an assertion without a problem has a subject and an operator');
    }), { numRuns: 2000 });
  });

  it('reads each character a bounded number of times (at most 8 reads per character)', () => {
    fc.assert(fc.property(line, (text) => {
      const n = reads(() => readAssertion(text, 0, text.length));
      assert.ok(n <= 8 * (text.length + 1), `${n} reads for ${text.length} characters`);
    }), { numRuns: 500 });
  });

  it('long lines of the worst shapes: reads grow with the length, not faster', () => {
    const shapes = [
      (n: number) => `?? $${'.a'.repeat(n)} exists`,
      (n: number) => `?? every ${'[1]'.repeat(n)} exists`,
      (n: number) => `?? some t == "${'\\"'.repeat(n)}`,
      (n: number) => `?? some t matches /${'\\('.repeat(n)}(?/`,
      (n: number) => `?? some t == ${'{{'.repeat(n)}`,
      (n: number) => `??${' '.repeat(n)}`,
    ];
    for (const shape of shapes) {
      const small = shape(1000);
      const big = shape(8000);
      const a = reads(() => readAssertion(small, 0, small.length));
      const b = reads(() => readAssertion(big, 0, big.length));
      assert.ok(b <= 8 * (big.length + 1) && b / a < 9, `${shape(1)}: ${a} reads for ${small.length} characters, ${b} for ${big.length}`);
    }
  });
});

const result = {
  batchcomplete: true,
  query: {
    general: { sitename: 'Test Wiki', lang: 'en' },
    allimages: [
      { name: 'A.png', title: 'File:A.png', ns: 6, size: 100, categories: ['X', 'Y'] },
      { name: 'B.png', title: 'File:B.png', ns: 6, size: 2000 },
      { name: 'Draft.png', title: 'File:Draft.png', ns: 6, size: 50 },
    ],
  },
};
const facts: RunFacts = { status: 'complete', records: 3, batches: 2, warnings: 1, ms: 120, result };

/** Each assertion of the request's lines: pass or fail, and the actual value (a quantifier's count, its breaking records' labels). */
function evaluate(lines: string, env: Record<string, string> = {}): unknown[] {
  const file = parse(`@limit = 150\n### T\naction = query\n${lines}\n`);
  const r = requestsOf(file)[0];
  return evaluateAssertions(assertionsOf(r), facts, scopeFor(file, r, { variables: env })).map((o) =>
    o.error ? ['error', o.error] : [o.pass ? 'pass' : 'fail', o.actual, ...(o.offenders ? [o.offenders.map((x) => x.label)] : [])]);
}

describe('assertions: evaluating against a run', () => {
  const cases: Array<[string, unknown]> = [
    ['?? status == complete', ['pass', 'complete']],
    ['?? status != complete', ['fail', 'complete']],
    ['?? records == 3', ['pass', '3']],
    ['?? records > 3', ['fail', '3']],
    ['?? batches >= 2', ['pass', '2']],
    ['?? warnings < 1', ['fail', '1']],
    ['?? ms <= {{limit}}', ['pass', '120']],
    ['?? ms > {{limit}}', ['fail', '120']],
    ['?? every ns == 6', ['pass', 'all of 3 records']],
    ['?? every size > 80', ['fail', '1 of 3 records break it', ['title "File:Draft.png"']]],
    ['?? some name == "B.png"', ['pass', 'record 2 of 3: "B.png"']],
    ['?? some name == "C.png"', ['fail', 'none of 3 records']],
    ['?? no title matches /^File:Draft/', ['fail', '1 of 3 records break it', ['title "File:Draft.png"']]],
    ['?? no title matches /^file:zzz/i', ['pass', 'none of 3 records']],
    ['?? some title matches /^file:draft/i', ['pass', 'record 3 of 3: "File:Draft.png"']],
    ['?? some categories contains Y', ['pass', 'record 1 of 3: ["X", "Y"]']],
    ['?? every categories exists', ['fail', '2 of 3 records break it', ['title "File:B.png"', 'title "File:Draft.png"']]],
    ['?? no missing exists', ['pass', 'none of 3 records']],
    ['?? every name !exists', ['fail', '3 of 3 records break it', ['title "File:A.png"', 'title "File:B.png"', 'title "File:Draft.png"']]],
    ['?? $.query.general.sitename == Test Wiki', ['pass', '"Test Wiki"']],
    ['?? $.query.general.sitename contains Wiki', ['pass', '"Test Wiki"']],
    ['?? $.query.general.sitename != "Test Wiki"', ['fail', '"Test Wiki"']],
    ['?? $.query.allimages[1].size >= 2000', ['pass', '2000']],
    ['?? $.query.allimages[9].size exists', ['fail', '(absent)']],
    ['?? $.query.general.server !exists', ['pass', '(absent)']],
    ['?? $.batchcomplete == true', ['pass', 'true']],
    ['?? $.query.general contains lang', ['pass', '{"sitename": "Test Wiki", "lang": "en"}']],
    ['?? $.query.general.sitename matches /^Test/', ['pass', '"Test Wiki"']],
    ['?? $.query.general.sitename startswith Test', ['pass', '"Test Wiki"']],
    ['?? $.query.general.sitename startswith "Wiki"', ['fail', '"Test Wiki"']],
    ['?? $.query.general.sitename startswith test', ['fail', '"Test Wiki"']],
    ['?? every title startswith File:', ['pass', 'all of 3 records']],
    ['?? some title startswith "File:B"', ['pass', 'record 2 of 3: "File:B.png"']],
    ['?? no name startswith Draft', ['fail', '1 of 3 records break it', ['title "File:Draft.png"']]],
    ['?? $.query.allimages[1].size startswith 20', ['fail', '2000']],
    ['?? $.query.allimages[0].categories startswith X', ['fail', '["X", "Y"]']],
    ['?? $.query.general.server startswith x', ['fail', '(absent)']],
    ['?? $.query.general.sitename < U', ['pass', '"Test Wiki"']],
    ['?? ms < {{nope}}', ['error', "'{{nope}}' cannot be expanded: undefined variable 'nope'."]],
    ['?? recods > 1', ['error', "'recods' is not a subject: use status, records, batches, warnings, ms, every FIELD, some FIELD, no FIELD, or a path such as $.query.general.sitename."]],
  ];
  for (const [line, expected] of cases) it(line, () => assert.deepEqual(evaluate(line)[0], expected));

  it('an environment\'s variable is a value too', () => assert.deepEqual(evaluate('?? $.query.general.lang == {{lang}}', { lang: 'en' })[0], ['pass', '"en"']));

  it('a pattern that backtracks badly elsewhere runs in linear time here (RE2JS): 100,000 characters against ^(a+)+$', () => {
    const big = { query: { allpages: [{ title: `${'a'.repeat(100_000)}!` }] } };
    const file = parse('?? every title matches /^(a+)+$/\n');
    const [o] = evaluateAssertions(assertionsOf(requestsOf(file)[0]), { ...facts, result: big });
    assert.equal(o.pass, false);
  });

  it('a quantifier over 500,000 records keeps only the first breaking ones', () => {
    const many = { query: { allpages: Array.from({ length: 500_000 }, (_, i) => ({ pageid: i, ns: i % 2 })) } };
    const file = parse('?? every ns == 0\n');
    const [o] = evaluateAssertions(assertionsOf(requestsOf(file)[0]), { ...facts, result: many });
    assert.equal(o.actual, '250000 of 500000 records break it');
    assert.deepEqual(o.offenders!.map((x) => x.index), [1, 3, 5, 7, 9]);
  });
});

describe('assertions: diagnostics', () => {
  it('a malformed assertion is an invalid-assertion error on what is wrong; an undefined variable in a value is undefined-variable', () => {
    const text = '### A\naction = query\nmeta = siteinfo\n?? records > 0\n?? records > lots\n?? some title matches /a{2000}/\n?? ms < {{budget}}\n';
    const said = (checkPattern?: typeof patternProblem) => service(undefined, undefined, undefined, checkPattern).doValidation(doc(text))
      .map((d) => [d.code, d.severity, text.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character), d.message]);
    const lots = [Code.InvalidAssertion, 1, 'lots', "Malformed assertion: 'records' is a number, 'lots' is not."];
    const budget = [Code.UndefinedVariable, 1, '{{budget}}', "The variable 'budget' is not defined (define it with '@budget = value', or in the environment)."];
    assert.deepEqual(said(patternProblem), [
      lots,
      // What only compiling on the linear-time engine finds (a repeat past RE2's 1,000): where the host checks patterns (the command line).
      [Code.InvalidAssertion, 1, '/a{2000}/', 'Malformed assertion: The pattern /a{2000}/ cannot be used: invalid repeat count: `{2000}` (patterns run on a linear-time engine: no backreferences or lookarounds).'],
      budget,
    ]);
    assert.deepEqual(said(), [lots, budget], 'the editor\'s server leaves the engine out (RE2JS stays out of its bundle)');
  });
});
