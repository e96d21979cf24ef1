/**
 * The `wikiq mcp` server the extension offers to the editor's agents, from the workspace's settings,
 * and the program that runs it, which must be in the .vsix or installed (client/src/mcpServer.ts).
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { MAX_MCP_WIKIS, MCP_SCRIPT, installedCli, mcpProgram, mcpServerArgs } from '../../client/src/mcpServer';
import type { WikiqSettings } from '../../common/settings';

const root = path.resolve(__dirname, '../../..');
const A = 'https://a.example/w/api.php';
const B = 'https://b.example/w/api.php';

function check(settings: WikiqSettings | undefined, trusted: boolean, expected: { endpoints: string[]; label?: string } | undefined): void {
  const got = mcpServerArgs(settings, trusted);
  if (!expected) return assert.equal(got, undefined);
  assert.ok(got);
  assert.deepEqual(got.endpoints, expected.endpoints);
  assert.deepEqual(got.args, ['mcp', ...expected.endpoints.flatMap((e) => ['--endpoint', e])]);
  if (expected.label) assert.equal(got.label, expected.label);
}

describe('the MCP server the extension offers', () => {
  const rows: Array<[string, WikiqSettings | undefined, boolean, { endpoints: string[]; label?: string } | undefined]> = [
    ['the endpoint setting and each environment, once each', { endpoint: A, environments: { a: { endpoint: A }, b: { endpoint: B } } }, true, { endpoints: [A, B], label: 'wikiq: a.example, b.example' }],
    ['nothing in an untrusted workspace', { endpoint: A }, false, undefined],
    ['nothing without a wiki', { environments: {} }, true, undefined],
    ['nothing from no settings', undefined, true, undefined],
    ['no scheme but http(s), nothing that is not a URL', { endpoint: 'file:///etc/passwd', environments: { x: { endpoint: 'javascript:alert(1)' }, y: { endpoint: 'not a url' }, z: { endpoint: B } } }, true, { endpoints: [B] }],
    ['an environment that is not an object is left out', { environments: { a: 'https://a.example' as never, b: { endpoint: B } } }, true, { endpoints: [B] }],
  ];
  for (const [name, settings, trusted, expected] of rows) it(name, () => check(settings, trusted, expected));

  it(`names at most ${MAX_MCP_WIKIS} wikis, and says how many more hosts in its label`, () => {
    const environments = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`e${i}`, { endpoint: `https://w${i}.example/w/api.php` }]));
    const got = mcpServerArgs({ environments }, true);
    assert.equal(got?.endpoints.length, MAX_MCP_WIKIS);
    assert.equal(got?.label, `wikiq: w0.example, w1.example, w2.example and ${MAX_MCP_WIKIS - 3} more`);
  });
});

describe('the program that runs the offered server', () => {
  const EXT = path.join(os.tmpdir(), 'wikiq-ext');
  const NODE = '/editor/node';
  // What the .vsix holds: `vsce ls`, the list `vsce package` zips (test/unit/package.test.ts).
  const vsce = spawnSync(process.execPath, [path.join(root, 'node_modules/@vscode/vsce/vsce'), 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
  const packaged = vsce.stdout.split('\n').map((l) => l.trim()).filter(Boolean);

  it('from the .vsix, every file it runs is in the .vsix: without the command line installed, nothing is offered', () => {
    assert.equal(vsce.status, 0, vsce.stderr);
    for (const installed of [undefined, path.join(os.tmpdir(), 'installed', 'wikiq')]) {
      const p = mcpProgram((rel) => packaged.includes(rel), EXT, NODE, installed);
      const files = p?.command === NODE ? p.args.map((a) => path.relative(EXT, a).split(path.sep).join('/')) : [];
      assert.deepEqual(files.filter((f) => !packaged.includes(f)), [], `runs files the .vsix does not hold: ${files.join(', ')}`);
      assert.deepEqual(p, installed ? { command: installed, args: [] } : undefined);
    }
  });
  it('from a development build, its own dist/cli.js by the editor\'s Node', () => {
    assert.deepEqual(mcpProgram(() => true, EXT, NODE, path.join(os.tmpdir(), 'installed', 'wikiq')), { command: NODE, args: [path.join(EXT, MCP_SCRIPT)], env: { ELECTRON_RUN_AS_NODE: '1' } });
  });
  it('finds the installed wikiq on the PATH: the first runnable file of that name', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-path-'));
    try {
      const [a, b, c] = ['a', 'b', 'c'].map((d) => path.join(dir, d));
      for (const d of [a, b, c]) fs.mkdirSync(d);
      fs.writeFileSync(path.join(a, 'wikiq'), '', { mode: 0o644 }); // not runnable
      fs.mkdirSync(path.join(b, 'wikiq')); // a folder
      fs.writeFileSync(path.join(c, 'wikiq'), '#!/bin/sh\n', { mode: 0o755 });
      assert.equal(installedCli([a, b, 'relative', c].join(path.delimiter), 'linux'), path.join(c, 'wikiq'));
      assert.equal(installedCli([a, b].join(path.delimiter), 'linux'), undefined);
      assert.equal(installedCli(undefined, 'linux'), undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
