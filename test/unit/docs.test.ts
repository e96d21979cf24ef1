/**
 * The users' docs against the product: README's tables (commands, settings) and docs/diagnostics.md's
 * table of codes list exactly what the code and package.json define.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Code } from '../../core/src/codes';
import { OPERATOR_NAMES } from '../../core/src/assertionOperators';
import { parse } from '../../core/src/parser/parser';
import { VIEW_COMMANDS } from '../../client/shared/messages';
import { ROOT, doc, docsPages, section as sectionOf } from './docFiles';
import { errorsOf } from '../../core/src/parser/blocks';

const readme = doc('README.md');
const pkg = JSON.parse(doc('package.json'));

/** The text of README.md's section under `## title`, up to the next `## `. */
function section(title: string): string {
  return sectionOf('README.md', title);
}

/** The first cells of a section's table rows that are `code`: | `name` | … */
function firstCells(file: string, title: string): string[] {
  return [...sectionOf(file, title).matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

describe('README and docs/', () => {
  it('docs/diagnostics.md lists every diagnostic code, and no other', () => {
    assert.deepEqual(firstCells('docs/diagnostics.md', 'Diagnostic codes').sort(), Object.values(Code).sort());
  });
  it('README lists every setting, and no other', () => {
    assert.deepEqual(firstCells('README.md', 'Settings').sort(), Object.keys(pkg.contributes.configuration.properties).sort());
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
  it('docs/format.md\'s Assertions names every operator of the table (OPERATORS)', () => {
    const assertions = sectionOf('docs/format.md', 'Assertions');
    for (const op of OPERATOR_NAMES) assert.ok(assertions.includes(`\`${op}`), op);
  });
  for (const file of ['README.md', ...docsPages()]) {
    it(`${file}: its .wikiq examples have no syntax errors`, () => {
      const blocks = [...doc(file).matchAll(/```wikiq\n([\s\S]*?)```/g)].map((m) => m[1].replace(/^ {3}/gm, ''));
      for (const b of blocks) assert.deepEqual(errorsOf(parse(b)).map((e) => e.code), [], b);
    });
  }
  it('finds the .wikiq examples: README\'s sample and walkthrough, the assertions, Copy as code\'s request', () => {
    const count = (file: string) => [...doc(file).matchAll(/```wikiq\n/g)].length;
    assert.ok(count('README.md') >= 2, 'README.md');
    assert.ok(count('docs/format.md') >= 1, 'docs/format.md');
    assert.ok(count('docs/copy-as-code.md') >= 1, 'docs/copy-as-code.md');
  });
  it('says the test command CI runs, and points developers to CONTRIBUTING.md', () => {
    assert.match(readme, /`npm ci && npm test`/);
    assert.match(readme, /\(CONTRIBUTING\.md\)/);
    assert.ok(fs.existsSync(path.join(ROOT, 'CONTRIBUTING.md')));
  });
});
