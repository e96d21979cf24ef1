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

import { Derived } from './derived';

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
  /** Who the catalogue was fetched as (a signed-in user: limits follow their rights); undefined: anonymous or bundled. */
  user?: CatalogueUser;
}

/** The signed-in user a wiki's catalogue was fetched as (`meta=userinfo&uiprop=rights`). */
export interface CatalogueUser {
  name: string;
  rights: string[];
}

export class Catalogue {
  readonly source: CatalogueSource;
  readonly exhaustive: boolean;
  readonly endpoint?: string;
  readonly mwVersion?: string;
  readonly fetchedAt?: string;
  readonly namespaces?: NamespaceInfo[];
  readonly user?: CatalogueUser;
  private readonly byPath = new Map<string, ModuleInfo>();
  private readonly list: ModuleInfo[];
  /** What analysis and validation work out from the modules, once for this catalogue (catalogue/derived.ts). */
  readonly derived: Derived = new Derived(this);

  constructor(init: CatalogueInit) {
    this.source = init.source;
    this.exhaustive = init.exhaustive;
    this.endpoint = init.endpoint;
    this.mwVersion = init.mwVersion;
    this.fetchedAt = init.fetchedAt;
    this.namespaces = init.namespaces;
    this.user = init.user;
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

  /** The user has `apihighlimits`: a limit's `max` is its `highmax` (5,000 instead of 500). */
  highLimits(): boolean {
    return !!this.user?.rights.includes('apihighlimits');
  }

  /** The largest value of a `limit` parameter for this catalogue's user: `highmax` with `apihighlimits`, else `max`. */
  limitMax(p: ParamInfo): number | undefined {
    return this.highLimits() && p.highmax !== undefined ? p.highmax : p.max;
  }

  /**
   * How many values a multi-value parameter takes in one request for this catalogue's user:
   * `highlimit` with `apihighlimits`, else `lowlimit` (paraminfo's `limit` is the fetching user's).
   */
  valuesLimit(p: ParamInfo): number {
    return valuesLimit(p, this.highLimits());
  }

  /** A module's parameter by unprefixed name (the last description of a name its paraminfo repeats). */
  param(module: ModuleInfo, name: string): ParamInfo | undefined {
    return this.derived.params(module).get(name);
  }
}

/** A continuation token (`continue`, `aicontinue`…): opaque, filled in by the runner, never a value to check or offer first. */
export function isContinueParam(p: ParamInfo): boolean {
  return p.name.endsWith('continue');
}

/** How many values a multi-value parameter takes in one request: `highlimit` for a user with `apihighlimits`, else `lowlimit` (50 when paraminfo says neither). */
export function valuesLimit(p: ParamInfo, highLimits: boolean): number {
  return (highLimits ? p.highlimit : p.lowlimit) ?? p.limit ?? p.lowlimit ?? 50;
}

/**
 * Whether wikiq's runner sends a multi-value parameter's values in batches when there are more
 * than its limit: a list of things to look up (titles, ids, users…), not module names or an
 * enumeration, whose values would change what each batch asks for.
 */
export function isBatchable(p: ParamInfo): boolean {
  return p.multi && !p.submodules && !Array.isArray(p.type);
}
