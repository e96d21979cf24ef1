/**
 * The completion caches: what completion works out from a catalogue alone, kept so that the next
 * completion against the same catalogue finds it made. Both are keyed by catalogue objects and held
 * weakly: a catalogue that is let go (a wiki's catalogue fetched again, an endpoint forgotten) takes
 * its entries with it; nothing else clears them but the bound below.
 * - `nameItems`: per `Catalogue`, the name list of each shape of request, keyed by a string made by
 *   names.ts (the selections with their prefixes, the templated names, the client's options); names.ts
 *   empties a catalogue's map when it passes `NAME_LISTS_KEPT` lists.
 * - `exampleUses`: per `ModuleInfo`, how the module's own examples use each of its parameters; made
 *   once per module, never cleared while the module lives.
 */
import type { CompletionItem } from 'vscode-languageserver-types';
import type { Catalogue, ModuleInfo } from '../catalogue/model';

/** How many name lists a catalogue keeps before its map is emptied (request shapes are few; a bound, not a tuning). */
export const NAME_LISTS_KEPT = 200;

const nameItemCache = new WeakMap<Catalogue, Map<string, CompletionItem[]>>();

/** The name list of `key` against `catalogue`, made by `make` the first time. */
export function nameItems(catalogue: Catalogue, key: string, make: () => CompletionItem[]): CompletionItem[] {
  let byKey = nameItemCache.get(catalogue);
  if (!byKey) nameItemCache.set(catalogue, (byKey = new Map<string, CompletionItem[]>()));
  const hit = byKey.get(key);
  if (hit) return hit;
  const items = make();
  if (byKey.size > NAME_LISTS_KEPT) byKey.clear();
  byKey.set(key, items);
  return items;
}

/** How the module's own examples use one of its parameters: how many examples name it, and each value how often. */
export interface ExampleUse {
  uses: number;
  values: Map<string, number>;
}

const exampleUses = new WeakMap<ModuleInfo, Map<string, ExampleUse>>();

/** How the module's own examples use each of its parameters (unprefixed), as a module or as a generator. */
export function usesInExamples(m: ModuleInfo): Map<string, ExampleUse> {
  let uses = exampleUses.get(m);
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
  exampleUses.set(m, uses);
  return uses;
}

function decodeQueryValue(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
