/**
 * The catalogue model: one normalised shape for every `action=paraminfo` output the API has had —
 * formatversion 1 (flags present as `""`), formatversion 2 (flags as booleans), help as none/html/
 * wikitext/raw, old wikis' `mainmodule`/`querymodules`/`pagesetmodule`/`formatmodules` (and the
 * very old `type: "bool"`, `default: "false"`) — so the bundled, cached and live catalogues are one
 * model. Reading never throws: malformed entries are skipped (and described in `problems`).
 *
 * Two members are wikiq's own, not MediaWiki's (MediaWiki never sends them; the bundled catalogue
 * and the cache use them to say what is not known):
 * - `wikiqparametersunknown` on a module descriptor: its parameter list is not known (the contract
 *   shows none or only some of them) → `parametersKnown: false`; unknown names with its prefix are
 *   not errors. A module that declares `dynamicparameters` is treated the same way.
 * - `wikiqincompletevalues` on a parameter descriptor: its enumeration lists only some of the
 *   accepted values → `valuesIncomplete: true`.
 * Either may be `""` (formatversion 1 style) or `true`.
 */

export type CatalogueSource = 'bundled' | 'cached' | 'live';

export interface InfoNote {
  name: string;
  values?: Array<string | number>;
  text?: string;
}

export interface ParamInfo {
  index: number;
  /** Without the module prefix. */
  name: string;
  /** A scalar type name (`string`, `integer`, `limit`, `boolean`, `timestamp`, `namespace`, `user`, `title`, `text`, `submodule`…) or the allowed values of an enumeration. */
  type: string | string[];
  /** The default as the API would send it (multi defaults joined with `|`); undefined when none. */
  default?: string;
  multi: boolean;
  lowlimit?: number;
  highlimit?: number;
  limit?: number;
  min?: number;
  max?: number;
  highmax?: number;
  subtypes?: string[];
  allspecifier?: string;
  extranamespaces?: number[];
  allowsduplicates: boolean;
  deprecated: boolean;
  deprecatedvalues: string[];
  internalvalues: string[];
  /** The enumeration lists only some of the accepted values (values outside it are not errors). */
  valuesIncomplete: boolean;
  required: boolean;
  sensitive: boolean;
  info: InfoNote[];
  /** For templated parameters: placeholder → name (unprefixed) of the parameter that supplies its values. */
  templatevars?: Record<string, string>;
  /** For `submodule` parameters: value → module path. */
  submodules?: Record<string, string>;
  /** Prefix added to the submodule's own prefix (`g` for `generator`). */
  submoduleparamprefix?: string;
  tokentype?: string;
  /** Markdown (or plain text). */
  description?: string;
  valuedescriptions?: Record<string, string>;
}

export interface ModuleInfo {
  name: string;
  path: string;
  /** `action`, `list`, `prop`, `meta`, `format`, or `main` for the main module. */
  group: string;
  prefix: string;
  classname?: string;
  source?: string;
  sourcename?: string;
  licensetag?: string;
  licenselink?: string;
  readrights: boolean;
  writerights: boolean;
  mustbeposted: boolean;
  generator: boolean;
  deprecated: boolean;
  internal: boolean;
  helpurls: string[];
  description?: string;
  parameters: ParamInfo[];
  templatedparameters: ParamInfo[];
  /** False where the catalogue does not know the module's parameter list (the contract's "not shown"). */
  parametersKnown: boolean;
  /** The module accepts parameters beyond its list (MediaWiki's `dynamicparameters`). */
  dynamicparameters: boolean;
  /** What `dynamicparameters` said about them, when help was asked for. */
  dynamicparametersDescription?: string;
  /** Example requests (only when help was asked for). */
  examples?: ModuleExample[];
}

export interface ModuleExample {
  /** The query string, without `api.php?`. */
  query: string;
  description?: string;
}

export interface NamespaceInfo {
  id: number;
  name: string;
  canonical?: string;
  aliases?: string[];
}

export interface CatalogueInit {
  source: CatalogueSource;
  modules: ModuleInfo[];
  /** True when the module list is complete (a wiki's own); false for the bundled one. */
  exhaustive: boolean;
  endpoint?: string;
  mwVersion?: string;
  fetchedAt?: string;
  namespaces?: NamespaceInfo[];
}

export class Catalogue {
  readonly source: CatalogueSource;
  readonly exhaustive: boolean;
  readonly endpoint?: string;
  readonly mwVersion?: string;
  readonly fetchedAt?: string;
  readonly namespaces?: NamespaceInfo[];
  private readonly byPath = new Map<string, ModuleInfo>();
  private readonly list: ModuleInfo[];
  private readonly paramMaps = new WeakMap<ModuleInfo, Map<string, ParamInfo>>();

  constructor(init: CatalogueInit) {
    this.source = init.source;
    this.exhaustive = init.exhaustive;
    this.endpoint = init.endpoint;
    this.mwVersion = init.mwVersion;
    this.fetchedAt = init.fetchedAt;
    this.namespaces = init.namespaces;
    this.list = [];
    for (const m of init.modules) {
      if (this.byPath.has(m.path)) continue;
      this.byPath.set(m.path, m);
      this.list.push(m);
    }
  }

  module(path: string): ModuleInfo | undefined {
    return this.byPath.get(path);
  }

  modules(): ModuleInfo[] {
    return this.list;
  }

  main(): ModuleInfo | undefined {
    return this.byPath.get('main');
  }

  actions(): ModuleInfo[] {
    return this.list.filter((m) => m.group === 'action');
  }

  formats(): ModuleInfo[] {
    return this.list.filter((m) => m.group === 'format');
  }

  queryModules(group: 'list' | 'prop' | 'meta'): ModuleInfo[] {
    return this.list.filter((m) => m.group === group && m.path.startsWith('query+'));
  }

  generators(): ModuleInfo[] {
    return this.list.filter((m) => m.generator);
  }

  /** A module's parameter by unprefixed name (O(1) after the first call per module). */
  param(module: ModuleInfo, name: string): ParamInfo | undefined {
    let map = this.paramMaps.get(module);
    if (!map) {
      map = new Map(module.parameters.map((p) => [p.name, p]));
      this.paramMaps.set(module, map);
    }
    return map.get(name);
  }
}

/** The allowed values of an enumeration, or the module names of a `submodule` parameter. */
export function enumValues(p: ParamInfo): string[] | undefined {
  if (Array.isArray(p.type)) return p.type;
  if (p.submodules) return Object.keys(p.submodules);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Reading paraminfo

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A flag: present as `""` (fv1) or `true` (fv2). */
function flag(v: unknown): boolean {
  return v === '' || v === true || v === 1 || v === '1';
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
}

function strs(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x) => typeof x === 'string' || typeof x === 'number').map(String) : [];
}

/** One raw help message (`helpformat=raw`): `{key, params, forvalue?}`, shown as `(key)` the way `uselang=qqx` does. */
function rawMessage(x: unknown): string {
  if (typeof x === 'string') return x;
  if (!isObj(x)) return '';
  if (typeof x['*'] === 'string') return x['*'];
  if (typeof x.key === 'string') return `(${x.key})`;
  return '';
}

/** Help text in whatever form helpformat gave it: a string, an fv1 `{'*': text}`, or raw message lists. */
function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  if (Array.isArray(v)) {
    const parts = v.filter((x) => !(isObj(x) && typeof x.forvalue === 'string')).map(rawMessage).filter(Boolean);
    return parts.length ? parts.join('\n\n') : undefined;
  }
  if (isObj(v) && typeof v['*'] === 'string') return v['*'];
  if (isObj(v) && typeof v.key === 'string') return rawMessage(v);
  return undefined;
}

/** The per-value messages of a raw (`helpformat=raw`) description: `{forvalue: value, key…}`. */
function rawValueTexts(v: unknown): Record<string, string> | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: Record<string, string> = {};
  for (const x of v) if (isObj(x) && typeof x.forvalue === 'string') out[x.forvalue] = rawMessage(x);
  return Object.keys(out).length ? out : undefined;
}

function stringMap(v: unknown): Record<string, string> | undefined {
  if (!isObj(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    const t = text(x) ?? (typeof x === 'string' ? x : undefined);
    if (t !== undefined) out[k] = t;
  }
  return out;
}

function defaultOf(v: unknown, type: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  // A boolean is true by its presence: its "default" is always absent (false, "", or "false" in the oldest shape).
  if ((type === 'boolean' || type === 'bool') && (v === false || v === '' || v === 'false')) return undefined;
  if (Array.isArray(v)) return v.map(String).join('|');
  if (typeof v === 'boolean') return v ? '1' : undefined;
  return String(v);
}

function readInfo(v: unknown): InfoNote[] {
  if (!Array.isArray(v)) return [];
  const out: InfoNote[] = [];
  for (const x of v) {
    if (!isObj(x) || typeof x.name !== 'string') continue;
    const note: InfoNote = { name: x.name };
    if (Array.isArray(x.values)) note.values = x.values.filter((y) => typeof y === 'string' || typeof y === 'number') as Array<string | number>;
    const t = text(x.text) ?? text(x['*']);
    if (t) note.text = t;
    out.push(note);
  }
  return out;
}

export function readParam(raw: unknown, index: number): ParamInfo | undefined {
  if (!isObj(raw) || typeof raw.name !== 'string' || raw.name === '') return undefined;
  let type: string | string[] = 'string';
  if (Array.isArray(raw.type)) type = strs(raw.type);
  else if (typeof raw.type === 'string') type = raw.type === 'bool' ? 'boolean' : raw.type; // 'bool': MediaWiki before 1.17
  const p: ParamInfo = {
    index: num(raw.index) ?? index,
    name: raw.name,
    type,
    default: defaultOf(raw.default, raw.type),
    multi: flag(raw.multi),
    allowsduplicates: flag(raw.allowsduplicates),
    deprecated: flag(raw.deprecated),
    deprecatedvalues: strs(raw.deprecatedvalues),
    internalvalues: strs(raw.internalvalues),
    valuesIncomplete: flag(raw.wikiqincompletevalues),
    required: flag(raw.required),
    sensitive: flag(raw.sensitive),
    info: readInfo(raw.info),
  };
  for (const k of ['lowlimit', 'highlimit', 'limit', 'min', 'max', 'highmax'] as const) {
    const n = num(raw[k]);
    if (n !== undefined) p[k] = n;
  }
  if (Array.isArray(raw.subtypes)) p.subtypes = strs(raw.subtypes);
  if (typeof raw.allspecifier === 'string') p.allspecifier = raw.allspecifier;
  if (Array.isArray(raw.extranamespaces)) p.extranamespaces = (raw.extranamespaces as unknown[]).map(num).filter((n): n is number => n !== undefined);
  const tv = stringMap(raw.templatevars);
  if (tv && Object.keys(tv).length) p.templatevars = tv;
  const sm = stringMap(raw.submodules);
  if (sm) {
    p.submodules = sm;
    if (!Array.isArray(p.type) && p.type === 'string') p.type = 'submodule';
  } else if (p.type === 'submodule') {
    p.submodules = {};
  }
  if (typeof raw.submoduleparamprefix === 'string' && raw.submoduleparamprefix) p.submoduleparamprefix = raw.submoduleparamprefix;
  if (typeof raw.tokentype === 'string') p.tokentype = raw.tokentype;
  const d = text(raw.description);
  if (d) p.description = d;
  const vd = stringMap(raw.valuedescriptions) ?? rawValueTexts(raw.description);
  if (vd && Object.keys(vd).length) p.valuedescriptions = vd;
  return p;
}

function readParams(v: unknown): ParamInfo[] {
  if (!Array.isArray(v)) return [];
  const out: ParamInfo[] = [];
  v.forEach((raw, i) => {
    const p = readParam(raw, i);
    if (p) out.push(p);
  });
  return out.sort((a, b) => a.index - b.index);
}

/**
 * MediaWiki before 1.25 described `action`, `format`, `prop`, `list`, `meta` and `generator` as
 * plain enumerations; later versions add `submodules` (value → module path). Old answers get the
 * same map, so that module selection works alike on every wiki.
 */
function addOldSubmoduleMaps(m: ModuleInfo): void {
  const selectors: Record<string, Record<string, string>> = {
    main: { action: '', format: '' },
    query: { prop: 'query+', list: 'query+', meta: 'query+', generator: 'query+' },
  };
  const sel = selectors[m.path];
  if (!sel) return;
  for (const p of m.parameters) {
    const pathPrefix = sel[p.name];
    if (pathPrefix === undefined || p.submodules || !Array.isArray(p.type)) continue;
    p.submodules = Object.fromEntries(p.type.map((v) => [v, pathPrefix + v]));
    if (p.name === 'generator' && !p.submoduleparamprefix) p.submoduleparamprefix = 'g';
  }
}

export function readModule(raw: unknown, fallback: { path?: string; group?: string } = {}): ModuleInfo | undefined {
  if (!isObj(raw) || typeof raw.name !== 'string' || raw.name === '') return undefined;
  if (flag(raw.missing)) return undefined;
  const path = typeof raw.path === 'string' ? raw.path : fallback.path ?? raw.name;
  const dynamic = raw.dynamicparameters !== undefined && raw.dynamicparameters !== null && raw.dynamicparameters !== false;
  const group = typeof raw.group === 'string' ? raw.group : typeof raw.querytype === 'string' ? raw.querytype : path === 'main' ? 'main' : fallback.group ?? (path.startsWith('query+') ? 'list' : 'action');
  const m: ModuleInfo = {
    name: raw.name,
    path,
    group,
    prefix: typeof raw.prefix === 'string' ? raw.prefix : '',
    readrights: flag(raw.readrights),
    writerights: flag(raw.writerights),
    mustbeposted: flag(raw.mustbeposted),
    generator: flag(raw.generator),
    deprecated: flag(raw.deprecated),
    internal: flag(raw.internal),
    helpurls: strs(raw.helpurls),
    parameters: readParams(raw.parameters),
    templatedparameters: readParams(raw.templatedparameters),
    parametersKnown: !flag(raw.wikiqparametersunknown) && !dynamic,
    dynamicparameters: dynamic,
  };
  addOldSubmoduleMaps(m);
  for (const k of ['classname', 'source', 'sourcename', 'licensetag', 'licenselink'] as const) {
    if (typeof raw[k] === 'string') m[k] = raw[k] as string;
  }
  const d = text(raw.description);
  if (d) m.description = d;
  const dyn = text(raw.dynamicparameters);
  if (dyn) m.dynamicparametersDescription = dyn;
  if (Array.isArray(raw.examples)) {
    const ex: ModuleExample[] = [];
    for (const e of raw.examples) {
      if (!isObj(e) || typeof e.query !== 'string') continue;
      const d = text(e.description);
      ex.push(d ? { query: e.query, description: d } : { query: e.query });
    }
    if (ex.length) m.examples = ex;
  }
  return m;
}

/**
 * Reads module descriptors from a whole API answer (`{paraminfo: {...}}`), the `paraminfo` object,
 * or a plain array of descriptors. Never throws.
 */
export function readParaminfo(json: unknown, problems: string[] = []): ModuleInfo[] {
  const out: ModuleInfo[] = [];
  const push = (raw: unknown, fb: { path?: string; group?: string } = {}) => {
    const m = readModule(raw, fb);
    if (m) out.push(m);
    else if (isObj(raw) && typeof raw.name === 'string' && flag(raw.missing)) problems.push(`the wiki has no module ${fb.path ?? raw.name}`);
    else problems.push(`skipped a malformed module descriptor: ${String(JSON.stringify(raw)).slice(0, 80)}`);
  };
  try {
    let pi: unknown = json;
    if (isObj(json) && isObj(json.paraminfo)) pi = json.paraminfo;
    // The wiki's own words about what it could not describe ("does not have a submodule …").
    if (isObj(json) && isObj(json.warnings) && isObj(json.warnings.paraminfo)) {
      const w = json.warnings.paraminfo;
      const t = typeof w.warnings === 'string' ? w.warnings : typeof w['*'] === 'string' ? w['*'] : undefined;
      if (t) for (const line of t.split('\n')) if (line.trim()) problems.push(`the wiki warned: ${line.trim()}`);
    }
    if (Array.isArray(pi)) {
      pi.forEach((m) => push(m));
      return out;
    }
    if (!isObj(pi)) {
      problems.push('no paraminfo in the answer');
      return out;
    }
    if (Array.isArray(pi.modules)) pi.modules.forEach((m) => push(m));
    // Older shapes (MediaWiki before 1.25).
    // MediaWiki 1.39 still answers these (deprecated) parameters; its pageset descriptor has no name.
    if (isObj(pi.mainmodule)) push({ name: 'main', ...pi.mainmodule, path: 'main', group: 'main' });
    if (isObj(pi.pagesetmodule)) push({ name: 'pageset', ...pi.pagesetmodule, path: 'pageset', group: 'pageset' });
    if (Array.isArray(pi.querymodules)) {
      for (const m of pi.querymodules) if (isObj(m)) push(m, { path: `query+${String(m.name)}` });
    }
    if (Array.isArray(pi.formatmodules)) {
      for (const m of pi.formatmodules) if (isObj(m)) push(m, { group: 'format' });
    }
  } catch (e) {
    problems.push(`unreadable paraminfo: ${(e as Error).message}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Serialisation (the on-disk cache): plain JSON whose modules are paraminfo descriptors in the
// formatversion 2 style, so that reading a cache goes through the same reader as a wiki's answer.

/** The version of the serialised form; a file of another version is not read. */
export const SERIALISED_CATALOGUE_VERSION = 1;

export interface SerialisedCatalogue {
  wikiqcatalogue: number;
  source: CatalogueSource;
  exhaustive: boolean;
  endpoint?: string;
  mwVersion?: string;
  fetchedAt?: string;
  namespaces?: NamespaceInfo[];
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
    paraminfo: { helpformat: 'none', modules: c.modules().map(moduleDescriptor) },
  };
  return JSON.stringify(out);
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
  });
}
