/**
 * One request in flight per host, whoever asks (#40): runs, catalogue loads and content lookups of
 * one program share one `HostScheduler` (the server makes one and hands it to every `HttpClient`
 * it makes, through `HttpOptions.scheduler`; a client made without one has its own). Per host, at
 * most one request is in flight and the others wait their turn: an urgent one (a completion
 * lookup, which the user waits on) goes ahead of every other waiting, so it waits at most for the
 * one in flight (itself bounded); the others go in the order they came. A request whose signal
 * aborts while it waits leaves the queue without being sent (rejected with CancelledError); one in
 * flight keeps the host until its exchange has ended (aborted or not). A host's queue is dropped
 * once idle, so the map holds only hosts with a request in flight.
 */
import { CancelledError } from './errors';

interface Waiting {
  urgent: boolean;
  go: () => void;
  drop: () => void;
}

/** One host's queue: the request in flight (busy) and those waiting. */
interface HostQueue {
  busy: boolean;
  waiting: Waiting[];
}

export class HostScheduler {
  /** By host (`URL.host`): only hosts with a request in flight or waiting. */
  private readonly hosts = new Map<string, HostQueue>();

  /** Runs `send` when `host` is free; `signal` aborted before then: rejects with CancelledError, nothing sent. */
  run<T>(host: string, urgent: boolean, signal: AbortSignal | undefined, send: () => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    let queue = this.hosts.get(host);
    if (!queue) this.hosts.set(host, (queue = { busy: false, waiting: [] }));
    const q = queue;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        q.busy = true;
        let sent: Promise<T>;
        try {
          sent = send();
        } catch (e) {
          sent = Promise.reject(e instanceof Error ? e : new Error(String(e)));
        }
        sent.then(resolve, reject).finally(() => {
          q.busy = false;
          this.next(host, q);
        });
      };
      const entry: Waiting = { urgent, go: start, drop: () => reject(new CancelledError()) };
      const onAbort = () => {
        const i = q.waiting.indexOf(entry);
        if (i >= 0) q.waiting.splice(i, 1);
        entry.drop();
        this.forgetIfIdle(host, q);
      };
      if (!q.busy) return start();
      signal?.addEventListener('abort', onAbort, { once: true });
      // Urgent ones after the urgent ones already waiting, before every other.
      const at = urgent ? q.waiting.findIndex((w) => !w.urgent) : -1;
      if (at < 0) q.waiting.push(entry);
      else q.waiting.splice(at, 0, entry);
    });
  }

  /** Nothing in flight and nothing waiting for `host` (every host, without one). */
  isIdle(host?: string): boolean {
    return host === undefined ? this.hosts.size === 0 : !this.hosts.has(host);
  }

  private next(host: string, q: HostQueue): void {
    const w = q.waiting.shift();
    if (w) w.go();
    else this.forgetIfIdle(host, q);
  }

  private forgetIfIdle(host: string, q: HostQueue): void {
    if (!q.busy && !q.waiting.length && this.hosts.get(host) === q) this.hosts.delete(host);
  }
}
