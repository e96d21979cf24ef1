/** Time slicing: long work runs in slices that leave the webview responsive (never freezes the editor). */

const channel = typeof MessageChannel !== 'undefined' ? new MessageChannel() : undefined;
const queue: Array<() => void> = [];
if (channel) channel.port1.onmessage = () => queue.shift()?.();

/** Yields to the browser (input, rendering) and resumes as soon as possible after. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    if (channel) {
      queue.push(resolve);
      channel.port2.postMessage(0);
    } else setTimeout(resolve, 0);
  });
}

/** A job that can be cancelled by starting a newer one with the same token. */
export class Cancellable {
  private gen = 0;
  next(): () => boolean {
    const mine = ++this.gen;
    return () => mine !== this.gen;
  }
}

/**
 * Runs `step(i)` for i in [from, to) in slices of about `budgetMs`, yielding between slices.
 * Returns false when cancelled.
 */
export async function sliced(from: number, to: number, step: (i: number) => void, cancelled: () => boolean, budgetMs = 10, onSlice?: (done: number) => void): Promise<boolean> {
  let i = from;
  while (i < to) {
    const t0 = performance.now();
    while (i < to) {
      step(i++);
      if ((i & 255) === 0 && performance.now() - t0 > budgetMs) break;
    }
    onSlice?.(i);
    if (i < to) {
      await yieldToBrowser();
      if (cancelled()) return false;
    }
  }
  return !cancelled();
}
