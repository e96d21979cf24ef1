/**
 * The view's side of the host/webview messaging: the VS Code API it posts through, and the queue
 * that applies host messages in time slices (after a render, the first rows paint before the rest
 * of a large result is applied). Large messages arrive packed and are unpacked in arrival order
 * (./unpack). Only messages of a known type with the fields the view reads (`isHostMessage`) are
 * queued.
 */
import type { HostMessage, WebviewMessage } from '../../shared/messages';
import type { RenderedReport } from '../../shared/renderReport';
import { isHostMessage, isPackedMessage } from '../../shared/validate';
import { yieldToBrowser } from './schedule';
import { unpack } from './unpack';

export interface VsCodeApi {
  /** The protocol's messages, and render reports where the page asks for them (a test hook). */
  postMessage(m: WebviewMessage | RenderedReport): void;
  getState(): unknown;
  setState(s: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export function vscodeApi(): VsCodeApi {
  return acquireVsCodeApi();
}

/**
 * Applies host messages one after the other, in slices; `root.dataset.pending` counts the messages
 * received and not yet applied (a packed one is counted while it is unpacked).
 */
export class MessagePump {
  private readonly queue: HostMessage[] = [];
  private pumping = false;
  private pending = 0;
  /** Messages in the order they arrived: a packed one is unpacked before any later one is queued. */
  private arriving: Promise<void> = Promise.resolve();

  constructor(private readonly root: HTMLElement, private readonly apply: (m: HostMessage) => void, private readonly onError: (e: unknown) => void) {}

  /** Starts receiving the host's messages. */
  listen(): void {
    window.addEventListener('message', (e: MessageEvent) => this.receive(e.data));
  }

  /** Queues a host message, or a packed one once unpacked (./unpack); anything else is ignored. */
  receive(data: unknown): void {
    const packed = isPackedMessage(data);
    if (!packed && !isHostMessage(data)) return;
    this.count(1);
    this.arriving = this.arriving.then(async () => {
      try {
        const m = packed ? await unpack(data) : data;
        if (!isHostMessage(m)) throw new Error('a packed message did not hold a message the view knows');
        this.queue.push(m);
        if (!this.pumping) void this.pump();
      } catch (e) {
        this.count(-1);
        this.onError(e);
      }
    });
  }

  private count(n: number): void {
    this.pending += n;
    this.root.dataset.pending = String(this.pending);
  }

  /** Applies queued messages in slices; after a render, lets the first rows paint before appending more. */
  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      let t0 = performance.now();
      while (this.queue.length) {
        const m = this.queue.shift()!;
        try {
          this.apply(m);
        } catch (e) {
          this.onError(e);
        }
        this.count(-1);
        if (m.type === 'render' && this.queue.length) {
          await paintOpportunity();
          t0 = performance.now();
        } else if (performance.now() - t0 > 12) {
          await yieldToBrowser();
          t0 = performance.now();
        }
      }
    } finally {
      this.pumping = false;
    }
  }
}

/** Resolves at the next frame, or soon when frames do not come (a hidden webview gets none). */
function paintOpportunity(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => setTimeout(finish, 0));
    setTimeout(finish, 50);
  });
}
