/**
 * The difference of two results (core/src/results/diff.ts): the key each table is compared by,
 * added / removed / changed records with the changed fields, and the limits. Data-driven: each row
 * is two results and the diff expected, written compactly (`+key`, `-key`, `~key: field,field`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson, diffResults, diffSummary, type DiffOptions, type ResultDiff } from '../../core/src';

/** A diff in short: per table `id [key]: +k -k ~k(fields)`, then `equal` or not. */
function short(d: ResultDiff): string[] {
  const lines = d.tables.map((t) => {
    const k = (r: unknown) => (t.key ? t.key.split('+').map((f) => String((r as Record<string, unknown>)[f])).join('|') : canonicalJson(r));
    const parts = [...t.added.map((r) => `+${k(r)}`), ...t.removed.map((r) => `-${k(r)}`), ...t.changed.map((c) => `~${c.key}(${c.fields.map((f) => f.field).join(',')})`)];
    return `${t.id} [${t.key ?? 'whole'}]: ${parts.join(' ')}${t.truncated ? ' (truncated)' : ''}`.trimEnd();
  });
  return [...lines, d.equal ? 'equal' : 'differ'];
}

function check(before: unknown, after: unknown, expected: string[], options?: DiffOptions): void {
  assert.deepEqual(short(diffResults(before, after, options)), expected);
}

const q = (members: Record<string, unknown>) => ({ batchcomplete: true, query: members });

describe('diffResults: keys', () => {
  const cases: Array<[string, unknown, unknown, string[], DiffOptions?]> = [
    ['allpages by pageid: one added, one removed, one renamed (title changed)',
      q({ allpages: [{ pageid: 1, ns: 0, title: 'A' }, { pageid: 2, ns: 0, title: 'B' }, { pageid: 3, ns: 0, title: 'C' }] }),
      q({ allpages: [{ pageid: 1, ns: 0, title: 'A' }, { pageid: 3, ns: 0, title: 'C2' }, { pageid: 4, ns: 0, title: 'D' }] }),
      ['query.allpages [pageid]: +4 -2 ~3(title)', 'differ']],
    ['logevents by logid although every event has a pageid (not unique)',
      q({ logevents: [{ logid: 10, pageid: 5, type: 'create' }, { logid: 11, pageid: 5, type: 'delete' }] }),
      q({ logevents: [{ logid: 12, pageid: 5, type: 'restore' }, { logid: 10, pageid: 5, type: 'create' }, { logid: 11, pageid: 5, type: 'delete' }] }),
      ['query.logevents [logid]: +12', 'differ']],
    ['recentchanges by rcid before revid and pageid',
      q({ recentchanges: [{ rcid: 1, revid: 7, pageid: 5, title: 'A' }] }),
      q({ recentchanges: [{ rcid: 1, revid: 7, pageid: 5, title: 'A', comment: 'x' }, { rcid: 2, revid: 8, pageid: 5, title: 'A' }] }),
      ['query.recentchanges [rcid]: +2 ~1(comment)', 'differ']],
    ['allimages by title (no ids)',
      q({ allimages: [{ name: 'A.png', title: 'File:A.png', size: 1 }] }),
      q({ allimages: [{ name: 'A.png', title: 'File:A.png', size: 2 }] }),
      ['query.allimages [title]: ~File:A.png(size)', 'differ']],
    ['pages of formatversion 1 (keyed by id) against formatversion 2, by pageid; a missing page by title',
      q({ pages: { 1: { pageid: 1, title: 'A', length: 5 }, '-1': { title: 'Nope', missing: '' } } }),
      q({ pages: [{ pageid: 1, title: 'A', length: 6 }, { title: 'Nope', missing: true }] }),
      ['query.pages [title]: ~A(length) ~Nope(missing)', 'differ']],
    ['a field only on one side is a change of that field',
      q({ allpages: [{ pageid: 1, title: 'A', redirect: true }] }),
      q({ allpages: [{ pageid: 1, title: 'A', protection: [] }] }),
      ['query.allpages [pageid]: ~1(protection,redirect)', 'differ']],
    ['nested values compare by value, whatever the member order',
      q({ pages: [{ pageid: 1, title: 'A', revisions: [{ revid: 1, slots: { main: { a: 1, b: 2 } } }] }] }),
      q({ pages: [{ title: 'A', pageid: 1, revisions: [{ slots: { main: { b: 2, a: 1 } }, revid: 1 }] }] }),
      ['query.pages [pageid]: ', 'equal'].map((s) => s.trimEnd())],
    ['no unique field: records compared whole (duplicates paired one to one)',
      q({ usercontribs: [{ user: 'A', size: 1 }, { user: 'A', size: 1 }] }),
      q({ usercontribs: [{ user: 'A', size: 1 }, { user: 'A', size: 2 }] }),
      ['query.usercontribs [whole]: +{"size":2,"user":"A"} -{"size":1,"user":"A"}', 'differ']],
    ['--key forces the field where every record has it',
      q({ allpages: [{ pageid: 1, title: 'A' }] }),
      q({ allpages: [{ pageid: 2, title: 'A' }] }),
      ['query.allpages [title]: ~A(pageid)', 'differ'], { key: 'title' }],
    ['a forced key missing from a record falls back to the automatic one',
      q({ allpages: [{ pageid: 1, title: 'A' }] }),
      q({ allpages: [{ pageid: 1 }] }),
      ['query.allpages [pageid]: ~1(title)', 'differ'], { key: 'title' }],
    ['key/value tables by key; tables of named records by #key',
      q({ general: { sitename: 'W', generator: 'MediaWiki 1.39' }, userinfo: { id: 0, name: '127.0.0.1' } }),
      q({ general: { sitename: 'W2', generator: 'MediaWiki 1.39', lang: 'en' }, userinfo: { id: 0, name: '127.0.0.1' } }),
      ['query.general [key]: +lang ~sitename(value)', 'query.userinfo [key]: ', 'differ'].map((s) => s.trimEnd())],
    ['paraminfo modules by path, parameters by module+parameter',
      { paraminfo: { modules: [{ name: 'allpages', path: 'query+allpages', prefix: 'ap', parameters: [{ name: 'from', type: 'string' }] }] } },
      { paraminfo: { modules: [{ name: 'allpages', path: 'query+allpages', prefix: 'ap', parameters: [{ name: 'from', type: 'title' }, { name: 'to', type: 'string' }] }] } },
      ['paraminfo.modules [path]: ~query+allpages(parameters)', 'paraminfo.parameters [module+parameter]: +query+allpages|apto ~query+allpages|apfrom(type)', 'differ']],
    ['a table only in the old result: every record removed; only in the new: every record added',
      q({ allpages: [{ pageid: 1, title: 'A' }] }),
      q({ categorymembers: [{ pageid: 1, title: 'A' }] }),
      ['query.categorymembers [pageid]: +1', 'query.allpages [pageid]: -1', 'differ']],
    ['members that are not tables (continue, warnings, batchcomplete) do not count',
      { batchcomplete: true, query: { allpages: [{ pageid: 1, title: 'A' }] } },
      { continue: { apcontinue: 'B' }, warnings: { main: 'x' }, query: { allpages: [{ pageid: 1, title: 'A' }] } },
      ['query.allpages [pageid]:', 'equal']],
    ['not results at all: nothing to compare, equal', 'x', 42, ['equal']],
  ];
  for (const [name, a, b, expected, options] of cases) it(name, () => check(a, b, expected, options));
});

describe('diffResults: limits', () => {
  const pages = (n: number, from = 0, extra: Record<string, unknown> = {}) => q({ allpages: Array.from({ length: n }, (_, i) => ({ pageid: from + i, title: `P${from + i}`, ...extra })) });
  it('lists at most maxListed of each change; the counts stay exact', () => {
    const d = diffResults(pages(10), pages(10, 5), { maxListed: 3 });
    const t = d.tables[0];
    assert.deepEqual(t.counts, { before: 10, after: 10, added: 5, removed: 5, changed: 0, same: 5 });
    assert.equal(t.added.length, 3);
    assert.equal(t.removed.length, 3);
    assert.equal(t.truncated, true);
    assert.match(t.note ?? '', /at most 3 of each kind of change are listed/);
    assert.equal(d.truncated, true);
    assert.equal(d.equal, false);
  });
  it('compares at most maxRecords of each side and says so', () => {
    const d = diffResults(pages(10), pages(12), { maxRecords: 10 });
    const t = d.tables[0];
    assert.deepEqual([t.counts.before, t.counts.after, t.counts.added, t.counts.same], [10, 12, 0, 10]);
    assert.equal(t.truncated, true);
    assert.match(t.note ?? '', /only the first 10 records of each side were compared/);
  });
  it('a large diff in bounded time and size: 100,000 records against 100,000 with 1,000 listed', () => {
    const d = diffResults(pages(100_000), pages(100_000, 0, { touched: 1 }));
    assert.equal(d.tables[0].counts.changed, 100_000);
    assert.equal(d.tables[0].changed.length, 1_000);
  });
});

describe('diffSummary', () => {
  it('says what changed, or that nothing did', () => {
    assert.equal(diffSummary(diffResults(q({ allpages: [{ pageid: 1 }] }), q({ allpages: [{ pageid: 1 }] }))), 'no change');
    const d = diffResults(q({ allpages: [{ pageid: 1, title: 'A' }, { pageid: 2 }] }), q({ allpages: [{ pageid: 1, title: 'B' }, { pageid: 3 }, { pageid: 4 }] }));
    assert.equal(diffSummary(d), '2 added, 1 removed, 1 changed');
    assert.equal(diffSummary(d.tables[0]), '2 added, 1 removed, 1 changed');
  });
});
