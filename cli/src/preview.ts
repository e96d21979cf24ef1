/**
 * The preview of a write as `wikiq run` prints it (#39), before it asks to send it (or with
 * --dry-run, instead): an edit's plan (no token), page facts, account, wiki, parser warnings and
 * MediaWiki's diff of what it would save — or the plan of another write (move, delete…): what
 * would be sent, the named pages' facts and whether this account may do it. Text from the wiki
 * passes through `forTerminal`; `-`/`+` lines are coloured only when stdout is a terminal.
 */
import { shorten, type ActionPreview, type EditPreview, type PreviewAccount, type PreviewPage, type PreviewWiki } from '../../engine/src';
import type { Io } from './args';
import { forTerminal } from './terminal';

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
export function previewLines(p: EditPreview, dryRun: boolean): { facts: string[]; diff: string[] } {
  const facts = [`Preview of an edit${dryRun ? ' (--dry-run: nothing is saved)' : ': nothing is saved unless you confirm'}.`, ...headLines(p, 'edits')];
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
export function planLines(p: ActionPreview, dryRun: boolean): string[] {
  const lines = [`Plan of ${p.module}: nothing was sent but read requests${dryRun ? ' (--dry-run: nothing is sent)' : '; it is sent only if you confirm'}.`, ...headLines(p, 'its actions')];
  for (const page of p.pages) {
    lines.push(`Page (${page.param}): ${pageLine(page.page)}`, `  ${protectionLine(page.page)}`);
    const may = page.permission;
    if (may) lines.push(`  May ${may.action}: ${may.allowed ? 'yes' : `no${may.reasons.length ? `: ${may.reasons.join(' ')}` : ''}`}`);
  }
  if (p.note) lines.push(`Note: ${p.note}`);
  return lines;
}

/** Prints the preview of an edit on stdout, escaped for the terminal, its diff coloured there. */
export function printPreview(p: EditPreview, dryRun: boolean, io: Io): void {
  const { facts, diff } = previewLines(p, dryRun);
  const tty = io.stdoutTty === true;
  io.out([...facts.map(forTerminal), 'Diff:', ...diff.map((l) => paint(forTerminal(l), tty))].join('\n'));
}
