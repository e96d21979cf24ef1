/**
 * Which CodeLens a request gets (#39): a write — its `action` a module the catalogue says needs
 * write rights or must be POSTed — shows ▶ Preview where other requests show ▶ Run. Editor-free:
 * read from the parse tree and the catalogue, tested with Node's runner.
 */
import { paramsOf, type Catalogue, type RequestNode } from '../../../core/src';

/** The writing module `request` names by its `action` (undefined: a read, or an action written with a variable). */
export function writeModuleOf(text: string, request: RequestNode, catalogue: Catalogue | undefined): string | undefined {
  if (!catalogue) return undefined;
  const action = paramsOf(request).filter((p) => p.name === 'action' && p.value).at(-1)?.value;
  if (!action) return undefined;
  const name = text.slice(action.start, action.end).trim();
  const m = name ? catalogue.module(name) : undefined;
  return m && (m.writerights || m.mustbeposted) ? m.name : undefined;
}
