import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactDebug } from '../../client/shared/redact';
import { parseFromWebview } from '../../client/shared/validate';

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
