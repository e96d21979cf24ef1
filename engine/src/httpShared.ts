/**
 * What the engine's two HTTP clients share: the options, the answer, the log entry, URL masking,
 * `Retry-After`, and the queue (one request at a time per host, cancellable while waiting: a
 * `HostScheduler`, shared by every client given the same `options.scheduler`). The
 * clients are `http.ts` (undici, for Node) and `httpFetch.ts` (the runtime's `fetch`, for the
 * browser); each exports an `HttpClient` built on `QueuedHttpClient` and its `engineUserAgent`.
 */
import { NetworkError } from './errors';
import { HostScheduler } from './hostScheduler';

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
  /**
   * The queue of each host, shared by every client given the same one (the server's catalogue and
   * content clients, signed in or not: one request in flight per wiki whatever asks); default: the
   * client's own.
   */
  scheduler?: HostScheduler;
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
  /** A POST with this URL-encoded form body (`action=login`, and a preview's `action=compare` past 8 KB of URL: never a write); never redirected. */
  form?: string;
  /** Credentials (Cookie, Authorization) for this URL only: dropped on any redirect, same origin or not. */
  credentials?: Record<string, string>;
  /** Goes ahead of every non-urgent request waiting for the host (a completion lookup, which the user waits on). */
  urgent?: boolean;
  /** Called when the request leaves the queue and is sent (a bound on the answer's wait starts then). */
  onSent?: () => void;
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

/** The queue both clients share; `exchange` makes one request (with its redirects). */
export abstract class QueuedHttpClient {
  private readonly scheduler: HostScheduler;

  constructor(readonly options: HttpOptions = {}, readonly onLog?: (e: HttpLogEntry) => void) {
    this.scheduler = options.scheduler ?? new HostScheduler();
  }

  /**
   * GET, queued behind any other request to the same host (one request at a time per host, per
   * scheduler; an `urgent` one ahead of the others waiting). The signal cancels at any moment:
   * while queued, connecting, or reading the body.
   */
  get(url: string, signal?: AbortSignal, extras?: RequestExtras): Promise<HttpResponse> {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return Promise.reject(new NetworkError(url, 'not a valid URL'));
    }
    return this.scheduler.run(host, extras?.urgent ?? false, signal, () => {
      extras?.onSent?.();
      return this.exchange(url, signal, extras);
    });
  }

  protected abstract exchange(url: string, signal?: AbortSignal, extras?: RequestExtras): Promise<HttpResponse>;
}
