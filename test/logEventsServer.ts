/**
 * A loopback MediaWiki stand-in that serves `total` log events (list=logevents, formatversion=2, as
 * MediaWiki 1.39 gives them), `batch` a response, following `lecontinue`. For the bulk-run figures
 * (scripts/bench-results-run.mjs, scripts/bench-editor-run.mjs and
 * test/vscode/suite/bulk-run-time.test.ts): a real wiki would need 50,000 seeded log entries; and
 * for holding a run part-way (`before`), which a real wiki does not do on demand.
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

export interface LogEventsOptions {
  /** Called with each batch's first record before it is answered; the answer waits for what it returns (a test holds a run there). */
  before?: (from: number) => Promise<void> | void;
}

/** Starts the server on a free loopback port. */
export async function startLogEventsServer(total = 50_000, batch = 500, opts: LogEventsOptions = {}): Promise<LogEventsServer> {
  const server = http.createServer((req, res) => {
    const asked = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('lecontinue') ?? 0);
    const from = Number.isInteger(asked) && asked >= 0 ? asked : 0;
    void Promise.resolve(opts.before?.(from)).then(() => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(logEventsBatch(from, total, batch)));
    });
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

export interface HeldLogEventsServer extends LogEventsServer {
  /** Resolves when the first batch from the held record was asked for. */
  reached: Promise<void>;
  /** Lets the held batches be answered. */
  release(): void;
}

/** A server whose batches from record `holdFrom` on wait until `release()` (a run held part-way). */
export async function startHeldLogEventsServer(total: number, batch: number, holdFrom: number): Promise<HeldLogEventsServer> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let reachedNow!: () => void;
  const reached = new Promise<void>((r) => (reachedNow = r));
  const server = await startLogEventsServer(total, batch, {
    before: (from) => {
      if (from < holdFrom) return undefined;
      reachedNow();
      return gate;
    },
  });
  return {
    ...server, reached, release,
    close: () => {
      release();
      return server.close();
    },
  };
}
