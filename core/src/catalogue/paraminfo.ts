/** Reading paraminfo: every shape MediaWiki has sent, into the one model (never throws). */
import type { InfoNote, ModuleExample, ModuleInfo, ParamInfo } from './model';
import { isObj } from '../util/json';

/** A flag: present as `""` (fv1) or `true` (fv2). */
function flag(v: unknown): boolean {
  return v === '' || v === true || v === 1 || v === '1';
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
}

export function strs(v: unknown): string[] {
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
    if (Array.isArray(x.values)) note.values = x.values.filter((y): y is string | number => typeof y === 'string' || typeof y === 'number');
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
    if (typeof raw[k] === 'string') m[k] = raw[k];
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

