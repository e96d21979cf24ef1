/**
 * What the engine's two HTTP clients share: the options, the answer, the log entry, URL masking,
 * `Retry-After`, and the queue (one request at a time per host, cancellable while waiting). The
 * clients are `http.ts` (undici, for Node) and `httpFetch.ts` (the runtime's `fetch`, for the
 * browser); each exports an `HttpClient` built on `QueuedHttpClient` and its `engineUserAgent`.
 */
import { CancelledError, NetworkError } from './errors';

export interface HttpOptions {
  /** Default: {@link engineUserAgent}(). */
  userAgent?: string;
  /** Default 30 s. */
  timeoutMs?: number;
  /** Default 50 MB. */
  maxBytes?: number;
  /** Extra headers for the first hop (e.g. a Cookie for the same wiki); credentials are dropped on a cross-origin redirect. */
  headers?: Record<string, string>;
  /** Most redirects followed (default 5). */
  maxRedirects?: number;
}

export interface HttpResponse {
  /** The final URL (after redirects). */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Each `Set-Cookie` header of the final response, as sent. */
  setCookies: string[];
  /** Bytes on the wire (compressed). */
  bytes: number;
  ms: number;
}

/** One request's own extras (the sign-in of `engine/src/auth/`). */
export interface RequestExtras {
  /** A POST with this URL-encoded form body (the one POST wikiq sends: `action=login`); never redirected. */
  form?: string;
  /** Credentials (Cookie, Authorization) for this URL only: dropped on any redirect, same origin or not. */
  credentials?: Record<string, string>;
}

export interface HttpLogEntry {
  method: 'GET' | 'POST';
  /** The URL with secret-looking parameters (tokens, passwords) masked. */
  url: string;
  status: number | 'error';
  ms: number;
  bytes: number;
}

const SECRET = /^(.*token|.*password|lgpassword|clientlogin.*|.*secret|key|apikey|api_key)$/i;

/** The URL with secret-looking parameters masked and user info removed, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const k of [...u.searchParams.keys()]) if (SECRET.test(k)) u.searchParams.set(k, '***');
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

/** `Retry-After` in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const t = Date.parse(v);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, t - now);
}


export const CREDENTIALS = new Set(['cookie', 'authorization', 'proxy-authorization']);

/** Resolves when `p` settles, or rejects with CancelledError as soon as the signal fires. */
function untilSettledOrAborted(p: Promise<unknown>, signal?: AbortSignal): Promise<void> {
  const settled = p.then(() => undefined, () => undefined);
  if (!signal) return settled;
  if (signal.aborted) return Promise.reject(new CancelledError());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new CancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** The queue both clients share; `exchange` makes one request (with its redirects). */
export abstract class QueuedHttpClient {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(readonly options: HttpOptions = {}, readonly onLog?: (e: HttpLogEntry) => void) {}

  /**
   * GET, queued behind any other request to the same host (one request at a time per host). The
   * signal cancels at any moment: while queued, connecting, or reading the body.
   */
  get(url: string, signal?: AbortSignal, extras?: RequestExtras): Promise<HttpResponse> {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return Promise.reject(new NetworkError(url, 'not a valid URL'));
    }
    const prev = this.queues.get(host) ?? Promise.resolve();
    const run = untilSettledOrAborted(prev, signal).then(() => this.exchange(url, signal, extras));
    // The next request waits for this one to finish, or for its cancellation while still queued
    // (then for what this one waited on, so order and one-at-a-time still hold).
    const tail = run.then(() => undefined, () => prev.then(() => undefined, () => undefined));
    this.queues.set(host, tail);
    void tail.then(() => {
      if (this.queues.get(host) === tail) this.queues.delete(host);
    });
    return run;
  }

  protected abstract exchange(url: string, signal?: AbortSignal, extras?: RequestExtras): Promise<HttpResponse>;
}
