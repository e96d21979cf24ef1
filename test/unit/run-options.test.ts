/**
 * The run options' one table (engine/src/runOptions.ts) against what the surfaces declare: the
 * editor's settings (package.json: default and minimum) and the engine's conversion to its units.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RUN_OPTIONS, runLimits } from '../../engine/src/index';

const root = path.join(__dirname, '..', '..', '..');
const settings = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: unknown; minimum?: number }> } } })
  .contributes.configuration.properties;

test('each option with a setting: package.json declares the table\'s default and minimum', () => {
  for (const [name, spec] of Object.entries(RUN_OPTIONS)) {
    if (!('setting' in spec)) continue;
    const declared = settings[`wikiq.${spec.setting}`];
    assert.ok(declared, `wikiq.${spec.setting} (${name}) is a setting`);
    assert.deepEqual([declared.default, declared.minimum], [spec.default, spec.min], `wikiq.${spec.setting}`);
  }
});

test('runLimits: the defaults in the engine\'s units, and a surface\'s values converted once', () => {
  assert.deepEqual(runLimits({}), { maxBatches: 1000, maxlag: 5, maxBackoffMs: 120_000, timeoutMs: 30_000, maxBytes: 50 * 1024 * 1024 });
  assert.deepEqual(runLimits({ maxBatches: 2, maxlag: 0, maxWait: 1.5, timeout: 2, maxResponse: 0.5 }), { maxBatches: 2, maxlag: 0, maxBackoffMs: 1500, timeoutMs: 2000, maxBytes: 512 * 1024 });
});
