/** Reading the paraminfo fixtures into catalogues: shared by the catalogue tests. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Catalogue, ModuleInfo, ParamInfo, readParaminfo } from '../../core/src';

export const root = path.resolve(__dirname, '..', '..', '..');
export const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(root, 'test', 'fixtures', 'paraminfo', name), 'utf8'));

export function read(name: string, problems: string[] = []): ModuleInfo[] {
  return readParaminfo(fixture(name), problems);
}

export function catalogueOf(modules: ModuleInfo[], exhaustive = true): Catalogue {
  return new Catalogue({ source: 'live', modules, exhaustive, endpoint: 'https://wiki.example/api.php', mwVersion: '1.39.17', fetchedAt: '2026-01-01T00:00:00Z', namespaces: [{ id: 0, name: '' }, { id: 6, name: 'File', canonical: 'File', aliases: ['Image'] }] });
}

export function get(c: Catalogue, modulePath: string, name?: string): ParamInfo {
  const m = c.module(modulePath);
  assert.ok(m, `module ${modulePath}`);
  const p = m.parameters.find((q) => q.name === name) ?? m.templatedparameters.find((q) => q.name === name);
  assert.ok(p, `${modulePath} parameter ${name}`);
  return p;
}

/**
 * A wiki whose search is CirrusSearch: the Debian wiki's real paraminfo answer (no CirrusSearch)
 * plus the extension's modules (cirrussearch-modules-fv2.json, in the shape paraminfo gives them).
 */
export function cirrusCatalogue(): Catalogue {
  return catalogueOf([...read('mw139-all-fv2.json'), ...read('cirrussearch-modules-fv2.json')]);
}
