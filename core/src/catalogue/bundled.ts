/** The catalogue that ships inside wikiq, read through the same reader as a wiki's own answer. */
import data from './bundled-paraminfo.json';
import { Catalogue } from './model';
import { readParaminfo } from './paraminfo';

let memo: Catalogue | undefined;

export function bundledCatalogue(): Catalogue {
  if (!memo) memo = new Catalogue({ source: 'bundled', modules: readParaminfo(data), exhaustive: false });
  return memo;
}
