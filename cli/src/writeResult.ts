/**
 * What `wikiq run` prints after a write was sent (#39): for an edit the new revision, its diff on
 * the wiki, the account and the undo as a `.wikiq` request; for another write what the wiki
 * answered and, where one request takes it back (a move, a deletion), that request. An undo is a
 * request like any other: previewed, then confirmed, never sent by itself.
 */
import { shorten, undoFile, undoOf, type SaveResult, type WritePlan } from '../../engine/src';

/** Characters of a write's answer shown (the wiki's JSON, for a person). */
const ANSWER_CHARS = 400;

/** The wiki's page URL (index.php) beside its api.php. */
const indexUrl = (endpoint: string) => endpoint.replace(/api\.php(\?.*)?$/, 'index.php');

/** The undo of a save as lines to print: how to use it, then the `.wikiq` file (engine's `undoOf`), or where to look instead. */
export function undoLines(plan: Pick<WritePlan, 'params'>, r: SaveResult): string[] {
  const u = undoOf(plan, r);
  const module = plan.params.action ?? '';
  if (!u) {
    return module === 'edit' ? [] : [`Undo: no one request takes back ${module}; the wiki's log (${indexUrl(r.endpoint)}?title=Special:Log&user=${encodeURIComponent(r.account)}) shows what was done.`];
  }
  const how = module === 'edit' && !r.oldrevid ? `Undo: the edit created ${r.title}; taking it back is deleting the page:` : 'Undo: save these lines as undo.wikiq and run "wikiq run undo.wikiq" (previewed, then asked, like this write):';
  return [how, '', ...undoFile(r.endpoint, u).trimEnd().split('\n')];
}

/** What a saved edit did, for a person: the revision, its diff on the wiki, the account, the undo. */
export function savedLines(plan: Pick<WritePlan, 'params'>, r: SaveResult): string[] {
  if (r.nochange || r.newrevid === undefined) {
    return [`No change: ${r.title ?? 'the page'} already had this text; the wiki saved no new revision (account ${r.account}).`];
  }
  return [
    `Saved: revision ${r.newrevid} of ${r.title}${r.oldrevid ? ` (was ${r.oldrevid})` : ' (a new page)'}${r.newtimestamp ? ` at ${r.newtimestamp}` : ''}.`,
    r.diffUrl ? `Diff: ${r.diffUrl}` : `Revision: ${indexUrl(r.endpoint)}?oldid=${r.newrevid}`,
    `Account: ${r.account}`,
    ...undoLines(plan, r),
  ];
}

/** What a write other than an edit did, for a person: the wiki's answer, the account, the undo. */
export function sentLines(plan: Pick<WritePlan, 'params'>, r: SaveResult): string[] {
  const module = plan.params.action ?? '';
  return [
    `Sent: ${module}${r.title ? ` of ${r.title}` : ''}. The wiki answered: ${shorten(JSON.stringify(r.answer), ANSWER_CHARS)}`,
    `Account: ${r.account}`,
    ...undoLines(plan, r),
  ];
}
