/**
 * One wiki's lane for content requests (#31): at most one request in flight, the others waiting
 * their turn. A completion lookup is urgent: it goes ahead of every facts batch waiting, so it waits
 * at most for the one request in flight (itself bounded); facts batches (hover, content
 * diagnostics) wait in the order they came. A request whose signal aborts while it waits leaves the
 * lane without being sent; one in flight keeps the lane until its exchange has ended (aborted or not).
 */
import { CancelledError } from './errors';

interface Waiting {
  urgent: boolean;
  go: () => void;
  drop: () => void;
}

export class ContentLane {
  private busy = false;
  private readonly waiting: Waiting[] = [];

  /** Runs `send` when the lane is free; `signal` aborted before then: rejects with CancelledError, nothing sent. */
  run<T>(urgent: boolean, signal: AbortSignal, send: () => Promise<T>): Promise<T> {
    if (signal.aborted) return Promise.reject(new CancelledError());
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        signal.removeEventListener('abort', onAbort);
        this.busy = true;
        send().then(resolve, reject).finally(() => {
          this.busy = false;
          this.next();
        });
      };
      const entry: Waiting = { urgent, go: start, drop: () => reject(new CancelledError()) };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        entry.drop();
      };
      if (!this.busy) return start();
      signal.addEventListener('abort', onAbort, { once: true });
      // Urgent ones after the urgent ones already waiting, before every facts batch.
      const at = urgent ? this.waiting.findIndex((w) => !w.urgent) : -1;
      if (at < 0) this.waiting.push(entry);
      else this.waiting.splice(at, 0, entry);
    });
  }

  /** Nothing in flight and nothing waiting: the lane may be forgotten. */
  isIdle(): boolean {
    return !this.busy && this.waiting.length === 0;
  }

  private next(): void {
    const w = this.waiting.shift();
    w?.go();
  }
}
