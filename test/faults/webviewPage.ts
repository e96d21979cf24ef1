/**
 * The results view in a real browser (Debian's chromium driven by playwright-core), outside VS
 * Code: the panel's real HTML (./client/src/results/html, with its CSP) and the bundled
 * dist/media/results.js + results.css served from 127.0.0.1, `acquireVsCodeApi` stubbed (posted
 * messages and state recorded), the host's messages planned by the host's own UpdatePlanner.
 *
 * Three origins: the page's (the webview resources), a "wiki" (the endpoint's origin, serving
 * thumbnails) and an "elsewhere" origin that must never be contacted. Both record every request.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PATHS, ensureLayer } from '../provision';
import { UpdatePlanner } from '../../client/src/results/delta';
import { makeNonce, resultsHtml } from '../../client/src/results/html';
import { pack } from '../../client/src/results/packing';
import type { HostEnvelope, HostMessage, WebviewMessage } from '../../client/shared/messages';
import type { ResultsModel } from '../../client/shared/model';
import type { RenderedReport } from '../../client/shared/renderReport';
import { Theme, bodyClass, themeCss } from './webviewTheme';

export const repoRoot = path.resolve(__dirname, '../../..');
export const MEDIA_DIR = process.env.WIKIQ_MEDIA_DIR ?? path.join(repoRoot, 'dist', 'media');
export const CHROMIUM = PATHS.chromium;
export const screenshotsDir = path.join(repoRoot, '.test-output', 'screenshots');

interface Origin {
  origin: string;
  hits: string[];
  server: http.Server;
}

function listen(handler: (req: http.IncomingMessage, res: http.ServerResponse, hits: string[]) => void): Promise<Origin> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res, hits);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server })));
}

function close(o: Origin): Promise<void> {
  o.server.closeAllConnections();
  return new Promise((r) => o.server.close(() => r()));
}

/** A small SVG "photo" per file name (a real image the browser decodes). */
function svgFor(name: string): string {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const hue2 = (hue + 40) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,65%)"/><stop offset="1" stop-color="hsl(${hue2},60%,35%)"/></linearGradient></defs>
<rect width="160" height="120" fill="url(#g)"/><circle cx="${40 + (hash % 80)}" cy="38" r="16" fill="hsl(${(hue + 180) % 360},80%,80%)"/>
<path d="M0 120 L50 70 L80 95 L115 55 L160 100 L160 120 Z" fill="hsl(${hue2},40%,22%)"/></svg>`;
}

export interface OpenOptions {
  theme?: Theme;
  /** Serve the page without its CSP (proves the sanitiser alone keeps scripts out). */
  withoutCsp?: boolean;
  viewport?: { width: number; height: number };
  /** The endpoint's path on the wiki origin (default /w/api.php). */
  endpointPath?: string;
  /** The page asks the view for render reports, as the host does under VS Code's test harness. */
  reportRenders?: boolean;
  /** Scripts the test adds to the page may fetch from elsewhere (a bench streams the host's messages to the view this way). */
  bypassCsp?: boolean;
  /** The user allows images from the wiki's origin (wikiq.results.showThumbnails; default true here). */
  remoteImages?: boolean;
}

export class WebviewPage {
  readonly dialogs: string[] = [];
  readonly pageErrors: string[] = [];
  readonly console: string[] = [];

  private constructor(readonly browser: Browser, readonly page: Page, readonly app: Origin, readonly wiki: Origin, readonly elsewhere: Origin, readonly endpoint: string) {}

  /** Starts the servers and chromium and loads the view. Fails with a clear message when something is missing. */
  static async open(o: OpenOptions = {}): Promise<WebviewPage> {
    for (const f of ['results.js', 'results.css']) {
      if (!fs.existsSync(path.join(MEDIA_DIR, f))) {
        throw new Error(`${path.join(MEDIA_DIR, f)} is missing: run \`node scripts/build.mjs\` first (the results view bundle needs the dompurify package: npm install --save-dev dompurify).`);
      }
    }
    // The one provisioning path (scripts/test.mjs ran it before the layer; a file run on its own runs it here).
    ensureLayer('faults');
    let pw: typeof import('playwright-core');
    try {
      pw = await import('playwright-core');
    } catch {
      throw new Error('playwright-core is not installed (npm ci).');
    }
    const theme = o.theme ?? 'dark';
    const wiki = await listen((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname.startsWith('/images/')) {
        res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
        res.end(svgFor(decodeURIComponent(u.pathname)));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    const elsewhere = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end(svgFor('elsewhere'));
    });
    const endpoint = `${wiki.origin}${o.endpointPath ?? '/w/api.php'}`;
    let appOrigin = '';
    const app = await listen((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/') {
        // cspSource has the shape VS Code gives it: a keyword and a host.
        let html = resultsHtml({ cspSource: `'self' ${appOrigin}`, nonce: makeNonce(), scriptUri: `${appOrigin}/media/results.js`, styleUri: `${appOrigin}/media/results.css`, endpoint, reportRenders: o.reportRenders, remoteImages: o.remoteImages ?? true });
        // What VS Code adds around a webview: the theme's variables and the body's theme class.
        html = html.replace('<link rel="stylesheet"', `<link rel="stylesheet" href="${appOrigin}/theme.css">\n<link rel="stylesheet"`).replace('<body>', `<body class="${bodyClass[theme]}">`);
        if (o.withoutCsp) html = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\n/, '');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(html);
      } else if (u.pathname === '/theme.css') {
        res.writeHead(200, { 'content-type': 'text/css' });
        res.end(themeCss(theme));
      } else if (u.pathname.startsWith('/media/')) {
        const file = path.join(MEDIA_DIR, path.basename(u.pathname));
        if (!fs.existsSync(file)) {
          res.writeHead(404);
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': file.endsWith('.css') ? 'text/css' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream', 'cache-control': 'no-store' });
        res.end(fs.readFileSync(file));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    appOrigin = app.origin;
    let browser: Browser;
    try {
      browser = await pw.chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
      });
    } catch (e) {
      await Promise.all([close(app), close(wiki), close(elsewhere)]);
      throw new Error(`chromium (${CHROMIUM}) did not start: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    }
    const context = await browser.newContext({ viewport: o.viewport ?? { width: 1200, height: 720 }, deviceScaleFactor: 1, bypassCSP: o.bypassCsp ?? false });
    const page = await context.newPage();
    const w = new WebviewPage(browser, page, app, wiki, elsewhere, endpoint);
    page.on('dialog', (d) => {
      w.dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss().catch(() => undefined);
    });
    page.on('pageerror', (e) => w.pageErrors.push(e.message));
    page.on('console', (m) => w.console.push(`${m.type()}: ${m.text()}`));
    await page.addInitScript(() => {
      const g = window as unknown as Record<string, unknown>;
      g.__posted = [];
      g.__state = undefined;
      g.__csp = [];
      g.acquireVsCodeApi = () => ({
        postMessage: (m: unknown) => (g.__posted as unknown[]).push(JSON.parse(JSON.stringify(m))),
        getState: () => g.__state,
        setState: (s: unknown) => {
          g.__state = JSON.parse(JSON.stringify(s));
        },
      });
      document.addEventListener('securitypolicyviolation', (e) => (g.__csp as string[]).push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${app.origin}/`);
    await page.waitForFunction(() => (window as unknown as { __posted: Array<{ type: string }> }).__posted.some((m) => m.type === 'ready'), undefined, { timeout: 10_000 })
      .catch(async () => {
        throw new Error(`the results view did not start (no 'ready' message). Page errors: ${w.pageErrors.join(' | ') || 'none'}; console: ${w.console.join(' | ').slice(0, 500)}`);
      });
    return w;
  }

  /** Messages the view posted to the host so far (render reports too, where the page asks for them). */
  posted(): Promise<Array<WebviewMessage | RenderedReport>> {
    return this.page.evaluate(() => (window as unknown as { __posted: Array<WebviewMessage | RenderedReport> }).__posted);
  }

  cspViolations(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  }

  /** Posts host messages to the view as the panel does (one message event each; large ones packed: client/src/results/packing). */
  async send(msgs: HostMessage[]): Promise<void> {
    for (const m of msgs) await this.post(await pack(m));
  }

  /** Posts one envelope as VS Code would (a packed message's bytes arrive as a Uint8Array). */
  async post(m: HostEnvelope): Promise<void> {
    const arg = m.type === 'packed' ? { ...m, gzip: Array.from(m.gzip) } : m;
    await this.page.evaluate((x) => window.postMessage(x.type === 'packed' ? { ...x, gzip: new Uint8Array(x.gzip) } : x, '*'), arg);
  }

  /** Shows a model the way the panel does (render + chunked appends) and waits until it is applied. */
  async show(model: ResultsModel, view: { pinned?: boolean; thumbnails?: boolean } = {}, planner = new UpdatePlanner()): Promise<HostMessage[]> {
    const msgs = planner.plan(model, { pinned: view.pinned ?? false, thumbnails: view.thumbnails ?? false });
    await this.send(msgs);
    await this.settled();
    return msgs;
  }

  /** Waits until every message was applied. */
  async settled(): Promise<void> {
    await this.page.waitForFunction(() => {
      const app = document.getElementById('app');
      return app?.dataset.state === 'ready' && app.dataset.pending === '0';
    }, undefined, { timeout: 30_000 });
  }

  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(screenshotsDir, { recursive: true });
    const file = path.join(screenshotsDir, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await Promise.all([close(this.app), close(this.wiki), close(this.elsewhere)]);
  }
}

/** Opens the view's page in chromium for `fn`, and closes it whatever happens. */
export async function withPage(o: OpenOptions, fn: (w: WebviewPage) => Promise<void>): Promise<void> {
  const w = await WebviewPage.open(o);
  try {
    await fn(w);
  } finally {
    await w.close();
  }
}

/** Two animation frames: layout, ResizeObserver callbacks and paint of what was just shown have happened. */
export const frames = (w: WebviewPage) => w.page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
