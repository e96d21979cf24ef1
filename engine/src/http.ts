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

/** One request across its redirect hops: what a failure and the log entries name. */
interface Exchange {
  /** The URL asked for; `current`: the hop under way. */
  url: string;
  current: string;
  method: 'GET' | 'POST';
  signal?: AbortSignal;
  timeout: AbortSignal;
  timeoutMs: number;
  /** Bytes of the answer received so far (as sent, before decompression). */
  bytes: number;
  hopStarted: number;
}

type UndiciResponse = Awaited<ReturnType<typeof Undici.request>>;

/** The error for `e`, thrown. `body`: the answer had begun (its bytes so far and the length it announced). */
function fail(x: Exchange, e: unknown, body?: { bytes: number; declared: number }): never {
  if (x.signal?.aborted) throw new CancelledError();
  if (x.timeout.aborted) throw new TimeoutError(redactUrl(x.url), Math.round(x.timeoutMs / 100) / 10);
  if (e instanceof TooLargeError || e instanceof NetworkError) throw e;
  const cause = (e as { cause?: { code?: string; message?: string }; code?: string }).cause;
  const code = (e as { code?: string }).code;
  const technical = cause?.code ?? (code && code !== 'UND_ERR' ? code : undefined);
  const corrupt = code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR';
  if (body && !corrupt) throw new IncompleteAnswerError(redactUrl(x.current), body.bytes, body.declared);
  const reason = corrupt ? 'the gzip body is corrupt' : networkWords(technical) ?? technical ?? cause?.message ?? (e as Error).message ?? String(e);
  throw new NetworkError(redactUrl(x.current), reason, technical);
}

/** Where the redirect of hop `hop` leads, and the headers to send there: credentials stay with their origin. Throws for a POST, too many hops, a bad or non-http target. */
function followRedirect(x: Exchange, res: UndiciResponse, hop: number, maxRedirects: number, headers: Record<string, string>, extras: RequestExtras): { next: string; headers: Record<string, string> } {
  if (x.method === 'POST') throw new NetworkError(redactUrl(x.current), `the POST was redirected (HTTP ${res.statusCode}); a POST (a sign-in, a preview's long compare) is never sent across a redirect`);
  if (hop >= maxRedirects) throw new NetworkError(redactUrl(x.url), `more than ${maxRedirects} redirects`);
  let next: URL;
  try {
    next = new URL(String(res.headers.location), x.current);
  } catch {
    throw new NetworkError(redactUrl(x.current), `redirected to an invalid URL (${String(res.headers.location).slice(0, 100)})`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new NetworkError(redactUrl(x.current), `redirected to a non-http URL (${next.protocol})`);
  if (extras.credentials) for (const k of Object.keys(extras.credentials)) delete headers[k];
  if (next.origin !== new URL(x.current).origin) {
    // Credentials belong to the origin they were given for: never forwarded elsewhere.
    headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIALS.has(k.toLowerCase())));
  }
  return { next: next.toString(), headers };
}

/** The answer's headers (lower-cased) and body, decompressed, read within `maxBytes` (announced or decoded). */
async function readBody(x: Exchange, res: UndiciResponse, maxBytes: number): Promise<{ headers: Record<string, string>; body: string }> {
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  const declared = Number(h['content-length'] ?? '0');
  if (declared > maxBytes) {
    res.body.destroy();
    throw new TooLargeError(redactUrl(x.url), maxBytes);
  }
  const enc = (h['content-encoding'] ?? '').toLowerCase().trim();
  const chunks: Buffer[] = [];
  let decoded = 0;
  const source = res.body;
  const stream = enc === 'gzip' || enc === 'x-gzip' ? source.pipe(createGunzip()) : enc === 'deflate' ? source.pipe(createInflate()) : source;
  if (stream !== source) stream.on('error', () => undefined);
  source.on('data', (c: Buffer) => (x.bytes += c.length));
  try {
    for await (const c of stream as AsyncIterable<Buffer>) {
      decoded += c.length;
      if (decoded > maxBytes) {
        source.destroy();
        throw new TooLargeError(redactUrl(x.url), maxBytes);
      }
      chunks.push(c);
    }
  } catch (e) {
    if (stream !== source) source.destroy();
    fail(x, e, { bytes: x.bytes, declared });
  }
  return { headers: h, body: Buffer.concat(chunks).toString('utf8') };
}

/** The Node client: undici. */
export class HttpClient extends QueuedHttpClient {
  protected async exchange(url: string, signal?: AbortSignal, extras: RequestExtras = {}): Promise<HttpResponse> {
    if (signal?.aborted) throw new CancelledError();
    const timeoutMs = this.options.timeoutMs ?? 30000;
    const maxBytes = this.options.maxBytes ?? 50 * 1024 * 1024;
    const maxRedirects = this.options.maxRedirects ?? 5;
    const started = Date.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const method = extras.form !== undefined ? 'POST' : 'GET';
    const x: Exchange = { url, current: url, method, signal, timeout, timeoutMs, bytes: 0, hopStarted: started };
    let headers = this.requestHeaders(extras);
    try {
      for (let hop = 0; ; hop++) {
        x.hopStarted = Date.now();
        const res = await request(x.current, { method, headers, body: hop === 0 ? extras.form : undefined, signal: combined, maxRedirections: 0 }).catch((e: unknown) => fail(x, e));
        // A body we stop reading (too large, cancelled) must not surface as an uncaught error later.
        res.body.on('error', () => undefined);
        if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304 && res.headers.location) {
          await res.body.dump().catch(() => undefined);
          this.onLog?.({ method, url: redactUrl(x.current), status: res.statusCode, ms: Date.now() - x.hopStarted, bytes: 0 });
          ({ next: x.current, headers } = followRedirect(x, res, hop, maxRedirects, headers, extras));
          continue;
        }
        const { headers: h, body } = await readBody(x, res, maxBytes);
        const out: HttpResponse = {
          url: x.current, status: res.statusCode, headers: h, setCookies: setCookiesOf(res.headers['set-cookie']), body, bytes: x.bytes, ms: Date.now() - started,
        };
        this.onLog?.({ method, url: redactUrl(x.current), status: out.status, ms: Date.now() - x.hopStarted, bytes: x.bytes });
        return out;
      }
    } catch (e) {
      this.onLog?.({ method, url: redactUrl(x.current), status: 'error', ms: Date.now() - x.hopStarted, bytes: x.bytes });
      throw e;
    }
  }

  /** The headers of the first hop: User-Agent, gzip, JSON, the client's own, the credentials, a form's type. */
  private requestHeaders(extras: RequestExtras): Record<string, string> {
    return {
      'user-agent': this.options.userAgent || engineUserAgent(),
      'accept-encoding': 'gzip',
      accept: 'application/json',
      ...(this.options.headers ?? {}),
      ...(extras.credentials ?? {}),
      ...(extras.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    };
  }
}
