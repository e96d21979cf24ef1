/**
 * The language server in a real Neovim (headless), configured exactly as the README says: the
 * filetype rule, the client started over stdio, the endpoint from its `settings`. Completion,
 * hover, diagnostics and a quick fix applied, against a local wiki's own catalogue.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeWiki, type FakeWiki } from '../lsp/fakeWiki';
import { ensureNeovim, readmeConfig, runNeovim } from './harness';

interface Seen {
  filetype: string;
  attached: boolean;
  suggested: boolean;
  diagnostics: Array<{ line: number; col: number; message: string }>;
  completion: Array<{ label: string; command: string | null; documented: boolean }>;
  hover: string | null;
  actions: string[];
  fixed: string;
  failure?: string;
  errors?: string;
}

describe('Neovim with the README configuration', () => {
  let wiki: FakeWiki;
  let dir: string;
  let seen: Seen;
  before(async () => {
    ensureNeovim();
    wiki = await startFakeWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-nvim-'));
    const file = path.join(dir, 'try.wikiq');
    fs.writeFileSync(file, 'action = query\nlist = fakelist\nfllimt = 5\nfl\n');
    seen = await runNeovim<Seen>(dir, readmeConfig('**Neovim 0.7 to 0.10**', `${wiki.base}/ok/api.php`), file, 'check.lua');
  });
  after(async () => {
    await wiki?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('detects the filetype and attaches the wikiq client', () => {
    assert.equal(seen.filetype, 'wikiq');
    assert.equal(seen.attached, true);
  });

  it('shows the diagnostics of the wiki named in the settings, with its own parameter suggested', () => {
    assert.equal(seen.suggested, true, `diagnostics: ${JSON.stringify(seen.diagnostics)}`);
    const d = seen.diagnostics.find((x) => x.message.includes('fllimt'));
    assert.ok(d, JSON.stringify(seen.diagnostics));
    assert.equal(d.line, 2);
    assert.equal(d.col, 0);
  });

  it('completes the wiki\'s parameters with documentation and no VS Code command', () => {
    const item = seen.completion.find((i) => i.label === 'fllimit');
    assert.ok(item, `fllimit in ${seen.completion.map((i) => i.label).join(',')}`);
    assert.equal(item.documented, true);
    assert.deepEqual(seen.completion.filter((i) => i.command !== null), []);
  });

  it('hovers a module with the wiki\'s own description', () => {
    assert.match(seen.hover ?? '', /A list only this wiki has/);
  });

  it('applies the quick fix', () => {
    assert.ok(seen.actions.length > 0, `code actions: ${seen.errors ?? ''}`);
    assert.equal(seen.fixed, 'fllimit = 5');
  });
});
