/**
 * The preview of an edit as `wikiq run` prints it (#39), before it asks to save (or with --dry-run,
 * instead): the plan (no token), the page's facts, the account and the wiki, and the diff of what
 * the edit would save, as MediaWiki computes it. Text from the wiki passes through `forTerminal`;
 * `-`/`+` lines are coloured only when stdout is a terminal.
 */
import { shorten, type EditPreview } from '../../engine/src';
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

/** The preview as text for a person (plain: the caller escapes it for the terminal). */
export function previewLines(p: EditPreview, dryRun: boolean): { facts: string[]; diff: string[] } {
  const facts = [`Preview of an edit${dryRun ? ' (--dry-run: nothing is saved)' : ': nothing is saved unless you confirm'}.`, `Plan: POST ${p.endpoint} (no token: none is fetched for a preview)`];
  for (const [k, v] of Object.entries(p.plan)) facts.push(`  ${k} = ${shorten(v.replace(/\r?\n/g, '⏎'), PLAN_VALUE_CHARS)}`);
  facts.push(`Wiki: ${p.wiki.name || '(unnamed)'}${p.wiki.generator ? ` (${p.wiki.generator})` : ''}`);
  facts.push(`Account: ${p.account.anonymous ? `anonymous${p.account.name ? ` (edits would be credited to ${p.account.name})` : ''}` : p.account.name}`);
  facts.push(p.page.exists ? `Page: ${p.page.title} exists; current revision ${p.page.revid}${p.page.timestamp ? ` of ${p.page.timestamp}` : ''}` : `Page: ${p.page.title} does not exist: the edit would create it`);
  const prot = p.page.protection.map((r) => `${r.type}=${r.level} (until ${r.expiry})`);
  facts.push(`Protection: ${prot.length ? prot.join(', ') : 'none'}`);
  facts.push(p.mayEdit ? 'May edit: yes' : `May edit: no${p.reasons.length ? `: ${p.reasons.join(' ')}` : ''}`);
  const diff = p.diffText.length ? [...p.diffText] : ['(no change: the edit would save the same text)'];
  if (p.diffOmitted) diff.push(`… ${p.diffOmitted} more diff lines not shown`);
  return { facts, diff };
}

/** Prints the preview `p` on stdout, escaped for the terminal, its diff coloured there. */
export function printPreview(p: EditPreview, dryRun: boolean, io: Io): void {
  const { facts, diff } = previewLines(p, dryRun);
  const tty = io.stdoutTty === true;
  io.out([...facts.map(forTerminal), 'Diff:', ...diff.map((l) => paint(forTerminal(l), tty))].join('\n'));
}
