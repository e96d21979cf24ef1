/**
 * The package: what the .vsix holds (`vsce ls`, the same list `vsce package` zips), what a
 * production build writes, the marketplace metadata, and the F5 set-up in .vscode/.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';

const root = path.resolve(__dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const pkg = readJson('package.json');

/** What the extension runs: its entry, the server it starts, the results view, the contributions, the icon. */
function filesTheExtensionNeeds(): string[] {
  const c = pkg.contributes;
  const rel = (p: string) => path.posix.normalize(p.replace(/^\.\//, ''));
  return [
    rel(pkg.main),
    'dist/server.js',
    // The bundled catalogue, written once beside the bundles that require it (build.mjs).
    'dist/bundled-paraminfo.json',
    // undici, bundled once and required by the extension and the server (build.mjs).
    'dist/undici.js',
    'dist/media/results.js',
    'dist/media/results.css',
    rel(pkg.icon),
    ...c.languages.map((l: { configuration: string }) => rel(l.configuration)),
    ...c.grammars.map((g: { path: string }) => rel(g.path)),
    ...c.snippets.map((s: { path: string }) => rel(s.path)),
  ];
}

describe('the .vsix (vsce ls --no-dependencies)', () => {
  const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
  const r = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
  const files = r.stdout.split('\n').map((l) => l.trim()).filter(Boolean);

  it('lists the package', () => {
    assert.equal(r.status, 0, `vsce ls failed: ${r.stderr}`);
  });
  it('holds every file the extension runs', () => {
    const missing = filesTheExtensionNeeds().filter((f) => !files.includes(f));
    assert.deepEqual(missing, [], `not in the package (run \`npm run build\` first?); it holds: ${files.join(', ')}`);
  });
  it('holds no source map, no CLI, no sources, tests or development files', () => {
    const unwanted = files.filter((f) => f.endsWith('.map') || f === 'dist/cli.js' || f === 'dist/cli-main.js' || /^(src|test|out|core|engine|server|client|cli|common|scripts|docs|examples|node_modules|\.vscode)\//.test(f) || /\.ts$/.test(f));
    assert.deepEqual(unwanted, []);
  });
});

/** A string only the bundled catalogue holds: its main module's description (no source of a bundle has it). */
const CATALOGUE_MARK: string = readJson('core/src/catalogue/bundled-paraminfo.json').paraminfo.modules.find((m: { name: string }) => m.name === 'main').description;

describe('a production build (build.mjs --production)', () => {
  // Built as the package's dist/ in a folder of its own, where the .vsix is packed too (below).
  const pkgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-prod-'));
  const out = path.join(pkgDir, 'dist');
  after(() => fs.rmSync(pkgDir, { recursive: true, force: true }));
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--production', '--outdir', out], { cwd: root, encoding: 'utf8' });
  const bundles = ['extension.js', 'server.js', 'cli.js', 'cli-main.js', 'undici.js', 'media/results.js'];
  const read = (f: string) => fs.readFileSync(path.join(out, f), 'utf8');

  it('builds every bundle, minified', () => {
    assert.equal(r.status, 0, r.stderr);
    for (const b of bundles) {
      const text = read(b);
      // No '// cli/src/help.ts' line before each module, as in a development build; and long lines,
      // except in the launcher cli.js, which is mostly the usage text (lines of a template literal).
      // Text with line breaks stays on lines of its own (Copy as code's programs, core/src/codegen),
      // so a bundle averages some hundreds of characters a line; a development build, some tens.
      assert.ok(!/^\/\/ \S+\.(ts|js|json)$/m.test(text), `${b} does not look minified (esbuild's module comments)`);
      if (b !== 'cli.js') assert.ok(text.length / text.split('\n').length > 400, `${b} does not look minified`);
    }
  });
  it('writes no source map and names none', () => {
    const all = fs.readdirSync(out, { recursive: true }).map(String);
    assert.deepEqual(all.filter((f) => f.endsWith('.map')), []);
    for (const b of bundles) assert.ok(!read(b).includes('sourceMappingURL'), `${b} names a source map`);
  });
  it('writes the view\'s one stylesheet with every style sheet of client/media in it, whole', () => {
    const css = read('media/results.css');
    const sheets = fs.readdirSync(path.join(root, 'client/media')).filter((f) => f.endsWith('.css'));
    assert.ok(sheets.length >= 3, `only ${sheets.join(', ')} in client/media`);
    for (const f of sheets) assert.ok(css.includes(fs.readFileSync(path.join(root, 'client/media', f), 'utf8')), `dist/media/results.css lacks client/media/${f}`);
  });
  it('makes the CLI the package.json bin runs', () => {
    assert.equal(pkg.bin.wikiq, './dist/cli.js');
    assert.ok(read('cli.js').startsWith('#!/usr/bin/env node\n'));
    assert.equal(fs.statSync(path.join(out, 'cli.js')).mode & 0o777, 0o755, 'cli.js keeps its run bit (npm install -g . links to it)');
    const help = spawnSync(process.execPath, [path.join(out, 'cli.js'), '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /wikiq run/);
    // The launcher hands `check` to dist/cli-main.js, which reads the bundled catalogue beside it:
    // a misspelt parameter is found.
    const typo = path.join(out, 'typo.wikiq');
    fs.writeFileSync(typo, '### R\naction = query\nlist = allimages\naiilimit = 5\n');
    const check = spawnSync(process.execPath, [path.join(out, 'cli.js'), 'check', typo, '--strict'], { encoding: 'utf8' });
    assert.match(check.stdout, /unknown-parameter/, check.stdout + check.stderr);
  });
  it('embeds the bundled catalogue in no bundle: the Node ones require the file beside them, the web ones are handed it', () => {
    assert.ok(CATALOGUE_MARK.length > 20);
    assert.ok(read('bundled-paraminfo.json').includes(CATALOGUE_MARK));
    for (const b of [...bundles, 'web/extension.js', 'web/server.js']) assert.ok(!read(b).includes(CATALOGUE_MARK), `${b} embeds the bundled catalogue`);
  });
  it('packs a .vsix of at most 1 MiB (the desktop and the web builds)', () => {
    // The files `vsce ls` lists, with this build as dist/, packed as `npm run package` packs them
    // (without its vscode:prepublish, which would build into the repository's dist/).
    const listed = spawnSync(process.execPath, [path.join(root, 'node_modules/@vscode/vsce/vsce'), 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
    assert.equal(listed.status, 0, listed.stderr);
    for (const f of ['.vscodeignore', ...listed.stdout.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('dist/') && l !== 'package.json')]) {
      fs.mkdirSync(path.dirname(path.join(pkgDir, f)), { recursive: true });
      fs.copyFileSync(path.join(root, f), path.join(pkgDir, f));
    }
    const { 'vscode:prepublish': _prepublish, ...scripts } = pkg.scripts as Record<string, string>;
    fs.writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ ...pkg, scripts }, null, 2));
    const vsix = path.join(pkgDir, 'wikiq.vsix');
    const packed = spawnSync(process.execPath, [path.join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '-o', vsix], { cwd: pkgDir, encoding: 'utf8' });
    assert.equal(packed.status, 0, packed.stdout + packed.stderr);
    const size = fs.statSync(vsix).size;
    assert.ok(size <= 1024 * 1024, `wikiq.vsix is ${size.toLocaleString('en')} bytes, more than 1 MiB (1,048,576)`);
  });
});

describe('marketplace metadata', () => {
  it('has a 128×128 PNG icon, keywords people search for, bugs, homepage and a changelog', () => {
    const png = fs.readFileSync(path.join(root, pkg.icon));
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
    for (const k of ['mediawiki', 'wikipedia', 'api', 'api.php', 'wiki', 'bot', 'paraminfo']) assert.ok(pkg.keywords.includes(k), `keyword ${k}`);
    assert.match(pkg.bugs.url, /^https:\/\//);
    assert.match(pkg.homepage, /^https:\/\//);
    assert.match(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), new RegExp(`^## ${pkg.version.replace(/\./g, '\\.')}$`, 'm'));
  });
});

describe('F5 (.vscode/launch.json and tasks.json)', () => {
  const launch = readJson('.vscode/launch.json');
  const tasks = readJson('.vscode/tasks.json');
  const hosts = launch.configurations.filter((c: { type: string }) => c.type === 'extensionHost');

  it('starts an Extension Development Host on this folder, opening a folder that exists', () => {
    assert.ok(hosts.length > 0);
    for (const c of hosts) {
      assert.ok(c.args.includes('--extensionDevelopmentPath=${workspaceFolder}'), `${c.name}: extensionDevelopmentPath`);
      const folders = c.args.filter((a: string) => a.startsWith('${workspaceFolder}/'));
      assert.ok(folders.length > 0, `${c.name}: no folder to open`);
      for (const f of folders) assert.ok(fs.statSync(path.join(root, f.slice('${workspaceFolder}/'.length))).isDirectory(), `${c.name}: ${f} is no folder`);
    }
  });
  it('builds first with a task tasks.json defines, running a script package.json has', () => {
    for (const c of hosts) {
      const task = tasks.tasks.find((t: { label: string }) => t.label === c.preLaunchTask);
      assert.ok(task, `${c.name}: preLaunchTask '${c.preLaunchTask}' is not in tasks.json`);
      assert.ok(pkg.scripts[task.script], `task ${task.label}: no npm script '${task.script}'`);
    }
  });
  it('is not ignored by git', () => {
    const r = spawnSync('git', ['check-ignore', '.vscode/launch.json', '.vscode/tasks.json'], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 1, `.gitignore ignores ${r.stdout}${r.stderr}`);
  });
});
