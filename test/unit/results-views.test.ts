/**
 * The results view's Images, Timeline and Breakdown: which apply to a result (by the shape of its
 * records), time buckets from a minute to a month, breakdown counts, the filter a range or a bar
 * puts on a table, and the image a record carries. Pure (client/shared/views, buckets, images).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axisLabels, bucketLabel, breakdown, chooseUnit, timeline, type Unit } from '../../client/shared/buckets';
import { imageOf, loadableSource } from '../../client/shared/images';
import { NONE_KEY, applicableViews, describeFilter, filterMatches, isViewFilter, parseTimestamp, viewSources, type ViewFilter, type ViewId } from '../../client/shared/views';

const ts = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const T0 = Date.UTC(2024, 0, 1);
const H = 3_600_000;

// Results shaped as MediaWiki 1.39 gives them (formatversion=2).
const allimages = {
  batchcomplete: true,
  query: {
    allimages: Array.from({ length: 12 }, (_, i) => ({
      name: `Photo_${i}.jpg`, title: `File:Photo ${i}.jpg`, timestamp: ts(T0 + i * H), user: ['Alice', 'Bob', 'Maintenance script'][i % 3],
      size: 1000 + i, width: 40, height: 30, mime: 'image/jpeg', url: `https://w.example/images/${i}/Photo_${i}.jpg`, descriptionurl: `https://w.example/wiki/File:Photo_${i}.jpg`, ns: 6,
    })),
  },
};
const logevents = {
  query: {
    logevents: Array.from({ length: 10 }, (_, i) => ({
      logid: 100 - i, ns: i % 2 ? 2 : 0, title: `Page ${i}`, pageid: i, logpage: i, params: {}, type: i % 2 ? 'newusers' : 'create', action: 'create', user: i % 2 ? `Tester${i}` : 'Alice', timestamp: ts(T0 + i * 86_400_000), comment: `c${i}`,
    })),
  },
};
const recentchanges = {
  query: {
    recentchanges: Array.from({ length: 20 }, (_, i) => ({
      type: i % 4 ? 'edit' : 'new', ns: 0, title: `Page ${i % 7}`, pageid: 1 + (i % 7), revid: 500 + i, old_revid: 499 + i, rcid: 900 + i, user: ['Alice', 'Bob'][i % 2], timestamp: ts(T0 + i * 60_000), comment: '', minor: i % 3 === 0,
    })),
  },
};
const paraminfo = { paraminfo: { helpformat: 'none', modules: [{ name: 'allimages', path: 'query+allimages', group: 'list', prefix: 'ai', parameters: [{ index: 1, name: 'sort', type: ['name', 'timestamp'] }] }] } };
const revisions = {
  query: { pages: [{ pageid: 1, ns: 0, title: 'A', revisions: [{ revid: 3, user: 'Alice', timestamp: ts(T0 + 2 * H) }, { revid: 2, user: 'Bob', timestamp: ts(T0) }] }, { pageid: 2, ns: 0, title: 'B', revisions: [{ revid: 5, user: 'Alice', timestamp: ts(T0 + H) }] }] },
};
const pageimages = { query: { pages: [{ pageid: 1, ns: 0, title: 'Owl', thumbnail: { source: 'https://w.example/thumb/Owl.jpg/50px-Owl.jpg', width: 50, height: 40 }, original: { source: 'https://w.example/images/Owl.jpg', width: 500, height: 400 } }, { pageid: 2, ns: 0, title: 'Nothing' }] } };
const imageinfo = { query: { pages: [{ pageid: 9, ns: 6, title: 'File:Owl.jpg', imageinfo: [{ timestamp: ts(T0), user: 'Bob', size: 2048, width: 500, height: 400, url: 'https://w.example/images/Owl.jpg', descriptionurl: 'https://w.example/wiki/File:Owl.jpg' }] }] } };

describe('which views apply', () => {
  const check = (result: unknown, expected: ViewId[]) => assert.deepEqual(applicableViews(result), expected);
  it('allimages: images, a timeline of uploads and a breakdown by uploader', () => check(allimages, ['images', 'timeline', 'breakdown']));
  it('logevents and recentchanges: timeline and breakdown, no images', () => {
    check(logevents, ['timeline', 'breakdown']);
    check(recentchanges, ['timeline', 'breakdown']);
  });
  it('a paraminfo result: none (a reference, not records)', () => check(paraminfo, []));
  it('pages with images (pageimages, imageinfo), pages with revisions', () => {
    check(pageimages, ['images']);
    check(imageinfo, ['images', 'timeline']);
    check(revisions, ['timeline']);
  });
  it('an empty list or a result of a few unique records: none', () => {
    check({ query: { allimages: [] } }, []);
    check({ query: { users: [{ userid: 1, name: 'A' }, { userid: 2, name: 'B' }] } }, []);
  });
});

describe('the fields each view offers', () => {
  const fields = (result: unknown, view: ViewId) => viewSources(result)[view].map((s) => `${s.tableName}.${s.field}`);
  it('breakdown: columns with a few values that repeat, the usual ones first; never one value, ids, titles, comments or timestamps', () => {
    assert.deepEqual(fields(logevents, 'breakdown'), ['logevents.user', 'logevents.type', 'logevents.ns']);
    assert.deepEqual(fields(recentchanges, 'breakdown'), ['recentchanges.user', 'recentchanges.type', 'recentchanges.minor']);
    assert.deepEqual(fields(allimages, 'breakdown'), ['allimages.user']);
  });
  it('timeline: every timestamp field, a page\'s revisions\' included', () => {
    assert.deepEqual(fields(allimages, 'timeline'), ['allimages.timestamp']);
    assert.deepEqual(fields(revisions, 'timeline'), ['pages.revisions.timestamp']);
    assert.deepEqual(fields(imageinfo, 'timeline'), ['pages.imageinfo.timestamp']);
  });
  it('reads ISO timestamps only', () => {
    assert.equal(parseTimestamp('2024-02-29T23:59:59Z'), Date.UTC(2024, 1, 29, 23, 59, 59));
    assert.equal(parseTimestamp('2024-02-29T23:59:59.250Z'), Date.UTC(2024, 1, 29, 23, 59, 59));
    for (const bad of ['2024-02-29', '20240229235959', 'infinity', '2024-13-01T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T00:00:00.Z', '2024-01-01 00:00:00Z', '2024-01-01T00:00:00+01', 'x024-01-01T00:00:00Z', 42, null]) assert.ok(Number.isNaN(parseTimestamp(bad)), String(bad));
  });
});

describe('time buckets from a minute to a month', () => {
  const unit = (spanMs: number, expected: Unit) => assert.equal(chooseUnit(T0, T0 + spanMs), expected, `${spanMs} ms`);
  it('the smallest unit with at most 240 buckets', () => {
    unit(0, 'minute');
    unit(239 * 60_000, 'minute');
    unit(240 * 60_000, 'hour');
    unit(2 * 86_400_000, 'hour');
    unit(60 * 86_400_000, 'day');
    unit(3 * 365 * 86_400_000, 'month');
    unit(50 * 365 * 86_400_000, 'year');
  });
  const check = (times: number[], expected: { unit: Unit; buckets: Array<[string, number]> }) => {
    const t = timeline(times.map((x) => ({ timestamp: ts(x) })), 'timestamp');
    assert.deepEqual({ unit: t.unit, buckets: t.starts.map((s, i) => [bucketLabel(s, t.unit), t.counts[i]]) }, expected);
    assert.equal(t.total, times.length);
  };
  it('minutes, with empty buckets between', () => check([T0, T0 + 30_000, T0 + 3 * 60_000], { unit: 'minute', buckets: [['2024-01-01 00:00', 2], ['2024-01-01 00:01', 0], ['2024-01-01 00:02', 0], ['2024-01-01 00:03', 1]] }));
  it('hours', () => check([T0 + 5 * H, T0 + 9 * H + 59 * 60_000, T0 + 5 * H + 1], { unit: 'hour', buckets: [['2024-01-01 05:00', 2], ['2024-01-01 06:00', 0], ['2024-01-01 07:00', 0], ['2024-01-01 08:00', 0], ['2024-01-01 09:00', 1]] }));
  it('days, across a leap day', () => {
    const d = (m: number, day: number) => Date.UTC(2024, m, day, 12);
    check([d(1, 28), d(1, 29), d(1, 29), d(2, 1), d(5, 30)], { unit: 'day', buckets: Array.from({ length: 124 }, (_, i) => {
      const s = Date.UTC(2024, 1, 28) + i * 86_400_000;
      return [bucketLabel(s, 'day'), [d(1, 28), d(1, 29), d(1, 29), d(2, 1), d(5, 30)].filter((x) => x >= s && x < s + 86_400_000).length] as [string, number];
    }) });
  });
  it('months, across a year boundary', () => check([Date.UTC(2022, 11, 31, 23), Date.UTC(2023, 0, 1), Date.UTC(2023, 0, 15), Date.UTC(2023, 2, 1), Date.UTC(2024, 11, 1)], {
    unit: 'month',
    buckets: Array.from({ length: 25 }, (_, i) => {
      const s = Date.UTC(2022, 11 + i, 1);
      return [bucketLabel(s, 'month'), ({ '2022-12': 1, '2023-01': 2, '2023-03': 1, '2024-12': 1 } as Record<string, number>)[bucketLabel(s, 'month')] ?? 0] as [string, number];
    }),
  }));
  it('counts a page\'s revisions each, skips what is not a timestamp, and is empty without timestamps', () => {
    const t = timeline(revisions.query.pages, 'revisions.timestamp');
    assert.deepEqual([t.unit, t.counts.length, t.counts.filter((c) => c > 0), t.total], ['minute', 121, [1, 1, 1], 3]);
    const odd = timeline([{ timestamp: 'infinity' }, { timestamp: ts(T0) }, {}], 'timestamp');
    assert.deepEqual([odd.total, odd.skipped, odd.counts], [1, 1, [1]]);
    assert.deepEqual(timeline([{ timestamp: 'x' }], 'timestamp').starts, []);
  });
});

describe('breakdown counts', () => {
  it('most frequent first, ties by value, missing values as one, the rest summed', () => {
    const rows = [{ u: 'b' }, { u: 'a' }, { u: 'b' }, { u: 'c' }, {}, { u: '' }, { u: 'a' }, { u: 'b' }, { u: 3 }];
    assert.deepEqual(breakdown(rows, 'u', 3), { top: [{ key: 'b', count: 3 }, { key: NONE_KEY, count: 2 }, { key: 'a', count: 2 }], rest: { values: 2, count: 2 }, total: 9 });
  });
  it('of a logevents result by user', () => {
    const b = breakdown(logevents.query.logevents, 'user');
    assert.deepEqual(b.top[0], { key: 'Alice', count: 5 });
    assert.equal(b.top.length, 6);
    assert.equal(b.total, 10);
  });
});

describe('the filter a view puts on a table', () => {
  const rc = recentchanges.query.recentchanges;
  const check = (rows: unknown[], f: ViewFilter, expected: number[], words: string) => {
    assert.deepEqual(rows.map((r, i) => (filterMatches(r, f) ? i : -1)).filter((i) => i >= 0), expected);
    assert.equal(describeFilter(f), words);
    assert.ok(isViewFilter(JSON.parse(JSON.stringify(f))), 'survives the saved state');
  };
  it('a breakdown bar: records with that value (missing values under (none))', () => {
    check(rc, { kind: 'value', table: 'query.recentchanges', field: 'user', value: 'Bob' }, [1, 3, 5, 7, 9, 11, 13, 15, 17, 19], 'user = Bob');
    check([{ u: 'x' }, {}, { u: '' }], { kind: 'value', table: 't', field: 'u', value: NONE_KEY }, [1, 2], 'u = (none)');
    check(rc, { kind: 'value', table: 'query.recentchanges', field: 'minor', value: 'true' }, [0, 3, 6, 9, 12, 15, 18], 'minor = true');
  });
  it('a timeline range: timestamps in [from, to), any of a page\'s revisions', () => {
    check(rc, { kind: 'range', table: 'query.recentchanges', field: 'timestamp', from: T0 + 2 * 60_000, to: T0 + 5 * 60_000 }, [2, 3, 4], 'timestamp 2024-01-01 00:02Z – 2024-01-01 00:05Z');
    check(revisions.query.pages, { kind: 'range', table: 'query.pages', field: 'revisions.timestamp', from: T0 + H, to: T0 + 2 * H }, [1], 'revisions.timestamp 2024-01-01 01:00Z – 2024-01-01 02:00Z');
  });
  it('a saved filter is checked when read back', () => {
    for (const bad of [null, {}, { kind: 'range', table: 't', field: 'f', from: 'x', to: 1 }, { kind: 'value', table: 't', field: 'f' }, { kind: 'eval', table: 't', field: 'f', value: 'x' }]) assert.equal(isViewFilter(bad), false, JSON.stringify(bad));
  });
});

describe('the image a record carries', () => {
  const ep = 'https://w.example/w/api.php';
  it('allimages, imageinfo and pageimages, the thumbnail first', () => {
    const a = imageOf(allimages.query.allimages[0])!;
    assert.deepEqual([a.title, a.size, a.width, a.user, a.page], ['File:Photo 0.jpg', 1000, 40, 'Alice', 'https://w.example/wiki/File:Photo_0.jpg']);
    const i = imageOf(imageinfo.query.pages[0])!;
    assert.deepEqual([i.title, i.size, i.user, i.sources], ['File:Owl.jpg', 2048, 'Bob', ['https://w.example/images/Owl.jpg']]);
    const p = imageOf(pageimages.query.pages[0])!;
    assert.deepEqual([p.title, p.sources, p.width, p.height], ['Owl', ['https://w.example/thumb/Owl.jpg/50px-Owl.jpg', 'https://w.example/images/Owl.jpg'], 500, 400]);
    assert.equal(imageOf(pageimages.query.pages[1]), undefined);
  });
  it('loads only http(s) from the endpoint\'s origin', () => {
    const load = (sources: string[]) => loadableSource({ title: 'x', sources }, ep);
    assert.equal(load(['https://elsewhere.example/a.png', '/images/a.png']), 'https://w.example/images/a.png');
    assert.equal(load(['javascript:alert(1)', 'http://w.example/a.png', 'https://upload.example/a.png']), undefined);
  });
});

it('the timeline axis writes times as the summary does: ISO, 24-hour, UTC, the larger part under the first tick and where it changes', () => {
  const at = (iso: string) => Date.parse(iso);
  const H = 3_600_000;
  const DAY = 24 * H;
  assert.deepEqual(axisLabels([at('2026-11-26T20:00Z'), at('2026-11-26T22:00Z'), at('2026-11-27T00:00Z'), at('2026-11-27T14:00Z')], 2 * H),
    ['20:00\n2026-11-26', '22:00', '00:00\n2026-11-27', '14:00'], 'no 12-hour "2pm"');
  assert.deepEqual(axisLabels([at('2026-11-27T14:00:00Z'), at('2026-11-27T14:00:30Z')], 30_000), ['14:00:00\n2026-11-27', '14:00:30']);
  assert.deepEqual(axisLabels([at('2025-12-30Z'), at('2025-12-31Z'), at('2026-01-01Z')], DAY), ['12-30\n2025', '12-31', '01-01\n2026']);
  assert.deepEqual(axisLabels([at('2026-01-01Z'), at('2026-02-01Z')], 31 * DAY), ['2026-01', '2026-02']);
  assert.deepEqual(axisLabels([at('2024-01-01Z'), at('2025-01-01Z')], 366 * DAY), ['2024', '2025']);
});
