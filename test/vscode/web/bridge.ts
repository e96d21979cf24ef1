/**
 * The runner's side of ./protocol.ts: an HTTP server on 127.0.0.1 that answers the web suite (any
 * origin: the worker's is the workbench's) by writing its page requests into the sync folder and
 * answering with the ack the runner writes back (../sync.ts), and its result as result.json.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { PageAck, waitForJson, writeJsonAtomic } from '../sync';

const MAX_BODY = 1024 * 1024;

export interface Bridge {
  url: string;
  /** Points the bridge at a run's sync folder (known once the run has made it). */
  attach(syncDir: string): void;
  close(): Promise<void>;
}

export function startBridge(log: (line: string) => void): Promise<Bridge> {
  let syncDir: string | undefined;
  let seq = 0;
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        if (!syncDir) return reply(503, { ok: false, error: 'no run yet' });
        if (req.url === '/log') {
          for (const line of String(body.line).split('\n')) log(`  ${line}`);
          return reply(200, { ok: true });
        }
        if (req.url === '/result') {
          writeJsonAtomic(path.join(syncDir, 'result.json'), body);
          return reply(200, { ok: true });
        }
        if (req.url === '/page') {
          const id = `web-${++seq}-${String(body.name)}`;
          const ack = waitForJson<PageAck>(syncDir, `${id}.ack.json`, 60_000, `page request '${String(body.name)}'`);
          writeJsonAtomic(path.join(syncDir, `${id}.request.json`), { ...body, id });
          return reply(200, await ack);
        }
        return reply(404, { ok: false, error: `no ${req.url}` });
      })().catch((e: unknown) => reply(500, { ok: false, error: String(e) }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    attach: (dir) => (syncDir = dir),
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  })));
}
