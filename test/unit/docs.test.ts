/** The users' README against the product: its tables list exactly what the code and package.json define. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Code } from '../../core/src/codes';
import { parse } from '../../core/src/parser/parser';
import { VIEW_COMMANDS } from '../../client/shared/messages';

const root = path.resolve(__dirname, '../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The text of the README section under `## title`, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README has no section '## ${title}'`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The first cells of a section's table rows that are `code`: | `name` | … */
function firstCells(title: string): string[] {
  return [...section(title).matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

describe('README', () => {
  it('lists every diagnostic code, and no other', () => {
    assert.deepEqual(firstCells('Diagnostics').sort(), Object.values(Code).sort());
  });
  it('lists every setting, and no other', () => {
    assert.deepEqual(firstCells('Settings').sort(), Object.keys(pkg.contributes.configuration.properties).sort());
  });
  it('lists every command under its palette title', () => {
    const table = section('Commands');
    for (const c of pkg.contributes.commands) assert.ok(table.includes(`**${c.category}: ${c.title}**`), `command ${c.command} (${c.title})`);
  });
  it('lists the results views\' commands, contributed to the palette only where a results panel is active', () => {
    const table = section('Commands');
    for (const [id, tab] of VIEW_COMMANDS) {
      const c = pkg.contributes.commands.find((x: { command: string }) => x.command === id);
      assert.ok(c, `${id} is contributed`);
      assert.ok(table.includes(`**${c.category}: ${c.title}**`) && table.toLowerCase().includes(tab), `${id} is in the README's commands table, naming its ${tab} tab`);
      const palette = pkg.contributes.menus.commandPalette.find((x: { command: string }) => x.command === id);
      assert.equal(palette?.when, "activeWebviewPanelId == 'wikiq.results'", id);
    }
  });
  it('has .wikiq examples without syntax errors', () => {
    const blocks = [...readme.matchAll(/```wikiq\n([\s\S]*?)```/g)].map((m) => m[1].replace(/^ {3}/gm, ''));
    assert.ok(blocks.length >= 2);
    for (const b of blocks) assert.deepEqual(parse(b).errors.map((e) => e.code), [], b);
  });
  it('says the test command CI runs, and points developers to CONTRIBUTING.md', () => {
    assert.match(readme, /`npm ci && npm test`/);
    assert.match(readme, /\(CONTRIBUTING\.md\)/);
    assert.ok(fs.existsSync(path.join(root, 'CONTRIBUTING.md')));
  });
});
