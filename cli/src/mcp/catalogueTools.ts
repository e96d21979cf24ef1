/**
 * `find_modules` and `describe_module`: the wiki's own catalogue (action=paraminfo) as data. The
 * wiki's texts (descriptions) are returned as fields of records, cut to a bound, never as
 * instructions.
 */
import { closest, type Catalogue, type ModuleInfo, type ParamInfo } from '../../../core/src';
import { ToolRefusal } from './wikis';

/** The most modules find_modules returns. */
const MAX_FOUND = 12;
/** The longest description kept in a found module, and in a described parameter. */
const FOUND_DESCRIPTION = 300;
const PARAM_DESCRIPTION = 600;
const MODULE_DESCRIPTION = 2000;

/** Words that say nothing about a module. */
const STOP = new Set(['a', 'an', 'the', 'of', 'in', 'on', 'to', 'for', 'by', 'and', 'or', 'with', 'from', 'all', 'get', 'list', 'what', 'which', 'that', 'is', 'are', 'its', 'me', 'find', 'show']);

const cut = (s: string | undefined, n: number) => (s === undefined ? '' : s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** The words of a query, lower-case, without the words that say nothing, each also without a plural s. */
function words(query: string): string[] {
  return query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w && !STOP.has(w)).map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
}

export interface FoundModule {
  name: string;
  group: string;
  prefix: string;
  description: string;
}

/** Modules whose name or description has the query's words: name matches count most; internal and deprecated modules come last. */
export function findModules(catalogue: Catalogue, query: string): FoundModule[] {
  const ws = words(query);
  if (!ws.length) throw new ToolRefusal('The query has no words to look for: describe what the module should do ("members of a category", "recent changes").');
  const scored = catalogue.modules().filter((m) => m.group !== 'main').map((m) => {
    const name = m.name.toLowerCase();
    const text = (m.description ?? '').toLowerCase();
    let score = 0;
    for (const w of ws) score += (name === w ? 6 : name.includes(w) ? 4 : 0) + (text.includes(w) ? 1 : 0);
    if (m.internal || m.deprecated) score /= 2;
    return { m, score };
  }).filter((x) => x.score > 0);
  scored.sort((a, b) => b.score - a.score || a.m.name.localeCompare(b.m.name));
  return scored.slice(0, MAX_FOUND).map(({ m }) => ({ name: m.name, group: m.group, prefix: m.prefix, description: cut(m.description, FOUND_DESCRIPTION) }));
}

/** The module `what` names: a path (`query+categorymembers`), `group=name` (`list=categorymembers`) or a name. */
export function moduleNamed(catalogue: Catalogue, what: string): ModuleInfo {
  const w = what.trim();
  const eq = w.indexOf('=');
  const [group, name] = eq > 0 ? [w.slice(0, eq).trim(), w.slice(eq + 1).trim()] : [undefined, w];
  const found = catalogue.module(w)
    ?? catalogue.modules().find((m) => m.name === name && (group === undefined || m.group === group || (group === 'generator' && m.generator)));
  if (found) return found;
  const names = [...new Set(catalogue.modules().map((m) => m.name))];
  const near = closest(name, names);
  throw new ToolRefusal(`No module '${name}' in the wiki's catalogue${group ? ` for ${group}` : ''}.${near.length ? ` Did you mean ${near.map((n) => `'${n}'`).join(' or ')}?` : ' Use find_modules to look for one.'}`);
}

export interface DescribedParam {
  name: string;
  requestName: string;
  type: string;
  values?: string[];
  default?: string;
  limits?: Record<string, number>;
  multi?: boolean;
  required?: boolean;
  deprecated?: boolean;
  description: string;
}

function limitsOf(p: ParamInfo): Record<string, number> | undefined {
  const l: Record<string, number> = {};
  for (const k of ['min', 'max', 'highmax', 'lowlimit', 'highlimit'] as const) if (p[k] !== undefined) l[k === 'lowlimit' ? 'maxValues' : k === 'highlimit' ? 'maxValuesHigh' : k] = p[k]!;
  return Object.keys(l).length ? l : undefined;
}

function describeParam(m: ModuleInfo, p: ParamInfo): DescribedParam {
  const values = Array.isArray(p.type) ? p.type : p.type === 'submodule' && p.submodules ? Object.keys(p.submodules) : undefined;
  const limits = limitsOf(p);
  return {
    name: p.name,
    requestName: `${m.prefix}${p.name}`,
    type: Array.isArray(p.type) ? 'enum' : p.type,
    ...(values ? { values } : {}),
    ...(p.default !== undefined ? { default: p.default } : {}),
    ...(limits ? { limits } : {}),
    ...(p.multi ? { multi: true } : {}),
    ...(p.required ? { required: true } : {}),
    ...(p.deprecated ? { deprecated: true } : {}),
    description: cut(p.description, PARAM_DESCRIPTION),
  };
}

export interface DescribedModule {
  name: string;
  path: string;
  group: string;
  prefix: string;
  generator: boolean;
  description: string;
  /** False where the catalogue does not know every parameter (the bundled catalogue's gaps). */
  parametersKnown: boolean;
  parameters: DescribedParam[];
}

export function describeModule(catalogue: Catalogue, what: string): DescribedModule {
  const m = moduleNamed(catalogue, what);
  return {
    name: m.name, path: m.path, group: m.group, prefix: m.prefix, generator: m.generator,
    description: cut(m.description, MODULE_DESCRIPTION),
    parametersKnown: m.parametersKnown,
    parameters: m.parameters.map((p) => describeParam(m, p)),
  };
}
