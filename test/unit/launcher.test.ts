/**
 * The launcher `dist/cli.js` (cli/src/launcher.ts): `wikiq --help`, `-h`, `--version` and a bare
 * `wikiq` are answered without loading the full command line `dist/cli-main.js`, with what the full
 * command line answers (one source, cli/src/help.ts); every other command line is handed to
 * `dist/cli-main.js` and answered by it alone. The probe, preloaded with `-r`, says at exit whether
 * `cli-main.js` is in Node's module cache; the rows that must load it are its positive control.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { COMMAND_NAMES, main, type Io } from '../../cli/src/cli';
import { quickAnswer } from '../../cli/src/help';

const root = resolve(__dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'wikiq-launcher-'));
const probe = join(dir, 'probe.js');
writeFileSync(probe, `process.on('exit', () => process.stderr.write('\\nfull CLI loaded: ' + Object.keys(require.cache).some((f) => require('path').basename(f) === 'cli-main.js') + '\\n'));\n`);
const PROBE_LINE = /\nfull CLI loaded: (true|false)\n$/;

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

function spawnCli(bundle: string, args: string[], preload: string[] = []): Outcome {
  const r = spawnSync(process.execPath, [...preload, join(root, 'dist', bundle), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `wikiq ARGS` through the launcher, and whether it loaded the full command line. */
function viaLauncher(args: string[]): Outcome & { loaded: boolean } {
  const r = spawnCli('cli.js', args, ['-r', probe]);
  const m = PROBE_LINE.exec(r.stderr);
  assert.ok(m, `no probe line in: ${r.stderr}`);
  return { ...r, stderr: r.stderr.replace(PROBE_LINE, ''), loaded: m[1] === 'true' };
}

describe('the launcher dist/cli.js', () => {
  const rows: Array<[args: string[], loadsTheFullCli: boolean]> = [
    [['--help'], false],
    [['-h'], false],
    [['--version'], false],
    [['--version', '--help'], false],
    [['run', '--help'], false],
    [['mcp', '--help'], false],
    [['check', 'a.wikiq', 'b.wikiq', '-h'], false],
    [['nosuchcommand', '--help'], false],
    [['help'], false],
    [['help', 'diff'], false],
    [['help', 'nosuchcommand'], false],
    [['help', 'test', '--help'], false],
    [[], false],
    [['-', '--version'], false],
    // Not sure from the raw arguments: the full command line decides.
    [['run'], true],
    [['check', 'missing.wikiq'], true],
    [['check', '--strict', '--help'], true],
    [['--format', '--help'], true],
    [['--help=1'], true],
    [['--', '--help'], true],
    [['--nosuchflag', '--version'], true],
  ];
  for (const [args, loads] of rows) {
    it(`wikiq ${args.join(' ') || '(no arguments)'}: ${loads ? 'the full command line answers' : 'answered without loading the full command line'}, as the full command line does`, () => {
      const launched = viaLauncher(args);
      const full = spawnCli('cli-main.js', args);
      assert.equal(launched.loaded, loads);
      assert.deepEqual({ status: launched.status, stdout: launched.stdout, stderr: launched.stderr }, full);
    });
  }

  it('prints one command\'s help for `wikiq COMMAND --help` and `wikiq help COMMAND`, every command\'s for `wikiq --help`', () => {
    const usageLines = (text: string) => [...text.matchAll(/^ {2}wikiq ([a-z]+) /gm)].map((m) => m[1]);
    const all = usageLines(viaLauncher(['--help']).stdout);
    assert.deepEqual([...all].sort(), [...COMMAND_NAMES].sort());
    for (const command of COMMAND_NAMES) {
      for (const args of [[command, '--help'], [command, 'x.wikiq', '-h'], ['help', command]]) {
        const r = viaLauncher(args);
        assert.equal(r.status, 0, r.stderr);
        assert.match(r.stdout, /^wikiq \d+\.\d+\.\d+ — /);
        assert.deepEqual(usageLines(r.stdout), [command], `wikiq ${args.join(' ')}`);
      }
    }
    const unknown = viaLauncher(['help', 'nosuchcommand']);
    assert.deepEqual({ status: unknown.status, stdout: unknown.stdout }, { status: 1, stdout: '' });
    assert.match(unknown.stderr, /no command 'nosuchcommand' to help with\. Commands: check, run, /);
  });

  it('prints the usage, with the version, and stays a few KiB', () => {
    const help = viaLauncher(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^wikiq \d+\.\d+\.\d+ — /);
    assert.match(help.stdout, /wikiq run FILE/);
    const kib = statSync(join(root, 'dist', 'cli.js')).size / 1024;
    assert.ok(kib < 16, `dist/cli.js is ${kib.toFixed(1)} KiB: the launcher bundles more than cli/src/help.ts`);
  });
});

describe('quickAnswer (the launcher\'s shortcut)', () => {
  const TOKENS = ['--help', '-h', '--version', 'run', 'check', 'help', 'x.wikiq', '-', '--', '', '--strict', '--format', 'json', '--help=1', '--bogus', '-x'];

  it('answers only when the full command line answers the same without running a command', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...TOKENS), { maxLength: 5 }), async (argv) => {
        const quick = quickAnswer(argv);
        if (!quick) return;
        const said: Array<{ to: 'out' | 'err'; text: string }> = [];
        const io: Io = { out: (text) => said.push({ to: 'out', text }), err: (text) => said.push({ to: 'err', text }), tty: false, cwd: dir };
        const code = await main(argv, io);
        assert.deepEqual({ said, code }, { said: [{ to: quick.to, text: quick.text }], code: quick.code }, `wikiq ${JSON.stringify(argv)}`);
      }),
      { numRuns: 300 },
    );
  });
});
