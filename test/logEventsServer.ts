/**
 * A loopback MediaWiki stand-in that serves `total` log events (list=logevents, formatversion=2, as
 * MediaWiki 1.39 gives them), `batch` a response, following `lecontinue`. For the bulk-run figures
 * only (scripts/bench-results-run.mjs, scripts/bench-editor-run.mjs and
 * test/vscode/suite/bulk-run-time.test.ts): a real wiki would need 50,000 seeded log entries.
 */
import * as http from 'node:http';

export interface LogEventsServer {
  /** `http://127.0.0.1:PORT/api.php`. */
  endpoint: string;
  close(): Promise<void>;
}

/** The response body for the batch starting at record `from`. */
export function logEventsBatch(from: number, total: number, batch: number): Record<string, unknown> {
  const logevents = [];
  for (let i = from; i < Math.min(total, from + batch); i++) {
    logevents.push({
      logid: total - i, ns: 6, title: `File:Willow ${i} by the river.jpg`, pageid: 1000 + i, logpage: 1000 + i,
      params: { img_sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d', img_timestamp: '2026-01-01T00:00:00Z' },
      type: 'upload', action: 'upload', user: `User ${i % 97}`, timestamp: '2026-01-01T00:00:00Z', comment: `Uploaded own work, number ${i}`,
    });
  }
  const body: Record<string, unknown> = { query: { logevents } };
  if (from + batch < total) body.continue = { lecontinue: String(from + batch), continue: '-||' };
  else body.batchcomplete = true;
  return body;
}

/** Starts the server on a free loopback port. */
export async function startLogEventsServer(total = 50_000, batch = 500): Promise<LogEventsServer> {
  const server = http.createServer((req, res) => {
    const from = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('lecontinue') ?? 0);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(logEventsBatch(Number.isInteger(from) && from >= 0 ? from : 0, total, batch)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}/api.php`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
