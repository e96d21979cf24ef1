/**
 * What the shared HTTP suite (./http-clients.test.ts) asks of a client, as plain data in and out so
 * it runs the same in Node (either client) and in chromium (the fetch client, bundled for the
 * browser by ./http-clients.test.ts: `http.ts` becomes `httpFetch.ts` there, as in the web bundles).
 */
import { RunSession, type RunOptions } from '../../engine/src/run';
import type { HttpClient as UndiciClient } from '../../engine/src/http';
import type { ResolvedRequest } from '../../engine/src/resolve';

export interface ClientOptions { timeoutMs?: number; maxBytes?: number; maxRedirects?: number }

export type GetOutcome =
  | { ok: true; status: number; url: string; bodyLength: number; body: string }
  | { ok: false; kind: string; message: string };

export interface RunOutcome {
  complete: boolean;
  batches: number;
  failure?: { kind: string; message: string };
  slept: number[];
  result: unknown;
}

type ClientClass = new (o: ClientOptions) => Pick<UndiciClient, 'get'>;

export interface Probe {
  get(url: string, o: ClientOptions): Promise<GetOutcome>;
  run(endpoint: string, o: ClientOptions & { all?: boolean; maxRetries?: number; maxBackoffMs?: number }): Promise<RunOutcome>;
  /** Cancels the `get` or `run` in progress. */
  abort(): void;
}

export function makeProbe(Client: ClientClass): Probe {
  let controller = new AbortController();
  return {
    async get(url, o) {
      controller = new AbortController();
      try {
        const r = await new Client(o).get(url, controller.signal);
        return { ok: true, status: r.status, url: r.url, bodyLength: r.body.length, body: r.body.slice(0, 2000) };
      } catch (e) {
        return { ok: false, kind: String((e as { kind?: unknown }).kind), message: (e as Error).message };
      }
    },
    async run(endpoint, o) {
      controller = new AbortController();
      const request: ResolvedRequest = { name: 'T', index: 0, endpoint, params: { action: 'query', list: 'allimages', format: 'json' }, lines: {}, modules: [] };
      const slept: number[] = [];
      const options: RunOptions = { all: o.all, maxRetries: o.maxRetries, maxBackoffMs: o.maxBackoffMs, signal: controller.signal, sleep: async (ms) => void slept.push(ms) };
      const session = new RunSession(request, new Client(o) as ConstructorParameters<typeof RunSession>[1], options);
      const state = await session.run();
      return {
        complete: state.complete, batches: state.batches, slept, result: session.result(),
        failure: state.failure ? { kind: state.failure.kind, message: state.failure.message } : undefined,
      };
    },
    abort: () => controller.abort(),
  };
}
