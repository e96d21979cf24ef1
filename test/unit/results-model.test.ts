/**
 * The results view's pure parts: tables and columns from records, compact values, URL checks,
 * message validation, debuginfo redaction, windowing, the host's update planner, the saved state,
 * the page's CSP.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UpdatePlanner } from '../../client/src/results/delta';
import { contentSecurityPolicy, resultsHtml } from '../../client/src/results/html';
import { ColumnSet, columnsOf, compareCells, findTables, recordCount, snapshotOf, tableRows, truncateForState } from '../../client/shared/tables';
import { compact, formatBytes } from '../../client/shared/format';
import type { AppendMessage, RenderMessage } from '../../client/shared/messages';
import type { ResultsModel } from '../../client/shared/model';
import { redactDebug } from '../../client/shared/redact';
import { safeHttpUrl, thumbnailUrl } from '../../client/shared/url';
import { parseFromWebview, parseWebviewMessage } from '../../client/shared/validate';
import { bodyHeight, computeWindow, scrollToReveal } from '../../client/shared/windowing';

function model(result: unknown, extra: Partial<ResultsModel> = {}): ResultsModel {
  return {
    requestName: 'R', endpoint: 'https://w.example/w/api.php', params: { action: 'query' }, batches: 1, complete: false, partial: false, continue: null,
    errors: [], warnings: [], result, rawBatches: [], ...extra,
  };
}

describe('tables and columns from the records themselves', () => {
  it('finds one table per list, merged pages (fv2 array or fv1 object), paraminfo modules and meta objects', () => {
    const result = {
      batchcomplete: true, continue: { aicontinue: 'B', continue: '-||' },
      query: {
        allimages: [{ name: 'A' }], mysterylist: [{ id: 1, weird: { x: 1 } }], pages: { 12: { pageid: 12, title: 'P' } }, normalized: [{ from: 'a', to: 'A' }],
        general: { sitename: 'W', generator: 'MediaWiki 1.39' }, namespaces: { 0: { id: 0, name: '' }, 2: { id: 2, name: 'User' } },
      },
      paraminfo: { helpformat: 'none', modules: [{ name: 'allimages' }] },
    };
    const tables = findTables(result);
    assert.deepEqual(tables.map((t) => [t.id, t.kind]), [
      ['query.allimages', 'list'], ['query.mysterylist', 'list'], ['query.pages', 'pages'], ['query.normalized', 'list'], ['query.general', 'keyvalue'], ['query.namespaces', 'objects'],
      ['paraminfo.modules', 'paraminfo'],
    ]);
    const pages = tables.find((t) => t.name === 'pages')!;
    assert.deepEqual(tableRows(result, pages), [{ pageid: 12, title: 'P' }]);
    assert.deepEqual(tableRows(result, tables.find((t) => t.name === 'general')!), [{ key: 'sitename', value: 'W' }, { key: 'generator', value: 'MediaWiki 1.39' }]);
    assert.deepEqual(tableRows(result, tables.find((t) => t.name === 'namespaces')!)[1], { '#key': '2', id: 2, name: 'User' });
    assert.equal(recordCount(result), 5);
    assert.deepEqual(findTables({ error: { code: 'x' } }), []);
    assert.deepEqual(findTables(null), []);
  });

  it('columns: known lists in their usual order, then every other field in first-seen order (an unknown list gets all of them)', () => {
    assert.deepEqual(columnsOf([{ ns: 6, url: 'u', name: 'A', extra: 1 }, { title: 'T', other: true }], ['name', 'title', 'url', 'ns']), ['name', 'title', 'url', 'ns', 'extra', 'other']);
    assert.deepEqual(columnsOf([{ b: 1 }, { a: 2, b: 3 }, { c: null }]), ['b', 'a', 'c']);
    assert.deepEqual(columnsOf(['x', 'y']), ['value']);
    const cs = new ColumnSet(['name']);
    assert.equal(cs.update([{ name: 'a' }]), true);
    const rows: unknown[] = [{ name: 'a' }];
    cs.update(rows);
    rows.push({ name: 'b' }, { name: 'c', size: 3 });
    assert.equal(cs.update(rows), true, 'appended rows with a new field add a column');
    assert.deepEqual(cs.columns, ['name', 'size']);
    assert.equal(cs.update(rows), false);
  });
});

describe('compact nested values', () => {
  it('shows arrays by count and label, objects by members, deep nesting as {…}', () => {
    assert.equal(compact([{ ns: 14, title: 'Category:A' }, { ns: 14, title: 'Category:B' }]), '(2) Category:A, Category:B');
    assert.equal(compact({ userid: 5 }), 'userid: 5');
    assert.equal(compact({ a: { b: { c: 1 } } }), 'a: b: {…}');
    assert.equal(compact([]), '[]');
    assert.equal(compact({}), '{}');
    assert.equal(compact(null), 'null');
    assert.equal(compact('a\n  b'), 'a b');
    assert.equal(compact(['x', 1, true]), '(3) x, 1, true');
    const long = compact(Array.from({ length: 1000 }, (_, i) => `item${i}`), 40);
    assert.ok(long.length <= 40 && long.endsWith('…'), long);
  });

  it('sorts numbers numerically, text naturally, missing values last', () => {
    const v = [10, 2, undefined, 33];
    assert.deepEqual([...v].sort(compareCells), [2, 10, 33, undefined]);
    assert.deepEqual(['File 10', 'file 2', '', 'File 1'].sort(compareCells), ['File 1', 'file 2', 'File 10', '']);
    assert.equal(formatBytes(24680), '24 KB');
    assert.equal(formatBytes(512), '512 B');
  });
});

describe('URLs', () => {
  it('only http(s) URLs without credentials pass; relative ones resolve against a base', () => {
    assert.equal(safeHttpUrl('https://w.example/wiki/A B'), 'https://w.example/wiki/A%20B');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'command:workbench.action.quit', 'vscode://x', 'https://user:pw@w.example/', 'http://w.example/\u0000', 'not a url', '', 5]) {
      assert.equal(safeHttpUrl(bad), undefined, String(bad));
    }
    assert.equal(safeHttpUrl('/index.php/Special:Log', 'https://w.example/w/api.php'), 'https://w.example/index.php/Special:Log');
    assert.equal(safeHttpUrl('javascript:x', 'https://w.example/'), undefined);
  });

  it('thumbnails only from the endpoint\'s origin', () => {
    const ep = 'https://w.example/w/api.php';
    assert.equal(thumbnailUrl({ url: 'https://w.example/images/a.png' }, ep), 'https://w.example/images/a.png');
    assert.equal(thumbnailUrl({ url: 'https://upload.elsewhere.example/a.png' }, ep), undefined);
    assert.equal(thumbnailUrl({ url: 'http://w.example/images/a.png' }, ep), undefined, 'another scheme is another origin');
    assert.equal(thumbnailUrl({ url: 'javascript:alert(1)' }, ep), undefined);
    assert.equal(thumbnailUrl({ thumburl: 'https://w.example/t.png', url: 'https://w.example/a.png' }, ep), 'https://w.example/t.png');
  });
});

describe('messages from the webview', () => {
  it('accepts only the listed types with well-typed fields (extra fields dropped)', () => {
    for (const t of ['ready', 'loadNext', 'loadAll', 'cancel', 'pin']) assert.deepEqual(parseFromWebview({ type: t, extra: 1 }), { type: t });
    assert.deepEqual(parseFromWebview({ type: 'export', format: 'ndjson', table: 'allimages', x: 1 }), { type: 'export', format: 'ndjson', table: 'allimages' });
    assert.deepEqual(parseFromWebview({ type: 'export', format: 'json' }), { type: 'export', format: 'json' });
    assert.deepEqual(parseFromWebview({ type: 'copy', text: '<b>x</b>' }), { type: 'copy', text: '<b>x</b>' });
    const refused: unknown[] = [
      null, 'loadAll', [], { type: 'runCommand', command: 'workbench.action.terminal.new' }, { type: 'export', format: 'xml' }, { type: 'export', format: 'csv', table: 3 },
      { type: 'export', format: 'csv', table: 'x'.repeat(201) }, { type: 'copy', text: 5 }, { type: 'openUrl' },
      // A render report is a test hook, not a message of the protocol (client/shared/renderReport.ts).
      { type: 'rendered', tab: 'json', rows: 0, text: 'x' }, { type: '__proto__' }, { type: 'constructor' }, { type: 'toString' },
    ];
    for (const m of refused) {
      const r = parseWebviewMessage(m);
      assert.equal(r.ok, false, JSON.stringify(m));
      if (!r.ok) assert.ok(r.reason.length > 0);
    }
  });

  it('opens only http(s) URLs', () => {
    assert.deepEqual(parseFromWebview({ type: 'openUrl', url: 'https://w.example/wiki/Main Page' }), { type: 'openUrl', url: 'https://w.example/wiki/Main%20Page' });
    for (const url of ['javascript:alert(1)', 'command:workbench.action.quit', 'file:///etc/passwd', 'vscode://x', 'data:text/html,<script>', 'https://a:b@w.example/', 'relative/path']) {
      assert.equal(parseFromWebview({ type: 'openUrl', url }), null, url);
    }
  });
});

describe('debuginfo redaction', () => {
  it('masks cookies, authorization and secret-looking members at any depth, header lines and token parameters in strings', () => {
    const d = {
      request: { method: 'GET', url: '/w/api.php?action=query&token=abc%2B%5C&x=1', headers: { COOKIE: 's=1', Authorization: 'Bearer t', 'X-Csrf-Token': 't', ACCEPT: '*/*' }, params: { action: 'query', lgpassword: 'pw' } },
      log: ['Cookie: a=b', 'GET /', 'Set-Cookie: x=y'],
      n: 1,
    };
    const r = redactDebug(d) as typeof d;
    assert.deepEqual(r.request.headers, { COOKIE: '[redacted]', Authorization: '[redacted]', 'X-Csrf-Token': '[redacted]', ACCEPT: '*/*' });
    assert.deepEqual(r.request.params, { action: 'query', lgpassword: '[redacted]' });
    assert.equal(r.request.url, '/w/api.php?action=query&token=[redacted]&x=1');
    assert.deepEqual(r.log, ['Cookie: [redacted]', 'GET /', 'Set-Cookie: [redacted]']);
    assert.equal(r.n, 1);
    assert.equal(d.request.headers.COOKIE, 's=1', 'the input is not modified');
    assert.doesNotMatch(JSON.stringify(r), /Bearer|s=1|pw"|abc/);
  });
});

describe('windowing', () => {
  it('renders the visible rows plus overscan, the same few rows for 100 or 1,000,000', () => {
    assert.deepEqual(computeWindow(0, 240, 24, 100, 5), { start: 0, end: 15 });
    assert.deepEqual(computeWindow(24_000, 240, 24, 1_000_000, 5), { start: 995, end: 1015 });
    assert.deepEqual(computeWindow(1e12, 240, 24, 1000, 5), { start: 1000, end: 1000 });
    assert.deepEqual(computeWindow(-50, 240, 24, 3, 5), { start: 0, end: 3 });
    assert.deepEqual(computeWindow(0, 240, 24, 0), { start: 0, end: 0 });
    const last = computeWindow(100_000 * 24 - 240, 240, 24, 100_000, 5);
    assert.equal(last.end, 100_000);
    assert.ok(last.end - last.start <= 20);
  });

  it('reveals a row with the least scrolling; caps the scroll height', () => {
    assert.equal(scrollToReveal(5, 0, 240, 24), 0, 'already visible');
    assert.equal(scrollToReveal(20, 0, 240, 24), 21 * 24 - 240);
    assert.equal(scrollToReveal(2, 480, 240, 24), 48);
    assert.equal(bodyHeight(100_000, 24), 2_400_000);
    assert.ok(bodyHeight(10_000_000, 24) <= 30_000_000);
  });
});

describe('host update planner', () => {
  const rec = (i: number) => ({ name: `F${i}`, size: i });
  const images = (n: number, batches: number, extra: Record<string, unknown> = {}) => model({ batchcomplete: true, query: { allimages: Array.from({ length: n }, (_, i) => rec(i)), ...extra } }, { batches, rawBatches: [`{"b":${batches}}`] });

  it('sends a large result as a render with the first chunk and appends of bounded size, in order', () => {
    const p = new UpdatePlanner({ firstChunk: 100, chunk: 1000 });
    const msgs = p.plan(images(3550, 1), { pinned: false, thumbnails: false });
    const [render, ...appends] = msgs;
    assert.equal(render.type, 'render');
    const r = render;
    assert.equal((r.model.result as { query: { allimages: unknown[] } }).query.allimages.length, 100);
    assert.equal(r.more, true);
    assert.deepEqual(appends.map((m) => (m as AppendMessage).lists.reduce((n, l) => n + l.items.length, 0)), [1000, 1000, 1000, 450]);
    assert.deepEqual(appends.map((m) => (m as AppendMessage).more), [true, true, true, false]);
    const all = [...(r.model.result as { query: { allimages: unknown[] } }).query.allimages, ...appends.flatMap((m) => (m as AppendMessage).lists.flatMap((l) => l.items))];
    assert.deepEqual(all, Array.from({ length: 3550 }, (_, i) => rec(i)), 'every record once, in order');
    const small = new UpdatePlanner().plan(images(10, 1), { pinned: false, thumbnails: false });
    assert.equal(small.length, 1);
    assert.equal((small[0] as RenderMessage).more, false);
  });

  it('sends the next batch as appends of the new records only, changed members replaced, new raw bodies', () => {
    const p = new UpdatePlanner();
    p.plan(images(50, 1, { pages: [{ pageid: 1, title: 'A' }] }), { pinned: false, thumbnails: false });
    const second = images(100, 2, { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C' }] }] });
    second.rawBatches = ['{"b":1}', '{"b":2}'];
    const msgs = p.plan(second, { pinned: false, thumbnails: false }) as AppendMessage[];
    assert.equal(msgs.length, 1);
    assert.equal(msgs[0].type, 'append');
    assert.deepEqual(msgs[0].lists, [{ path: ['query', 'allimages'], items: Array.from({ length: 50 }, (_, i) => rec(50 + i)) }]);
    assert.deepEqual(msgs[0].replace, [{ path: ['query', 'pages'], value: [{ pageid: 1, title: 'A', categories: [{ title: 'C' }] }] }]);
    assert.deepEqual(msgs[0].raw, ['{"b":2}']);
    assert.equal(msgs[0].header.batches, 2);
    // Nothing new: one append with the header only.
    const again = p.plan(second, { pinned: false, thumbnails: false }) as AppendMessage[];
    assert.deepEqual(again.map((m) => [m.lists.length, m.replace.length, m.raw.length]), [[0, 0, 0]]);
  });

  it('starts over (render) for a new run: fewer batches, another request, or a list that changed under it', () => {
    const p = new UpdatePlanner();
    p.plan(images(100, 3), { pinned: false, thumbnails: false });
    assert.equal(p.plan(images(100, 1), { pinned: false, thumbnails: false })[0].type, 'render', 'a rerun starts at batch 1');
    p.plan(images(100, 2), { pinned: false, thumbnails: false });
    const other = images(200, 3);
    (other.result as { query: { allimages: Array<{ name: string }> } }).query.allimages[0].name = 'Changed';
    assert.equal(p.plan(other, { pinned: false, thumbnails: false })[0].type, 'render');
    assert.equal(p.plan({ ...images(200, 4), endpoint: 'https://other.example/w/api.php' }, { pinned: false, thumbnails: false })[0].type, 'render');
  });

  it('caps raw bodies and redacts debuginfo before sending', () => {
    const p = new UpdatePlanner({ rawCap: 10, rawTotal: 20, rawMax: 3 });
    const m = images(1, 1);
    m.rawBatches = ['0123456789ABCDEF', 'short', 'x'.repeat(40), 'y', 'z'];
    m.debuginfo = { request: { headers: { Cookie: 'secret' } } };
    const [r] = p.plan(m, { pinned: false, thumbnails: false }) as RenderMessage[];
    assert.equal(r.model.rawBatches.length, 3);
    assert.match(r.model.rawBatches[0], /^0123456789\n… \[6 more characters not shown/);
    assert.equal(r.model.rawBatches[1], 'short');
    assert.match(r.model.rawBatches[2], /^\[body of 40 characters not shown/);
    assert.deepEqual(r.model.debuginfo, { request: { headers: { Cookie: '[redacted]' } } });
    assert.equal((m.debuginfo as { request: { headers: { Cookie: string } } }).request.headers.Cookie, 'secret', 'the model itself is untouched');
  });
});

describe('saved state and snapshot', () => {
  it('keeps at most N records in the saved state and says from how many', () => {
    const m = model({ query: { allimages: Array.from({ length: 30 }, (_, i) => ({ i })), logevents: Array.from({ length: 30 }, (_, i) => ({ i })) } }, { rawBatches: ['a'.repeat(10), 'b'.repeat(10)] });
    const t = truncateForState(m, 40, 15);
    const q = (t.result as { query: { allimages: unknown[]; logevents: unknown[] } }).query;
    assert.equal(q.allimages.length, 30);
    assert.equal(q.logevents.length, 10);
    assert.equal(t.truncatedFrom, 60);
    assert.deepEqual(t.rawBatches, ['a'.repeat(10)]);
    assert.equal((m.result as { query: { logevents: unknown[] } }).query.logevents.length, 30, 'the model itself is untouched');
    assert.equal(truncateForState(m, 100, 1000), m, 'small models are kept as they are');
  });

  it('summarises a panel: header, tables with columns, modules', () => {
    const s = snapshotOf(model({ query: { allimages: [{ name: 'A', url: 'u' }] }, paraminfo: { modules: [{ name: 'm' }] } }, { continue: { aicontinue: 'B' } }));
    assert.equal(s.header.canContinue, true);
    assert.deepEqual(s.tables.map((t) => [t.name, t.columns, t.rows.length]), [['allimages', ['name', 'url'], 1], ['modules', ['name'], 1]]);
    assert.deepEqual(s.modules, [{ name: 'm' }]);
    assert.equal(snapshotOf(model({}, { continue: { x: '1' } }), false).header.canContinue, false, 'a restored panel cannot page');
  });
});

describe('the page', () => {
  it('has a strict CSP: nothing by default, the script by nonce, images from the resources and the endpoint\'s origin only', () => {
    const csp = contentSecurityPolicy({ cspSource: 'https://*.vscode-cdn.net', nonce: 'abc123', endpoint: 'https://w.example:8443/w/api.php', remoteImages: true });
    assert.equal(csp, "default-src 'none'; script-src 'nonce-abc123'; style-src https://*.vscode-cdn.net; img-src https://*.vscode-cdn.net https://w.example:8443; base-uri 'none'; form-action 'none'; frame-src 'none'");
    // The wiki's origin only when the user allows remote images (wikiq.results.showThumbnails).
    assert.match(contentSecurityPolicy({ cspSource: 'https://*.vscode-cdn.net', nonce: 'abc123', endpoint: 'https://w.example:8443/w/api.php' }), /; img-src https:\/\/\*\.vscode-cdn\.net; /);
    assert.match(resultsHtml({ cspSource: 'https://r', nonce: 'n', scriptUri: 's', styleUri: 'c', endpoint: 'https://w.example/w/api.php', remoteImages: true }), /<div id="app" class="app" data-image-origin="https:\/\/w\.example">/);
    assert.doesNotMatch(resultsHtml({ cspSource: 'https://r', nonce: 'n', scriptUri: 's', styleUri: 'c', endpoint: 'https://w.example/w/api.php' }), /data-image-origin/);
    // VS Code's own value: a keyword and a wildcard host.
    assert.match(contentSecurityPolicy({ cspSource: "'self' https://*.vscode-cdn.net", nonce: 'n', endpoint: 'http://127.0.0.1:8080/api.php', remoteImages: true }), /style-src 'self' https:\/\/\*\.vscode-cdn\.net; img-src 'self' https:\/\/\*\.vscode-cdn\.net http:\/\/127\.0\.0\.1:8080;/);
    assert.doesNotMatch(contentSecurityPolicy({ cspSource: "x; script-src * 'unsafe-inline' https:", nonce: 'n', endpoint: 'javascript:alert(1)' }), /script-src \*|unsafe|javascript|https: /);
    assert.throws(() => contentSecurityPolicy({ cspSource: 'https://a', nonce: "n' 'unsafe-inline" }), /nonce/);
    const html = resultsHtml({ cspSource: 'https://r', nonce: 'N0nce', scriptUri: 'https://r/results.js?a="<x>', styleUri: 'https://r/results.css', endpoint: 'https://w.example/w/api.php' });
    assert.match(html, /<script nonce="N0nce" src="https:\/\/r\/results.js\?a=&quot;&lt;x&gt;"><\/script>/);
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'one script');
    assert.doesNotMatch(html, /<style|style=|onload|onerror/);
  });
});
