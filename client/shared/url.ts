/** URL checks: only http(s) links open and only the endpoint's images load. Pure. */
import { isObj } from './json';

/** The http(s) URL `s`, normalised (spaces encoded), or undefined: no other scheme, no credentials, no control characters. */
export function safeHttpUrl(s: unknown, base?: string): string | undefined {
  if (typeof s !== 'string' || s.length === 0 || s.length > 8192) return undefined;
  // eslint-disable-next-line no-control-regex -- a URL with control characters is refused
  if (/[\u0000-\u001f\u007f]/.test(s.trim())) return undefined;
  let u: URL;
  try {
    u = base ? new URL(s.trim(), base) : new URL(s.trim());
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  if (u.username || u.password) return undefined;
  return u.href;
}

/** The page's root names the origin its CSP lets images load from (none: thumbnails cannot load). */
export const IMAGE_ORIGIN_ATTRIBUTE = 'data-image-origin';

/** `scheme://host[:port]` of an http(s) endpoint, or undefined. */
export function originOf(endpoint: string): string | undefined {
  const u = safeHttpUrl(endpoint);
  if (!u) return undefined;
  const origin = new URL(u).origin;
  return /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(origin) ? origin : undefined;
}

/** The image URL to show as a thumbnail of a record: only http(s) and only from the endpoint's origin. */
export function thumbnailUrl(record: unknown, endpoint: string): string | undefined {
  if (!isObj(record)) return undefined;
  const origin = originOf(endpoint);
  if (!origin) return undefined;
  for (const k of ['thumburl', 'url']) {
    const u = safeHttpUrl(record[k]);
    if (u && new URL(u).origin === origin) return u;
  }
  return undefined;
}
