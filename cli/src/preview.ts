/**
 * `wikiq run FILE --dry-run` (#39): the preview of an edit — the plan (no token), the page's facts,
 * the account and the wiki, the parser's warnings and the diff of what the edit would save, as
 * MediaWiki computes it — or the plan of another write (move, delete…): what would be sent, the
 * named pages' facts and whether this account may do it. Nothing is saved (saving is not built yet). Text from the wiki passes through `forTerminal`;
 * `-`/`+` lines are coloured only when stdout is a terminal.
 */
import type { Catalogue } from '../../core/src';
import {
  previewAction, previewEdit, shorten, type ActionPreview, type EditPreview, type PreviewAccount, type PreviewPage, type PreviewWiki, type ResolvedRequest,
} from '../../engine/src';
import { UsageError, type Io } from './args';
import { forTerminal } from './terminal';
import type { cliHttpClient } from './credentials';

/** Characters of a plan value shown (a page's whole new text is in the diff). */
const PLAN_VALUE_CHARS = 120;
const RED = '\x1b[31m';
const GREEN = '\x1b[32m';
const CYAN = '\x1b[36m';
const RESET = '\x1b[0m';

const paint = (line: string, tty: boolean): string => {
  if (!tty) return line;
  const colour = line.startsWith('-') ? RED : line.startsWith('+') ? GREEN : line.startsWith('@@') ? CYAN : '';
  return colour ? `${colour}${line}${RESET}` : line;
};

/** The plan's request, the wiki and the account: the head of an edit's preview and of a write's plan. */
function headLines(p: { plan: Record<string, string>; endpoint: string; wiki: PreviewWiki; account: PreviewAccount; startedAt: string }, what: string): string[] {
  const lines = [`Plan: POST ${p.endpoint} (no token: none is fetched for a preview)`];
  for (const [k, v] of Object.entries(p.plan)) lines.push(`  ${k} = ${shorten(v.replace(/\r?\n/g, '⏎'), PLAN_VALUE_CHARS)}`);
  lines.push(`Wiki: ${p.wiki.name || '(unnamed)'}${p.wiki.generator ? ` (${p.wiki.generator})` : ''}${p.startedAt ? `, its clock at ${p.startedAt}` : ''}`);
  lines.push(`Account: ${p.account.anonymous ? `anonymous${p.account.name ? ` (${what} would be credited to ${p.account.name})` : ''}` : p.account.name}`);
  return lines;
}

const pageLine = (page: PreviewPage): string => (page.exists
  ? `${page.title} exists; current revision ${page.revid}${page.timestamp ? ` of ${page.timestamp}` : ''}`
  : `${page.title || '(no title)'} does not exist`);
const protectionLine = (page: PreviewPage): string => {
  const prot = page.protection.map((r) => `${r.type}=${r.level} (until ${r.expiry})`);
  return `Protection: ${prot.length ? prot.join(', ') : 'none'}`;
};

/** The preview as text for a person (plain: the caller escapes it for the terminal). */
export function previewLines(p: EditPreview): { facts: string[]; diff: string[] } {
  const facts = ['Preview of an edit: nothing was saved (wikiq does not save edits yet).', ...headLines(p, 'edits')];
  facts.push(p.page.exists ? `Page: ${pageLine(p.page)}` : `Page: ${p.page.title} does not exist: the edit would create it`);
  facts.push(protectionLine(p.page));
  facts.push(p.mayEdit ? 'May edit: yes' : `May edit: no${p.reasons.length ? `: ${p.reasons.join(' ')}` : ''}`);
  facts.push(p.warnings.length ? `Parse warnings (${p.warnings.length}):` : `Parse warnings: none${'undo' in p.plan ? ' asked (an undo saves an earlier text)' : ''}`);
  facts.push(...p.warnings.map((w) => `  ${w}`));
  const diff = p.diffText.length ? [...p.diffText] : ['(no change: the edit would save the same text)'];
  if (p.diffOmitted) diff.push(`… ${p.diffOmitted} more diff lines not shown`);
  return { facts, diff };
}

/** A write's plan as text for a person (plain: the caller escapes it for the terminal). */
export function planLines(p: ActionPreview): string[] {
  const lines = [`Plan of ${p.module}: nothing was sent but read requests (wikiq does not send writes yet).`, ...headLines(p, 'its actions')];
  for (const page of p.pages) {
    lines.push(`Page (${page.param}): ${pageLine(page.page)}`, `  ${protectionLine(page.page)}`);
    const may = page.permission;
    if (may) lines.push(`  May ${may.action}: ${may.allowed ? 'yes' : `no${may.reasons.length ? `: ${may.reasons.join(' ')}` : ''}`}`);
  }
  if (p.note) lines.push(`Note: ${p.note}`);
  return lines;
}

/**
 * Prints the preview of `resolved` (a write resolved with allowWrite 'preview'): an edit's diff and
 * facts, or another write's plan; a request that writes nothing is a usage error. Exit 0.
 */
export async function printPreview(resolved: ResolvedRequest, catalogue: Catalogue, http: ReturnType<typeof cliHttpClient>, io: Io, file: string): Promise<number> {
  const action = resolved.params.action ?? '';
  const m = catalogue.module(action);
  if (!m || !(m.mustbeposted || m.writerights)) {
    throw new UsageError(`--dry-run previews a write; ${file} asks action=${action || '(none)'}, ${m ? 'a read' : 'which the catalogue does not know as a write'}: run it without --dry-run.`);
  }
  if (action !== 'edit') {
    const plan = await previewAction(resolved, http, { signal: io.stop });
    io.out(planLines(plan).map(forTerminal).join('\n'));
    return 0;
  }
  const p = await previewEdit(resolved, http, { signal: io.stop });
  const { facts, diff } = previewLines(p);
  const tty = io.stdoutTty === true;
  io.out([...facts, 'Diff:', ...diff.map((l) => paint(forTerminal(l), tty))].map((l, i) => (i < facts.length ? forTerminal(l) : l)).join('\n'));
  return 0;
}
