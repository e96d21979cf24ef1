/**
 * The folder invariants of ARCHITECTURE.md that can be checked by reading imports: which package
 * may import what. `checkImport` judges one import of one file; `importsOf` reads a file's imports.
 * The architecture test applies them to every source file of the products (not the tests).
 */
import * as path from 'node:path';
import { builtinModules } from 'node:module';

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

/** The front door of each package other packages may import (a folder's index). */
const FRONT_DOORS: Partial<Record<Pkg, string[]>> = {
  core: ['core/src/index.ts'],
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
  cli: ['vscode-languageserver-textdocument', 'vscode-languageserver-types'],
  client: ['vscode', 'vscode-languageclient'],
  webview: ['dompurify', 'uplot'],
  scripts: [],
  test: [],
  other: [],
};

/** Packages that may use Node's built-in modules. */
const NODE: Pkg[] = ['engine', 'server', 'cli', 'client', 'common'];

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
  'client/src/run/auth.ts',
  'client/src/run/commands.ts',
  'client/src/run/diagnostics.ts',
  'client/src/run/serverCredentials.ts',
  'client/src/results/ResultsPanel.ts',
  'client/src/results/runDriver.ts',
  'client/src/results/historyCommands.ts',
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
  'engine/src/export.ts',
  'engine/src/catalogue/memoryCache.ts',
  'engine/src/auth/sealed.web.ts',
  'client/src/platform.web.ts',
  'server/src/browserServer.ts',
  'server/src/server.ts',
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
