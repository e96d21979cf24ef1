/**
 * core's second front door: the bundled catalogue with its data (~190 KB), for the programs that
 * read it themselves — the CLI, the Node language server and the desktop extension, whose bundles
 * require dist/bundled-paraminfo.json at run time (scripts/build.mjs). The web bundles never import
 * this file: the web extension reads the packaged file and passes the catalogue in (core's index
 * has `readBundledCatalogue` for that), so neither embeds it (test/unit/web-bundle.test.ts).
 */
import data from './catalogue/bundled-paraminfo.json';
import type { Catalogue } from './catalogue/model';
import { readBundledCatalogue } from './catalogue/bundled';

let memo: Catalogue | undefined;

/** The bundled catalogue, read once per process (its data never changes). */
export function bundledCatalogue(): Catalogue {
  if (!memo) memo = readBundledCatalogue(data);
  return memo;
}
