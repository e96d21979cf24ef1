/**
 * Waiting before a retry (maxlag, ratelimited, HTTP 429 and 503): how long, why, and when to give
 * up. Every wait is bounded by the longest single wait (RunOptions.maxBackoffMs: the
 * wikiq.maxWaitSeconds setting, the CLI's --max-wait); a wiki that asks for longer than that is
 * waited for once, up to the bound, and then given up on rather than waited for again and again.
 */
import { WikiqError } from './errors';
import { parseRetryAfter } from './http';

export interface RetryWait {
  /** How long wikiq waits: never longer than the cap. */
  ms: number;
  /** Why, in words (with what the wiki asked for when that is longer than the cap). */
  reason: string;
  /** What the wiki asked for (Retry-After), when it said. */
  askedMs?: number;
  /** The wiki asked for longer than the cap. */
  tooLong: boolean;
}

export interface RetryCause {
  status: number;
  /** The API error code (`maxlag`, `ratelimited`) or ''. */
  code: string;
  retryAfter?: string;
}

/** `1.5 s`, `2 min 5 s`, `1 h`: a duration for a message. */
export function seconds(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  if (s < 60) return `${s} s`;
  const whole = Math.round(s);
  if (whole < 3600) return `${Math.floor(whole / 60)} min${whole % 60 ? ` ${whole % 60} s` : ''}`;
  return `${Math.floor(whole / 3600)} h${Math.floor((whole % 3600) / 60) ? ` ${Math.floor((whole % 3600) / 60)} min` : ''}`;
}

export function isRetryable(c: RetryCause): boolean {
  return c.status === 429 || c.status === 503 || c.code === 'maxlag' || c.code === 'ratelimited';
}

function causeText(c: RetryCause): string {
  return c.code === 'maxlag' ? 'the wiki\'s database is lagged (maxlag)' : c.code === 'ratelimited' ? 'rate limited by the wiki' : `HTTP ${c.status}`;
}

/**
 * The wait before retry `attempt + 1`: capped exponential backoff from `baseMs`, never shorter than
 * what the server asked for (up to `capMs`); maxlag waits at least 5 s.
 */
export function retryWait(c: RetryCause, attempt: number, baseMs: number, capMs: number): RetryWait {
  const askedMs = parseRetryAfter(c.retryAfter);
  let ms = Math.max(askedMs ?? 0, baseMs * 2 ** attempt);
  if (c.code === 'maxlag') ms = Math.max(ms, 5000 * 2 ** attempt);
  ms = Math.min(ms, capMs);
  const tooLong = askedMs !== undefined && askedMs > capMs;
  const reason = tooLong ? `${causeText(c)}; the wiki asked to wait ${seconds(askedMs)}, longer than the longest wait (${seconds(capMs)})` : causeText(c);
  return { ms, reason, askedMs, tooLong };
}

/** A wiki that still refuses after a wait it asked to be longer than the cap: not waited for again. */
export function gaveUpError(endpoint: string, c: RetryCause, waits: number, waitedMs: number, capMs: number): WikiqError {
  const asked = parseRetryAfter(c.retryAfter);
  return new WikiqError(c.code ? 'api' : 'http', `${endpoint} still refused after ${waits} wait${waits === 1 ? '' : 's'} (${seconds(waitedMs)} in all): ${causeText(c)}; `
    + `it asks to wait ${asked === undefined ? 'longer' : seconds(asked)}, longer than the longest wait (${seconds(capMs)}: wikiq.maxWaitSeconds, --max-wait). Try again later.`);
}

/** One line for a wait: `waiting 2 s before retry 1: HTTP 503`. */
export function waitText(w: { ms: number; reason: string; attempt?: number }): string {
  return `waiting ${seconds(w.ms)} before retry ${w.attempt ?? 1}: ${w.reason}`;
}
