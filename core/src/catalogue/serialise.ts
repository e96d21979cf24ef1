/**
 * Serialisation (the on-disk cache): plain JSON whose modules are paraminfo descriptors in the
 * formatversion 2 style, so that reading a cache goes through the same reader as a wiki's answer.
 */
import { Catalogue, type CatalogueInit, type CatalogueSource, type CatalogueUser, type ModuleInfo, type NamespaceInfo, type ParamInfo } from './model';
import { readParaminfo, strs } from './paraminfo';
import { isObj, type JsonObject as Json } from '../util/json';

/** The version of the serialised form; a file of another version is not read. */
export const SERIALISED_CATALOGUE_VERSION = 1;

/** The catalogue's own fields (the user it was fetched as: name and rights, never a secret), its modules as paraminfo. */
export interface SerialisedCatalogue extends Omit<CatalogueInit, 'modules'> {
  wikiqcatalogue: number;
  paraminfo: { helpformat: string; modules: Json[] };
}

function paramDescriptor(p: ParamInfo): Json {
  const d: Json = { index: p.index, name: p.name, type: p.type };
  if (p.default !== undefined) d.default = p.default;
  for (const k of ['multi', 'allowsduplicates', 'deprecated', 'required', 'sensitive'] as const) if (p[k]) d[k] = true;
  for (const k of ['lowlimit', 'highlimit', 'limit', 'min', 'max', 'highmax'] as const) if (p[k] !== undefined) d[k] = p[k];
  if (p.subtypes) d.subtypes = p.subtypes;
  if (p.allspecifier !== undefined) d.allspecifier = p.allspecifier;
  if (p.extranamespaces) d.extranamespaces = p.extranamespaces;
  if (p.deprecatedvalues.length) d.deprecatedvalues = p.deprecatedvalues;
  if (p.internalvalues.length) d.internalvalues = p.internalvalues;
  if (p.valuesIncomplete) d.wikiqincompletevalues = true;
  if (p.info.length) d.info = p.info;
  if (p.templatevars) d.templatevars = p.templatevars;
  if (p.submodules) d.submodules = p.submodules;
  if (p.submoduleparamprefix) d.submoduleparamprefix = p.submoduleparamprefix;
  if (p.tokentype !== undefined) d.tokentype = p.tokentype;
  if (p.description !== undefined) d.description = p.description;
  if (p.valuedescriptions) d.valuedescriptions = p.valuedescriptions;
  return d;
}

/** A normalised module back in the descriptor shape (formatversion 2 style); `readModule` of it gives the module again. */
export function moduleDescriptor(m: ModuleInfo): Json {
  const d: Json = { name: m.name, path: m.path, group: m.group, prefix: m.prefix };
  for (const k of ['classname', 'source', 'sourcename', 'licensetag', 'licenselink', 'description'] as const) if (m[k] !== undefined) d[k] = m[k];
  for (const k of ['readrights', 'writerights', 'mustbeposted', 'generator', 'deprecated', 'internal'] as const) if (m[k]) d[k] = true;
  if (m.dynamicparameters) d.dynamicparameters = m.dynamicparametersDescription ?? true;
  if (!m.parametersKnown && !m.dynamicparameters) d.wikiqparametersunknown = true;
  d.helpurls = m.helpurls;
  if (m.examples) d.examples = m.examples;
  d.parameters = m.parameters.map(paramDescriptor);
  d.templatedparameters = m.templatedparameters.map(paramDescriptor);
  return d;
}

/** A catalogue as plain JSON text (for the on-disk cache). */
export function serialiseCatalogue(c: Catalogue): string {
  const out: SerialisedCatalogue = {
    wikiqcatalogue: SERIALISED_CATALOGUE_VERSION,
    source: c.source,
    exhaustive: c.exhaustive,
    endpoint: c.endpoint,
    mwVersion: c.mwVersion,
    fetchedAt: c.fetchedAt,
    namespaces: c.namespaces,
    user: c.user,
    paraminfo: { helpformat: 'none', modules: c.modules().map(moduleDescriptor) },
  };
  return JSON.stringify(out);
}

/** A serialised user: a name and a list of rights, else undefined. */
export function readCatalogueUser(v: unknown): CatalogueUser | undefined {
  if (!isObj(v) || typeof v.name !== 'string' || !v.name) return undefined;
  return { name: v.name, rights: Array.isArray(v.rights) ? strs(v.rights) : [] };
}

function readNamespaces(v: unknown): NamespaceInfo[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: NamespaceInfo[] = [];
  for (const n of v) {
    if (!isObj(n) || typeof n.id !== 'number' || !Number.isInteger(n.id) || typeof n.name !== 'string') continue;
    const ns: NamespaceInfo = { id: n.id, name: n.name };
    if (typeof n.canonical === 'string') ns.canonical = n.canonical;
    if (Array.isArray(n.aliases)) ns.aliases = strs(n.aliases);
    out.push(ns);
  }
  return out;
}

/**
 * Reads what `serialiseCatalogue` wrote (text or parsed JSON). Never throws: an unreadable,
 * foreign or empty input gives undefined and a reason in `problems`. The catalogue read back has
 * `source` as given (default `cached`).
 */
export function deserialiseCatalogue(input: unknown, opts: { source?: CatalogueSource; problems?: string[] } = {}): Catalogue | undefined {
  const problems = opts.problems ?? [];
  let json: unknown = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch (e) {
      problems.push(`not JSON: ${(e as Error).message}`);
      return undefined;
    }
  }
  if (!isObj(json) || json.wikiqcatalogue !== SERIALISED_CATALOGUE_VERSION) {
    problems.push(`not a wikiq catalogue of version ${SERIALISED_CATALOGUE_VERSION}`);
    return undefined;
  }
  const modules = readParaminfo(json.paraminfo, problems);
  if (!modules.length) {
    problems.push('the catalogue holds no module');
    return undefined;
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return new Catalogue({
    source: opts.source ?? 'cached',
    modules,
    exhaustive: json.exhaustive === true,
    endpoint: str(json.endpoint),
    mwVersion: str(json.mwVersion),
    fetchedAt: str(json.fetchedAt),
    namespaces: readNamespaces(json.namespaces),
    user: readCatalogueUser(json.user),
  });
}
