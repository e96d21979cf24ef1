/**
 * The command lines and settings files as read by their libraries: settings.json by jsonc-parser
 * (cli/src/jsonc.ts; a mistake named by file, line:column and what is wrong), the arguments of
 * `wikiq` and of the language server by Node's `parseArgs` (common/args.ts; a mistake in one
 * sentence naming the flag). test/faults/cli-settings.test.ts sends settings values through the
 * real process to a server that records them.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main, type Io } from '../../cli/src/cli';
import { MAX_SETTINGS_MB } from '../../cli/src/args';
import { MAX_JSONC_DEPTH, parseJsonc } from '../../cli/src/jsonc';
import { defaultCacheDir, parseArgs as serverArgs } from '../../server/src/args';

/** `parseJsonc(text)`'s value, or its message. */
function read(text: string): unknown {
  try {
    return parseJsonc(text, 'settings.json');
  } catch (e) {
    return (e as Error).message;
  }
}

async function wikiq(argv: string[], files: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-args-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(cwd, name), body);
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd };
  try {
    return { code: await main(argv, io), out: out.join('\n'), err: err.join('\n') };
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

describe('settings.json: JSON with comments and trailing commas (jsonc-parser)', () => {
  const cases: Array<[string, string, unknown]> = [
    ['a string holding ",]" and ",}" is kept (was "a]" and "b}")', '{"a": "a,]", "b": "b,}", "c": ["x,]",],}', { a: 'a,]', b: 'b,}', c: ['x,]'] }],
    ['a string holding "//" or "/*" is no comment', '{"a": "// not a comment", /* c */ "b": "/* nor this */", // end\n}', { a: '// not a comment', b: '/* nor this */' }],
    ['escaped quotes and backslashes', String.raw`{"a": "q\"//,]", "b": "\\"}`, { a: 'q"//,]', b: '\\' }],
    ['comments and trailing commas around values', '{\n  // the wikis\n  "n": [1, 2,], /* two\nlines */ "o": { "p": true, },\n}', { n: [1, 2], o: { p: true } }],
    ['a byte order mark (as an editor may write it), not counted as a column', '\uFEFF{"a": 1}', { a: 1 }],
    ['a byte order mark, then a mistake', '\uFEFF{"a" 1}', 'settings.json:1:6: colon expected'],
    ['a missing comma: where and what', '{\n  // the wikis\n  "a": 1\n  "b": 2\n}', 'settings.json:4:3: comma expected'],
    ['an unclosed string', '{\n  "a": "x\n}', 'settings.json:2:8: unexpected end of string'],
    ['a stray symbol after a block comment', '/* a\n long comment */ { "a": @ }', 'settings.json:2:25: invalid symbol'],
    ['two values', '{} {}', 'settings.json:1:4: end of file expected'],
    ['an empty file', '', 'settings.json:1:1: value expected'],
    ['an unclosed comment', '{ /* ', 'settings.json:1:3: unexpected end of comment'],
    ['nesting past the bound, said at its bracket (the parser would exhaust the stack)', `\n  ${'['.repeat(100_000)}`, `settings.json:2:${MAX_JSONC_DEPTH + 3}: nested more than ${MAX_JSONC_DEPTH} levels of objects and arrays`],
  ];
  for (const [what, text, expected] of cases) it(what, () => assert.deepEqual(read(text), expected));

  it('a broken settings file: one line naming the file, line:column and what is wrong; exit 1', async () => {
    const broken = '{\n  /* the wikis,\n     one per line */\n  "wikiq.environments": {\n    "local": { "endpoint": "http://127.0.0.1:9/api.php" }\n    "prod": {}\n  }\n}\n';
    const r = await wikiq(['run', 'q.wikiq', '--env', 'local', '--config', 'broken.json'], { 'q.wikiq': '### R\naction = query\nlist = allimages\n', 'broken.json': broken });
    assert.deepEqual(r, { code: 1, out: '', err: "wikiq: Cannot read environments from broken.json:6:5: comma expected.\nRun 'wikiq --help' for usage." });
  });

  it(`a settings file over ${MAX_SETTINGS_MB} MB is refused before it is read`, async () => {
    const big = `{"wikiq.environments": {}, "pad": "${'x'.repeat(MAX_SETTINGS_MB * 1024 * 1024)}"}`;
    const r = await wikiq(['check', 'q.wikiq', '--env', 'e', '--config', 'big.json'], { 'q.wikiq': '### R\naction = query\n', 'big.json': big });
    assert.deepEqual([r.code, r.err.split('\n')[0]], [1, `wikiq: Cannot read environments from big.json: larger than ${MAX_SETTINGS_MB} MB.`]);
  });
});

describe('wikiq\'s arguments (node:util parseArgs)', () => {
  const files = { 'q.wikiq': '### R\naction = query\nlist = allimages\n' };
  const cases: Array<[string, string[], number, RegExp]> = [
    ['a value flag last, without its value', ['check', 'q.wikiq', '--format'], 1, /^wikiq: --format needs a value\.$/m],
    ['a value that looks like an option', ['check', 'q.wikiq', '--max-warnings', '-1'], 1, /^wikiq: --max-warnings needs a value \(one starting with '-' is written --max-warnings=-1\)\.$/m],
    ['that value written with =, then read as a number', ['check', 'q.wikiq', '--max-warnings=-1'], 1, /^wikiq: --max-warnings takes a whole number of at least 0, not '-1'\.$/m],
    ['a switch given a value', ['check', 'q.wikiq', '--strict=yes'], 1, /^wikiq: --strict takes no value\.$/m],
    ['an option no command takes', ['check', 'q.wikiq', '-x'], 1, /^wikiq: Unknown option -x\.$/m],
    ['an option of another command', ['diff', 'a.json', 'b.json', '--all'], 2, /^wikiq: Unknown option --all for wikiq diff\.$/m],
    ['a repeated flag keeps its last value', ['check', 'q.wikiq', '--format', 'sarif', '--format', 'json'], 0, /^\{\n {2}"files": 1,/],
    ['words after -- are files, even one like a flag', ['check', '--', 'q.wikiq', '--strict'], 1, /^wikiq: Cannot read --strict: no such file\.$/m],
    ['-h anywhere is the usage', ['check', 'q.wikiq', '-h'], 0, /^wikiq \S+ — MediaWiki Action API requests/],
  ];
  for (const [what, argv, code, expected] of cases) {
    it(`${what}: ${argv.join(' ')}`, async () => {
      const r = await wikiq(argv, files);
      assert.equal(r.code, code, r.err);
      assert.match(code === 0 ? r.out : r.err, expected);
      if (code !== 0) assert.match(r.err, /\nRun 'wikiq --help' for usage\.$/);
    });
  }
});

describe('the language server\'s arguments (node:util parseArgs)', () => {
  const ENV = { XDG_CACHE_HOME: '/x', HOME: '/h' };
  const run = (options: object) => ({ kind: 'run', options: { cacheDir: defaultCacheDir(ENV), catalogueTimeoutMs: 15000, logTiming: false, debounceMs: 120, ...options } });
  const error = (message: string) => ({ kind: 'error', message });
  const cases: Array<[string[], unknown]> = [
    [['--stdio'], run({})],
    [['--node-ipc', '--clientProcessId=4242'], run({})],
    [['--socket=5007', '--log-timing', '--debounce-ms', '0', '--catalogue-timeout-ms=500', '--cache-dir', '/d'], run({ logTiming: true, debounceMs: 0, catalogueTimeoutMs: 500, cacheDir: '/d' })],
    [['--pipe', '/tmp/p', '--debounce-ms', '5', '--debounce-ms', '7'], run({ debounceMs: 7 })],
    [['-v'], { kind: 'version' }],
    [['--stdio', '-h'], { kind: 'help' }],
    [['--stdio', '--frobnicate'], error("Unknown option '--frobnicate'.")],
    [['--stdio', 'extra'], error("Unexpected argument 'extra': only options are taken.")],
    [['--stdio', '--cache-dir'], error('--cache-dir needs a value.')],
    [['--stdio', '--cache-dir='], error('--cache-dir needs a value.')],
    [['--stdio=1'], error('--stdio takes no value.')],
    [['--stdio', '--stdio'], error('One transport only, not --stdio and --stdio.')],
    [['--stdio', '--socket', '5007'], error('One transport only, not --stdio and --socket.')],
    [['--cache-dir', '/d'], error('No transport: pass --stdio (or --node-ipc, --socket=PORT, --pipe=NAME).')],
    [['--stdio', '--catalogue-timeout-ms', '0'], error("--catalogue-timeout-ms takes a positive number of milliseconds, not '0'.")],
    [['--stdio', '--debounce-ms=x'], error("--debounce-ms takes a number of milliseconds (0 or more), not 'x'.")],
  ];
  for (const [args, expected] of cases) it(args.join(' '), () => assert.deepEqual(serverArgs(args, ENV), expected));
});
