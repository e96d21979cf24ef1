/**
 * HTTP for the engine, on undici: a descriptive User-Agent, gzip, a timeout, cancellation at any
 * moment (also while waiting in the queue), a cap on response bytes enforced while reading,
 * redirects followed by hand so that credentials never cross origins, and one request at a time
 * per host.
 */
import { createGunzip, createInflate } from 'node:zlib';
import type * as Undici from 'undici';

/** undici, loaded by the first request (a command that makes none, like `wikiq --help`, does not load it). */
let undici: typeof Undici | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first request (see above)
const request: typeof Undici.request = (...args) => (undici ??= require('undici') as typeof Undici).request(...args);
import { userAgentOf } from '../../common/version';
import { CancelledError, IncompleteAnswerError, NetworkError, TimeoutError, TooLargeError, networkWords } from './errors';
import { CREDENTIALS, QueuedHttpClient, RequestExtras, HttpResponse, redactUrl } from './httpShared';

export * from './httpShared';


let undiciVersion: string | undefined;
function getUndiciVersion(): string {
  if (undiciVersion === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json is read only when a version is shown
      undiciVersion = String((require('undici/package.json') as { version: unknown }).version);
    } catch {
      undiciVersion = 'unknown';
    }
  }
  return undiciVersion;
}

/** `wikiq/<version> (<repository URL>) [component ]undici/<v> node/<v>`: the descriptive User-Agent wikis ask for. */
export function engineUserAgent(component?: string): string {
  return userAgentOf(component, getUndiciVersion(), process.versions.node);
}

const setCookiesOf = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The Node client: undici. */
export class HttpClient extends QueuedHttpClient {
  protected async exchange(url: string, signal?: AbortSignal, extras: RequestExtras = {}): Promise<HttpResponse> {
    if (signal?.aborted) throw new CancelledError();
    const timeoutMs = this.options.timeoutMs ?? 30000;
    const maxBytes = this.options.maxBytes ?? 50 * 1024 * 1024;
    const maxRedirects = this.options.maxRedirects ?? 5;
    const started = Date.now();
    let hopStarted = started;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let headers: Record<string, string> = {
      'user-agent': this.options.userAgent || engineUserAgent(),
      'accept-encoding': 'gzip',
      accept: 'application/json',
      ...(this.options.headers ?? {}),
      ...(extras.credentials ?? {}),
      ...(extras.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    };
    const method = extras.form !== undefined ? 'POST' : 'GET';
    let current = url;
    let bytes = 0;
    /** `body`: the answer had begun (its bytes so far and the length it announced). */
    const fail = (e: unknown, body?: { bytes: number; declared: number }): never => {
      if (signal?.aborted) throw new CancelledError();
      if (timeout.aborted) throw new TimeoutError(redactUrl(url), Math.round(timeoutMs / 100) / 10);
      if (e instanceof TooLargeError || e instanceof NetworkError) throw e;
      const cause = (e as { cause?: { code?: string; message?: string }; code?: string }).cause;
      const code = (e as { code?: string }).code;
      const technical = cause?.code ?? (code && code !== 'UND_ERR' ? code : undefined);
      const corrupt = code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR';
      if (body && !corrupt) throw new IncompleteAnswerError(redactUrl(current), body.bytes, body.declared);
      const reason = corrupt ? 'the gzip body is corrupt' : networkWords(technical) ?? technical ?? cause?.message ?? (e as Error).message ?? String(e);
      throw new NetworkError(redactUrl(current), reason, technical);
    };
    try {
      for (let hop = 0; ; hop++) {
        hopStarted = Date.now();
        const res = await request(current, { method, headers, body: hop === 0 ? extras.form : undefined, signal: combined, maxRedirections: 0 }).catch(fail);
        // A body we stop reading (too large, cancelled) must not surface as an uncaught error later.
        res.body.on('error', () => undefined);
        if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304 && res.headers.location) {
          await res.body.dump().catch(() => undefined);
          this.onLog?.({ method, url: redactUrl(current), status: res.statusCode, ms: Date.now() - hopStarted, bytes: 0 });
          if (method === 'POST') throw new NetworkError(redactUrl(current), `the POST was redirected (HTTP ${res.statusCode}); a POST (a sign-in, a preview's long compare) is never sent across a redirect`);
          if (hop >= maxRedirects) throw new NetworkError(redactUrl(url), `more than ${maxRedirects} redirects`);
          let next: URL;
          try {
            next = new URL(String(res.headers.location), current);
          } catch {
            throw new NetworkError(redactUrl(current), `redirected to an invalid URL (${String(res.headers.location).slice(0, 100)})`);
          }
          if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new NetworkError(redactUrl(current), `redirected to a non-http URL (${next.protocol})`);
          if (extras.credentials) for (const k of Object.keys(extras.credentials)) delete headers[k];
          if (next.origin !== new URL(current).origin) {
            // Credentials belong to the origin they were given for: never forwarded elsewhere.
            headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIALS.has(k.toLowerCase())));
          }
          current = next.toString();
          continue;
        }
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
        const declared = Number(h['content-length'] ?? '0');
        if (declared > maxBytes) {
          res.body.destroy();
          throw new TooLargeError(redactUrl(url), maxBytes);
        }
        const enc = (h['content-encoding'] ?? '').toLowerCase().trim();
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
          if (stream !== source) source.destroy();
          fail(e, { bytes, declared });
        }
        const out: HttpResponse = {
          url: current, status: res.statusCode, headers: h, setCookies: setCookiesOf(res.headers['set-cookie']), body: Buffer.concat(chunks).toString('utf8'), bytes, ms: Date.now() - started,
        };
        this.onLog?.({ method, url: redactUrl(current), status: out.status, ms: Date.now() - hopStarted, bytes });
        return out;
      }
    } catch (e) {
      this.onLog?.({ method, url: redactUrl(current), status: 'error', ms: Date.now() - hopStarted, bytes });
      throw e;
    }
  }
}
