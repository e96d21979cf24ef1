/**
 * Waiting before a retry (maxlag, ratelimited, HTTP 429 and 503): how long, why, and when to give
 * up. Every wait is bounded by the longest single wait (RunOptions.maxBackoffMs: the
 * wikiq.maxWaitSeconds setting, the CLI's --max-wait). A wiki that asks for longer than that
 * (Retry-After) is not retried before its time: the run stops at once, keeping what it has, and
 * says how long and until when the wiki asked to wait.
 */
import { WikiqError } from './errors';
import { parseRetryAfter } from './http';

export interface RetryWait {
  /** How long wikiq waits: never longer than the cap. */
  ms: number;
  /** Why, in words. */
  reason: string;
  /** What the wiki asked for (Retry-After), when it said. */
  askedMs?: number;
  /** The wiki asked for longer than the cap: not retried (see waitTooLongError). */
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
 * what the server asked for; maxlag waits at least 5 s. `tooLong` when the server asked for more
 * than `capMs`: the caller then stops instead of retrying early.
 */
export function retryWait(c: RetryCause, attempt: number, baseMs: number, capMs: number): RetryWait {
  const askedMs = parseRetryAfter(c.retryAfter);
  let ms = Math.max(askedMs ?? 0, baseMs * 2 ** attempt);
  if (c.code === 'maxlag') ms = Math.max(ms, 5000 * 2 ** attempt);
  const tooLong = askedMs !== undefined && askedMs > capMs;
  // Within the cap the wiki's own time is kept (askedMs <= capMs here).
  ms = Math.max(Math.min(ms, capMs), tooLong ? 0 : askedMs ?? 0);
  return { ms, reason: causeText(c), askedMs, tooLong };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** `14:05` (local time), with the date when it is not today. */
export function clockTime(at: Date, now: Date): string {
  const time = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
  return at.toDateString() === now.toDateString() ? time : `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())} ${time}`;
}

/** A wiki that asked to wait longer than the cap: the run stops now (what it has is kept) rather than retrying before the wiki's time. */
export function waitTooLongError(endpoint: string, c: RetryCause, askedMs: number, capMs: number, now = new Date()): WikiqError {
  const until = clockTime(new Date(now.getTime() + askedMs), now);
  // Not 'api': no batch was received (keptBatches counts an API error's batch as received).
  return new WikiqError('http', `${endpoint}: ${causeText(c)}; the wiki asked to wait ${seconds(askedMs)} (until ${until}), `
    + `longer than the longest wait (${seconds(capMs)}: --max-wait, wikiq.maxWaitSeconds). Stopped without retrying; try again after ${until}.`);
}

/** One line for a wait: `waiting 2 s before retry 1: HTTP 503`. */
export function waitText(w: { ms: number; reason: string; attempt?: number }): string {
  return `waiting ${seconds(w.ms)} before retry ${w.attempt ?? 1}: ${w.reason}`;
}
