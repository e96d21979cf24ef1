/**
 * The undo of a saved write (#39), made once for every surface (the CLI, MCP and the editor): one
 * request that takes the write back, itself previewed and confirmed like any write, never sent by
 * itself. An edit: `undo`/`undoafter` of its new revision; an edit that created the page: deleting
 * it; a move: moving it back; a deletion: restoring it. Anything else (or a value no `.wikiq` line
 * can hold): none, and the surface points to the wiki's log.
 */
import type { WritePlan } from './plans';
import type { SaveResult } from './save';

export interface UndoRequest {
  /** The request's name (`### …` in a `.wikiq` file). */
  name: string;
  /** Its parameters in order, without a token. */
  params: Array<[string, string]>;
}

/** A value on one `name = value` line, or undefined when it cannot be one (a line break). */
const oneLine = (v: string): string | undefined => (v && !/[\r\n]/.test(v) ? v.trim() : undefined);

function answerText(r: SaveResult, key: string): string {
  const v = r.answer[key];
  return typeof v === 'string' ? v : '';
}

function undoParts(plan: Pick<WritePlan, 'params'>, r: SaveResult): UndoRequest | undefined {
  const module = plan.params.action ?? '';
  const by = r.account;
  if (module === 'edit') {
    if (r.nochange || r.newrevid === undefined || !r.title) return undefined;
    if (!r.oldrevid) {
      return { name: `Delete ${r.title}`, params: [['action', 'delete'], ['title', r.title], ['reason', `Undo the creation of revision ${r.newrevid} by ${by}`]] };
    }
    return {
      name: `Undo revision ${r.newrevid} of ${r.title}`,
      params: [['action', 'edit'], ['title', r.title], ['undo', String(r.newrevid)], ['undoafter', String(r.oldrevid)], ['summary', `Undo revision ${r.newrevid} by ${by}`]],
    };
  }
  const [from, to] = [answerText(r, 'from'), answerText(r, 'to')];
  if (module === 'move' && from && to) return { name: `Move ${to} back to ${from}`, params: [['action', 'move'], ['from', to], ['to', from], ['reason', `Undo the move by ${by}`]] };
  const title = answerText(r, 'title') || plan.params.title || '';
  if (module === 'delete' && title) return { name: `Restore ${title}`, params: [['action', 'undelete'], ['title', title], ['reason', `Undo the deletion by ${by}`]] };
  return undefined;
}

/** The one request that takes back the saved write `plan` (its result `r`), or undefined when no one request does. */
export function undoOf(plan: Pick<WritePlan, 'params'>, r: SaveResult): UndoRequest | undefined {
  const u = undoParts(plan, r);
  if (!u || !oneLine(u.name) || u.params.some(([, v]) => !oneLine(v))) return undefined;
  return u;
}

/** The undo's parameters as `.wikiq` lines (`name = value`). */
export const undoParamLines = (u: UndoRequest): string[] => u.params.map(([k, v]) => `${k} = ${v}`);

/** The undo as a `.wikiq` file of one request against `endpoint` (ends with a newline). */
export function undoFile(endpoint: string, u: UndoRequest): string {
  return [`@endpoint = ${endpoint}`, '', `### ${u.name}`, ...undoParamLines(u), ''].join('\n');
}
