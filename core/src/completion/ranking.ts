/**
 * The order of completion items (their `sortText` keys): what the catalogue's examples use most
 * first, the modules people run first, deprecated last.
 */
import type { Owner } from '../analysis';
import { type Catalogue, type ModuleInfo, isContinueParam } from '../catalogue/model';

/** A sort key: used `n` times first (most used first), then the unused. */
function usedMostFirst(n: number): string {
  return n > 0 ? `0${String(999 - Math.min(n, 999)).padStart(3, '0')}` : '1';
}

/** Within a rank: parameters the module's examples use first (most used first), then the rest, continuation tokens last. */
export function usageKey(catalogue: Catalogue, o: Owner): string {
  const p = o.param;
  if (isContinueParam(p)) return '2';
  return usedMostFirst(catalogue.derived.exampleUses(o.selection.module).get(p.name)?.uses ?? 0);
}

/** Within a rank: the values the module's examples give this parameter most first, then the rest. */
export function valueUsageKey(catalogue: Catalogue, o: Owner, value: string): string {
  return usedMostFirst(catalogue.derived.exampleUses(o.selection.module).get(o.param.name)?.values.get(value) ?? 0);
}

const LIKELY: Record<string, readonly string[]> = {
  action: ['query', 'parse', 'paraminfo', 'expandtemplates', 'compare', 'opensearch'],
  format: ['json'],
};

/** Sorts the likely modules in the order listed (query before compare), the rest by name. */
export function likelyKey(fullName: string, name: string): string {
  const i = LIKELY[fullName]?.indexOf(name) ?? -1;
  return i >= 0 ? String(i).padStart(2, '0') : name;
}

/**
 * Where a module goes in a value list: the likely ones first; then the rest (the default value
 * among them, except `action`'s default `help`, which nobody means to request); modules wikiq
 * cannot run (writes, POST only) and internal ones after; deprecated last.
 */
export function moduleRank(m: ModuleInfo, name: string, fullName: string, rankDefault: (v: string) => number): number {
  if (m.deprecated) return 10;
  if (m.mustbeposted || m.writerights) return 6;
  if (m.internal) return 5;
  const likely = LIKELY[fullName]?.indexOf(name) ?? -1;
  if (likely >= 0) return 0;
  if (fullName === 'action') return 2;
  return rankDefault(name) === 0 ? 1 : 2;
}
