/**
 * The catalogue that ships inside wikiq, read through the same reader as a wiki's own answer. Its
 * data (bundled-paraminfo.json) is imported only by `core/src/bundled.ts`, the entry of the programs
 * that read it themselves (the CLI, the Node server, the desktop extension); the web extension reads
 * the packaged file and hands it on, so no web bundle embeds it.
 */
import { Catalogue } from './model';
import { readParaminfo } from './paraminfo';

/** The bundled catalogue from its data (paraminfo-shaped: bundled-paraminfo.json, parsed). */
export function readBundledCatalogue(data: unknown): Catalogue {
  return new Catalogue({ source: 'bundled', modules: readParaminfo(data), exhaustive: false });
}
