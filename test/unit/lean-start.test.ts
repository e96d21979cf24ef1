/**
 * A lean start: `wikiq --help` and `--version` do not load undici (engine/src/http.ts loads it at
 * the first request) nor the HTML-to-Markdown converter. The bundle is one file, so the probe is
 * what undici does when it loads: it installs its global dispatcher under a well-known symbol.
 * A run that makes a request (to a closed port) is the probe's positive control.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';

const root = resolve(__dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'wikiq-lean-'));
const probe = join(dir, 'probe.js');
writeFileSync(probe, `process.on('exit', () => process.stderr.write('\\nundici loaded: ' + (globalThis[Symbol.for('undici.globalDispatcher.1')] !== undefined) + '\\n'));\n`);

function undiciLoaded(...args: string[]): boolean {
  const r = spawnSync(process.execPath, ['-r', probe, join(root, 'dist', 'cli.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const m = /undici loaded: (true|false)/.exec(r.stderr);
  assert.ok(m, `no probe line in: ${r.stderr}`);
  return m[1] === 'true';
}

const sdkProbe = join(dir, 'sdk-probe.js');
writeFileSync(sdkProbe, `process.on('exit', () => process.stderr.write('\\nmcp-sdk loaded: ' + Object.keys(require.cache).some((k) => k.endsWith('mcp-sdk.js')) + '\\n'));\n`);

/** Whether `wikiq ARGS` read dist/mcp-sdk.js (the MCP SDK and zod, for `wikiq mcp` only). */
function sdkLoaded(...args: string[]): boolean {
  const r = spawnSync(process.execPath, ['-r', sdkProbe, join(root, 'dist', 'cli.js'), ...args], { cwd: dir, encoding: 'utf8', input: '', env: { ...process.env, NO_COLOR: '1' } });
  const m = /mcp-sdk loaded: (true|false)/.exec(r.stderr);
  assert.ok(m, `no probe line in: ${r.stderr}`);
  return m[1] === 'true';
}

describe('lean start', () => {
  it('the commands but wikiq mcp do not read the MCP SDK; wikiq mcp does (the probe works)', () => {
    writeFileSync(join(dir, 'two.wikiq'), 'action = query\nmeta = siteinfo\n');
    assert.equal(sdkLoaded('check', 'two.wikiq'), false);
    assert.equal(sdkLoaded('mcp'), true);
  });

  it('wikiq --help and --version do not load undici', () => {
    assert.equal(undiciLoaded('--help'), false);
    assert.equal(undiciLoaded('--version'), false);
  });

  it('a run that makes a request loads it (the probe works)', () => {
    writeFileSync(join(dir, 'one.wikiq'), '@endpoint = http://127.0.0.1:1/w/api.php\naction = query\nmeta = siteinfo\n');
    assert.equal(undiciLoaded('run', 'one.wikiq', '--format', 'json', '--timeout', '5'), true);
  });
});
