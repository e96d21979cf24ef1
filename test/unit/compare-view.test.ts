/**
 * The results view's History and Compare without the DOM: the Diff tab's grid (client/shared/diffView.ts:
 * key first, + / − / ~ rows, changed cells with their old text, long cells cut), the History menu's
 * labels, and the new messages each way checked by client/shared/validate.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffResults } from '../../core/src';
import { MAX_DIFF_CELL, MAX_DIFF_COLUMNS, diffGrid, diffViewOf, runLabel, timeLabel } from '../../client/shared/diffView';
import { isHostMessage, parseFromWebview } from '../../client/shared/validate';

const q = (allpages: unknown[]) => ({ query: { allpages } });

describe('the Diff tab\'s grid', () => {
  it('key first, then the records\' fields; + added, - removed, ~ changed with the old text of changed cells only', () => {
    const d = diffResults(
      q([{ pageid: 1, ns: 0, title: 'A' }, { pageid: 2, ns: 0, title: 'B' }, { pageid: 3, ns: 0, title: 'C' }]),
      q([{ title: 'A2', pageid: 1, ns: 0 }, { pageid: 3, ns: 0, title: 'C' }, { pageid: 4, ns: 0, title: 'D' }]),
    );
    const g = diffGrid(d.tables[0]);
    assert.equal(g.keyText, 'by pageid');
    assert.equal(g.summary, '1 added, 1 removed, 1 changed · 3 → 3 records');
    assert.deepEqual(g.columns, ['pageid', 'title', 'ns']);
    const short = g.rows.map((r) => `${r.sign} ${r.cells.map((c) => (c.changed ? `[${c.before}→${c.text}]` : c.text)).join(' ')}`);
    assert.deepEqual(short, ['+ 4 D 0', '- 2 B 0', '~ 1 [A→A2] 0']);
  });

  it('the fields that changed come right after the key and title, each column once (was pageid twice for pages)', () => {
    const d = diffResults(
      { query: { pages: [{ pageid: 1, ns: 0, title: 'A', contentmodel: 'wikitext', touched: 't1', lastrevid: 5, length: 10 }] } },
      { query: { pages: [{ pageid: 1, ns: 0, title: 'A', contentmodel: 'wikitext', touched: 't2', lastrevid: 6, length: 12 }] } },
    );
    const g = diffGrid(d.tables[0]);
    assert.deepEqual(g.columns, ['pageid', 'title', 'touched', 'lastrevid', 'length', 'ns', 'contentmodel']);
    assert.equal(g.lead, 2, 'the view\'s "changed" column goes after the key and the title');
    assert.equal(g.rows[0].changes, 'touched, lastrevid, length');
  });

  it('a field new in the changed record is a column, empty before', () => {
    const g = diffGrid(diffResults(q([{ pageid: 1 }]), q([{ pageid: 1, redirect: true }])).tables[0]);
    assert.deepEqual(g.columns, ['pageid', 'redirect']);
    assert.deepEqual(g.rows[0].cells[1], { text: 'true', before: '', changed: true });
  });

  it('cells on one line, cut at MAX_DIFF_CELL characters', () => {
    const long = 'x'.repeat(MAX_DIFF_CELL + 50);
    const g = diffGrid(diffResults(q([]), q([{ pageid: 1, title: `a\nb`, text: long }])).tables[0]);
    assert.equal(g.rows[0].cells[1].text, 'a b');
    assert.equal(g.rows[0].cells[2].text.length, MAX_DIFF_CELL);
    assert.ok(g.rows[0].cells[2].text.endsWith('…'));
  });

  it('bounded: at most MAX_DIFF_COLUMNS columns, the rest named in the note; the view carries grids, not records', () => {
    const wide = Object.fromEntries(Array.from({ length: MAX_DIFF_COLUMNS + 5 }, (_, i) => [`f${i}`, 'x'.repeat(10_000)]));
    const view = diffViewOf('a', 'b', diffResults(q([]), q([{ pageid: 1, ...wide }])));
    const [g] = view.tables;
    assert.equal(g.columns.length, MAX_DIFF_COLUMNS);
    assert.match(g.note ?? '', /^6 more columns not shown: f59, f60/);
    assert.ok(JSON.stringify(view).length < MAX_DIFF_COLUMNS * (MAX_DIFF_CELL + 60), 'cells are cut: the message stays small');
    assert.equal(view.summary, '1 added');
  });

  it('records compared whole: "whole records", and the note', () => {
    const g = diffGrid(diffResults(q([{ user: 'A' }, { user: 'A' }]), q([{ user: 'A' }])).tables[0]);
    assert.equal(g.keyText, 'whole records');
    assert.match(g.note ?? '', /no field identifies every record/);
    assert.deepEqual(g.rows.map((r) => r.sign), ['-']);
  });
});

describe('History menu labels', () => {
  const now = new Date(2026, 10, 27, 12, 0, 0);
  it('a run of today by its time, an older one by its date', () => {
    assert.equal(timeLabel(new Date(2026, 10, 27, 5, 31, 2).toISOString(), now), '05:31:02');
    assert.equal(timeLabel(new Date(2026, 10, 26, 5, 31, 2).toISOString(), now), '2026-11-26 05:31');
    assert.equal(timeLabel('not a time', now), 'not a time');
  });
  it('time, state and records', () => {
    assert.equal(runLabel({ time: new Date(2026, 10, 27, 5, 31, 2).toISOString(), status: 'complete', records: 1200 }, now), '05:31:02 · complete · 1,200 records');
    assert.equal(runLabel({ time: new Date(2026, 10, 27, 5, 31, 2).toISOString(), status: 'partial', records: 1 }, now), '05:31:02 · partial · 1 record');
  });
});

describe('History and Compare messages', () => {
  it('from the view: showRun with a run id, compare with previous, pick or a run id; nothing else', () => {
    assert.deepEqual(parseFromWebview({ type: 'showRun', id: 'mc1x-1-abc', extra: 1 }), { type: 'showRun', id: 'mc1x-1-abc' });
    assert.deepEqual(parseFromWebview({ type: 'compare', with: 'previous' }), { type: 'compare', with: 'previous' });
    assert.deepEqual(parseFromWebview({ type: 'compare', with: 'pick' }), { type: 'compare', with: 'pick' });
    assert.deepEqual(parseFromWebview({ type: 'compare', with: { id: 'r1', path: '/etc' } }), { type: 'compare', with: { id: 'r1' } });
    for (const m of [
      { type: 'showRun', id: '../../etc/passwd' }, { type: 'showRun', id: 'x'.repeat(65) }, { type: 'showRun' }, { type: 'compare' },
      { type: 'compare', with: 'next' }, { type: 'compare', with: { id: 'a/b' } }, { type: 'compare', with: { id: 5 } },
    ]) assert.equal(parseFromWebview(m), null, JSON.stringify(m));
  });
  it('from the host: history with runs, diff with a view or null', () => {
    const run = { id: 'r1', time: '2026-11-27T05:31:02.000Z', status: 'complete', records: 3, endpoint: 'http://127.0.0.1/api.php' };
    const view = diffViewOf('run of 05:31:02', 'this run', diffResults(q([]), q([{ pageid: 1 }])));
    for (const m of [{ type: 'history', runs: [run], shown: 'r1' }, { type: 'history', runs: [], notKept: 'x' }, { type: 'diff', view }, { type: 'diff', view: null }]) {
      assert.equal(isHostMessage(m), true, JSON.stringify(m).slice(0, 80));
    }
    for (const m of [{ type: 'history' }, { type: 'history', runs: [{ id: 'a b' }] }, { type: 'history', runs: [], shown: '../x' }, { type: 'diff' }, { type: 'diff', view: { before: 'a' } }, { type: 'diff', view: { ...view, tables: [{ rows: 'x' }] } }]) {
      assert.equal(isHostMessage(m), false, JSON.stringify(m));
    }
  });
  it('the diff tab is a tab the host may show', () => {
    assert.equal(isHostMessage({ type: 'show', tab: 'diff' }), true);
  });
});
