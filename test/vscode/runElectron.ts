/**
 * Online runner of the real-editor suite: @vscode/test-electron's runTests, the standard way. It
 * downloads a VS Code build (VSCODE_VERSION, default 'stable'), or uses the one given with
 * VSCODE_EXECUTABLE; downloads are kept in ${XDG_CACHE_HOME:-~/.cache}/wikiq/vscode-test. On Linux it needs a display (run it under `xvfb-run -a` on a headless machine).
 * Machines without internet use the offline runner instead: node out/test/vscode/runOffline.js.
 *
 * Usage: npm run test:vscode   (= npm run build && npm run compile && node out/test/vscode/runElectron.js)
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { cacheRoot } from './provision';
import { SUITE_ENV } from './sync';

const repoRoot = path.resolve(__dirname, '../../..');

async function main(): Promise<number> {
  const testsPath = path.join(repoRoot, 'out/test/vscode/suite/index.js');
  const needed = [path.join(repoRoot, 'dist/extension.js'), path.join(repoRoot, 'dist/server.js'), testsPath];
  const missing = needed.filter((f) => !fs.existsSync(f));
  if (missing.length) {
    console.error(`Cannot run the real-editor suite, missing: ${missing.map((f) => path.relative(repoRoot, f)).join(', ')} (run \`npm run build\` and \`npm run compile\`).`);
    return 1;
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-electron-'));
  try {
    const workspace = path.join(runDir, 'workspace');
    fs.cpSync(path.join(repoRoot, 'test/vscode/workspace'), workspace, { recursive: true });
    const userData = path.join(runDir, 'user-data');
    fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
    fs.writeFileSync(
      path.join(userData, 'User/settings.json'),
      JSON.stringify({ 'security.workspace.trust.enabled': false, 'workbench.startupEditor': 'none', 'extensions.autoUpdate': false, 'update.mode': 'none', 'telemetry.telemetryLevel': 'off' }, null, 2),
    );
    const executable = process.env.VSCODE_EXECUTABLE;
    if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
      console.warn('No DISPLAY: VS Code (Electron) needs one on Linux; run this under `xvfb-run -a`.');
    }
    const code = await runTests({
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: testsPath,
      // Downloads go to the same per-user cache as the offline server, not into the repository.
      ...(executable ? { vscodeExecutablePath: executable } : { version: process.env.VSCODE_VERSION || 'stable', cachePath: path.join(cacheRoot(), 'vscode-test') }),
      extensionTestsEnv: { [SUITE_ENV]: 'dev' },
      launchArgs: [
        workspace,
        '--disable-extensions', // other installed extensions; the one under development stays enabled
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir', userData,
        '--extensions-dir', path.join(runDir, 'extensions'),
      ],
    });
    return code;
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    console.error(`The real-editor suite under @vscode/test-electron failed: ${msg}`);
    if (!process.env.VSCODE_EXECUTABLE) {
      console.error('If VS Code could not be downloaded (no internet), give one with VSCODE_EXECUTABLE=/path/to/code, or use the offline runner: node out/test/vscode/runOffline.js');
    }
    return 1;
  } finally {
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (err) => {
  console.error(err);
  process.exit(1);
});
