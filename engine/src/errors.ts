/**
 * The engine's errors: one class per kind, each with a message that names the endpoint (or the
 * file and line) and the reason, fit to show a user as it is — never a stack trace.
 */
import { shorten } from './shorten';

export type ErrorKind = 'resolve' | 'refused' | 'network' | 'timeout' | 'cancelled' | 'too-large' | 'http' | 'not-json' | 'api' | 'loop' | 'too-deep';

export class WikiqError extends Error {
  constructor(readonly kind: ErrorKind, message: string) {
    super(message);
    this.name = 'WikiqError';
  }
}

/** The request cannot be built (undefined variable, no endpoint…). */
export class ResolveError extends WikiqError {
  constructor(message: string, readonly line?: number) {
    super('resolve', message);
  }
}

/** wikiq sends no writes. */
export class RefusedError extends WikiqError {
  constructor(message: string) {
    super('refused', message);
  }
}

/** A network failure in words; `code` (`UND_ERR_SOCKET`, `ECONNRESET`…) is for --verbose and logs. */
export class NetworkError extends WikiqError {
  constructor(readonly url: string, readonly reason: string, readonly code?: string) {
    super('network', `Could not reach ${shorten(url)}: ${shorten(reason)}.`);
  }
}

/** What the system's and undici's error codes mean, in words. */
const NETWORK_WORDS: Array<[RegExp, string]> = [
  [/^(UND_ERR_SOCKET|UND_ERR_CLOSED|EPIPE)$/, 'the server closed the connection'],
  [/^ECONNRESET$/, 'the connection was reset'],
  [/^ECONNREFUSED$/, 'the connection was refused (nothing answers at that address and port)'],
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, 'the host name could not be found (DNS)'],
  [/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/, 'the connection timed out'],
  [/^(EHOSTUNREACH|ENETUNREACH|ENETDOWN|EHOSTDOWN)$/, 'the network cannot reach the host'],
  [/CERT|^ERR_TLS|^ERR_SSL|SELF_SIGNED|UNABLE_TO_VERIFY|^EPROTO$/, 'the secure connection (TLS) failed: the certificate could not be verified or the handshake was refused'],
];

/** `code` in words, or undefined when it is not a known network code. */
export function networkWords(code: string | undefined): string | undefined {
  return code === undefined ? undefined : NETWORK_WORDS.find(([re]) => re.test(code))?.[1];
}

/** The connection closed after the answer had begun: says how much arrived (bytes on the wire). */
export class IncompleteAnswerError extends WikiqError {
  constructor(readonly url: string, readonly received: number, readonly declared?: number) {
    super('network', `The connection to ${shorten(url)} closed before the answer was complete: ${received.toLocaleString('en')} bytes arrived${declared ? ` of the ${declared.toLocaleString('en')} announced` : ''}.`);
  }
}

export class TimeoutError extends WikiqError {
  constructor(readonly url: string, readonly seconds: number) {
    super('timeout', `${shorten(url)} did not answer within ${seconds} s.`);
  }
}

export class CancelledError extends WikiqError {
  constructor() {
    super('cancelled', 'Cancelled.');
  }
}

export class TooLargeError extends WikiqError {
  constructor(readonly url: string, readonly limitBytes: number) {
    super('too-large', `The answer of ${shorten(url)} is larger than ${Math.round(limitBytes / 1048576)} MB (the largest answer accepted: --max-response-mb, wikiq.maxResponseMB).`);
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&amp;`, `&#233;`, `&#xE9;` and the few named entities an error page uses, as the characters they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (m, e: string) => {
    const n = e[0] !== '#' ? undefined : e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    if (n === undefined) return NAMED[e.toLowerCase()] ?? m;
    return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
  });
}

/** The start of a body for a one-line message: markup left out, entities decoded, quoted. */
export function bodyStart(body: string, max = 160): string {
  const t = decodeEntities(body.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  return JSON.stringify(t.length > max ? t.slice(0, max) + '…' : t);
}

/** A non-JSON answer, or an HTTP error status without an API error in the body. */
export class HttpError extends WikiqError {
  constructor(readonly url: string, readonly status: number, readonly contentType: string, readonly body: string, kind: 'http' | 'not-json' = 'http') {
    super(kind, kind === 'not-json'
      ? `${shorten(url)} answered HTTP ${status} with ${/html/i.test(contentType) || /^\s*</.test(body) ? 'an HTML page' : `non-JSON content (${contentType || 'no content type'})`} instead of the API's JSON, starting ${bodyStart(body)}.`
      : `${shorten(url)} answered HTTP ${status}, starting ${bodyStart(body)}.`);
  }
}

/** JSON that has none of the API's top-level members (`{"hello": 1}`): not a MediaWiki API answer. */
export class NotApiAnswerError extends WikiqError {
  constructor(readonly url: string, readonly status: number, readonly body: string) {
    super('not-json', `${shorten(url)} answered HTTP ${status} with JSON that does not look like a MediaWiki API answer (none of query, continue, batchcomplete, error, warnings…), starting ${bodyStart(body)}. Is this the wiki's api.php?`);
  }
}

/** Appended to `readapidenied`: the wiki lets only signed-in users read. */
export const SIGN_IN_HINT = ' This wiki is private: sign in to read it (in VS Code "wikiq: Sign in to wiki…"; for the CLI WIKIQ_USER and WIKIQ_PASSWORD with a bot password, or WIKIQ_TOKEN).';

/**
 * What the API said, in the one form every message uses: `answered error "code": info`, shortened,
 * with the sign-in hint where the wiki is private. Callers say who answered (`The API at …`).
 */
export function apiErrorText(code: string, info: string): string {
  return `answered error "${shorten(code, 100)}"${info ? `: ${shorten(info, 1000)}` : ''}${code === 'readapidenied' ? SIGN_IN_HINT : ''}`;
}

/** The API answered with an error object. */
export class ApiError extends WikiqError {
  constructor(readonly endpoint: string, readonly code: string, readonly info: string) {
    super('api', `The API at ${shorten(endpoint)} ${apiErrorText(code, info)}`);
  }
}

export function errorMessage(e: unknown): string {
  if (e instanceof WikiqError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}
