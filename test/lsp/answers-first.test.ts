/**
 * With no debounce (`--debounce-ms 0`), a request sent right behind an edit is answered before
 * the edit's diagnostics are pushed: the user waits for the completion, not for the diagnostics.
 * The edit and the request are written to the server in one write (as an editor's one flush of
 * its queue), and the order of what comes back is read off the raw stream.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { SERVER } from './lspClient';

const frame = (message: object) => {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
};

describe('answers before diagnostics', () => {
  const proc = spawn(process.execPath, [SERVER, '--stdio', '--debounce-ms', '0'], { stdio: ['pipe', 'pipe', 'inherit'] });
  after(() => proc.kill());
  /** Messages from the server, in order, as they arrive. */
  const received: Array<{ id?: number | string; method?: string; params?: { uri?: string; version?: number } }> = [];
  let pending = Buffer.alloc(0);
  let arrived: () => void = () => {};
  proc.stdout.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const head = pending.indexOf('\r\n\r\n');
      if (head < 0) break;
      const length = Number(/Content-Length: (\d+)/i.exec(pending.subarray(0, head).toString())?.[1]);
      if (pending.length < head + 4 + length) break;
      received.push(JSON.parse(pending.subarray(head + 4, head + 4 + length).toString()));
      pending = pending.subarray(head + 4 + length);
    }
    arrived();
  });
  const until = (ok: () => boolean) => new Promise<void>((resolve) => {
    arrived = () => ok() && resolve();
    arrived();
  });

  it('a completion sent with an edit comes back before that edit\'s diagnostics', async () => {
    const uri = 'file:///t/answers-first.wikiq';
    const lines = Array.from({ length: 400 }, (_, i) => `### R${i}\naction = query\nlist = allimages\naisort = timestamp\nailimit = 50\n`);
    proc.stdin.write(frame({ id: 'init', method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    await until(() => received.some((m) => m.id === 'init'));
    proc.stdin.write(Buffer.concat([
      frame({ method: 'initialized', params: {} }),
      frame({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'wikiq', version: 1, text: lines.join('') } } }),
    ]));
    await until(() => received.some((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.version === 1));
    for (let k = 0; k < 5; k++) {
      const version = k + 2;
      const line = 5 * (k * 71 % 400) + 3;
      proc.stdin.write(Buffer.concat([
        frame({ method: 'textDocument/didChange', params: { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'x' }] } }),
        frame({ id: `c${k}`, method: 'textDocument/completion', params: { textDocument: { uri }, position: { line, character: 1 } } }),
      ]));
      const diagnosed = (m: (typeof received)[number]) => m.method === 'textDocument/publishDiagnostics' && m.params?.version === version;
      await until(() => received.some(diagnosed) && received.some((m) => m.id === `c${k}`));
      const answer = received.findIndex((m) => m.id === `c${k}`);
      assert.ok(answer < received.findIndex(diagnosed), `edit ${k}: the completion came back after the diagnostics (${received.slice(-4).map((m) => m.method ?? m.id).join(', ')})`);
    }
  });
});
