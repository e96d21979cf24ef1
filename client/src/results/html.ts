/**
 * The results view's HTML page: a strict Content-Security-Policy (`default-src 'none'`; the one
 * script only by nonce; styles from the webview's resources; images from the webview's resources
 * and, when the user allows remote images, the endpoint's origin only (named on the page's root in
 * `data-image-origin`, so the view knows whether thumbnails can load); no connections, frames, forms or base changes), the stylesheet
 * and the script. Pure: the panel passes the webview's values, the browser test its own.
 */
import { REPORT_RENDERS_ATTRIBUTE } from '../../shared/renderReport';
import { IMAGE_ORIGIN_ATTRIBUTE, originOf } from '../../shared/url';

export interface PageOptions {
  /** `webview.cspSource`. */
  cspSource: string;
  /** URI of dist/media/results.js as the webview sees it. */
  scriptUri: string;
  /** URI of dist/media/results.css as the webview sees it. */
  styleUri: string;
  nonce: string;
  /** The endpoint of the request: its origin may serve thumbnails when `remoteImages` is on. */
  endpoint?: string;
  /** The user allows images from the endpoint's origin (the wikiq.results.showThumbnails setting). */
  remoteImages?: boolean;
  /** Ask the view to report what it renders (a test hook: ../../shared/renderReport). */
  reportRenders?: boolean;
}

/** 128 random bits as hex, from the Web Crypto API every runtime has (Node's extension host and the browser's worker alike). */
export function makeNonce(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `webview.cspSource` as CSP source expressions (VS Code gives e.g. `'self' https://*.vscode-cdn.net`):
 * only `'self'` and scheme://host[:port][/path] tokens pass, nothing that could add a directive or
 * widen it to a whole scheme.
 */
function sources(s: string): string {
  const ok = s.trim().split(/\s+/).filter((t) => t === "'self'" || /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[A-Za-z0-9.\-*[\]:_]+(\/[A-Za-z0-9._~\-/%]*)?$/.test(t));
  return ok.length ? ok.join(' ') : "'none'";
}

/** The origin images may load from: the endpoint's, only when the user allows remote images. */
export function imageOrigin(o: Pick<PageOptions, 'endpoint' | 'remoteImages'>): string | undefined {
  return o.remoteImages && o.endpoint ? originOf(o.endpoint) : undefined;
}

export function contentSecurityPolicy(o: Pick<PageOptions, 'cspSource' | 'nonce' | 'endpoint' | 'remoteImages'>): string {
  const csp = sources(o.cspSource);
  const img = [csp];
  const origin = imageOrigin(o);
  if (origin) img.push(origin);
  if (!/^[A-Za-z0-9+/=]+$/.test(o.nonce)) throw new Error('nonce must be base64');
  return [
    "default-src 'none'",
    `script-src 'nonce-${o.nonce}'`,
    `style-src ${csp}`,
    `img-src ${img.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ].join('; ');
}

export function resultsHtml(o: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(o))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${attr(o.styleUri)}">
<title>wikiq results</title>
</head>
<body>
<div id="app" class="app"${o.reportRenders ? ` ${REPORT_RENDERS_ATTRIBUTE}="true"` : ''}${imageOrigin(o) ? ` ${IMAGE_ORIGIN_ATTRIBUTE}="${attr(imageOrigin(o)!)}"` : ''}><p class="placeholder">Loading results…</p></div>
<script nonce="${attr(o.nonce)}" src="${attr(o.scriptUri)}"></script>
</body>
</html>
`;
}
