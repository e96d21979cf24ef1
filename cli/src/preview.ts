/**
 * `wikiq run FILE --dry-run` (#39): the preview of an edit — the plan (no token), the page's facts,
 * the account and the wiki, and the diff of what the edit would save, as MediaWiki computes it.
 * Nothing is saved (saving is not built yet). Text from the wiki passes through `forTerminal`;
 * `-`/`+` lines are coloured only when stdout is a terminal.
 */
import { previewEdit, shorten, type EditPreview, type ResolvedRequest } from '../../engine/src';
import type { Io } from './args';
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

/** The preview as text for a person (plain: the caller escapes it for the terminal). */
export function previewLines(p: EditPreview): { facts: string[]; diff: string[] } {
  const facts = ['Preview of an edit: nothing was saved (wikiq does not save edits yet).', `Plan: POST ${p.endpoint} (no token: none is fetched for a preview)`];
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

/** Prints the preview of `resolved` (an edit resolved with allowWrite 'preview'); exit 0. */
export async function printPreview(resolved: ResolvedRequest, http: ReturnType<typeof cliHttpClient>, io: Io): Promise<number> {
  const p = await previewEdit(resolved, http, { signal: io.stop });
  const { facts, diff } = previewLines(p);
  const tty = io.stdoutTty === true;
  io.out([...facts, 'Diff:', ...diff.map((l) => paint(forTerminal(l), tty))].map((l, i) => (i < facts.length ? forTerminal(l) : l)).join('\n'));
  return 0;
}
