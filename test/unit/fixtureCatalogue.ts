/**
 * A small hand-made catalogue in the shape of a live wiki's (paraminfo formatversion 2 plus
 * siteinfo namespaces): what the bundled catalogue cannot express — a complete (exhaustive) module
 * list, writing actions, integers with min/max, required parameters, a multi parameter with its own
 * value limit, a wiki's own namespaces. Data: test/fixtures/catalogue-fv2.json.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Catalogue, NamespaceInfo, readParaminfo } from '../../core/src';

export function fixtureCatalogue(): Catalogue {
  const json = JSON.parse(readFileSync(resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'catalogue-fv2.json'), 'utf8'));
  const problems: string[] = [];
  const modules = readParaminfo(json, problems);
  if (problems.length) throw new Error(`fixture catalogue: ${problems.join('; ')}`);
  const namespaces: NamespaceInfo[] = Object.values(json.query.namespaces as Record<string, { id: number; name: string; canonical?: string }>)
    .map((n) => ({ id: n.id, name: n.name, canonical: n.canonical }));
  return new Catalogue({
    source: 'live', modules, exhaustive: true, endpoint: 'https://w.example/api.php', mwVersion: json.query.general.generator.replace(/^MediaWiki /, ''), namespaces,
  });
}
