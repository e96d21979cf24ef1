/**
 * `wikiq run FILE` on a write (#39): the preview printed (the plan and MediaWiki's diff), then the
 * save only when confirmed — a person answering yes on a terminal, or `--yes` (CI) — through the
 * engine's guarded path (a plan kept by this run, taken once, `saveWrite` signed in). `--dry-run`
 * never saves; no terminal and no `--yes` saves nothing (exit 2). After a save: the new revision,
 * its diff on the wiki, the account, and the undo as a request to preview and confirm in turn.
 *
 * Exit status of a write: 0 saved (or previewed with --dry-run), 2 not confirmed (no terminal
 * without --yes, or an answer other than yes: nothing sent), 1 failed or refused (no credentials,
 * may not edit, changed since the preview, the wiki's error, a write that cannot be previewed yet).
 */
import {
  SignedInHttpClient, WritePlans, planOfEdit, previewEdit, saveWrite, withSummaryTag,
  type EditPreview, type HttpClient, type ResolvedRequest, type SaveResult,
} from '../../engine/src';
import type { Io } from './args';
import { isYes } from './ask';
import { printPreview } from './preview';
import { forTerminal } from './terminal';

/** What `run` hands over for a write: its flags that matter here. */
export interface WriteRunOptions {
  file: string;
  dryRun: boolean;
  /** --yes: save without asking. */
  yes: boolean;
  /** --summary-tag: appended to the summary before the preview. */
  summaryTag?: string;
  /** The longest wait before a retry the wiki asks for (ms), as for reads. */
  maxBackoffMs?: number;
}

/** A write's exit status (see the file's comment). */
export const WRITE_EXIT = { saved: 0, failed: 1, notConfirmed: 2 } as const;

/** What the run asks a person, naming the page, the wiki and the account. */
export const confirmQuestion = (p: EditPreview): string =>
  `Save this edit to ${p.page.title} on ${p.wiki.name || 'the wiki'} (${new URL(p.endpoint).host}) as ${p.account.name}? [y/N] `;

/**
 * Why this write is not even previewed to be saved, known before anything is sent, with its exit
 * status: no terminal to ask on (and no --yes), or no credentials for the wiki. Undefined: go on.
 */
function refusalBefore(http: HttpClient, endpoint: string, o: WriteRunOptions, io: Io): { code: number; text: string } | undefined {
  const terminal = io.stdinTty === true && io.stdoutTty === true && io.ask !== undefined;
  if (!o.yes && !terminal) {
    return { code: WRITE_EXIT.notConfirmed, text: `${o.file} writes to the wiki and there is no terminal to confirm on (stdin and stdout must both be one): not saved, nothing was sent. Pass --dry-run to preview it, or --yes to save it without asking (the preview is still printed).` };
  }
  if (!(http instanceof SignedInHttpClient)) {
    return {
      code: WRITE_EXIT.failed,
      text: `Saving to ${endpoint} needs you signed in to it: set WIKIQ_USER and WIKIQ_PASSWORD (a bot password with the grants to edit) or WIKIQ_TOKEN (an OAuth access token), or add the wiki to the credentials file (see docs/signed-in.md). Nothing was sent; --dry-run previews without signing in.`,
    };
  }
  return undefined;
}

/** The wiki's page URL (index.php) beside its api.php. */
const indexUrl = (endpoint: string) => endpoint.replace(/api\.php(\?.*)?$/, 'index.php');

/**
 * The undo of a saved edit as a `.wikiq` file: one request, previewed and confirmed like the edit.
 * A page the edit created has no revision to go back to: taking it back is deleting it.
 */
export function undoLines(r: SaveResult): string[] {
  if (r.newrevid === undefined || !r.title) return [];
  if (!r.oldrevid) {
    return [`Undo: the edit created ${r.title}; taking it back is deleting the page (action=delete), which wikiq cannot preview yet.`];
  }
  return [
    `Undo: save these lines as undo.wikiq and run "wikiq run undo.wikiq" (previewed, then asked, like this edit):`,
    '',
    `@endpoint = ${r.endpoint}`,
    `### Undo revision ${r.newrevid} of ${r.title}`,
    'action = edit',
    `title = ${r.title}`,
    `undo = ${r.newrevid}`,
    `undoafter = ${r.oldrevid}`,
    `summary = Undo revision ${r.newrevid} by ${r.account}`,
  ];
}

/** What a save did, for a person: the revision, its diff on the wiki, the account, the undo. */
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

/** Asks the person on the terminal; true only for y or yes. */
async function confirmed(p: EditPreview, io: Io): Promise<boolean> {
  const answer = await io.ask!(forTerminal(confirmQuestion(p)));
  if (isYes(answer)) return true;
  io.err(`Not saved${answer === undefined ? ' (no answer)' : ''}: nothing was sent.`);
  return false;
}

/** Previews the write `resolved` and saves it once confirmed; the run's exit status. */
export async function runWrite(resolved: ResolvedRequest, http: HttpClient, o: WriteRunOptions, io: Io): Promise<number> {
  const what = resolved.write?.module ?? resolved.params.action ?? 'this write';
  if (resolved.params.action !== 'edit') {
    // Never save what was not previewed: the preview of other writes (move, delete…) is being built.
    io.err(`wikiq: ${o.file}: previewing ${what} is coming: wikiq saves only a write it has previewed, so this one is neither previewed nor saved. Nothing was sent. Edits (action=edit) are previewed and saved today.`);
    return WRITE_EXIT.failed;
  }
  const before = o.dryRun ? undefined : refusalBefore(http, resolved.endpoint, o, io);
  if (before) {
    io.err(`wikiq: ${before.text}`);
    return before.code;
  }
  // The tag is part of what is previewed, so that what is previewed is what is saved.
  const request: ResolvedRequest = { ...resolved, params: withSummaryTag(resolved.params, o.summaryTag) };
  const preview = await previewEdit(request, http, { signal: io.stop });
  printPreview(preview, o.dryRun, io);
  if (o.dryRun) {
    io.out('Nothing was saved (--dry-run).');
    return WRITE_EXIT.saved;
  }
  if (!preview.mayEdit) {
    io.err(`wikiq: not saved: ${preview.account.name} may not edit ${preview.page.title}${preview.reasons.length ? ` (the wiki says: ${preview.reasons.join(' ')})` : ''}. Nothing was sent.`);
    return WRITE_EXIT.failed;
  }
  if (o.yes) io.out(`--yes: saving to ${preview.page.title} as ${preview.account.name} without asking.`);
  else if (!(await confirmed(preview, io))) return WRITE_EXIT.notConfirmed;
  // One plan for this run, taken once: the exact parameters previewed, and the revision they were previewed against.
  const plans = new WritePlans();
  const plan = plans.add(planOfEdit(request, preview));
  const result = await saveWrite(plans.take(plan.id), http, { signal: io.stop, maxBackoffMs: o.maxBackoffMs });
  io.out(savedLines(result).map(forTerminal).join('\n'));
  return WRITE_EXIT.saved;
}
