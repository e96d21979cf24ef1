/**
 * HTTP for the engine in the browser (the web extension and its language server in a web worker),
 * on the runtime's `fetch`, behind the same interface as the undici client of `http.ts`: the web
 * bundles take this file in place of `http.ts` (scripts/webBuild.mjs), so every caller is the same.
 *
 * What the browser decides, and how this client keeps the engine's bounds:
 * - The body is read chunk by chunk, already decompressed by the browser, and counted: the cap holds
 *   on bytes after decompression (a gzip bomb stops at the cap), a body that stops half-way is an
 *   incomplete answer, cancellation and the timeout abort the read at any moment.
 * - A page cannot set User-Agent: the descriptive one goes as `Api-User-Agent`, which MediaWiki reads.
 * - Cross-origin requests are anonymous and carry `origin=*`, as MediaWiki requires before it answers
 *   with `Access-Control-Allow-Origin: *`; cookies are never sent (`credentials: 'omit'`).
 * - Redirects are followed by the browser (the Fetch standard's limit, 20, not `maxRedirects`); a
 *   request that carries credentials or a form is not redirected at all (`redirect: 'manual'`).
 */
import { fetchUserAgentOf } from '../../common/version';
import { CancelledError, IncompleteAnswerError, NetworkError, TimeoutError, TooLargeError, networkWords } from './errors';
import { HttpResponse, QueuedHttpClient, RequestExtras, redactUrl } from './httpShared';

export * from './httpShared';

/** `wikiq/<version> (<repository URL>) [component ]fetch`, sent as `Api-User-Agent`. */
export function engineUserAgent(component?: string): string {
  return fetchUserAgentOf(component);
}

/** `url` with `origin=*` (MediaWiki's anonymous cross-origin mode) unless it names an origin already. */
export function withAnonymousOrigin(url: string): string {
  const u = new URL(url);
  if (u.searchParams.has('origin')) return url;
  u.searchParams.set('origin', '*');
  return u.toString();
}

/** What a failed `fetch` says: Node's carries a code in its cause; a browser's says nothing more than that it failed. */
function failureReason(e: unknown): { reason: string; code?: string } {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  const words = networkWords(code);
  if (words || code) return { reason: words ?? code ?? '', code };
  return { reason: 'the request failed: the wiki did not answer, refused the cross-origin request (CORS), or redirected too often' };
}

/** The fetch client: one request (the browser follows its redirects), its body read under the cap. */
export class HttpClient extends QueuedHttpClient {
  protected async exchange(url: string, signal?: AbortSignal, extras: RequestExtras = {}): Promise<HttpResponse> {
    if (signal?.aborted) throw new CancelledError();
    const timeoutMs = this.options.timeoutMs ?? 30000;
    const maxBytes = this.options.maxBytes ?? 50 * 1024 * 1024;
    const started = Date.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const signedIn = extras.credentials !== undefined || extras.form !== undefined;
    const target = signedIn ? url : withAnonymousOrigin(url);
    const method = extras.form !== undefined ? 'POST' : 'GET';
    const headers: Record<string, string> = {
      'api-user-agent': this.options.userAgent || engineUserAgent(),
      accept: 'application/json',
      ...(this.options.headers ?? {}),
      ...(extras.credentials ?? {}),
      ...(extras.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    };
    let bytes = 0;
    let current = target;
    const log = (status: number | 'error') => this.onLog?.({ method, url: redactUrl(current), status, ms: Date.now() - started, bytes });
    const stopped = () => {
      if (signal?.aborted) return new CancelledError();
      if (timeout.aborted) return new TimeoutError(redactUrl(target), Math.round(timeoutMs / 100) / 10);
      return undefined;
    };
    let res: Response;
    try {
      res = await fetch(target, {
        method, headers, body: extras.form, signal: combined, credentials: 'omit', redirect: signedIn ? 'manual' : 'follow',
      });
    } catch (e) {
      log('error');
      const { reason, code } = failureReason(e);
      throw stopped() ?? new NetworkError(redactUrl(target), reason, code);
    }
    current = res.url || target;
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400 && res.status !== 304)) {
      await res.body?.cancel().catch(() => undefined);
      log(res.status);
      throw new NetworkError(redactUrl(target), `the request was redirected (HTTP ${res.status || '3xx'}); credentials are never sent across a redirect`);
    }
    const h: Record<string, string> = {};
    res.headers.forEach((v, k) => (h[k.toLowerCase()] = v));
    const declared = Number(h['content-length'] ?? '0');
    if (declared > maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      log(res.status);
      throw new TooLargeError(redactUrl(target), maxBytes);
    }
    const chunks: Uint8Array[] = [];
    const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = res.body?.getReader();
    try {
      for (;;) {
        if (!reader) break;
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new TooLargeError(redactUrl(target), maxBytes);
        }
        chunks.push(value);
      }
    } catch (e) {
      log('error');
      if (e instanceof TooLargeError) throw e;
      throw stopped() ?? new IncompleteAnswerError(redactUrl(current), bytes, declared || undefined);
    }
    const body = new Uint8Array(bytes);
    let at = 0;
    for (const c of chunks) {
      body.set(c, at);
      at += c.byteLength;
    }
    log(res.status);
    // A browser never shows Set-Cookie to a script; Node's fetch does (sign-in through this client is not offered in the browser).
    const setCookies = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
    return { url: current, status: res.status, headers: h, setCookies, body: new TextDecoder().decode(body), bytes, ms: Date.now() - started };
  }
}
