/**
 * `wikiq run FILE` on a write (#39): the preview printed (an edit's plan and MediaWiki's diff, or
 * another write's plan with its permission facts), then the write sent only when confirmed — a
 * person answering yes on a terminal, or `--yes` (CI) — through the engine's guarded path (a plan
 * kept by this run, taken once, `saveWrite` signed in). `--dry-run` never sends; no terminal and
 * no `--yes` sends nothing (exit 2). After it: what was done and its undo (writeResult.ts).
 *
 * Exit status of a write: 0 saved (or previewed with --dry-run), 2 not confirmed (no terminal
 * without --yes, or an answer other than yes: nothing sent), 1 failed or refused (no credentials,
 * may not do it, changed since the preview, the wiki's error, a module wikiq does not send).
 */
import {
  SignedInHttpClient, WritePlans, planOfAction, planOfEdit, previewAction, previewEdit, saveWrite, withSummaryTag,
  type ActionPreview, type EditPreview, type HttpClient, type PlanInput, type ResolvedRequest, type SaveResult,
} from '../../engine/src';
import type { Io } from './args';
import { isYes } from './ask';
import { planLines, printPreview } from './preview';
import { forTerminal } from './terminal';
import { savedLines, sentLines } from './writeResult';

/** What `run` hands over for a write: its flags that matter here. */
export interface WriteRunOptions {
  file: string;
  dryRun: boolean;
  /** --yes: save without asking. */
  yes: boolean;
  /** --summary-tag: appended to an edit's summary before the preview. */
  summaryTag?: string;
  /** The longest wait before a retry the wiki asks for (ms), as for reads. */
  maxBackoffMs?: number;
}

/** A write's exit status (see the file's comment). */
export const WRITE_EXIT = { saved: 0, failed: 1, notConfirmed: 2 } as const;

/** Modules wikiq never sends for you, and why. */
const NOT_SENT: Record<string, string> = {
  upload: 'a file upload sends a file body, which wikiq does not build (another feature)',
  login: 'wikiq signs in itself, with your credentials (docs/signed-in.md)',
  clientlogin: 'wikiq signs in itself, with your credentials (docs/signed-in.md)',
};

/** A preview shown, ready to be confirmed: what to ask, why it may not be sent, the plan to keep, what to print after. */
interface Shown {
  question: string;
  /** The wiki says this account may not do it (with its reasons). */
  refused?: string;
  plan: PlanInput;
  done: (r: SaveResult) => string[];
}

const whereWho = (endpoint: string, wiki: { name: string }, account: { name: string }) => `on ${wiki.name || 'the wiki'} (${new URL(endpoint).host}) as ${account.name}`;

/** What the run asks a person before saving an edit, naming the page, the wiki and the account. */
export const confirmQuestion = (p: EditPreview): string => `Save this edit to ${p.page.title} ${whereWho(p.endpoint, p.wiki, p.account)}? [y/N] `;

/**
 * Why this write is not previewed to be sent, known before anything is sent, with its exit status:
 * no terminal to ask on (and no --yes), or no credentials for the wiki. Undefined: go on.
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

/** An edit previewed and printed: its diff and facts. */
async function showEdit(request: ResolvedRequest, http: HttpClient, o: WriteRunOptions, io: Io): Promise<Shown> {
  const p = await previewEdit(request, http, { signal: io.stop });
  printPreview(p, o.dryRun, io);
  return {
    question: confirmQuestion(p),
    refused: p.mayEdit ? undefined : `${p.account.name} may not edit ${p.page.title}${p.reasons.length ? ` (the wiki says: ${p.reasons.join(' ')})` : ''}`,
    plan: planOfEdit(request, p),
    done: (r) => savedLines({ params: p.plan }, r),
  };
}

/** Another write's plan, previewed and printed: what would be sent and the permission facts. */
async function showAction(request: ResolvedRequest, http: HttpClient, o: WriteRunOptions, io: Io): Promise<Shown> {
  const p: ActionPreview = await previewAction(request, http, { signal: io.stop });
  io.out(planLines(p, o.dryRun).map(forTerminal).join('\n'));
  const denied = p.pages.filter((pg) => pg.permission && !pg.permission.allowed);
  const pages = p.pages.map((pg) => pg.page.title || pg.value);
  return {
    question: `Send this ${p.module}${pages.length ? ` of ${pages.join(' → ')}` : ''} ${whereWho(p.endpoint, p.wiki, p.account)}? [y/N] `,
    refused: denied.length ? denied.map((pg) => `${p.account.name} may not ${pg.permission!.action} ${pg.page.title || pg.value}${pg.permission!.reasons.length ? ` (the wiki says: ${pg.permission!.reasons.join(' ')})` : ''}`).join('; ') : undefined,
    // No base: the engine checks a page's revision only for an edit; the wiki refuses what the account may not do.
    plan: planOfAction(request, p),
    done: (r) => sentLines({ params: p.plan }, r),
  };
}

/** Asks the person on the terminal; true only for y or yes. */
async function confirmed(question: string, io: Io): Promise<boolean> {
  const answer = await io.ask!(forTerminal(question));
  if (isYes(answer)) return true;
  io.err(`Not saved${answer === undefined ? ' (no answer)' : ''}: nothing was sent.`);
  return false;
}

/** Previews the write `resolved` and sends it once confirmed; the run's exit status. */
export async function runWrite(resolved: ResolvedRequest, http: HttpClient, o: WriteRunOptions, io: Io): Promise<number> {
  const action = resolved.params.action ?? '';
  if (Object.hasOwn(NOT_SENT, action)) {
    io.err(`wikiq: ${o.file}: wikiq does not send ${action}: ${NOT_SENT[action]}. Nothing was sent.`);
    return WRITE_EXIT.failed;
  }
  const before = o.dryRun ? undefined : refusalBefore(http, resolved.endpoint, o, io);
  if (before) {
    io.err(`wikiq: ${before.text}`);
    return before.code;
  }
  // The tag is part of what is previewed, so that what is previewed is what is saved.
  const request: ResolvedRequest = { ...resolved, params: withSummaryTag(resolved.params, o.summaryTag) };
  const shown = action === 'edit' ? await showEdit(request, http, o, io) : await showAction(request, http, o, io);
  if (o.dryRun) {
    io.out('Nothing was saved (--dry-run).');
    return WRITE_EXIT.saved;
  }
  if (shown.refused) {
    io.err(`wikiq: not saved: ${shown.refused}. Nothing was sent.`);
    return WRITE_EXIT.failed;
  }
  if (o.yes) io.out(`--yes: sending it as ${shown.plan.account} without asking.`);
  else if (!(await confirmed(shown.question, io))) return WRITE_EXIT.notConfirmed;
  // One plan for this run, taken once: the exact parameters previewed (and for an edit the revision they were previewed against).
  const plans = new WritePlans();
  const plan = plans.add(shown.plan);
  const result = await saveWrite(plans.take(plan.id), http, { signal: io.stop, maxBackoffMs: o.maxBackoffMs });
  io.out(shown.done(result).map(forTerminal).join('\n'));
  return WRITE_EXIT.saved;
}
