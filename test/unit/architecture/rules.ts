/**
 * The folder invariants of ARCHITECTURE.md that can be checked by reading imports: which package
 * may import what. `checkImport` judges one import of one file; `importsOf` reads a file's imports;
 * `staticMutableState` finds process-wide mutable state where objects should hold it.
 * The architecture test applies them to every source file of the products (not the tests).
 */
import * as path from 'node:path';
import { builtinModules } from 'node:module';
import * as ts from 'typescript';

export type Pkg = 'core' | 'engine' | 'server' | 'cli' | 'client' | 'webview' | 'shared' | 'common' | 'scripts' | 'test' | 'other';

/** The package a repository-relative path belongs to. */
export function packageOf(rel: string): Pkg {
  const p = rel.split(path.sep).join('/');
  if (p.startsWith('core/')) return 'core';
  if (p.startsWith('engine/')) return 'engine';
  if (p.startsWith('server/')) return 'server';
  if (p.startsWith('cli/')) return 'cli';
  if (p.startsWith('client/media/')) return 'webview';
  if (p.startsWith('client/shared/')) return 'shared';
  if (p.startsWith('client/')) return 'client';
  if (p.startsWith('common/')) return 'common';
  if (p.startsWith('scripts/')) return 'scripts';
  if (p.startsWith('test/')) return 'test';
  return 'other';
}

/**
 * The front doors of each package other packages may import (a folder's index). core has a second:
 * `bundled.ts`, the bundled catalogue with its data, for the programs that read it themselves (no
 * web bundle imports it: test/unit/web-bundle.test.ts).
 */
const FRONT_DOORS: Partial<Record<Pkg, string[]>> = {
  core: ['core/src/index.ts', 'core/src/bundled.ts'],
  engine: ['engine/src/index.ts'],
};

/** Which other packages each package may import (besides itself). */
const MAY_IMPORT: Record<Pkg, Pkg[]> = {
  core: [],
  shared: ['core'],
  common: [],
  engine: ['core', 'common'],
  server: ['core', 'engine', 'common'],
  cli: ['core', 'engine', 'common'],
  client: ['core', 'engine', 'common', 'shared'],
  webview: ['shared', 'core'],
  scripts: [],
  test: [],
  other: [],
};

/** npm packages each package may import (Node built-ins are decided by NODE below). */
const MAY_USE: Record<Pkg, string[]> = {
  core: ['vscode-languageserver-types', 'vscode-languageserver-textdocument', 're2js'],
  shared: [],
  common: ['vscode-languageserver-protocol'],
  engine: ['undici', 'node-html-markdown'],
  server: ['vscode-languageserver', 'vscode-languageserver-textdocument', 'vscode-languageserver-protocol', 'vscode-languageserver-types'],
  cli: ['vscode-languageserver-textdocument', 'vscode-languageserver-types', 'jsonc-parser', '@modelcontextprotocol/sdk', 'zod'],
  client: ['vscode', 'vscode-languageclient'],
  webview: ['dompurify', 'uplot'],
  scripts: [],
  test: [],
  other: [],
};

/** Packages that may use Node's built-in modules. */
const NODE: Pkg[] = ['engine', 'server', 'cli', 'client', 'common'];

/**
 * `wikiq mcp` (cli/src/mcp/, part of dist/cli-main.js; its SDK and zod the sibling bundle dist/mcp-sdk.js): only its files use the MCP SDK and zod, and the
 * rest of the command line reaches it only through its flags (flags.ts, no SDK) and the one lazy
 * `require('./mcp/index')` of cli.ts, so that the other commands do not load the SDK.
 */
const MCP_DIR = 'cli/src/mcp/';
const MCP_PACKAGES = ['@modelcontextprotocol/sdk', 'zod'];
const MCP_DOORS: Record<string, string[]> = { 'cli/src/cli.ts': ['cli/src/mcp/flags', 'cli/src/mcp/index'] };

/** Files that may import `undici`: the one network layer. */
const UNDICI_FILES = ['engine/src/http.ts'];

/**
 * The client files that may import `vscode`, by name. Every other file in client/src needs no editor
 * (run/runText.ts beside run/commands.ts, results/delta.ts beside results/ResultsPanel.ts…) and is
 * tested with Node's test runner: a new file is editor-free unless it is added here.
 */
const VSCODE_FILES = new Set([
  'client/src/extension.ts',
  'client/src/environments.ts',
  'client/src/codeLens.ts',
  'client/src/completionUntilReady.ts',
  'client/src/mcpProvider.ts',
  'client/src/run/auth.ts',
  'client/src/run/commands.ts',
  'client/src/run/diagnostics.ts',
  'client/src/run/serverCredentials.ts',
  'client/src/run/testExplorer.ts',
  'client/src/results/ResultsPanel.ts',
  'client/src/results/panelManager.ts',
  'client/src/results/probe.ts',
  'client/src/results/runDriver.ts',
  'client/src/results/historyCommands.ts',
  'client/src/results/writes.ts',
  'client/src/results/port.ts',
  'client/src/platform.ts',
  'client/src/platform.web.ts',
]);

/**
 * Files that run only in the browser (the web bundles' counterparts of Node-only modules,
 * scripts/webBuild.mjs, and the worker's entry): no Node built-in, whatever their package may use.
 */
const BROWSER_FILES = new Set([
  'engine/src/httpFetch.ts',
  'engine/src/httpShared.ts',
  'engine/src/exportFile.web.ts',
  'engine/src/fileValues.web.ts',
  'engine/src/fileValueOptions.ts',
  'engine/src/export.ts',
  'engine/src/catalogue/memoryCache.ts',
  'engine/src/auth/sealed.web.ts',
  'client/src/platform.web.ts',
  'server/src/browserServer.ts',
  'server/src/server.ts',
  'server/src/context.ts',
  'server/src/features.ts',
  'server/src/diagnostics.ts',
  'server/src/pipeline.ts',
  'server/src/findings.ts',
  'engine/src/hostScheduler.ts',
]);

/** Files that meet only through an interface: the results panel and the run driver (port.ts). */
const APART: Array<[string, string]> = [
  ['client/src/results/ResultsPanel.ts', 'client/src/results/runDriver.ts'],
  ['client/src/results/runDriver.ts', 'client/src/results/ResultsPanel.ts'],
];

/**
 * The files of the launcher `dist/cli.js` (cli/src/launcher.ts and what it bundles) and all each may
 * import: `wikiq --help` reads a few KiB, and anything else is required from dist/cli-main.js.
 */
const LAUNCHER: Record<string, string[]> = {
  'cli/src/launcher.ts': ['./help', './cli-main.js'],
  'cli/src/help.ts': ['../../common/version'],
  'common/version.ts': ['../package.json'],
};

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function bareName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Why `fromRel` (repository-relative) may not import `spec`, or undefined when it may. */
export function checkImport(fromRel: string, spec: string, exists: (rel: string) => boolean = () => true): string | undefined {
  const from = packageOf(fromRel);
  if (from === 'test' || from === 'scripts' || from === 'other') return undefined;
  const lean = LAUNCHER[fromRel.split(path.sep).join('/')];
  if (lean && !lean.includes(spec)) return `${fromRel} is part of the launcher dist/cli.js, which stays a few KiB: it may import only ${lean.join(', ')} (not ${spec})`;
  if (spec.startsWith('.')) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel.split(path.sep).join('/')), spec));
    const to = packageOf(target);
    for (const [a, b] of APART) if (fromRel === a && (target === b.replace(/\.ts$/, '') || `${target}.ts` === b)) return `${a} and ${b} may not import each other (they meet through client/src/results/port.ts)`;
    const fromPosix = fromRel.split(path.sep).join('/');
    if (target.startsWith(MCP_DIR) && !fromPosix.startsWith(MCP_DIR) && !(MCP_DOORS[fromPosix] ?? []).includes(target)) {
      return `${fromRel} may not import the MCP server (${spec}): only cli/src/cli.ts reaches it, through ./mcp/flags and the lazy require('./mcp/index')`;
    }
    if (to === from) return undefined;
    if (fromRel === 'common/version.ts' && target === 'package.json') return undefined; // the one version
    if (!MAY_IMPORT[from].includes(to)) return `${from} may not import ${to} (${spec})`;
    const doors = FRONT_DOORS[to];
    if (doors) {
      const candidates = [`${target}.ts`, `${target}/index.ts`, target];
      if (!candidates.some((c) => doors.includes(c) && exists(c))) return `${from} imports ${to}'s internals (${spec}); import its index (${doors.join(', ')})`;
    }
    return undefined;
  }
  if (builtins.has(spec) || builtins.has(bareName(spec))) {
    if (BROWSER_FILES.has(fromRel.split(path.sep).join('/'))) return `${fromRel} runs in the browser (the web bundles): no Node's ${spec} there`;
    return NODE.includes(from) ? undefined : `${from} may not import Node's ${spec} (no I/O there)`;
  }
  const name = bareName(spec);
  if (!MAY_USE[from].includes(name)) return `${from} may not import the package ${name}`;
  if (MCP_PACKAGES.includes(name) && !fromRel.split(path.sep).join('/').startsWith(MCP_DIR)) return `only the MCP server (${MCP_DIR}) may import ${name}: the other commands do not load it`;
  if (name === 'undici' && !UNDICI_FILES.includes(fromRel)) return `only ${UNDICI_FILES.join(', ')} may import undici (one network layer)`;
  if (name === 'vscode' && !VSCODE_FILES.has(fromRel.split(path.sep).join('/'))) return `only the editor-facing client files may import vscode; ${fromRel} needs no editor (or belongs in VSCODE_FILES)`;
  return undefined;
}

const IMPORT_RE = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|(?:^|[^\w.$])(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The module specifiers a TypeScript source imports, re-exports or requires (comments removed first). */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
  const out: string[] = [];
  for (const m of code.matchAll(IMPORT_RE)) out.push(m[1] ?? m[2]);
  return out;
}

/** What the size rule reads as source: code and style sheets, whatever their language. */
const SOURCE_EXTENSIONS = /\.(?:[cm]?ts|[cm]?js|css|html|sh|lua|py|php)$/;

/**
 * Folders whose files are not the project's source: what is built or installed, and the test
 * fixtures (expected outputs and data, compared byte for byte, not code anyone edits).
 */
const NOT_SOURCE = new Set(['node_modules', 'out', 'dist', '.git', '.cache', '.test-output', '.vscode-test', 'test/fixtures']);

/** Whether the size rule (no file over 500 lines) applies to a repository-relative path. */
export function isSourceFile(rel: string): boolean {
  const parts = rel.split(path.sep).join('/').split('/');
  for (let i = 1; i < parts.length; i++) if (!isSourceFolder(parts.slice(0, i).join('/'))) return false;
  return SOURCE_EXTENSIONS.test(parts[parts.length - 1]);
}

/** Whether a repository-relative folder may hold source (the walk for the size rule goes into it). */
export function isSourceFolder(rel: string): boolean {
  const p = rel.split(path.sep).join('/');
  return !NOT_SOURCE.has(p) && !NOT_SOURCE.has(p.slice(p.lastIndexOf('/') + 1));
}

const REQUIRE_RE = /\brequire\("([^"]+)"\)/g;

/**
 * The module specifiers a TypeScript source imports as values: what is left of its imports once
 * TypeScript removes the type-only ones (`import type`, `export type`, and an import whose every
 * name is used only as a type), as the compiled module and the bundle load them.
 */
export function valueImportsOf(source: string): string[] {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  return [...js.matchAll(REQUIRE_RE)].map((m) => m[1]);
}

/**
 * The cycles of value imports in a graph of modules (module → the modules it imports as values),
 * each as the path that closes it (`a → b → a`), one per strongly connected group of modules. A
 * value cycle works only while no module of it uses another's value as it loads: moving one line
 * to the top level breaks it, in the order the bundler happens to pick.
 */
export function valueCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((group) => cyclePath(graph, new Set(group))).sort();
}

/** A shortest path from the group's first module (by name) back to itself, inside the group. */
function cyclePath(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string {
  const start = [...group].sort()[0];
  const from = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const w of graph.get(queue[i]) ?? []) {
      if (!group.has(w) || from.has(w)) continue;
      from.set(w, queue[i]);
      if (w === start) {
        const path = [start];
        for (let at = queue[i]; at !== start; at = from.get(at)!) path.unshift(at);
        return [start, ...path].join(' → ');
      }
      queue.push(w);
    }
  }
  return [...group].sort().join(' ⇄ ');
}

/** Folders whose state belongs to objects (a panel, the panel manager): no process-wide mutable state. */
export const NO_STATIC_STATE_DIRS = ['client/src/results/'];

const isMutableInit = (e: ts.Expression | undefined): boolean =>
  !!e && (ts.isNewExpression(e) || ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e));

/**
 * The process-wide mutable state a source declares: `static` fields that are not `readonly`, or
 * are `readonly` but hold a new object, array or collection (a `Set` of open panels is state), and
 * module-level `let`/`var`. Each as `line N: name`.
 */
export function staticMutableState(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (n: ts.Node, name: string) => out.push(`line ${file.getLineAndCharacterOfPosition(n.getStart(file)).line + 1}: ${name}`);
  const has = (n: ts.Node, kind: ts.SyntaxKind) => ts.canHaveModifiers(n) && !!ts.getModifiers(n)?.some((m) => m.kind === kind);
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyDeclaration(n) && has(n, ts.SyntaxKind.StaticKeyword) && (!has(n, ts.SyntaxKind.ReadonlyKeyword) || isMutableInit(n.initializer))) at(n, `static ${n.name.getText(file)}`);
    ts.forEachChild(n, visit);
  };
  for (const s of file.statements) {
    if (ts.isVariableStatement(s) && !(s.declarationList.flags & ts.NodeFlags.Const)) for (const d of s.declarationList.declarations) at(d, `module-level ${d.name.getText(file)}`);
  }
  visit(file);
  return out;
}

/** Packages whose state belongs to objects (#40): no module-level `new Map`/`new WeakMap` in their sources. */
export const NO_MODULE_MAPS_DIRS = ['core/', 'server/'];

/**
 * The module-level maps that stay, each with why (`file: name` → the reason). The rule refuses any
 * other, and an entry here whose map is gone (the list stays true).
 */
export const MODULE_MAPS_ALLOWED: Record<string, string> = {
  'core/src/search/keywords.ts: BY_NAME': 'not state: a read-only index of a constant table, built once',
};

/** A `new Map(…)` or `new WeakMap(…)` (also cast with `as`/`satisfies`). */
const isNewMap = (e: ts.Expression | undefined): boolean => {
  while (e && (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e))) e = e.expression;
  return !!e && ts.isNewExpression(e) && ts.isIdentifier(e.expression) && (e.expression.text === 'Map' || e.expression.text === 'WeakMap');
};

/** The maps a source declares at module level (`const x = new Map()`, `let m = new WeakMap()`), each as `line N: name`. */
export function moduleLevelMaps(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const s of file.statements) {
    if (!ts.isVariableStatement(s)) continue;
    for (const d of s.declarationList.declarations) {
      if (isNewMap(d.initializer)) out.push(`line ${file.getLineAndCharacterOfPosition(d.getStart(file)).line + 1}: ${d.name.getText(file)}`);
    }
  }
  return out;
}

/**
 * One run path (#38): a RunSession is driven batch by batch (`.next(`) only inside its own module;
 * every other loop goes through `RunSession.run` (an agent's pull: engine/src/pull.ts).
 */
export const RUN_LOOP_FILE = 'engine/src/run.ts';
/** The one status rule (complete / partial / failed). */
export const STATUS_RULE_FILE = 'core/src/results/status.ts';

const lineOf = (file: ts.SourceFile, n: ts.Node) => file.getLineAndCharacterOfPosition(n.getStart(file)).line + 1;

/** The `.next(` calls of a source on something named a session (`session.next(`, `this.session.next(`), each as `line N: text`. */
export function sessionNextCalls(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'next' && /session/i.test(n.expression.expression.getText(file))) {
      out.push(`line ${lineOf(file, n)}: ${n.expression.getText(file)}(`);
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return out;
}

const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

/** Whether a branch yields the word 'partial' or 'failed' itself (not compared with it, nor inside a function of its own). */
function yieldsStatusWord(n: ts.Node | undefined): boolean {
  if (!n) return false;
  if (ts.isBinaryExpression(n) && EQUALITY.has(n.operatorToken.kind)) return false;
  if (ts.isStringLiteralLike(n)) return n.text === 'partial' || n.text === 'failed';
  if (ts.isFunctionLike(n)) return false;
  return ts.forEachChild(n, (c) => yieldsStatusWord(c) || undefined) ?? false;
}

/** Whether an expression reads something named `complete` or `continue` (a variable or a member). */
function readsCompleteOrContinue(n: ts.Node): boolean {
  if (ts.isIdentifier(n)) return n.text === 'complete' || n.text === 'continue';
  return ts.forEachChild(n, (c) => readsCompleteOrContinue(c) || undefined) ?? false;
}

/**
 * A status decided by its own rule: a condition on `complete` or `continue` whose branch gives the
 * word 'partial' or 'failed' (`complete ? 'complete' : 'partial'`), each as `line N: condition`.
 * Everyone else asks core's runStatus.
 */
export function ownStatusRules(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const onCompleteOrContinue = readsCompleteOrContinue;
  const visit = (n: ts.Node): void => {
    if (ts.isConditionalExpression(n) && onCompleteOrContinue(n.condition) && (yieldsStatusWord(n.whenTrue) || yieldsStatusWord(n.whenFalse))) {
      out.push(`line ${lineOf(file, n)}: ${n.condition.getText(file)}`);
    } else if (ts.isIfStatement(n) && onCompleteOrContinue(n.expression) && (yieldsStatusWord(n.thenStatement) || yieldsStatusWord(n.elseStatement))) {
      out.push(`line ${lineOf(file, n)}: ${n.expression.getText(file)}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return out;
}
