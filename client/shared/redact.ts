/** Redaction of debuginfo: secrets never reach the view. Pure. */
import { Obj } from './json';

/** Header and member names whose values are secrets wherever they appear. */
const SECRET_KEY = /^(cookie|set-cookie|authorization|proxy-authorization|lgpassword|password|x-api-key|api-key|apikey)$|token|secret/i;
/** `Cookie: …` and similar header lines inside strings (debug logs). */
const SECRET_LINE = /^((?:cookie|set-cookie|authorization|proxy-authorization)\s*:\s*).*$/gim;
/** `token=…`, `password=…` in query strings. */
const SECRET_QUERY = /([?&;](?:[a-z_]*token|[a-z_]*password|key)=)[^&#\s"']*/gi;
export const REDACTED = '[redacted]';

/**
 * A copy of `debuginfo` (or anything) with cookies, authorization and other secret-looking members
 * replaced by `[redacted]` at any depth, and such header lines and query parameters inside strings
 * masked. The input is not modified. Runs on the host before anything reaches the webview.
 */
export function redactDebug(v: unknown, depth = 0): unknown {
  if (depth > 20) return '…';
  if (Array.isArray(v)) return v.map((x) => redactDebug(x, depth + 1));
  if (v && typeof v === 'object') {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v as Obj)) out[k] = SECRET_KEY.test(k) ? REDACTED : redactDebug(x, depth + 1);
    return out;
  }
  if (typeof v === 'string') return v.replace(SECRET_LINE, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
  return v;
}

/** Alias of `redactDebug` for `debuginfo`. */
export const redactDebuginfo = redactDebug;
