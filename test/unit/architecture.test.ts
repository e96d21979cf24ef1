/**
 * ARCHITECTURE.md's folder invariants, checked: every product source file's imports against the
 * rules in architecture/rules.ts (the core imports no I/O, no vscode, no other package; other
 * packages reach the core and the engine only through their index; one network layer; only the
 * editor-facing client files import vscode; the webview imports only the shared contract; the
 * launcher dist/cli.js imports only the usage text and the version), no cycle of value imports
 * among the core's modules (type-only imports aside), the size rule (no source file over 500
 * lines), no process-wide mutable state in client/src/results/ (the panel manager and each
 * panel hold it), no module-level map (`new Map`/`new WeakMap`) in core/ and server/ but those
 * listed with why (#40: a document's state is its pipeline's, a wiki's its content client's), and
 * one run path (#38): no RunSession driven batch by batch (`.next(`) outside engine/src/run.ts,
 * no status word decided from complete/continue outside core's status rule.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  MODULE_MAPS_ALLOWED, NO_MODULE_MAPS_DIRS, NO_STATIC_STATE_DIRS, RUN_LOOP_FILE, STATUS_RULE_FILE, checkImport, importsOf, isSourceFile, isSourceFolder, moduleLevelMaps, ownStatusRules,
  sessionNextCalls, staticMutableState, valueCycles, valueImportsOf,
} from './architecture/rules';

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

/** Every source file of the repository (code and style sheets of every package, the tests, the scripts), for the size rule. */
function allSources(dir = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = dir ? path.join(dir, name) : name;
    if (statSync(path.join(root, rel)).isDirectory()) {
      if (isSourceFolder(rel)) out.push(...allSources(rel));
    } else if (isSourceFile(rel)) out.push(rel);
  }
  return out;
}

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
    ['cli/src/mcp/index.ts', '@modelcontextprotocol/sdk/server/mcp.js', undefined],
    ['cli/src/mcp/tools.ts', 'zod', undefined],
    ['cli/src/run.ts', '@modelcontextprotocol/sdk/server/mcp.js', /only the MCP server/],
    ['cli/src/check.ts', 'zod', /only the MCP server/],
    ['engine/src/run.ts', 'zod', /may not import the package zod/],
    ['cli/src/cli.ts', './mcp/flags', undefined],
    ['cli/src/cli.ts', './mcp/index', undefined],
    ['cli/src/cli.ts', './mcp/tools', /may not import the MCP server/],
    ['cli/src/run.ts', './mcp/index', /may not import the MCP server/],
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
  const mapRows: Array<[source: string, found: string[]]> = [
    ['const cache = new Map<string, number>();\nexport const weak = new WeakMap<object, string>();', ['line 1: cache', 'line 2: weak']],
    ['let byUri = new Map() as Map<string, string>;', ['line 1: byUri']],
    ['const NAMES = new Set(["a"]);\nclass C { private readonly m = new Map<string, number>(); }\nfunction f() { const local = new Map(); return local; }', []],
  ];
  for (const [source, found] of mapRows) {
    it(`module-level maps: ${JSON.stringify(source).slice(0, 70)} → ${found.length ? found.join(', ') : 'none'}`, () => assert.deepEqual(moduleLevelMaps(source), found));
  }
  for (const [source, found] of stateRows) {
    it(`static mutable state: ${JSON.stringify(source).slice(0, 70)} → ${found.length ? found.join(', ') : 'none'}`, () => assert.deepEqual(staticMutableState(source), found));
  }

  it('reads imports, re-exports, requires and dynamic imports, not comments', () => {
    const src = `import a from 'x';\nimport type { B } from "./y";\nexport * from './z';\nconst c = require('w');\nawait import('v');\n// import q from 'commented';\n/* import r from 'block' */\nimport './side';\n`;
    assert.deepEqual(importsOf(src), ['x', './y', './z', 'w', 'v', './side']);
  });

  const sourceRows: Array<[rel: string, source: boolean]> = [
    ['core/src/parser/parser.ts', true],
    ['core/src/util/url.d.ts', true],
    ['client/media/results.css', true],
    ['client/media/src/main.ts', true],
    ['scripts/build.mjs', true],
    ['scripts/bench-memory-probe.cjs', true],
    ['scripts/fresh-machine.sh', true],
    ['test/neovim/check.lua', true],
    ['test/unit/architecture.test.ts', true],
    ['eslint.config.mjs', true],
    ['test/fixtures/codegen/batch.py', false],
    ['core/src/catalogue/bundled-paraminfo.json', false],
    ['README.md', false],
    ['node_modules/typescript/lib/typescript.js', false],
    ['out/core/src/index.js', false],
    ['dist/media/results.css', false],
  ];
  for (const [rel, source] of sourceRows) {
    it(`${rel}: ${source ? 'held to' : 'outside'} the size rule`, () => assert.equal(isSourceFile(rel), source));
  }

  const valueRows: Array<[source: string, valueImports: string[]]> = [
    [`import { f } from './a';\nf();`, ['./a']],
    [`import type { A } from './a';\nlet x: A;`, []],
    [`import { type A, type B } from './a';\nlet x: A | B;`, []],
    [`import { A } from './a';\nlet x: A;`, []], // every name used only as a type
    [`import { A, f } from './a';\nlet x: A = f();`, ['./a']],
    [`export * from './z';`, ['./z']],
    [`export type { T } from './y';`, []],
    [`export { g } from './y';`, ['./y']],
    [`import './side';`, ['./side']],
  ];
  for (const [src, expected] of valueRows) {
    it(`value imports of ${JSON.stringify(src)}: ${JSON.stringify(expected)}`, () => assert.deepEqual(valueImportsOf(src), expected));
  }

  const nextRows: Array<[source: string, found: string[]]> = [
    ['await session.next({ paging: true });', ['line 1: session.next(']],
    ['for (;;) await this.session.next();', ['line 1: this.session.next(']],
    ['await session.run({ all: true });\nconst it = map.keys().next();\nthis.job.next();', []],
  ];
  for (const [source, found] of nextRows) {
    it(`a RunSession driven batch by batch: ${JSON.stringify(source).slice(0, 60)} → ${found.length ? found.join(', ') : 'none'}`, () => assert.deepEqual(sessionNextCalls(source), found));
  }

  const statusRows: Array<[source: string, found: string[]]> = [
    [`const status = complete ? 'complete' : failure && !progressed ? 'failed' : 'partial';`, ['line 1: complete']],
    [`if (!s.complete && s.continue) return 'partial';`, ['line 1: !s.complete && s.continue']],
    [`const status = runStatus({ complete, continue: next, keptBatches });\nconst word = status === true ? 'partial' : status;`, []],
    [`const label = state.complete ? () => 'failed' : undefined;`, []],
    [`const title = state === 'complete' ? 'All' : state === 'failed' ? 'None' : 'Some';`, []],
    [`if ('continue' in o && (o.status === 'failed' || o.complete === false)) throw new Error('x');`, []],
  ];
  for (const [source, found] of statusRows) {
    it(`a status rule of its own: ${JSON.stringify(source).slice(0, 60)} → ${found.length ? found.join(', ') : 'none'}`, () => assert.deepEqual(ownStatusRules(source), found));
  }

  const cycleRows: Array<[graph: Record<string, string[]>, cycles: string[]]> = [
    [{ a: ['b'], b: ['c'], c: [] }, []],
    [{ a: ['b'], b: ['a'] }, ['a → b → a']],
    [{ a: ['a'] }, ['a → a']],
    [{ x: ['a'], a: ['b'], b: ['c'], c: ['a', 'd'], d: [] }, ['a → b → c → a']],
    [{ a: ['b'], b: ['a'], c: ['d'], d: ['c'] }, ['a → b → a', 'c → d → c']],
  ];
  for (const [graph, expected] of cycleRows) {
    it(`value cycles of ${JSON.stringify(graph)}: ${JSON.stringify(expected)}`, () => assert.deepEqual(valueCycles(new Map(Object.entries(graph))), expected));
  }
});

/** Core's graph of value imports: each source file (repository-relative) → the core files it imports as values. */
function coreValueGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const to: string[] = [];
    for (const spec of valueImportsOf(readFileSync(path.join(root, f), 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = path.join(path.dirname(f), spec);
      const file = [`${target}.ts`, path.join(target, 'index.ts')].find(exists);
      if (file) to.push(file);
    }
    graph.set(f, to);
  }
  return graph;
}

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

  it('has no cycle of value imports among the core\'s modules', () => {
    const core = files.filter((f) => f.startsWith(`core${path.sep}`));
    assert.ok(core.length > 40, `only ${core.length} core files found`);
    assert.deepEqual(valueCycles(coreValueGraph(core)), []);
  });

  it('keeps no module-level map in core/ and server/ but those listed with why (MODULE_MAPS_ALLOWED), and each listed one is still there', () => {
    const found = files
      .filter((f) => NO_MODULE_MAPS_DIRS.some((d) => f.split(path.sep).join('/').startsWith(d)))
      .flatMap((f) => moduleLevelMaps(readFileSync(path.join(root, f), 'utf8')).map((x) => `${f.split(path.sep).join('/')}: ${x.replace(/^line \d+: /, '')}`));
    assert.deepEqual(found.filter((m) => !(m in MODULE_MAPS_ALLOWED)), [], 'module-level maps: hold them in an object (or list one with why)');
    assert.deepEqual(Object.keys(MODULE_MAPS_ALLOWED).filter((m) => !found.includes(m)), [], 'listed as allowed, but gone: take it off the list');
  });

  it(`drives a RunSession batch by batch (.next) only in ${RUN_LOOP_FILE}: every other loop is RunSession.run`, () => {
    const found = files
      .filter((f) => f.split(path.sep).join('/') !== RUN_LOOP_FILE)
      .flatMap((f) => sessionNextCalls(readFileSync(path.join(root, f), 'utf8')).map((x) => `${f}: ${x}`));
    assert.deepEqual(found, []);
  });

  it(`decides complete / partial / failed only in ${STATUS_RULE_FILE} (runStatus)`, () => {
    const found = files
      .filter((f) => f.split(path.sep).join('/') !== STATUS_RULE_FILE)
      .flatMap((f) => ownStatusRules(readFileSync(path.join(root, f), 'utf8')).map((x) => `${f}: ${x}`));
    assert.deepEqual(found, []);
  });

  it('keeps no process-wide mutable state (static fields, module-level let) in client/src/results/', () => {
    const found = files
      .filter((f) => NO_STATIC_STATE_DIRS.some((d) => f.split(path.sep).join('/').startsWith(d)))
      .flatMap((f) => staticMutableState(readFileSync(path.join(root, f), 'utf8')).map((x) => `${f}: ${x}`));
    assert.deepEqual(found, []);
  });

});

describe('architecture: the size rule', () => {
  const all = allSources();

  it('reads every kind of source: TypeScript, scripts and style sheets of every folder', () => {
    for (const f of ['core/src/index.ts', 'client/media/src/main.ts', 'scripts/build.mjs', 'test/unit/architecture.test.ts', 'test/neovim/check.lua']) {
      assert.ok(all.includes(path.join(...f.split('/'))), `${f} is not among the ${all.length} files read`);
    }
    assert.ok(all.some((f) => f.endsWith('.css')), 'no style sheet read');
    assert.ok(!all.some((f) => f.split(path.sep)[0] === 'node_modules' || f.split(path.sep)[0] === 'out'), 'read a built or installed file');
  });

  it('has no source file over 500 lines', () => {
    const long = all
      .map((f) => ({ f, n: readFileSync(path.join(root, f), 'utf8').split('\n').length }))
      .filter((x) => x.n > 500)
      .map((x) => `${x.f}: ${x.n} lines`);
    assert.deepEqual(long, []);
  });
});
