/**
 * The runtimes Copy as code's programs run on in the tests: Debian's python3-requests,
 * python3-mwclient, php-cli with php-curl (installed with apt-get as root, like the test wiki's
 * packages, else an Error naming them and the command), mwn from npm (a dev dependency), and
 * Debian's chromium for mw.Api; python3-pycodestyle checks the Python programs are PEP 8.
 */
import { spawnSync } from 'node:child_process';
import { aptInstall } from '../apt';

/** Debian's Python (the one its python3-* packages are for; a python3 earlier on PATH may not see them). */
export const PYTHON = '/usr/bin/python3';

export const CODEGEN_PACKAGES = ['python3-requests', 'python3-mwclient', 'python3-pycodestyle', 'php-cli', 'php-curl', 'chromium'];

function missing(): string | undefined {
  const py = spawnSync(PYTHON, ['-c', 'import requests, mwclient, pycodestyle'], { encoding: 'utf8' });
  const php = spawnSync('php', ['-r', 'echo function_exists("curl_init") ? "ok" : "no";'], { encoding: 'utf8' });
  const chromium = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' });
  const what = [
    ...(py.status !== 0 ? ['python3-requests, python3-mwclient and python3-pycodestyle'] : []),
    ...(php.stdout !== 'ok' ? ['php-cli with php-curl'] : []),
    ...(chromium.status !== 0 ? ['chromium'] : []),
  ];
  return what.length ? `the Debian packages for ${what.join(', ')}` : undefined;
}

let checked = false;

/** Installs what is missing (once per process) or throws an Error naming it and the command. */
export function ensureCodegenRuntimes(): void {
  if (checked) return;
  const what = missing();
  if (what) aptInstall(CODEGEN_PACKAGES, what, 'the Copy as code tests', missing);
  checked = true;
}
