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

export class NetworkError extends WikiqError {
  constructor(readonly url: string, readonly reason: string) {
    super('network', `Could not reach ${shorten(url)}: ${shorten(reason)}.`);
  }
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
    super('too-large', `The answer of ${shorten(url)} is larger than ${Math.round(limitBytes / 1048576)} MB (wikiq.maxResponseMB).`);
  }
}

/** Escapes the start of a body for a one-line message (no control characters, no markup). */
export function bodyStart(body: string, max = 160): string {
  const t = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
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
