/**
 * The run's `??` assertions as the results view shows them (client/src/results/checks.ts): read
 * from the request's text when it runs, evaluated against the run's facts by core's
 * `evaluateAssertions`, and made into the bounded message the view gets (client/shared/messages
 * `AssertionsView`, checked by client/shared/validate `isAssertionsView`); the panel's queue sends
 * it after the model, and again to a view made anew (client/src/results/panelView.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunFacts } from '../../core/src';
import { MAX_ASSERTION_TEXT, MAX_SHOWN_ASSERTIONS, type AssertionsView, type HostMessage } from '../../client/shared/messages';
import { isAssertionsView, isHostMessage } from '../../client/shared/validate';
import { checksOf, checksView } from '../../client/src/results/checks';
import { PanelView } from '../../client/src/results/panelView';

const files = (n: number, mime = (i: number) => (i % 4 === 3 ? 'image/jpeg' : 'image/png')) =>
  Array.from({ length: n }, (_, i) => ({ name: `F${i}.png`, mime: mime(i), size: 100 + i }));

const facts = (result: unknown, over: Partial<RunFacts> = {}): RunFacts => ({ status: 'complete', records: 8, batches: 1, warnings: 0, ms: 120, result, ...over });

const request = (lines: string[]) => ['@min = 5', '', '### Files', 'action = query', 'list = allimages', ...lines, ''].join('\n');

/** The rows the view gets for `lines` against `result`: [line, text, ✓/✗, actual]. */
function check(lines: string[], result: unknown, expected: Array<[number, string, '✓' | '✗', string]>, over: Partial<RunFacts> = {}): AssertionsView {
  const checks = checksOf(request(lines), 0);
  assert.ok(checks, 'the request has assertions');
  const view = checksView(checks, facts(result, over));
  assert.deepEqual(view.rows.map((r) => [r.line, r.text, r.pass ? '✓' : '✗', r.actual]), expected);
  assert.ok(isAssertionsView(view), 'the view takes it');
  return view;
}

describe('the results view\'s assertions (host side)', () => {
  it('a request without ?? lines, or not in the file, has none', () => {
    assert.equal(checksOf(request([]), 0), undefined);
    assert.equal(checksOf(request(['?? records > 0']), 3), undefined);
  });

  it('each assertion holds or fails with its line, its text as written and the actual value', () => {
    const result = { batchcomplete: true, query: { allimages: files(8) } };
    const view = check([
      '?? status == complete',
      '?? records > {{min}}',
      '?? batches == 2',
      '?? $.query.allimages[0].name == "F0.png"',
      '?? some name == "F7.png"',
    ], result, [
      [6, '?? status == complete', '✓', 'complete'],
      [7, '?? records > {{min}}', '✓', '8'],
      [8, '?? batches == 2', '✗', '1'],
      [9, '?? $.query.allimages[0].name == "F0.png"', '✓', '"F0.png"'],
      [10, '?? some name == "F7.png"', '✓', 'record 8 of 8: "F7.png"'],
    ]);
    assert.deepEqual([view.total, view.failed], [5, 1]);
  });

  it('a failing quantifier names its table and field and links its first records (place in the table, label, value)', () => {
    const view = check(['?? every mime == image/png', '?? no size > 105'], { query: { allimages: files(8) } }, [
      [6, '?? every mime == image/png', '✗', '2 of 8 records break it'],
      [7, '?? no size > 105', '✗', '2 of 8 records break it'],
    ]);
    assert.deepEqual(view.rows.map((r) => [r.table, r.field, r.offenders]), [
      ['query.allimages', 'mime', [{ index: 3, label: 'name "F3.png"', value: '"image/jpeg"' }, { index: 7, label: 'name "F7.png"', value: '"image/jpeg"' }]],
      ['query.allimages', 'size', [{ index: 6, label: 'name "F6.png"', value: '106' }, { index: 7, label: 'name "F7.png"', value: '107' }]],
    ]);
  });

  it('an assertion that cannot be evaluated fails with why', () => {
    const [row] = check(['?? records > {{nope}}'], { query: { allimages: [] } }, [[6, '?? records > {{nope}}', '✗', '']], { records: 0 }).rows;
    assert.match(row.error ?? '', /undefined variable 'nope'/);
  });

  it('many assertions: every one is counted, at most MAX_SHOWN_ASSERTIONS sent, the failing ones first, in file order', () => {
    const lines = Array.from({ length: 120 }, (_, i) => (i % 2 ? `?? records == ${i}` : '?? records > 0'));
    const checks = checksOf(request(lines), 0)!;
    const view = checksView(checks, facts({ query: { allimages: files(8) } }));
    assert.deepEqual([view.total, view.failed, view.rows.length], [120, 60, MAX_SHOWN_ASSERTIONS]);
    assert.ok(view.rows.every((r) => !r.pass), 'the 60 failing ones take every row');
    assert.deepEqual(view.rows.map((r) => r.line), [...view.rows.map((r) => r.line)].sort((a, b) => a - b));
    const few = checksView(checks, facts({ query: { allimages: files(8) } }), 70);
    assert.deepEqual([few.rows.filter((r) => r.pass).length, few.rows.filter((r) => !r.pass).length], [10, 60]);
  });

  it('long values are shortened to MAX_ASSERTION_TEXT characters', () => {
    const long = 'x'.repeat(5000);
    const view = check([`?? $.query.general.sitename == "${long}"`], { query: { general: { sitename: `y${long}` } } }, [
      [6, `?? $.query.general.sitename == "${long}"`.slice(0, MAX_ASSERTION_TEXT - 1) + '…', '✗', `"y${'x'.repeat(198)}…`],
    ]);
    const row = view.rows[0];
    assert.ok(row.text.length <= MAX_ASSERTION_TEXT && row.expected.length <= MAX_ASSERTION_TEXT);
  });
});

describe('the assertions message', () => {
  const ok: AssertionsView = { total: 1, failed: 1, rows: [{ line: 3, text: '?? every ns == 6', pass: false, actual: '1 of 2 records break it', expected: '6', table: 'query.allpages', field: 'ns', offenders: [{ index: 1, value: '0' }] }] };
  const cases: Array<[string, unknown, boolean]> = [
    ['a view', ok, true],
    ['none (cleared)', null, true],
    ['too many rows', { ...ok, rows: Array(MAX_SHOWN_ASSERTIONS + 1).fill(ok.rows[0]) }, false],
    ['a text too long', { ...ok, rows: [{ ...ok.rows[0], text: 'x'.repeat(MAX_ASSERTION_TEXT + 1) }] }, false],
    ['an offender without a place', { ...ok, rows: [{ ...ok.rows[0], offenders: [{ index: -1, value: '0' }] }] }, false],
    ['six offenders', { ...ok, rows: [{ ...ok.rows[0], offenders: Array(6).fill({ index: 0, value: '0' }) }] }, false],
    ['a pass that is not a boolean', { ...ok, rows: [{ ...ok.rows[0], pass: 'no' }] }, false],
    ['no counts', { rows: [] }, false],
  ];
  for (const [name, view, accepted] of cases) {
    it(`${accepted ? 'takes' : 'refuses'} ${name}`, () => assert.equal(isHostMessage({ type: 'assertions', view }), accepted));
  }

  it('reaches the view after the model, and again when the view is made anew; cleared only once', async () => {
    const got: string[] = [];
    const view = new PanelView('k', { send: (m) => Promise.resolve(got.push(m.type === 'assertions' ? `assertions ${(m as HostMessage & { view: unknown }).view ? 'shown' : 'cleared'}` : m.type)), thumbnails: () => false });
    const model = { requestName: 'r', endpoint: 'http://127.0.0.1/w/api.php', params: {}, batches: 1, complete: true, partial: false, continue: null, errors: [], warnings: [], result: {}, rawBatches: [] };
    view.update(model, true);
    view.setAssertions(ok);
    view.viewReady();
    await view.delivered();
    view.viewGone();
    view.viewReady();
    view.setAssertions(null);
    view.setAssertions(null);
    await view.delivered();
    view.dispose();
    assert.deepEqual(got, ['render', 'assertions shown', 'render', 'assertions shown', 'assertions cleared']);
  });
});
