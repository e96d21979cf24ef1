/**
 * Running Copy as code's programs as their users would: Python (requests, mwclient) and PHP
 * programs as files, an mwn program under Node with the npm package, and mw.Api code inside a
 * page of the wiki in headless chromium. Each answers the JSON its program prints (or logs); a
 * Python program must pass pycodestyle (PEP 8) first.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import type { CodeLanguage } from '../../core/src';
import { PATHS } from '../provision';
import { PYTHON } from './codegenRuntimes';

export const CHROMIUM = PATHS.chromium;

/** The node_modules folder holding mwn (a dev dependency), for the program's NODE_PATH. */
function mwnModules(): string {
  let entry: string;
  try {
    entry = require.resolve('mwn');
  } catch {
    throw new Error('mwn (a dev dependency) is not installed: run npm ci.');
  }
  let dir = path.dirname(entry);
  while (path.basename(dir) !== 'node_modules') dir = path.dirname(dir);
  return dir;
}

function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { env, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }, (e, out, err) => {
      if (e) reject(new Error(`${path.basename(cmd)} ${args.join(' ')} failed: ${err || out || e.message}`));
      else resolve(out);
    });
  });
}

const FILES: Partial<Record<CodeLanguage, { ext: string; cmd: () => string }>> = {
  python: { ext: 'py', cmd: () => PYTHON },
  mwclient: { ext: 'py', cmd: () => PYTHON },
  php: { ext: 'php', cmd: () => 'php' },
  mwn: { ext: 'js', cmd: () => process.execPath },
};

/** Runs a program file of `lang` with `secrets` (WIKIQ_USER…) in its environment; its printed JSON. */
export async function runProgram(lang: CodeLanguage, code: string, secrets: Record<string, string> = {}): Promise<unknown> {
  const how = FILES[lang];
  if (!how) throw new Error(`no file runtime for ${lang}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-codegen-'));
  try {
    const file = path.join(dir, `program.${how.ext}`);
    fs.writeFileSync(file, code);
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir, ...secrets };
    if (lang === 'mwn') env.NODE_PATH = mwnModules();
    // Written as the community writes it: PEP 8 (pycodestyle's defaults) for Python.
    if (how.ext === 'py') await exec(PYTHON, ['-m', 'pycodestyle', file], env);
    return JSON.parse(await exec(how.cmd(), [file], env));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Headless chromium for mw.Api code; `run` opens a page of the wiki and runs the code there. */
export class WikiBrowser {
  private constructor(private readonly browser: Browser) {}

  static async start(): Promise<WikiBrowser> {
    const pw = await import('playwright-core');
    const browser = await pw.chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    });
    return new WikiBrowser(browser);
  }

  /**
   * Opens Special:UserLogin of the wiki at `base` (a page every wiki shows, private ones too), signs
   * in with `login` through mw.Api when given, runs `code` as a script and answers what it logs.
   */
  async run(base: string, code: string, login?: { user: string; password: string }): Promise<unknown> {
    const context = await this.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${base}/index.php?title=Special:UserLogin`);
      await page.waitForFunction(() => typeof (globalThis as { mw?: { loader?: unknown } }).mw?.loader === 'object');
      if (login) {
        await page.evaluate(async ({ user, password }) => {
          const mw = (globalThis as unknown as { mw: { loader: { using(m: string): Promise<void> }; Api: new () => { login(u: string, p: string): Promise<unknown> } } }).mw;
          await mw.loader.using('mediawiki.api');
          await new mw.Api().login(user, password);
        }, login);
      }
      const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'log', timeout: 120_000 });
      const failed = new Promise<never>((_, reject) => page.on('pageerror', (e) => reject(new Error(`mw.Api code failed in the page: ${e.message}`))));
      // The one that loses the race settles later (or never): not an unhandled rejection.
      logged.catch(() => undefined);
      failed.catch(() => undefined);
      await page.addScriptTag({ content: code });
      const message = await Promise.race([logged, failed]);
      return await message.args()[0].jsonValue();
    } finally {
      await context.close();
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
