/**
 * The web bundles (scripts/webBuild.mjs): built for the browser with each Node-only module swapped
 * for its browser counterpart, no Node built-in anywhere (the build fails on one), and each
 * counterpart exporting what the module it replaces exports.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '../../..');

interface Probe { entry: string; errors: string[]; inputs: string[] }

function probe(...entries: string[]): Probe[] {
  const r = spawnSync(process.execPath, ['scripts/webBuild.mjs', '--probe', ...entries], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Probe);
}

/** The names a TypeScript module exports: its own declarations and the modules it re-exports wholesale. */
function exportsOf(rel: string): string[] {
  const src = readFileSync(path.join(root, rel), 'utf8');
  const own = [...src.matchAll(/^export (?:declare )?(?:abstract )?(?:async )?(?:function|class|const|let|interface|type)\s+(\w+)/gm)].map((m) => m[1]);
  const stars = [...src.matchAll(/^export \* from '([^']+)'/gm)].map((m) => `* ${m[1]}`);
  return [...own, ...stars].sort();
}

const WEB_MODULES: Record<string, string> = {
  'engine/src/http.ts': 'engine/src/httpFetch.ts',
  'engine/src/exportFile.ts': 'engine/src/exportFile.web.ts',
  'engine/src/fileValues.ts': 'engine/src/fileValues.web.ts',
  'engine/src/catalogue/cache.ts': 'engine/src/catalogue/memoryCache.ts',
  'engine/src/auth/sealed.ts': 'engine/src/auth/sealed.web.ts',
  'client/src/platform.ts': 'client/src/platform.web.ts',
};

describe('web bundles', () => {
  it('the build lists the same swaps as this test', () => {
    const src = readFileSync(path.join(root, 'scripts/webBuild.mjs'), 'utf8');
    const listed = [...src.matchAll(/^ {2}'([^']+)': '([^']+)',$/gm)].filter((m) => m[1].endsWith('.ts')).map((m) => [m[1], m[2]]);
    assert.deepEqual(Object.fromEntries(listed), WEB_MODULES);
  });
  for (const [node, web] of Object.entries(WEB_MODULES)) {
    it(`${web} exports what ${node} exports`, () => {
      const a = exportsOf(node);
      const b = exportsOf(web);
      assert.ok(a.length > 0);
      // The browser's may add its own (withAnonymousOrigin, BROWSER_SIGN_IN); none may be missing.
      assert.deepEqual(a.filter((n) => !b.includes(n)), [], `${web} lacks exports of ${node}`);
    });
  }
  it('builds the extension and the worker with no Node built-in, each Node-only module replaced', () => {
    for (const p of probe('client/src/extension.ts', 'server/src/browserServer.ts')) {
      assert.deepEqual(p.errors, [], p.entry);
      for (const [node, web] of Object.entries(WEB_MODULES)) {
        assert.ok(!p.inputs.includes(node), `${p.entry} bundles ${node}`);
        if (p.inputs.some((i) => i.startsWith(path.dirname(web)))) assert.ok(!p.inputs.includes(node));
      }
      assert.ok(p.inputs.includes('engine/src/httpFetch.ts'), `${p.entry} fetches through engine/src/httpFetch.ts`);
      assert.ok(!p.inputs.some((i) => i.includes('node_modules/undici/')), `${p.entry} bundles undici`);
      // The web extension reads the packaged dist/bundled-paraminfo.json and hands it to its worker.
      assert.ok(!p.inputs.includes('core/src/catalogue/bundled-paraminfo.json'), `${p.entry} embeds the bundled catalogue`);
      assert.ok(!p.inputs.includes('core/src/bundled.ts'), `${p.entry} bundles core/src/bundled.ts`);
    }
    const [server] = probe('server/src/browserServer.ts');
    assert.ok(server.inputs.includes('engine/src/catalogue/memoryCache.ts'));
    assert.ok(server.inputs.some((i) => i.startsWith('node_modules/vscode-languageserver/lib/browser/')));
  });
  it('fails the build on a Node built-in, naming it and who imports it', () => {
    const [p] = probe('test/fixtures/web/usesFs.ts');
    assert.equal(p.errors.length, 1);
    assert.match(p.errors[0], /Node built-in "node:fs" imported by test\/fixtures\/web\/usesFs\.ts/);
  });
});
