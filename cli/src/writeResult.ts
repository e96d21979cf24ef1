/**
 * What `wikiq run` prints after a write was sent (#39): for an edit the new revision, its diff on
 * the wiki, the account and the undo as a `.wikiq` request; for another write what the wiki
 * answered and, where one request takes it back (a move, a deletion), that request. An undo is a
 * request like any other: previewed, then confirmed, never sent by itself.
 */
import { shorten, type SaveResult } from '../../engine/src';

/** Characters of a write's answer shown (the wiki's JSON, for a person). */
const ANSWER_CHARS = 400;

/** The wiki's page URL (index.php) beside its api.php. */
const indexUrl = (endpoint: string) => endpoint.replace(/api\.php(\?.*)?$/, 'index.php');

/** A `.wikiq` file of one request, after a line saying how to use it. */
const undoFile = (r: SaveResult, name: string, params: Array<[string, string]>): string[] => [
  `Undo: save these lines as undo.wikiq and run "wikiq run undo.wikiq" (previewed, then asked, like this write):`,
  '',
  `@endpoint = ${r.endpoint}`,
  `### ${name}`,
  ...params.map(([k, v]) => `${k} = ${v}`),
];

/**
 * The undo of a saved edit as a `.wikiq` file: one request, previewed and confirmed like the edit.
 * A page the edit created has no revision to go back to: taking it back is deleting it.
 */
export function undoLines(r: SaveResult): string[] {
  if (r.newrevid === undefined || !r.title) return [];
  if (!r.oldrevid) {
    return [`Undo: the edit created ${r.title}; taking it back is deleting the page:`, ...undoFile(r, `Delete ${r.title}`, [['action', 'delete'], ['title', r.title], ['reason', `Undo the creation of revision ${r.newrevid} by ${r.account}`]]).slice(1)];
  }
  return undoFile(r, `Undo revision ${r.newrevid} of ${r.title}`, [
    ['action', 'edit'], ['title', r.title], ['undo', String(r.newrevid)], ['undoafter', String(r.oldrevid)], ['summary', `Undo revision ${r.newrevid} by ${r.account}`],
  ]);
}

/** What a saved edit did, for a person: the revision, its diff on the wiki, the account, the undo. */
export function savedLines(r: SaveResult): string[] {
  if (r.nochange || r.newrevid === undefined) {
    return [`No change: ${r.title ?? 'the page'} already had this text; the wiki saved no new revision (account ${r.account}).`];
  }
  return [
    `Saved: revision ${r.newrevid} of ${r.title}${r.oldrevid ? ` (was ${r.oldrevid})` : ' (a new page)'}${r.newtimestamp ? ` at ${r.newtimestamp}` : ''}.`,
    r.diffUrl ? `Diff: ${r.diffUrl}` : `Revision: ${indexUrl(r.endpoint)}?oldid=${r.newrevid}`,
    `Account: ${r.account}`,
    ...undoLines(r),
  ];
}

/** The request taking back a write other than an edit, when one request does (a move, a deletion). */
function actionUndo(r: SaveResult, module: string, params: Readonly<Record<string, string>>): string[] {
  const text = (k: string): string => { const v = r.answer[k]; return typeof v === 'string' ? v : ''; };
  const [from, to, title] = [text('from'), text('to'), text('title') || params.title || ''];
  if (module === 'move' && from && to) {
    return undoFile(r, `Move ${to} back to ${from}`, [['action', 'move'], ['from', to], ['to', from], ['reason', `Undo the move by ${r.account}`]]);
  }
  if (module === 'delete' && title) {
    return undoFile(r, `Restore ${title}`, [['action', 'undelete'], ['title', title], ['reason', `Undo the deletion by ${r.account}`]]);
  }
  return [`Undo: no one request takes back ${module}; the wiki's log (${indexUrl(r.endpoint)}?title=Special:Log&user=${encodeURIComponent(r.account)}) shows what was done.`];
}

/** What a write other than an edit did, for a person: the wiki's answer, the account, the undo. */
export function sentLines(r: SaveResult, module: string, params: Readonly<Record<string, string>>): string[] {
  return [
    `Sent: ${module}${r.title ? ` of ${r.title}` : ''}. The wiki answered: ${shorten(JSON.stringify(r.answer), ANSWER_CHARS)}`,
    `Account: ${r.account}`,
    ...actionUndo(r, module, params),
  ];
}
