import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resultsHtml } from '../../client/src/results/html';
import { redactDebug } from '../../client/shared/redact';
import { MAX_REPORT_TEXT, REPORT_RENDERS_ATTRIBUTE, parseRenderedReport } from '../../client/shared/renderReport';
import { isHostMessage, parseFromWebview } from '../../client/shared/validate';

test('webview messages: only listed types with valid shapes are accepted', () => {
  assert.deepEqual(parseFromWebview({ type: 'loadNext', extra: 1 }), { type: 'loadNext' });
  assert.deepEqual(parseFromWebview({ type: 'export', format: 'csv', table: 'allimages' }), { type: 'export', format: 'csv', table: 'allimages' });
  assert.equal(parseFromWebview({ type: 'export', format: 'xml' }), null);
  assert.equal(parseFromWebview({ type: 'export', format: 'csv', table: 3 }), null);
  assert.equal(parseFromWebview({ type: 'runCommand', command: 'workbench.action.terminal.new' }), null);
  assert.equal(parseFromWebview('loadAll'), null);
  assert.equal(parseFromWebview(null), null);
  assert.equal(parseFromWebview({ type: 'copy', text: 5 }), null);
});

test('only http(s) URLs open', () => {
  assert.deepEqual(parseFromWebview({ type: 'openUrl', url: 'https://w.example/wiki/A B' }), { type: 'openUrl', url: 'https://w.example/wiki/A%20B' });
  for (const url of ['javascript:alert(1)', 'command:workbench.action.quit', 'file:///etc/passwd', 'vscode://x', 'data:text/html,<script>', 'not a url'])
    assert.equal(parseFromWebview({ type: 'openUrl', url }), null, url);
});

test('debuginfo: cookie and authorization headers are redacted at any depth, in objects and header lines', () => {
  const d = redactDebug({ request: { headers: { Cookie: 'session=abc', Authorization: 'Bearer x', accept: '*/*' } }, log: ['Cookie: a=b', 'GET /'], n: 1 });
  assert.deepEqual(d, { request: { headers: { Cookie: '[redacted]', Authorization: '[redacted]', accept: '*/*' } }, log: ['Cookie: [redacted]', 'GET /'], n: 1 });
});

const model = { requestName: 'r', endpoint: 'https://w.example/w/api.php', params: {}, errors: [], warnings: [], rawBatches: [], batches: 1, complete: true, partial: false, continue: null, result: {} };

test('host messages: the view takes a known type with the fields it reads, and nothing else', () => {
  const taken: unknown[] = [
    { type: 'render', model, pinned: false, thumbnails: false, more: false },
    { type: 'append', header: {}, lists: [], replace: [], raw: [], more: true },
    { type: 'progress', running: true, batches: 1, records: 5 },
    { type: 'pinned', pinned: true },
    { type: 'show', tab: 'json' },
    { type: 'show', tab: 'table', table: 'allimages' },
  ];
  for (const m of taken) assert.equal(isHostMessage(m), true, JSON.stringify(m));
  const ignored: unknown[] = [
    null, 'render', [], { type: 'render' }, { type: 'render', model: { requestName: 'r' }, more: false }, { type: 'append', lists: [] },
    { type: 'progress' }, { type: 'pinned', pinned: 'yes' }, { type: 'show', tab: 'evil' }, { type: 'show', tab: 'json', table: 5 },
    { type: 'toString' }, { type: '__proto__' }, { type: 'rendered', tab: 'json', rows: 0, text: '' },
  ];
  for (const m of ignored) assert.equal(isHostMessage(m), false, JSON.stringify(m));
});

test('render reports (a test hook, not the protocol): read only as reports, shape checked, text capped', () => {
  assert.equal(parseFromWebview({ type: 'rendered', tab: 'json', rows: 0, text: 'x' }), null, 'not a protocol message');
  assert.deepEqual(parseRenderedReport({ type: 'rendered', tab: 'table', table: 'allimages', rows: 50, text: 'name', x: 1 }), { type: 'rendered', tab: 'table', table: 'allimages', rows: 50, text: 'name' });
  assert.equal(parseRenderedReport({ type: 'rendered', tab: 'json', rows: 0, text: 'x'.repeat(MAX_REPORT_TEXT + 5) })?.text.length, MAX_REPORT_TEXT);
  assert.equal(parseRenderedReport({ type: 'rendered', tab: 'json', rows: 0, text: '', header: 'Loading… 1,000 records' })?.header, 'Loading… 1,000 records', 'the header text rides along');
  assert.equal(parseRenderedReport({ type: 'rendered', tab: 'json', rows: 0, text: '', header: 'h'.repeat(MAX_REPORT_TEXT + 5) })?.header?.length, MAX_REPORT_TEXT);
  for (const m of [{ type: 'rendered', tab: 'evil', rows: 1, text: '' }, { type: 'rendered', tab: 'table', rows: -1, text: '' }, { type: 'rendered', tab: 'table', rows: 1 }, { type: 'rendered', tab: 'table', rows: 1, text: '', header: 3 }, { type: 'ready' }, null])
    assert.equal(parseRenderedReport(m), undefined, JSON.stringify(m));
});

test('the page asks for render reports only when the host says so', () => {
  const page = (reportRenders?: boolean) => resultsHtml({ cspSource: 'https://r', nonce: 'n', scriptUri: 'https://r/results.js', styleUri: 'https://r/results.css', reportRenders });
  assert.match(page(true), new RegExp(`<div id="app" class="app" ${REPORT_RENDERS_ATTRIBUTE}="true">`));
  for (const off of [false, undefined]) assert.doesNotMatch(page(off), new RegExp(REPORT_RENDERS_ATTRIBUTE));
});
