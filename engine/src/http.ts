/**
 * HTTP for the engine, on undici: a descriptive User-Agent, gzip, a timeout, cancellation at any
 * moment, a cap on response bytes enforced while reading, redirects followed by hand so that
 * credentials never cross origins, and one request at a time per host.
 */
import { createGunzip, createInflate } from 'node:zlib';
import { request } from 'undici';
import { defaultUserAgent } from '../../common/version';
import { CancelledError, NetworkError, TimeoutError, TooLargeError } from './errors';

export interface HttpOptions {
  userAgent?: string;
  /** Default 30 s. */
  timeoutMs?: number;
  /** Default 50 MB. */
  maxBytes?: number;
  /** Extra headers for the first hop (e.g. a Cookie for the same wiki); dropped on a cross-origin redirect. */
  headers?: Record<string, string>;
}

export interface HttpResponse {
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  /** Bytes on the wire (compressed). */
  bytes: number;
  ms: number;
}

export interface HttpLogEntry {
  method: 'GET';
  /** The URL with secret-looking parameters (tokens, passwords) masked. */
  url: string;
  status: number | 'error';
  ms: number;
  bytes: number;
}

const SECRET = /^(.*token|.*password|lgpassword|clientlogin.*)$/i;

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

const CREDENTIALS = new Set(['cookie', 'authorization', 'proxy-authorization']);

export class HttpClient {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly options: HttpOptions = {}, private readonly onLog?: (e: HttpLogEntry) => void) {}

  /** GET, queued behind any other request to the same host. */
  get(url: string, signal?: AbortSignal): Promise<HttpResponse> {
    const host = new URL(url).host;
    const prev = this.queues.get(host) ?? Promise.resolve();
    const run = prev.catch(() => undefined).then(() => this.fetch(url, signal));
    const tail = run.catch(() => undefined);
    this.queues.set(host, tail);
    void tail.then(() => {
      if (this.queues.get(host) === tail) this.queues.delete(host);
    });
    return run;
  }

  private async fetch(url: string, signal?: AbortSignal): Promise<HttpResponse> {
    if (signal?.aborted) throw new CancelledError();
    const timeoutMs = this.options.timeoutMs ?? 30000;
    const maxBytes = this.options.maxBytes ?? 50 * 1024 * 1024;
    const started = Date.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let headers: Record<string, string> = {
      'user-agent': this.options.userAgent || defaultUserAgent('engine'),
      'accept-encoding': 'gzip',
      accept: 'application/json',
      ...(this.options.headers ?? {}),
    };
    let current = url;
    let bytes = 0;
    const fail = (e: unknown): never => {
      if (signal?.aborted) throw new CancelledError();
      if (timeout.aborted) throw new TimeoutError(redactUrl(url), Math.round(timeoutMs / 1000));
      if (e instanceof TooLargeError) throw e;
      const cause = (e as { cause?: { code?: string; message?: string }; code?: string }).cause;
      const code = (e as { code?: string }).code;
      throw new NetworkError(redactUrl(current), cause?.code ?? code ?? cause?.message ?? (e as Error).message ?? String(e));
    };
    try {
      for (let hop = 0; ; hop++) {
        const res = await request(current, { method: 'GET', headers, signal: combined, maxRedirections: 0 }).catch(fail);
        if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location && hop < 5) {
          await res.body.dump().catch(() => undefined);
          const next = new URL(String(res.headers.location), current);
          if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new NetworkError(redactUrl(current), `redirected to a non-http URL (${next.protocol})`);
          if (next.origin !== new URL(current).origin) {
            headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIALS.has(k.toLowerCase())));
          }
          current = next.toString();
          continue;
        }
        // A body we stop reading (too large, cancelled) must not surface as an uncaught error later.
        res.body.on('error', () => undefined);
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
        const declared = Number(h['content-length'] ?? '0');
        if (declared > maxBytes) {
          res.body.destroy();
          throw new TooLargeError(redactUrl(url), maxBytes);
        }
        const enc = (h['content-encoding'] ?? '').toLowerCase();
        const chunks: Buffer[] = [];
        let decoded = 0;
        const source = res.body;
        const stream = enc === 'gzip' || enc === 'x-gzip' ? source.pipe(createGunzip()) : enc === 'deflate' ? source.pipe(createInflate()) : source;
        if (stream !== source) stream.on('error', () => undefined);
        source.on('data', (c: Buffer) => (bytes += c.length));
        try {
          for await (const c of stream as AsyncIterable<Buffer>) {
            decoded += c.length;
            if (decoded > maxBytes) {
              source.destroy();
              throw new TooLargeError(redactUrl(url), maxBytes);
            }
            chunks.push(c);
          }
        } catch (e) {
          fail(e);
        }
        const out: HttpResponse = {
          url: current, status: res.statusCode, statusText: '', headers: h, body: Buffer.concat(chunks).toString('utf8'), bytes, ms: Date.now() - started,
        };
        this.onLog?.({ method: 'GET', url: redactUrl(current), status: out.status, ms: out.ms, bytes });
        return out;
      }
    } catch (e) {
      this.onLog?.({ method: 'GET', url: redactUrl(current), status: 'error', ms: Date.now() - started, bytes });
      throw e;
    }
  }
}
