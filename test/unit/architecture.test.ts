/**
 * ARCHITECTURE.md's folder invariants, checked: every product source file's imports against the
 * rules in architecture/rules.ts (the core imports no I/O, no vscode, no other package; other
 * packages reach the core and the engine only through their index; one network layer; only the
 * editor-facing client files import vscode; the webview imports only the shared contract; the
 * launcher dist/cli.js imports only the usage text and the version), the size rule (no source
 * file over 500 lines), and no process-wide mutable state in client/src/results/ (the panel
 * manager and each panel hold it).
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { NO_STATIC_STATE_DIRS, checkImport, importsOf, staticMutableState } from './architecture/rules';

const root = path.resolve(__dirname, '../../..');
const PRODUCT_DIRS = ['core', 'engine', 'server', 'cli', 'client', 'common'];

function sources(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  const out: string[] = [];
  for (const name of readdirSync(abs)) {
    if (name === 'node_modules') continue;
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sources(rel));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const exists = (rel: string) => existsSync(path.join(root, rel));

describe('architecture: the rules themselves (each row could fail)', () => {
  const rows: Array<[from: string, spec: string, verdict: RegExp | undefined]> = [
    ['core/src/parser/parser.ts', 'node:fs', /no I\/O/],
    ['core/src/hover.ts', 'fs', /no I\/O/],
    ['core/src/hover.ts', 'undici', /may not import the package undici/],
    ['core/src/hover.ts', 'vscode', /may not import the package vscode/],
    ['core/src/hover.ts', '../../engine/src', /core may not import engine/],
    ['core/src/hover.ts', './catalogue/model', undefined],
    ['core/src/hover.ts', 'vscode-languageserver-types', undefined],
    ['engine/src/resolve.ts', '../../core/src', undefined],
    ['engine/src/resolve.ts', '../../core/src/parser/parser', /internals/],
    ['engine/src/resolve.ts', '../../server/src/server', /engine may not import server/],
    ['engine/src/run.ts', 'undici', /one network layer/],
    ['engine/src/http.ts', 'undici', undefined],
    ['engine/src/httpFetch.ts', 'undici', /one network layer/],
    ['engine/src/httpFetch.ts', 'node:zlib', /runs in the browser/],
    ['engine/src/http.ts', 'node:zlib', undefined],
    ['server/src/browserServer.ts', 'node:os', /runs in the browser/],
    ['client/src/platform.web.ts', 'path', /runs in the browser/],
    ['client/src/platform.ts', 'path', undefined],
    ['cli/src/cli.ts', '../../engine/src', undefined],
    ['cli/src/cli.ts', '../../engine/src/http', /internals/],
    ['cli/src/launcher.ts', './help', undefined],
    ['cli/src/launcher.ts', './cli-main.js', undefined],
    ['cli/src/launcher.ts', './cli', /launcher dist\/cli\.js.*may import only/],
    ['cli/src/launcher.ts', 'node:fs', /launcher dist\/cli\.js/],
    ['cli/src/help.ts', '../../common/version', undefined],
    ['cli/src/help.ts', '../../engine/src', /launcher dist\/cli\.js/],
    ['common/version.ts', '../package.json', undefined],
    ['common/version.ts', './protocol', /launcher dist\/cli\.js/],
    ['server/src/server.ts', '../../client/src/extension', /server may not import client/],
    ['client/src/results/delta.ts', 'vscode', /needs no editor/],
    ['client/src/run/runText.ts', 'vscode', /needs no editor/],
    ['client/src/run/newFile.ts', 'vscode', /needs no editor/],
    ['client/src/run/commands.ts', 'vscode', undefined],
    ['client/src/extension.ts', 'vscode', undefined],
    ['client/media/src/main.ts', '../../src/results/model', /webview may not import client/],
    ['client/media/src/main.ts', 'node:path', /no I\/O/],
    ['client/media/src/main.ts', '../../shared/messages', undefined],
    ['client/media/src/table.ts', '../../../core/src', undefined],
    ['client/media/src/table.ts', '../../../core/src/results/tables', /internals/],
    ['client/media/src/table.ts', '../../../engine/src', /webview may not import engine/],
    ['client/shared/messages.ts', 'vscode', /may not import the package vscode/],
    ['client/shared/tables.ts', '../../core/src', undefined],
    ['client/shared/tables.ts', '../src/results/ResultsPanel', /shared may not import client/],
    ['client/src/results/ResultsPanel.ts', './runDriver', /may not import each other/],
    ['client/src/results/runDriver.ts', './ResultsPanel', /may not import each other/],
    ['client/src/results/runDriver.ts', './port', undefined],
    ['test/unit/x.test.ts', '../../core/src/parser/parser', undefined],
  ];
  for (const [from, spec, verdict] of rows) {
    it(`${from} → ${spec}: ${verdict ? 'refused' : 'allowed'}`, () => {
      const why = checkImport(from, spec, () => true);
      if (verdict) assert.match(why ?? '(allowed)', verdict);
      else assert.equal(why, undefined);
    });
  }

  const stateRows: Array<[source: string, found: string[]]> = [
    ['class P { private static readonly open = new Set<P>(); }', ['line 1: static open']],
    ['class P {\n  private static hooks: object = {};\n  static restored = 0;\n}', ['line 2: static hooks', 'line 3: static restored']],
    ['class P { static readonly list = [1]; static readonly table = { a: 1 }; }', ['line 1: static list', 'line 1: static table']],
    ['let counter = 0;\nvar other = 1;\nexport const VIEW_TYPE = "x";', ['line 1: module-level counter', 'line 2: module-level other']],
    ['class P { static readonly VIEW = "x"; private readonly open = new Set<P>(); private n = 0; static make(): P { let x = new P(); return x; } }', []],
  ];
  for (const [source, found] of stateRows) {
    it(`static mutable state: ${JSON.stringify(source).slice(0, 70)} → ${found.length ? found.join(', ') : 'none'}`, () => assert.deepEqual(staticMutableState(source), found));
  }

  it('reads imports, re-exports, requires and dynamic imports, not comments', () => {
    const src = `import a from 'x';\nimport type { B } from "./y";\nexport * from './z';\nconst c = require('w');\nawait import('v');\n// import q from 'commented';\n/* import r from 'block' */\nimport './side';\n`;
    assert.deepEqual(importsOf(src), ['x', './y', './z', 'w', 'v', './side']);
  });
});

describe('architecture: every product source file keeps the invariants', () => {
  const files = PRODUCT_DIRS.flatMap(sources);

  it('finds the product sources', () => assert.ok(files.length > 40, `only ${files.length} files found under ${PRODUCT_DIRS.join(', ')}`));

  it('imports only what its folder may import', () => {
    const problems: string[] = [];
    for (const f of files) {
      for (const spec of importsOf(readFileSync(path.join(root, f), 'utf8'))) {
        const why = checkImport(f, spec, exists);
        if (why) problems.push(`${f}: ${why}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('keeps no process-wide mutable state (static fields, module-level let) in client/src/results/', () => {
    const found = files
      .filter((f) => NO_STATIC_STATE_DIRS.some((d) => f.split(path.sep).join('/').startsWith(d)))
      .flatMap((f) => staticMutableState(readFileSync(path.join(root, f), 'utf8')).map((x) => `${f}: ${x}`));
    assert.deepEqual(found, []);
  });

  it('has no source file over 500 lines', () => {
    const long = files
      .map((f) => ({ f, n: readFileSync(path.join(root, f), 'utf8').split('\n').length }))
      .filter((x) => x.n > 500)
      .map((x) => `${x.f}: ${x.n} lines`);
    assert.deepEqual(long, []);
  });
});
