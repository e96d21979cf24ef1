/**
 * Every command the users' docs give runs, or is listed in NEEDS with why a unit test does not run
 * it (a network, a long run). The docs are README.md, the pages of docs/ and CONTRIBUTING.md's "Try it
 * in one minute" (moved there from the README). Commands are the lines of ```sh/```bash blocks, `run:`
 * steps of ```yaml blocks, and inline code that starts with a command (`npm …`, `wikiq …`, `node …`,
 * `npx …`, `git …`, `code …`, `curl …`), split at `&&`. Install commands run into temporary npm
 * prefixes; `wikiq` commands run the built dist/cli.js in a temporary folder holding the README's own
 * example files; usage lines (with `[--flag]`, `FILE`, `…`) and mentions (`wikiq check`) are checked
 * against the --help of the program they name. Needs the built dist/ (scripts/test.mjs builds first).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { ROOT, doc, docsPages, section } from './docFiles';

const readme = doc('README.md');
/** The docs whose commands are checked, as one text. */
const docs = [readme, ...docsPages().map(doc), section('CONTRIBUTING.md', 'Try it in one minute')].join('\n');
const pkg = JSON.parse(doc('package.json'));
const tarball = `${pkg.name}-${pkg.version}.tgz`;

/** Commands a unit test does not run, each with the reason. Every entry must still be in the docs. */
const NEEDS: Record<string, string> = {
  'npm ci': 'the network (the npm registry)',
  'npm start': 'a long run: it starts the demo wiki (test/wiki/start.test.ts runs `npm start -- --once`)',
  'npm start -- --once': 'a long run: it starts the demo wiki (test/wiki/start.test.ts runs it)',
  'npm test': 'a long run: every test layer',
  'npm run build': 'it rewrites dist/, which other tests read; scripts/test.mjs runs it before every layer',
  'npm run package': 'a long run: a production build and vsce (the editor layer installs the .vsix)',
  'code --install-extension wikiq.vsix': 'VS Code and the .vsix (the editor layer installs it)',
  'wikiq run first.wikiq --request "Recent changes" --format table': 'the network (www.mediawiki.org)',
  'wikiq check queries/*.wikiq --strict --format sarif > wikiq.sarif   # wikiq installed as above': "a CI job's step: the job's own files",
  'wikiq test queries/*.wikiq --reporter junit --out wikiq-junit.xml': "a CI job's step: the job's own files and wiki (test/wiki/test-command.test.ts runs wikiq test --reporter junit)",
  'wikiq run edit.wikiq --dry-run': 'a wiki to preview the edit on (test/wiki/preview.test.ts runs run --dry-run against the test wiki)',
  'wikiq run edit.wikiq': 'a terminal, a wiki and an account to save with (test/wiki/cli-write.test.ts runs it on a pseudo-terminal against the private test wiki)',
  'wikiq run edit.wikiq --yes --summary-tag "(batch 42)"': 'a wiki and an account to save with (test/wiki/cli-write.test.ts runs run --yes --summary-tag against the private test wiki)',
  'node /path/to/wikiq/dist/server.js --stdio': 'a long run: the language server an editor starts (the lsp layer runs it)',
};

/** Commands that start with one of these words (in inline code, and in blocks of other languages). */
const PROGRAMS = /^(npm|npx|wikiq|node|git|code|curl) /;

/** The docs' commands, in order, without repeats. */
function docsCommands(): string[] {
  const found: string[] = [];
  const fence = /^ *```(\w*)\n([\s\S]*?)^ *```/gm;
  for (const [, lang, body] of docs.matchAll(fence)) {
    if (['sh', 'bash', 'shell', 'console'].includes(lang)) {
      // A line starting with spaces continues the one above (a usage text wrapped), as does a trailing \.
      const lines = body.replace(/\\\n\s*/g, ' ').replace(/\n[ \t]+/g, ' ').split('\n');
      for (const l of lines) found.push(l.replace(/^\$ /, '').replace(/(^|\s)#.*$/, '').trim());
    } else if (lang === 'yaml') {
      for (const [, step] of body.matchAll(/^\s*-?\s*run:\s*(.+)$/gm)) found.push(step.trim());
    } else if (lang === '' || lang === 'text') {
      for (const l of body.split('\n')) if (/^\$ /.test(l) || PROGRAMS.test(l)) found.push(l.replace(/^\$ /, '').trim());
    }
  }
  const prose = docs.replace(fence, '');
  for (const [, code] of prose.matchAll(/`([^`\n]+)`/g)) if (PROGRAMS.test(code)) found.push(code);
  const steps = found.flatMap((c) => c.split(/\s*&&\s*/)).map((c) => c.trim()).filter((c) => c && !/^cd\s/.test(c));
  return [...new Set(steps)];
}

/** A usage line or a mention rather than a command: placeholders, ellipses, optional parts, or a bare subcommand. */
function isUsage(command: string): boolean {
  return /…|\.\.\.|\[|\b[A-Z]{3,}\b/.test(command) || /^wikiq (check|run|code|diff|mcp|test)$/.test(command);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-readme-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** npm with its global prefix and pack folder in `tmp`, offline and without scripts (nothing rebuilds dist/). */
function npm(command: string, cwd: string, prefix: string): ReturnType<typeof spawnSync> {
  fs.mkdirSync(path.join(tmp, 'pack'), { recursive: true });
  return spawnSync('sh', ['-c', command], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      npm_config_prefix: prefix,
      npm_config_pack_destination: path.join(tmp, 'pack'),
      npm_config_offline: 'true',
      npm_config_ignore_scripts: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
  });
}

/** The folder `wikiq` commands run in: the README's .wikiq examples as the files its commands name. */
function workDir(): string {
  const dir = path.join(tmp, 'work');
  if (fs.existsSync(dir)) return dir;
  fs.mkdirSync(dir);
  const examples = [...readme.matchAll(/```wikiq\n([\s\S]*?)```/g)].map((m) => m[1].replace(/^ {3}/gm, ''));
  fs.writeFileSync(path.join(dir, 'file.wikiq'), examples[0]);
  fs.writeFileSync(path.join(dir, 'first.wikiq'), examples[1]);
  // `wikiq` on PATH is the built launcher itself: it must be executable.
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.symlinkSync(path.join(ROOT, 'dist', 'cli.js'), path.join(dir, 'bin', 'wikiq'));
  return dir;
}

function sh(command: string, cwd: string): ReturnType<typeof spawnSync> {
  return spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8', env: { ...process.env, PATH: `${path.join(cwd, 'bin')}${path.delimiter}${process.env.PATH}` } });
}

const helpOf = new Map<string, string>();
/** The --help text of the CLI or of the language server. */
function help(program: 'cli' | 'server'): string {
  if (!helpOf.has(program)) {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', `${program}.js`), '--help'], { encoding: 'utf8' });
    assert.equal(r.status, 0, `dist/${program}.js --help: ${r.stderr}`);
    helpOf.set(program, r.stdout);
  }
  return helpOf.get(program)!;
}

/** Every --flag of the command, and its subcommand, is in the --help of the program it names. */
function checkAgainstHelp(command: string): void {
  const program = /dist\/server\.js/.test(command) ? 'server' : 'cli';
  const text = help(program);
  const sub = /^(?:wikiq|npx wikiq|node \S*dist\/cli\.js) ([a-z]+)/.exec(command)?.[1];
  if (sub) assert.match(text, new RegExp(`wikiq ${sub} `), `'${command}': the help has no subcommand '${sub}'`);
  for (const [, flag] of command.matchAll(/(?:^|[\s[])(--[a-z][a-z-]*)/g)) assert.ok(text.includes(flag), `'${command}': ${flag} is not in dist/${program}.js --help`);
}

/** What checks one command; fails for a command nothing checks. */
function check(command: string): void {
  const script = /^npm (?:run ([\w:-]+)|(start|test))\b/.exec(command);
  if (script) assert.ok(pkg.scripts[script[1] ?? script[2]], `'${command}': package.json has no script '${script[1] ?? script[2]}'`);
  if (/^(wikiq|npx wikiq|node \S*dist\/(cli|server)\.js)\b/.test(command)) checkAgainstHelp(command);
  if (NEEDS[command] || isUsage(command)) return;

  if (command === 'npm install -g .') {
    // A link to this clone: the `wikiq` it puts on PATH runs dist/cli.js itself.
    const prefix = path.join(tmp, 'linked');
    const r = npm(command, ROOT, prefix);
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
    const bin = path.join(prefix, 'bin', 'wikiq');
    assert.equal(fs.realpathSync(bin), fs.realpathSync(path.join(ROOT, 'dist', 'cli.js')), 'it links to the clone');
    const v = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    assert.equal(v.status, 0, `${bin} --version: ${v.error ?? v.stderr}`);
  } else if (command === 'npm pack') {
    const r = npm(command, ROOT, path.join(tmp, 'unused'));
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
    assert.ok(fs.existsSync(path.join(tmp, 'pack', tarball)), `npm pack makes ${tarball}`);
  } else if (command === `npm install -g ./${tarball}`) {
    if (!fs.existsSync(path.join(tmp, 'pack', tarball))) check('npm pack');
    const prefix = path.join(tmp, 'copied');
    const r = npm(command, path.join(tmp, 'pack'), prefix);
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
    const c = spawnSync(path.join(prefix, 'bin', 'wikiq'), ['check', path.join(workDir(), 'file.wikiq')], { encoding: 'utf8' });
    assert.equal(c.status, 0, `the installed copy checks a file: ${c.error ?? c.stdout + c.stderr}`);
  } else if (/^(wikiq|node dist\/cli\.js) /.test(command)) {
    const dir = workDir();
    const r = sh(command.replace(/^node dist\//, `node ${JSON.stringify(path.join(ROOT, 'dist'))}/`), dir);
    assert.equal(r.status, 0, `exit ${r.status}: ${r.stdout}${r.stderr}`);
  } else {
    assert.fail(`'${command}' is neither run here nor in NEEDS: run it in this test, or add it to NEEDS with the reason`);
  }
}

describe('the docs\' commands', () => {
  const commands = docsCommands();

  it('finds the commands (the first run, the install paths, the CLI)', () => {
    for (const c of ['npm ci', 'npm start', 'npm test', 'npm install -g .', 'npm pack', `npm install -g ./${tarball}`]) assert.ok(commands.includes(c), `'${c}' not found in ${JSON.stringify(commands)}`);
  });
  it('asks for the Node version package.json\'s engines names, wherever it names one', () => {
    const wanted = /^>=(\d+)$/.exec(pkg.engines.node)?.[1];
    assert.ok(wanted, `engines.node is ${pkg.engines.node}`);
    const named = [...docs.matchAll(/Node (\d+)(?:\+| or later)/g)].map((m) => m[1]);
    assert.ok(/Node (\d+)(?:\+| or later)/.test(readme), 'the README names the Node version it needs');
    assert.deepEqual([...new Set(named)], [wanted]);
  });
  it('lists in NEEDS only commands the docs still give', () => {
    assert.deepEqual(Object.keys(NEEDS).filter((c) => !commands.includes(c)), []);
  });
  for (const command of commands) {
    it(NEEDS[command] ? `${command}  (not run: ${NEEDS[command]})` : command, () => check(command));
  }
});
