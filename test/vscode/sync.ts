/**
 * The file protocol between the suite (in the extension host, a Node process) and the offline
 * runner (which drives the browser showing the workbench). Both sides only react to fs.watch events;
 * nothing polls or sleeps.
 *
 *   suite  writes  <dir>/<id>.request.json   { id, kind, name, selector, hasText? }
 *   runner waits for `selector` (with `hasText`) to be visible in the page, then
 *            kind 'screenshot': takes a PNG of the page as <name>.png
 *            kind 'tokens':     reads the rendered lines of the active editor (text and colour of each token)
 *            kind 'webviewRows' / 'webviewContrast': in the inner frame of the visible webview (the
 *                               selector names its outer iframe), waits for `frameSelector` (with
 *                               `hasText`) to be visible, lets two frames pass, then measures the shown
 *                               grid's rows against the rows that fit, or the WCAG contrast of the
 *                               texts in `contrastSelector` (see ../webviewMeasure)
 *            kind 'texts':      reads the text and aria-label of every element `selector` matches
 *                               (the Testing view's rows as a screen reader names them, a terminal's lines)
 *            kind 'answer':     types `text` into the quick input's box (the quick pick or input box the
 *                               selector showed) and presses Enter, as a user answering a prompt. The
 *                               runner deletes the request file once read and never logs `text`
 *                               (it may be a password; with `secret` the run fails if any log holds it)
 *          and writes  <dir>/<id>.ack.json   { ok, file?, lines?, texts?, rows?, contrasts?, error? }
 *   suite  writes  <dir>/result.json         { total, passed, failed, vscodeVersion, ... } at the end
 *
 * Files are written to a temporary name and renamed, so a reader never sees half a file.
 * This module must not import `vscode`: the runner uses it too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ContrastPair, RowCoverage } from '../webviewMeasure';

/** Environment variable naming the sync folder (set by the offline runner on the server process). */
export const SYNC_ENV = 'WIKIQ_EDITOR_SYNC_DIR';
/** Environment variable choosing the suite: 'dev' (default, the development folder) or 'vsix'. */
export const SUITE_ENV = 'WIKIQ_EDITOR_SUITE';

export interface PageRequest {
  id: string;
  kind: 'screenshot' | 'tokens' | 'texts' | 'answer' | 'click' | 'webviewRows' | 'webviewContrast';
  /** Screenshot file name without extension, e.g. "completion"; a label for 'tokens' and 'answer'. */
  name: string;
  /** CSS selector that must be visible first. */
  selector: string;
  /** Text the element must contain (for the webview kinds: the element `frameSelector` names). */
  hasText?: string;
  /** For the webview kinds: CSS selector in the webview's inner frame that must be visible first; for 'click', the element clicked there (else `selector` in the workbench is). */
  frameSelector?: string;
  /** For 'webviewContrast': the elements whose texts are measured. */
  contrastSelector?: string;
  /** For 'answer': what is typed into the quick input before Enter (never logged). */
  text?: string;
  /**
   * For 'answer': `text` is a secret (a password). The runner then fails the run if those bytes
   * appear in any log it keeps or in the VS Code server's own logs of the run.
   */
  secret?: boolean;
}

/** The text box of VS Code's quick input (quick pick and input box alike). */
export const QUICK_INPUT_BOX = '.quick-input-widget .quick-input-box input';

/** One token of a rendered editor line, with its computed style. */
export interface RenderedToken {
  text: string;
  color: string;
  fontWeight: string;
  fontStyle: string;
}

/** An element of the page as 'texts' reads it: its rendered text and its accessible name, if set. */
export interface PageText {
  text: string;
  ariaLabel: string | null;
}

export interface PageAck {
  ok: boolean;
  file?: string;
  /** For 'texts': every element the selector matches, in document order. */
  texts?: PageText[];
  /** For 'tokens': the visible lines of the active editor, top to bottom. */
  lines?: RenderedToken[][];
  /** For 'webviewRows': the shown grid's rows against the rows that fit. */
  rows?: RowCoverage;
  /** For 'webviewContrast': every visible text measured, with its contrast. */
  contrasts?: ContrastPair[];
  error?: string;
}

export interface SuiteResult {
  total: number;
  passed: number;
  failed: number;
  pending: number;
  vscodeVersion: string;
  suite: string;
  failures: { title: string; message: string }[];
  durationMs: number;
}

export function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value, null, 2));
  fs.renameSync(tmp, file);
}

/**
 * Resolves with the parsed content of dir/name once it exists (now or later), using fs.watch.
 * Rejects after timeoutMs with `what` in the message.
 */
export function waitForJson<T>(dir: string, name: string, timeoutMs: number, what: string): Promise<T> {
  const file = path.join(dir, name);
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const finish = (err: Error | undefined, value?: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      watcher.close();
      if (err) reject(err);
      else resolve(value as T);
    };
    const check = () => {
      if (done || !fs.existsSync(file)) return;
      try {
        finish(undefined, JSON.parse(fs.readFileSync(file, 'utf8')) as T);
      } catch (err) {
        finish(new Error(`${what}: ${file} is not valid JSON: ${(err as Error).message}`));
      }
    };
    const watcher = fs.watch(dir, (_event, changed) => {
      if (!changed || changed.toString() === name) check();
    });
    const timer = setTimeout(() => finish(new Error(`${what}: no ${name} in ${dir} after ${timeoutMs / 1000} s`)), timeoutMs);
    check(); // it may have been written before the watcher started
  });
}
