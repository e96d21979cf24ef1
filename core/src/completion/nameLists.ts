/**
 * Completion's name lists, kept: the items names.ts makes for one shape of request, made the first
 * time that shape is asked for against a catalogue.
 *
 * What it keys on: the request's `NameListShape`, which holds everything the list is made from
 * besides the catalogue — a change to what the list depends on adds a field there. Where it is
 * kept: in the catalogue's own `Derived` (catalogue/derived.ts: a catalogue is not changed once
 * made; a fresh fetch is a new object with new lists). Who clears it: past `NAME_LISTS_KEPT` lists
 * of one catalogue, all of that catalogue's are dropped and made again as asked; a catalogue's
 * lists go with the catalogue.
 */
import type { CompletionItem } from 'vscode-languageserver-types';
import type { Catalogue } from '../catalogue/model';

/** How many name lists one catalogue keeps before it drops them all (request shapes are few: a bound, not a tuning). */
export const NAME_LISTS_KEPT = 200;

/** What a name list is made from, besides the catalogue. */
export interface NameListShape {
  /** The name is followed by `=` already: items insert the name alone. */
  hasEquals: boolean;
  /** The list shares its resolve data (`itemDefaults.data`): plain names carry none of their own. */
  sharedData: boolean;
  /** The command that reopens completion for a value, if any. */
  trigger: string | undefined;
  /** The request's selections in order: prefix, module path, and whether it is the action. */
  selections: ReadonlyArray<readonly [prefix: string, module: string, isAction: boolean]>;
  /** The templated parameters' names the request makes (`contentformat-main`). */
  templated: readonly string[];
}

/** The name list of `shape` against `catalogue`, made by `make` the first time. */
export function keptNameList(catalogue: Catalogue, shape: NameListShape, make: () => CompletionItem[]): CompletionItem[] {
  // JSON of the fields in a fixed order: no two shapes share a key, whatever characters names hold.
  const key = JSON.stringify([shape.hasEquals, shape.sharedData, shape.trigger ?? null, shape.selections, shape.templated]);
  return catalogue.derived.nameList(key, NAME_LISTS_KEPT, make);
}
