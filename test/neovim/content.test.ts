/**
 * Names from the wiki's content (#31) in a real Neovim (headless) with the README's configuration,
 * against the real test wiki (test/wiki/harness): a title completed in a `titles` value, a category
 * for `cmtitle` (inserted with `Category:`), and the facts a hover shows (a category's members, a
 * redirect's target). The server is the one Neovim starts (`dist/server.js --stdio`); the wiki is
 * the one the README's `settings` name. Then the content diagnostics as Neovim shows them (code and
 * severity: hints and information, never warnings) and their quick fixes applied to the buffer.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SEED, TestWiki, pageTitle, startWiki } from '../wiki/harness';
import { ensureNeovim, readmeConfig, runNeovim } from './harness';

interface Answer { items?: Array<{ label: string; detail: string | null }>; incomplete?: boolean; hover?: string | null }
interface Seen { attached: boolean; answers: Record<string, Answer>; errors?: string }
interface Diagnosed {
  attached: boolean;
  arrived: boolean;
  diagnostics: Array<{ line: number; col: number; end_col: number; code: string | null; severity: number; message: string }>;
  fixes: Array<{ line: number; code: string | null; titles: string[] }>;
  lines: string[];
  errors?: string;
}

const TITLE = pageTitle(2);
const CATEGORY = SEED.categories[0];

/** What Neovim asks, each at the ¦ of its line: [name, method, the line]. The file is these lines, under one request each. */
const ASKS: Array<[string, 'completion' | 'hover', string]> = [
  ['title', 'completion', `titles = Main Page|${TITLE.slice(0, -1)}¦`],
  ['category', 'completion', `list = categorymembers\ncmtitle = ${CATEGORY.slice(0, 2)}¦`],
  ['members', 'hover', `list = categorymembers\ncmtitle = ${CATEGORY.slice(0, 3)}¦${CATEGORY.slice(3)}`],
  ['redirect', 'hover', 'titles = Redir¦ect 0'],
];

describe('Neovim: names from the wiki\'s content', () => {
  let wiki: TestWiki;
  let dir: string;
  let seen: Seen;
  before(async () => {
    ensureNeovim();
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-nvim-content-'));
    // One request per ask (`### name`), its cursor where the ¦ was.
    const lines: string[] = [];
    const asks = ASKS.map(([name, method, body]) => {
      lines.push(`### ${name}`, 'action = query');
      let at = { line: -1, character: -1 };
      for (const l of body.split('\n')) {
        if (l.includes('¦')) at = { line: lines.length, character: l.indexOf('¦') };
        lines.push(l.replace('¦', ''));
      }
      lines.push('');
      return { name, method, ...at };
    });
    const file = path.join(dir, 'content.wikiq');
    fs.writeFileSync(file, lines.join('\n'));
    fs.writeFileSync(path.join(dir, 'asks.json'), JSON.stringify(asks));
    seen = await runNeovim<Seen>(dir, readmeConfig('**Neovim 0.7 to 0.10**', wiki.endpoint), file, 'ask.lua', { WIKIQ_NVIM_ASKS: path.join(dir, 'asks.json') });
    assert.equal(seen.attached, true, 'the wikiq client attached');
  });
  after(async () => {
    await wiki?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const items = (name: string) => seen.answers[name]?.items ?? [];
  const hover = (name: string) => seen.answers[name]?.hover ?? '';

  it('completes a title from the wiki in a titles value, labelled a page', () => {
    const item = items('title').find((i) => i.label === TITLE);
    assert.ok(item, `${TITLE} among ${items('title').map((i) => i.label).join(', ')} ${seen.errors ?? ''}`);
    assert.match(item.detail ?? '', /^page/);
  });

  it('completes a category for cmtitle, with Category: and its member count', () => {
    const item = items('category').find((i) => i.label === `Category:${CATEGORY}`);
    assert.ok(item, `Category:${CATEGORY} among ${items('category').map((i) => i.label).join(', ')}`);
    assert.match(item.detail ?? '', /^category, [1-9]\d* members$/);
  });

  it('hovers a category value with its members, and a redirect with its target', () => {
    assert.match(hover('members'), new RegExp(`\\*\\*Category:${CATEGORY}\\*\\*`));
    assert.match(hover('members'), /Members: [1-9]\d* pages, \d+ files, \d+ subcategories/);
    assert.match(hover('redirect'), new RegExp(`A redirect to ${pageTitle(0)}`));
  });
});

/** Neovim's severities (vim.diagnostic.severity), the same numbers as LSP's. */
const HINT = 4;
const INFO = 3;

/** The file, and each content diagnostic Neovim should show: [line, code, the text it covers, severity, its quick fix's title (none: ''), the line after it]. */
const DIAGNOSED_FILE = [
  '### Normalised', 'action = query', 'titles = apple_page_0',
  '### Redirect', 'action = query', 'titles = Redirect 0',
  '### No members', 'action = query', 'list = categorymembers', 'cmtitle = Category:Physicist', '',
];
const DIAGNOSED: Array<[number, string, string, number, string, string]> = [
  [2, 'normalised-name', 'apple_page_0', HINT, `Change to '${pageTitle(0)}'`, `titles = ${pageTitle(0)}`],
  [5, 'unfollowed-redirect', 'Redirect 0', INFO, `Change to '${pageTitle(0)}'`, `titles = ${pageTitle(0)}`],
  [9, 'empty-category', 'Category:Physicist', INFO, '', 'cmtitle = Category:Physicist'],
];

describe('Neovim: content diagnostics and their quick fixes', () => {
  let wiki: TestWiki;
  let dir: string;
  let seen: Diagnosed;
  before(async () => {
    ensureNeovim();
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-nvim-diag-'));
    const file = path.join(dir, 'diag.wikiq');
    fs.writeFileSync(file, DIAGNOSED_FILE.join('\n'));
    seen = await runNeovim<Diagnosed>(dir, readmeConfig('**Neovim 0.7 to 0.10**', wiki.endpoint), file, 'diagnose.lua', { WIKIQ_NVIM_CODES: DIAGNOSED.map((d) => d[1]).join(',') });
    assert.equal(seen.attached, true, 'the wikiq client attached');
  });
  after(async () => {
    await wiki?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows each content diagnostic with its code and severity, and nothing else', () => {
    assert.equal(seen.arrived, true, `diagnostics: ${JSON.stringify(seen.diagnostics)} ${seen.errors ?? ''}`);
    const shown = seen.diagnostics.map((d) => [d.line, d.code, DIAGNOSED_FILE[d.line].slice(d.col, d.end_col), d.severity]);
    assert.deepEqual(shown.sort(), DIAGNOSED.map(([line, code, text, severity]) => [line, code, text, severity]).sort(), JSON.stringify(seen.diagnostics, null, 1));
  });

  it('offers a quick fix where the wiki has a form or a target, and applying it puts that in the buffer', () => {
    for (const [line, code, , , title, after] of DIAGNOSED) {
      const fix = seen.fixes.find((f) => f.line === line);
      assert.deepEqual(fix?.titles, title ? [title] : [], `${code}: ${JSON.stringify(fix)} ${seen.errors ?? ''}`);
      assert.equal(seen.lines[line], after, code);
    }
  });
});
