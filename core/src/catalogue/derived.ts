/**
 * Facts derived from one catalogue's modules, for analysis, validation and completion: each worked
 * out the first time it is asked for, then kept.
 *
 * What it keys on: the modules, parameters and notes of its own catalogue (plain Maps inside one
 * object). Who clears it: nobody; each Catalogue makes its own `Derived` at construction and drops
 * it with itself, and a catalogue is not changed once made, so nothing goes stale. A new catalogue
 * (another wiki's, or a fresh fetch) is a new object with a new `Derived`.
 *
 * To add a fact: a Map field and a method that fills it on first use, as below. One kind is bounded
 * and cleared: completion's name lists (`nameList`), keyed on a request's shape besides the catalogue.
 */
import type { CompletionItem } from 'vscode-languageserver-types';
import type { Catalogue, InfoNote, ModuleInfo, ParamInfo } from './model';
import { enumValues } from './enumValues';

/** Where a request name that no selected module owns belongs: the module, and the parameter that selects it. */
export interface ForeignName {
  module: ModuleInfo;
  selector: string;
}

/** How a module's own examples use one of its parameters: how many examples name it, and each value how often. */
export interface ExampleUse {
  uses: number;
  values: Map<string, number>;
}

export class Derived {
  private readonly paramMaps = new Map<ModuleInfo, Map<string, ParamInfo>>();
  private readonly fullNameMaps = new Map<ModuleInfo, Map<string, Map<string, ParamInfo>>>();
  private readonly selectorLists = new Map<ModuleInfo, readonly ParamInfo[]>();
  private readonly nameLists = new Map<string, CompletionItem[]>();
  private readonly requiredLists = new Map<ModuleInfo, readonly ParamInfo[]>();
  private readonly enumSets = new Map<ParamInfo, ReadonlySet<string> | null>();
  private readonly modeLists = new Map<InfoNote, readonly string[]>();
  private foreign: Map<string, ForeignName> | undefined;
  private readonly exampleUseMaps = new Map<ModuleInfo, Map<string, ExampleUse>>();
  private sources: ReadonlySet<string> | undefined;

  constructor(private readonly catalogue: Catalogue) {}

  /**
   * A module's parameters by unprefixed name. A name its paraminfo repeats maps to the last
   * description, as a PHP array keeps the last value written under a key.
   */
  params(m: ModuleInfo): ReadonlyMap<string, ParamInfo> {
    let map = this.paramMaps.get(m);
    if (!map) {
      map = new Map();
      for (const p of m.parameters) map.set(p.name, p);
      this.paramMaps.set(m, map);
    }
    return map;
  }

  /**
   * A module's parameters by their full request name under a prefix (`aifrom` under `ai`): a
   * lookup needs no slicing. The last description of a repeated name, as `params`.
   */
  byFullName(m: ModuleInfo, prefix: string): ReadonlyMap<string, ParamInfo> {
    let byPrefix = this.fullNameMaps.get(m);
    if (!byPrefix) this.fullNameMaps.set(m, (byPrefix = new Map<string, Map<string, ParamInfo>>()));
    let map = byPrefix.get(prefix);
    if (!map) {
      map = new Map();
      for (const p of m.parameters) map.set(prefix + p.name, p);
      byPrefix.set(prefix, map);
    }
    return map;
  }

  /** The parameters of a module that select further modules (`action`, `list`, `generator`…), each name once (as `params`). */
  selectors(m: ModuleInfo): readonly ParamInfo[] {
    let list = this.selectorLists.get(m);
    if (!list) this.selectorLists.set(m, (list = [...this.params(m).values()].filter((p) => p.submodules)));
    return list;
  }

  /** A module's required parameters (usually none), each name once (as `params`). */
  required(m: ModuleInfo): readonly ParamInfo[] {
    let list = this.requiredLists.get(m);
    if (!list) this.requiredLists.set(m, (list = [...this.params(m).values()].filter((p) => p.required)));
    return list;
  }

  /** The values of an enumeration (or the module names of a `submodule` parameter) as a set; undefined for other types. */
  valueSet(p: ParamInfo): ReadonlySet<string> | undefined {
    let s = this.enumSets.get(p);
    if (s === undefined) {
      const values = enumValues(p);
      s = values ? new Set(values) : null;
      this.enumSets.set(p, s);
    }
    return s ?? undefined;
  }

  /** A `modes` note's modes as strings. */
  modes(note: InfoNote): readonly string[] {
    let list = this.modeLists.get(note);
    if (!list) this.modeLists.set(note, (list = (note.values ?? []).map(String)));
    return list;
  }

  /**
   * The module a request name (prefix + name) belongs to when the request does not select it, and
   * the parameter that would select it: the first found walking the modules from `main`.
   */
  foreignName(name: string): ForeignName | undefined {
    return (this.foreign ??= this.foreignIndex()).get(name);
  }

  private foreignIndex(): Map<string, ForeignName> {
    const index = new Map<string, ForeignName>();
    const catalogue = this.catalogue;
    const seen = new Set<ModuleInfo>();
    const queue: ModuleInfo[] = [];
    const main = catalogue.main();
    if (main) queue.push(main);
    for (let i = 0; i < queue.length; i++) {
      const m = queue[i];
      if (seen.has(m)) continue;
      seen.add(m);
      for (const p of m.parameters) {
        if (!p.submodules || p.submoduleparamprefix) continue;
        for (const path of Object.values(p.submodules)) {
          const sub = catalogue.module(path);
          if (!sub || seen.has(sub)) continue;
          queue.push(sub);
          if (!sub.prefix) continue;
          for (const sp of sub.parameters) {
            const full = sub.prefix + sp.name;
            if (!index.has(full)) index.set(full, { module: sub, selector: m.prefix + p.name });
          }
        }
      }
    }
    return index;
  }

  /**
   * What the catalogue's modules come from: paraminfo's `source` of each (`MediaWiki`, or an
   * extension's name as Special:Version and siteinfo's extension list name it: `CirrusSearch`).
   */
  /**
   * Completion's name list for one shape of request (completion/nameLists.ts makes `key` from the
   * shape, and `make` the items), made the first time `key` is asked for. Past `bound` lists, all
   * are dropped and made again as asked (shapes are few: a bound, not a tuning).
   */
  nameList(key: string, bound: number, make: () => CompletionItem[]): CompletionItem[] {
    const hit = this.nameLists.get(key);
    if (hit) return hit;
    const items = make();
    if (this.nameLists.size >= bound) this.nameLists.clear();
    this.nameLists.set(key, items);
    return items;
  }

  moduleSources(): ReadonlySet<string> {
    return (this.sources ??= new Set(this.catalogue.modules().flatMap((m) => (m.source ? [m.source] : []))));
  }

  /** How a module's own examples use each of its parameters (unprefixed), as a module or as a generator. */
  exampleUses(m: ModuleInfo): ReadonlyMap<string, ExampleUse> {
    let uses = this.exampleUseMaps.get(m);
    if (uses) return uses;
    uses = new Map();
    for (const e of m.examples ?? []) {
      for (const pair of e.query.split('&')) {
        const eq = pair.indexOf('=');
        const name = eq < 0 ? pair : pair.slice(0, eq);
        const bare = m.prefix && name.startsWith('g' + m.prefix) ? name.slice(m.prefix.length + 1) : name.startsWith(m.prefix) ? name.slice(m.prefix.length) : undefined;
        if (!bare) continue;
        const u = uses.get(bare) ?? { uses: 0, values: new Map<string, number>() };
        u.uses++;
        if (eq >= 0) for (const v of decodeQueryValue(pair.slice(eq + 1)).split('|')) u.values.set(v, (u.values.get(v) ?? 0) + 1);
        uses.set(bare, u);
      }
    }
    this.exampleUseMaps.set(m, uses);
    return uses;
  }
}

function decodeQueryValue(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
