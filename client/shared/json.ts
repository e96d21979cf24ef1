/** Plain JSON values: type checks and paths. Pure (no `vscode`, DOM or Node). */

import { isObj, type JsonObject } from '../../core/src';

export type Obj = JsonObject;
export { isObj };
export const isNested = (v: unknown): boolean => typeof v === 'object' && v !== null;

export function getPath(root: unknown, path: readonly string[]): unknown {
  let v = root;
  for (const p of path) {
    if (!isNested(v)) return undefined;
    v = (v as Obj)[p];
  }
  return v;
}

/** Sets a value at a path, creating objects on the way (how `append` messages are applied). */
export function setPath(root: Obj, path: readonly string[], value: unknown): void {
  let o = root;
  for (const p of path.slice(0, -1)) {
    if (!isObj(o[p])) o[p] = {};
    o = o[p] as Obj;
  }
  o[path[path.length - 1]] = value;
}
