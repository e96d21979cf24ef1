/** The catalogue that ships inside wikiq, read through the same reader as a wiki's own answer. */
import data from './bundled/bundled-paraminfo.json';
import { Catalogue, readParaminfo } from './model';

let memo: Catalogue | undefined;

export function bundledCatalogue(): Catalogue {
  if (!memo) memo = new Catalogue({ source: 'bundled', modules: readParaminfo(data), exhaustive: false });
  return memo;
}
