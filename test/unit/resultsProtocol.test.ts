import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
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

test('the host/webview contract is one pure folder: client/shared imports nothing else; the webview imports only it, its own files and dompurify; the panel and its driver do not import each other', () => {
  const root = path.resolve(__dirname, '../../..');
  const importsOf = (file: string) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gms)].map((m) => m[1]);
  const ts = (dir: string) => readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.ts')).map((f) => `${dir}/${f}`);
  const bad: string[] = [];
  for (const f of ts('client/shared')) for (const i of importsOf(f)) if (!i.startsWith('./')) bad.push(`${f}: ${i}`);
  // resultTables.ts is the one named exception: the table functions, until they move to core/src/results.
  for (const f of ts('client/media/src')) for (const i of importsOf(f)) {
    if (!(i.startsWith('./') || i.startsWith('../../shared/') || i === 'dompurify' || (f.endsWith('/resultTables.ts') && i === '../../src/results/model'))) bad.push(`${f}: ${i}`);
  }
  assert.ok(importsOf('client/media/src/app.ts').length > 5, 'imports are read');
  assert.ok(!importsOf('client/src/results/ResultsPanel.ts').some((i) => /runDriver/.test(i)), 'ResultsPanel imports runDriver');
  assert.ok(!importsOf('client/src/results/runDriver.ts').some((i) => /ResultsPanel/.test(i)), 'runDriver imports ResultsPanel');
  assert.deepEqual(bad, []);
});
