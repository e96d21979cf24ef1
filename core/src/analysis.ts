/**
 * What a request means against a catalogue: which modules it selects (action, list/prop/meta,
 * generator, format, and any module reached through a `submodule` parameter), with which prefix,
 * and which module parameter each request parameter name belongs to. Completion, hover, validation
 * and code actions all read this one analysis.
 */
import { paramsOf } from './parser/params';
import type { Catalogue, ModuleInfo, ParamInfo } from './catalogue/model';
import type { ParamNode, RequestNode, ValuePart, WikiqFile } from './parser/ast';
import { Environment, Scope, expand, scopeFor } from './variables';
import { requestAtOffset } from './parser/blocks';

export interface Selection {
  module: ModuleInfo;
  /** The prefix request parameters of this module carry (`ai`, or `gai` as a generator). */
  prefix: string;
  /** The request parameter that selected it (`action`, `list`...), undefined for `main`. */
  via?: ParamNode;
  viaName: string;
  /** Selected through a parameter with a submodule prefix (`generator`). */
  generator: boolean;
}

export interface Owner {
  selection: Selection;
  param: ParamInfo;
  fullName: string;
  /** Set for names made from a templated parameter (`contentformat-main` from `contentformat-{slot}`). */
  template?: { param: ParamInfo; vars: Record<string, string> };
}

export interface UnknownModule {
  value: string;
  param: ParamNode;
  part: ValuePart;
  /** The selecting module parameter (its `submodules` map lists what is known). */
  selector: ParamInfo;
  selection: Selection;
}

export interface Analysis {
  file: WikiqFile;
  request: RequestNode;
  catalogue: Catalogue;
  scope: Scope;
  /** The request's parameters, read once for this analysis (`paramsOf`): every check of the request reads this list. */
  params: readonly ParamNode[];
  /** Every parameter node by request name, in file order. */
  byName: ParamIndex;
  selections: Selection[];
  unknownModules: readonly UnknownModule[];
  /** The action module (the value of `action`), when known. */
  action?: Selection;
}

/** The values of a parameter, variables expanded (unknown variables left as written). */
export function valuesOf(param: ParamNode, scope: Scope): string[] {
  if (!param.value) return [];
  return param.value.parts.map((p) => (p.variables.length ? expand(p.text, scope).text : p.text));
}

/** A request's parameter nodes by name, looked up by a scan of its parameters (a request has a handful). */
export class ParamIndex {
  constructor(private readonly params: readonly ParamNode[]) {}

  /** The last node named `name`: the one the API reads. */
  last(name: string): ParamNode | undefined {
    const params = this.params;
    for (let i = params.length - 1; i >= 0; i--) if (params[i].name === name) return params[i];
    return undefined;
  }

  /** The first node named `name`. */
  first(name: string): ParamNode | undefined {
    const params = this.params;
    for (let i = 0; i < params.length; i++) if (params[i].name === name) return params[i];
    return undefined;
  }

  has(name: string): boolean {
    return this.first(name) !== undefined;
  }
}

/** What most requests have: no unknown module (shared, frozen; an analysis that finds one makes its own list). */
const NO_UNKNOWN: readonly UnknownModule[] = Object.freeze([]);

/** Adds a selection, unless the same module under the same prefix is selected already. */
function select(a: Analysis, s: Selection): void {
  for (let i = 0; i < a.selections.length; i++) if (a.selections[i].module === s.module && a.selections[i].prefix === s.prefix) return;
  a.selections.push(s);
}

/** `sharedScope`: the scope to use when the request adds no variables of its own (it is read, never changed). */
export function analyse(file: WikiqFile, request: RequestNode, catalogue: Catalogue, env?: Environment, sharedScope?: Scope): Analysis {
  const scope = sharedScope ?? scopeFor(file, request, env);
  const params = paramsOf(request);
  const byName = new ParamIndex(params);
  const a: Analysis = { file, request, catalogue, scope, params, byName, selections: [], unknownModules: NO_UNKNOWN, action: undefined };
  const main = catalogue.main();
  if (main) {
    select(a, { module: main, prefix: '', viaName: '', generator: false });
  } else {
    // A catalogue without `main`: `action` names the module directly.
    const node = byName.last('action');
    const value = node ? valuesOf(node, scope)[0] : undefined;
    const m = value ? catalogue.module(value) : undefined;
    if (m && node) select(a, { module: m, prefix: m.prefix, via: node, viaName: 'action', generator: false });
  }
  for (let i = 0; i < a.selections.length; i++) {
    const s = a.selections[i];
    const selectors = catalogue.derived.selectors(s.module);
    for (let j = 0; j < selectors.length; j++) {
      const p = selectors[j];
      const node = byName.last(s.prefix ? s.prefix + p.name : p.name); // the API reads the last of repeated parameters
      if (!node || !node.value) continue;
      const fullName = node.name;
      const parts = node.value.parts;
      for (let k = 0; k < parts.length; k++) {
        const part = parts[k];
        const v = part.variables.length ? expand(part.text, scope).text : part.text;
        if (v === '' || v.includes('{{')) continue;
        const path = p.submodules![v];
        const m = path ? catalogue.module(path) : undefined;
        if (!m) {
          a.unknownModules = [...a.unknownModules, { value: v, param: node, part: node.value.parts[k], selector: p, selection: s }];
          continue;
        }
        const sel: Selection = {
          module: m, prefix: (p.submoduleparamprefix ?? '') + m.prefix, via: node, viaName: fullName,
          generator: !!p.submoduleparamprefix,
        };
        select(a, sel);
        if (s.module === main && p.name === 'action' && !a.action) a.action = sel;
      }
    }
  }
  if (!main && a.selections[0]) a.action = a.selections[0];
  return a;
}

/**
 * Who owns a request name: the first selection (in the order `analyse` made them: `main`, the
 * action, then what they select) that has a plain parameter of that full name; failing that, the
 * first selection with a templated parameter that makes the name from the request's values. Each
 * module reads its own parameters from the request, so a name two selected modules share is read
 * by both; its checks follow the first. Within one module a name its paraminfo repeats means its
 * last description (as `Catalogue.param`). `ownedNames` lists every owned name by the same rule.
 * An owner is a new object at each call: compare `param` and `selection`, not owners.
 */
export function ownerOf(a: Analysis, name: string): Owner | undefined {
  const selections = a.selections;
  const derived = a.catalogue.derived;
  for (let i = 0; i < selections.length; i++) {
    const s = selections[i];
    const p = derived.byFullName(s.module, s.prefix).get(name);
    if (p) return { selection: s, param: p, fullName: name };
  }
  for (let i = 0; i < selections.length; i++) {
    const s = selections[i];
    const templated = s.module.templatedparameters;
    for (let j = 0; j < templated.length; j++) {
      const t = templated[j];
      for (const made of templatedNames(a, s, t)) {
        if (made.fullName === name) return { selection: s, param: t, fullName: name, template: { param: t, vars: made.vars } };
      }
    }
  }
  return undefined;
}

/** Every name some selection owns, once each, with its owner as `ownerOf` gives it: plain names first, in selection order. */
export function ownedNames(a: Analysis): Owner[] {
  const out: Owner[] = [];
  const listed = new Set<string>();
  for (const s of a.selections) {
    for (const [fullName, param] of a.catalogue.derived.byFullName(s.module, s.prefix)) {
      if (listed.has(fullName)) continue;
      listed.add(fullName);
      out.push({ selection: s, param, fullName });
    }
  }
  for (const s of a.selections) {
    for (const t of s.module.templatedparameters) {
      for (const made of templatedNames(a, s, t)) {
        if (listed.has(made.fullName)) continue;
        listed.add(made.fullName);
        out.push({ selection: s, param: t, fullName: made.fullName, template: { param: t, vars: made.vars } });
      }
    }
  }
  return out;
}

/** The concrete names a templated parameter takes from the values of the parameters that supply it. */
export function templatedNames(a: Analysis, s: Selection, t: ParamInfo): Array<{ fullName: string; vars: Record<string, string> }> {
  let combos: Array<Record<string, string>> = [{}];
  for (const [placeholder, supplier] of Object.entries(t.templatevars ?? {})) {
    const node = a.byName.last(s.prefix + supplier);
    const supplierInfo = a.catalogue.param(s.module, supplier);
    let values = node ? valuesOf(node, a.scope).filter((v) => v !== '') : [];
    if (supplierInfo?.allspecifier && values.includes(supplierInfo.allspecifier) && Array.isArray(supplierInfo.type)) {
      values = supplierInfo.type;
    }
    if (!node && supplierInfo?.default !== undefined && supplierInfo.default !== '') {
      values = String(supplierInfo.default).split('|');
    }
    const next: Array<Record<string, string>> = [];
    for (const c of combos) for (const v of values) next.push({ ...c, [placeholder]: v });
    combos = next;
  }
  return combos.map((vars) => {
    let name = t.name;
    for (const [k, v] of Object.entries(vars)) name = name.split(`{${k}}`).join(v);
    return { fullName: s.prefix + name, vars };
  });
}

/** Selections whose parameter list the catalogue does not know: names with their prefix may be right. */
export function openSelections(a: Analysis): Selection[] {
  return a.selections.filter((s) => !s.module.parametersKnown);
}

/** The request at an offset: the last one starting at or before it. */
export function requestAt(file: WikiqFile, offset: number): RequestNode | undefined {
  return requestAtOffset(file, offset);
}

/** The parameter node whose span contains the offset (its continuation lines included). */
export function paramAt(request: RequestNode, offset: number): ParamNode | undefined {
  for (const p of paramsOf(request)) {
    if (p.span.start <= offset && offset <= p.span.end) return p;
  }
  return undefined;
}

/** The module parameter an owner-less name would belong to if the generator were set, if any. */
export function generatorCandidate(a: Analysis, name: string): { module: ModuleInfo; param: ParamInfo } | undefined {
  if (!name.startsWith('g')) return undefined;
  const rest = name.slice(1);
  for (const m of a.catalogue.generators()) {
    if (!m.prefix || !rest.startsWith(m.prefix)) continue;
    const p = a.catalogue.derived.byFullName(m, m.prefix).get(rest);
    if (p) return { module: m, param: p };
  }
  return undefined;
}
