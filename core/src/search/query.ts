/**
 * Search syntax in the value of `srsearch` / `gsrsearch` (#31): whether the wiki's search is
 * CirrusSearch (read from its catalogue), where in the value a keyword may start, which keyword
 * the cursor is on, and the keyword's documentation (completion and hover). No network: the
 * keywords are data (keywords.ts), the signal is the catalogue's.
 */
import { type Hover, MarkupKind } from 'vscode-languageserver-types';
import { ownerOf } from '../analysis';
import type { Catalogue } from '../catalogue/model';
import type { FeatureContext } from '../context';
import type { ParamValueCursor } from '../cursor';
import type { Span } from '../parser/ast';
import { HELP_PAGE, type SearchKeyword, searchKeyword } from './keywords';

/** The extension whose modules say the wiki runs it (paraminfo's `source` of `query+cirrusdoc`, `cirrus-config-dump`…). */
export const CIRRUS_SEARCH = 'CirrusSearch';

/**
 * The wiki's search is CirrusSearch: one of its modules comes from the extension (paraminfo's
 * `source`, the name siteinfo's extension list gives it). The bundled catalogue (Debian's
 * MediaWiki, no CirrusSearch) has none.
 */
export function runsCirrusSearch(c: Catalogue): boolean {
  return c.derived.moduleSources().has(CIRRUS_SEARCH);
}

/** Where the cursor's value starts, when it is the query of `list=search` (or its generator) on a CirrusSearch wiki. */
export function searchValueStart(ctx: FeatureContext, c: ParamValueCursor): number | undefined {
  const a = ctx.analysis(c.request);
  const owner = ownerOf(a, c.param.name);
  if (!owner || owner.selection.module.path !== 'query+search' || owner.param.name !== 'search' || !c.param.value) return undefined;
  return runsCirrusSearch(a.catalogue) ? c.param.value.start : undefined;
}

const isBlank = (ch: string) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
const KEYWORD_CHAR = /[A-Za-z-]/;

/** Where the word holding `offset` starts: after the blank before it, at `valueStart` at the earliest. */
function wordStart(text: string, valueStart: number, offset: number): number {
  let i = offset;
  while (i > valueStart && !isBlank(text[i - 1])) i--;
  return i;
}

/** An odd number of unescaped `"` between `from` and `to`: inside a quoted phrase or value. */
function inQuotes(text: string, from: number, to: number): boolean {
  let open = false;
  for (let i = from; i < to; i++) if (text[i] === '"' && text[i - 1] !== '\\') open = !open;
  return open;
}

/** Where a keyword typed at the cursor goes: `span` (after a `-`, through a `:` already there), and whether it is negated. */
export interface KeywordSlot {
  span: Span;
  negated: boolean;
}

/** The keyword slot at `offset`: at the start of a word (or in its keyword letters, before any `:`) outside quotes; else undefined. */
export function keywordSlot(text: string, valueStart: number, offset: number): KeywordSlot | undefined {
  const start = wordStart(text, valueStart, offset);
  const before = text.slice(start, offset);
  // Any case typed: the item inserts the keyword as CirrusSearch matches it, in lower case.
  if (!/^-?[A-Za-z-]*$/.test(before) || inQuotes(text, valueStart, start)) return undefined;
  const negated = before.startsWith('-');
  let end = offset;
  while (end < text.length && KEYWORD_CHAR.test(text[end])) end++;
  if (text[end] === ':') end++;
  return { span: { start: negated ? start + 1 : start, end }, negated };
}

/** The keyword the cursor is on (`-` and `:` included in its span), outside quotes. */
export function keywordAt(text: string, valueStart: number, offset: number): { keyword: SearchKeyword; name: string; span: Span } | undefined {
  const start = wordStart(text, valueStart, offset);
  if (inQuotes(text, valueStart, start)) return undefined;
  // The longest keyword (`boost-templates`) with its `-` and `:` fits in 40 characters.
  const m = /^-?([a-z][a-z-]*):/.exec(text.slice(start, start + 40));
  if (!m || offset > start + m[0].length) return undefined;
  const keyword = searchKeyword(m[1]);
  return keyword ? { keyword, name: m[1], span: { start, end: start + m[0].length } } : undefined;
}

/**
 * Search text as a `.wikiq` value writes it: a `|` escaped (`\|`), since the value of `srsearch`
 * is one value and an unescaped `|` would separate values (the `not-multi` warning).
 */
export function wikiqForm(search: string): string {
  return search.replace(/\|/g, '\\|');
}

/** A keyword's documentation (Markdown): what it does, its value, an example (as a `.wikiq` value writes it), negation, its help section. */
export function keywordMarkdown(k: SearchKeyword, name = k.keyword): string {
  const lines = [`**${name}:** — CirrusSearch keyword`, '', k.description, ''];
  lines.push(k.syntax ? `Value: ${k.syntax}` : 'No value.', '', `Example: \`${wikiqForm(k.example)}\``, '');
  if (k.example.includes('|') || k.syntax.includes('`|`')) lines.push('In a `.wikiq` value, write a `|` of the search as `\\|` (the search is one value).', '');
  const where: string[] = [];
  if (k.header) where.push('Only at the start of the query.');
  if (k.greedy) where.push('Takes the rest of the query as its value.');
  where.push(k.negatable ? `\`-${name}:\` excludes what it matches.` : 'Cannot be negated with `-`.');
  if (k.aliases?.length || name !== k.keyword) where.push(`Also written ${[k.keyword, ...(k.aliases ?? [])].filter((n) => n !== name).map((n) => `\`${n}:\``).join(', ')}.`);
  lines.push(where.join(' '), '', `[Help:CirrusSearch${k.help}](${HELP_PAGE}${k.help})`);
  return lines.join('\n');
}

/** Hover on a keyword in a search value of a CirrusSearch wiki. */
export function searchKeywordHover(ctx: FeatureContext, c: ParamValueCursor, offset: number): Hover | null {
  const valueStart = searchValueStart(ctx, c);
  if (valueStart === undefined) return null;
  const at = keywordAt(ctx.file.text, valueStart, offset);
  if (!at) return null;
  return { contents: { kind: MarkupKind.Markdown, value: keywordMarkdown(at.keyword, at.name) }, range: ctx.range(at.span) };
}
