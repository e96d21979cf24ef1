/**
 * What an enumeration accepts, read from its parameter's description alone. Its own module (not
 * model.ts) so that derived.ts, which model.ts's `Catalogue` makes, imports no value from model.ts:
 * no cycle of value imports (test/unit/architecture.test.ts).
 */
import type { ParamInfo } from './model';

/** The allowed values of an enumeration, or the module names of a `submodule` parameter. */
export function enumValues(p: ParamInfo): string[] | undefined {
  if (Array.isArray(p.type)) return p.type;
  if (p.submodules) return Object.keys(p.submodules);
  return undefined;
}
