/**
 * The runner's side of the page requests of sync.ts: what the suite (in the extension host) asks
 * of the page — screenshots, rendered token colours, elements' texts and accessible names, answers to prompts, measurements inside the
 * results webview — and the check that no secret typed into a prompt reached any log of the run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { CONTRAST_SELECTOR, contrasts, rowCoverage } from '../webviewMeasure';
import { PageAck, PageRequest, QUICK_INPUT_BOX, RenderedToken, writeJsonAtomic } from './sync';

export const repoRoot = path.resolve(__dirname, '../../..');
export const screenshotsDir = path.join(repoRoot, '.test-output', 'screenshots');

/** The visible lines of the active editor with each token's computed style (runs in the page). */
function renderedTokens(): RenderedToken[][] {
  const editor = document.querySelector('.editor-group-container.active .monaco-editor .view-lines') ?? document.querySelector('.monaco-editor .view-lines');
  if (!editor) return [];
  const lines = (Array.from(editor.querySelectorAll<HTMLElement>('.view-line'))).sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
  return lines.map((line) => (Array.from(line.querySelectorAll<HTMLElement>('span > span'))).map((span) => {
    const st = getComputedStyle(span);
    return { text: (span.textContent ?? '').replace(/\u00a0/g, ' '), color: st.color, fontWeight: st.fontWeight, fontStyle: st.fontStyle };
  }));
}

/**
 * The inner frame of the visible webview (`req.selector` names its outer iframe; VS Code draws the
 * page in that iframe's #active-frame), once `req.frameSelector` (with `req.hasText`) is visible
 * there, after two animation frames (layout, ResizeObserver callbacks and paint have happened).
 */
async function webviewFrame(page: Page, req: PageRequest): Promise<Frame> {
  let target = page.frameLocator(req.selector).first().frameLocator('#active-frame').first().locator(req.frameSelector ?? 'body');
  if (req.hasText) target = target.filter({ hasText: req.hasText });
  await target.first().waitFor({ state: 'visible', timeout: 20_000 });
  const frame = await (await target.first().elementHandle()).ownerFrame();
  if (!frame) throw new Error('the webview frame went away');
  await frame.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  return frame;
}

/** Every *.log file under dir (recursively). */
export function logFilesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => path.join(dir, f)).filter((f) => f.endsWith('.log') && fs.statSync(f).isFile());
}

/** The files holding the bytes of any of `secrets`. */
export function leakedIn(secrets: Set<string>, files: string[]): string[] {
  if (!secrets.size) return [];
  const needles = [...secrets].map((s) => Buffer.from(s));
  return files.filter((f) => {
    const bytes = fs.readFileSync(f);
    return needles.some((n) => bytes.includes(n));
  });
}

/** Serves the page requests the suite writes into syncDir (see ./sync). */
export function servePageRequests(page: Page, syncDir: string, log: (l: string) => void, secrets: Set<string>): () => void {
  const seen = new Set<string>();
  let queue = Promise.resolve();
  const handle = (name: string) => {
    if (!name.endsWith('.request.json') || seen.has(name)) return;
    const file = path.join(syncDir, name);
    if (!fs.existsSync(file)) return;
    seen.add(name);
    queue = queue.then(async () => {
      let req: PageRequest | undefined;
      let ack: PageAck;
      try {
        req = JSON.parse(fs.readFileSync(file, 'utf8')) as PageRequest;
        // An answer may carry a password: it does not stay on disk longer than needed.
        if (req.kind === 'answer') fs.rmSync(file, { force: true });
        if (req.kind === 'answer' && req.secret && req.text) secrets.add(req.text);
        if (!/^[\w.-]+$/.test(req.name)) throw new Error(`bad request name '${req.name}'`);
        if (req.kind === 'click') {
          // As a user: the button in the workbench (a modal dialog's), or in the visible webview's page.
          let target = req.frameSelector
            ? page.frameLocator(req.selector).first().frameLocator('#active-frame').first().locator(req.frameSelector)
            : page.locator(req.selector);
          if (req.hasText) target = target.filter({ hasText: req.hasText });
          await target.first().click({ timeout: 20_000 });
          log(`  [click] '${req.name}'`);
          ack = { ok: true };
        } else if (req.kind === 'webviewRows' || req.kind === 'webviewContrast') {
          const frame = await webviewFrame(page, req);
          if (req.kind === 'webviewRows') {
            const rows = await frame.evaluate(rowCoverage);
            log(`  [webview] '${req.name}': ${rows.visible} rows visible of ${rows.fit} that fit (${rows.rows} drawn, ${rows.total} records)`);
            ack = { ok: true, rows };
          } else {
            const pairs = await frame.evaluate(contrasts, req.contrastSelector ?? CONTRAST_SELECTOR);
            log(`  [webview] '${req.name}': ${pairs.length} texts, lowest contrast ${Math.min(...pairs.map((p) => p.ratio)).toFixed(2)}:1`);
            ack = { ok: true, contrasts: pairs };
          }
        } else {
          let target = page.locator(req.selector);
          if (req.hasText) target = target.filter({ hasText: req.hasText });
          await target.first().waitFor({ state: 'visible', timeout: 20_000 });
          if (req.kind === 'tokens') {
            ack = { ok: true, lines: await page.evaluate(renderedTokens) };
          } else if (req.kind === 'texts') {
            const texts = await page.locator(req.selector).evaluateAll((els) => els.map((e) => ({ text: (e as HTMLElement).innerText, ariaLabel: e.getAttribute('aria-label') })));
            log(`  [texts] '${req.name}': ${texts.length} elements`);
            ack = { ok: true, texts };
          } else if (req.kind === 'answer') {
            // As a user: focus the box, type the answer, press Enter (a quick pick filters its items
            // by what is typed and Enter takes the first one left).
            // Focused, not clicked: the mouse stays where it was, so no hover is left over the tabs.
            const box = page.locator(QUICK_INPUT_BOX).first();
            await box.focus({ timeout: 10_000 });
            await page.keyboard.press('ControlOrMeta+A');
            await page.keyboard.type(req.text ?? '');
            await page.keyboard.press('Enter');
            log(`  [answer] '${req.name}': typed ${(req.text ?? '').length} characters and Enter`);
            ack = { ok: true };
          } else {
            const out = path.join(screenshotsDir, `${req.name}.png`);
            // Finite animations (the hover's fade-in) are run to their end, so the picture shows the final state.
            await page.screenshot({ path: out, animations: 'disabled' });
            log(`  [screenshot] ${path.relative(repoRoot, out)}`);
            ack = { ok: true, file: out };
          }
        }
      } catch (err) {
        const msg = (err as Error).message.split('\n')[0];
        log(`  [page] ${req?.kind ?? ''} '${req?.name ?? name}' failed: ${msg}`);
        ack = { ok: false, error: `${msg} (waiting for ${req?.selector}${req?.frameSelector ? ` > #active-frame > ${req.frameSelector}` : ''}${req?.hasText ? ` with text '${req.hasText}'` : ''})` };
      }
      writeJsonAtomic(path.join(syncDir, name.replace('.request.json', '.ack.json')), ack);
    });
  };
  const watcher = fs.watch(syncDir, (_e, changed) => changed && handle(changed.toString()));
  for (const n of fs.readdirSync(syncDir)) handle(n);
  return () => watcher.close();
}
