import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { curlCommand, logLine, progressMessage, runSettings, shellQuote } from '../../client/src/run/runText';

test('curl command quotes the URL and User-Agent so a shell gives them back unchanged', () => {
  const url = "https://w.example/w/api.php?action=query&list=allimages&aifrom=O'Neil&x=a b";
  const cmd = curlCommand(url, 'wikiq/1.0 (me@example.org)');
  assert.match(cmd, /^curl --compressed -H /);
  // Let a real shell split it: the arguments come back exactly.
  const out = execFileSync('sh', ['-c', `printf '%s\\n' ${cmd.slice('curl '.length)}`], { encoding: 'utf8' });
  assert.deepEqual(out.trimEnd().split('\n'), ['--compressed', '-H', 'User-Agent: wikiq/1.0 (me@example.org)', url]);
  assert.equal(shellQuote('plain-1.0'), 'plain-1.0');
});

test('progress message counts batches and records and shows a retry wait', () => {
  assert.equal(progressMessage({ batches: 1, records: 1 }), 'batch 1, 1 record so far');
  assert.equal(progressMessage({ batches: 3, records: 150, waiting: { ms: 1500, reason: 'maxlag' } }), 'batch 3, 150 records so far — waiting 1.5 s before retry 1: maxlag');
  assert.equal(progressMessage({ batches: 2, records: 1000 }), 'batch 2, 1,000 records so far', 'thousands separated, as the results view writes them');
});

test('log line names method, URL, status, time and size', () => {
  assert.equal(logLine({ method: 'GET', url: 'https://w.example/w/api.php?token=***', status: 200, ms: 12.4, bytes: 345 }),
    'GET https://w.example/w/api.php?token=*** → 200 in 12 ms, 345 bytes');
  assert.match(logLine({ method: 'GET', url: 'u', status: 'error', ms: 1, bytes: 0 }), /→ error/);
});

test('run settings: defaults, configured values, bad values fall back', () => {
  const d = runSettings(() => undefined);
  assert.deepEqual(d, { timeoutMs: 30000, maxBytes: 50 * 1024 * 1024, maxBatches: 1000, maxlag: 5, maxWaitMs: 120000, userAgent: undefined, escapeFormulas: true });
  const conf: Record<string, unknown> = { timeoutSeconds: 5, maxResponseMB: 2, maxBatches: 3, maxlag: 0, maxWaitSeconds: 0.5, userAgent: ' bot/1 ', 'csv.escapeFormulas': false };
  assert.deepEqual(runSettings((k) => conf[k]), { timeoutMs: 5000, maxBytes: 2 * 1024 * 1024, maxBatches: 3, maxlag: 0, maxWaitMs: 500, userAgent: 'bot/1', escapeFormulas: false });
  const bad: Record<string, unknown> = { timeoutSeconds: -1, maxBatches: 'x', maxlag: NaN, userAgent: '' };
  const b = runSettings((k) => bad[k]);
  assert.equal(b.timeoutMs, 30000);
  assert.equal(b.maxBatches, 1000);
  assert.equal(b.maxlag, 5);
  assert.equal(b.userAgent, undefined);
});
