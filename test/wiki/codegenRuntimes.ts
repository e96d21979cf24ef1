/**
 * The runtimes Copy as code's programs run on in the tests: Debian's python3-requests,
 * python3-mwclient, php-cli with php-curl (provisioned by ../provision, like the test wiki's
 * packages), mwn from npm (a dev dependency), and
 * Debian's chromium for mw.Api; python3-pycodestyle checks the Python programs are PEP 8.
 */
import { CODEGEN_PACKAGES, PATHS, ensurePackages } from '../provision';

/** Debian's Python (the one its python3-* packages are for). */
export const PYTHON = PATHS.python;

/** Installs what is missing (through the one provisioning path) or throws an Error naming it and the command. */
export function ensureCodegenRuntimes(): void {
  ensurePackages(CODEGEN_PACKAGES, 'the Copy as code tests');
}
