/**
 * The one provisioning path (test/provision.ts): no other test file checks for a system program or
 * package itself, or runs apt-get or dpkg. Such a check passes on a machine where earlier work left
 * the package behind and fails (or worse, asserts) on a fresh one; the provisioner installs instead.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { LAYERS, LAYER_PACKAGES } from '../provision';

const root = path.resolve(__dirname, '../../..');
const PROVISIONER = 'test/provision.ts';
/** This file: its rows quote what the rules refuse. */
const SELF = 'test/unit/provisioning.test.ts';
const NOT_SCANNED = ['test/fixtures', 'test/vscode/workspace', 'test/vscode/harness'];

/** What a test file may not do on its own, each with the words of the finding. */
const RULES: Array<[RegExp, string]> = [
  [/['"`]\/usr\/(?!bin\/env\b)/, 'names a system path (take it from PATHS in test/provision.ts)'],
  [/['"`](apt-get|apt|dpkg|dpkg-query)['"`\s]/, 'runs the package manager (use ensureLayer/ensurePackages of test/provision.ts)'],
  [/command -v /, 'looks a program up on PATH (the provisioner installs it)'],
  [/existsSync\(\s*(PATHS\.|CHROMIUM\b|PYTHON\b)/, 'checks a provisioned program exists (the provisioner installs it)'],
];

/** The findings in one file's text: `line: words`. Comments are text too: a path in a comment is fine. */
function findings(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '').replace(/\s\/\/ .*$/, '');
    for (const [re, words] of RULES) if (re.test(code)) out.push(`${i + 1}: ${words}`);
  });
  return out;
}

function testSources(dir: string): string[] {
  if (NOT_SCANNED.includes(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...testSources(rel));
    else if (/\.(ts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

describe('provisioning: one path', () => {
  const rows: Array<[text: string, found: RegExp | undefined]> = [
    ["const CHROMIUM = '/usr/bin/chromium';", /names a system path/],
    ["assert.ok(fs.existsSync(CHROMIUM), 'install chromium');", /checks a provisioned program exists/],
    ["spawnSync('dpkg-query', ['-W', 'neovim']);", /runs the package manager/],
    ["spawnSync('sh', ['-c', 'command -v nvim']);", /looks a program up/],
    ["execFileSync('apt-get', ['install', '-y', 'php-cli']);", /runs the package manager/],
    [" * Debian's chromium (/usr/bin/chromium) drives the page.", undefined],
    ["assert.ok(read('cli.js').startsWith('#!/usr/bin/env node\\n'));", undefined],
    ['const CHROMIUM = PATHS.chromium;', undefined],
  ];
  for (const [text, found] of rows) {
    it(`${found ? 'refuses' : 'allows'}: ${text.trim()}`, () => {
      const f = findings(text);
      if (found) assert.match(f.join('\n'), found);
      else assert.deepEqual(f, []);
    });
  }

  it('no test file but test/provision.ts checks or installs a system package', () => {
    const bad: string[] = [];
    for (const rel of [...testSources('test'), 'scripts/test.mjs']) {
      if (rel === PROVISIONER || rel === SELF) continue;
      for (const f of findings(readFileSync(path.join(root, rel), 'utf8'))) bad.push(`${rel}:${f}`);
    }
    assert.deepEqual(bad, []);
  });

  it('every layer that scripts/test.mjs runs has an entry in the provisioner', () => {
    const runner = readFileSync(path.join(root, 'scripts/test.mjs'), 'utf8');
    const declared = /const layers = \{([\s\S]*?)\n\};/.exec(runner)?.[1] ?? '';
    const names = [...declared.matchAll(/^ {2}(\w+): \{/gm)].map((m) => m[1]);
    assert.deepEqual(names, LAYERS);
    assert.match(runner, /out\/test\/provision\.js/, 'scripts/test.mjs provisions each layer before its tests');
    assert.ok(existsSync(path.join(root, PROVISIONER)));
    for (const l of LAYERS) assert.ok(Array.isArray(LAYER_PACKAGES[l]));
  });
});
