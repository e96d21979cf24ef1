/**
 * MediaWiki's diff (the table rows `action=compare` answers with) as plain text, unified-ish:
 * `@@ Line N @@` headers, ` ` context, `-` removed and `+` added lines (a run of changed rows gives
 * its removed lines, then its added ones). Tags are dropped and entities decoded: the result is
 * text only, never HTML, and is bounded (lines, characters per line, rows read).
 *
 * Hand-written rather than an HTML parser: the input is MediaWiki's own diff table (rows of
 * `<td class="diff-…">` cells, no nesting of cells), and only the cell classes and texts are read.
 */
import { decodeEntities } from '../errors';

/** Lines of diff text kept by default. */
export const DIFF_TEXT_LINES = 400;
/** Characters kept of one line. */
export const DIFF_LINE_CHARS = 1000;
/** Table rows read at most (a diff's HTML is already bounded by the HTTP client's maxBytes). */
const MAX_ROWS = 100_000;

export interface DiffText {
  /** `-`/`+`/` `/`@@` lines, plain text. */
  lines: string[];
  /** Lines left out past the bound (0: the whole diff). */
  omitted: number;
}

/** `html`'s text: tags dropped, then entities decoded once (so `&lt;script&gt;` is the text `<script>`). */
export function htmlText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''));
}

/**
 * A diff cell's text (the cell's inner HTML) with its own spaces back. MediaWiki draws a leading
 * space, a trailing one and each pair of spaces of a line's HTML (its `<ins>`/`<del>` marks
 * included) with a U+00A0 (TableDiffFormatter::escapeWhiteSpace: `^ ` → U+00A0 and a space, ` $` →
 * a space and U+00A0, `  ` → U+00A0 and a space), so that HTML keeps them; undone here in the
 * reverse order on the same HTML, then tags dropped and entities decoded: the text shown is the
 * text saved. A line drawn as U+00A0 alone (older MediaWiki's empty line) is empty. A U+00A0 of the
 * page's own next to a space reads as a space (the two are alike in the HTML).
 */
export function diffCellText(cellHtml: string): string {
  const line = /^\s*<div>([\s\S]*)<\/div>\s*$/i.exec(cellHtml)?.[1] ?? cellHtml;
  const text = htmlText(line.replace(/^\u00a0(?=[ \u00a0])/, '').replace(/\u00a0 /g, '  ').replace(/ \u00a0$/, ' ')).replace(/\r?\n/g, ' ');
  return /^\u00a0*$/.test(text) ? '' : text;
}

const cut = (s: string) => (s.length > DIFF_LINE_CHARS ? `${s.slice(0, DIFF_LINE_CHARS)}…` : s);

/**
 * The diff text of a compare answer's `body` (its `<tr>` rows), at most `maxLines` lines;
 * `fromEmpty`: the old side is an empty page (no removed empty line, no context line: every line is added).
 */
export function compareDiffText(html: string, maxLines = DIFF_TEXT_LINES, fromEmpty = false): DiffText {
  const all: string[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    all.push(...removed, ...added);
    removed = [];
    added = [];
  };
  const rows = html.match(/<tr\b[\s\S]*?<\/tr>/gi) ?? [];
  for (const row of rows.slice(0, MAX_ROWS)) {
    let contextTaken = false;
    let linenoTaken = false;
    for (const cell of row.matchAll(/<td\b([^>]*)>([\s\S]*?)<\/td>/gi)) {
      const cls = /\bclass\s*=\s*"([^"]*)"/i.exec(cell[1])?.[1] ?? '';
      const text = cut(diffCellText(cell[2]));
      if (/\bdiff-lineno\b/.test(cls)) {
        if (linenoTaken) continue;
        linenoTaken = true;
        flush();
        all.push(`@@ ${text.trim()} @@`);
      } else if (/\bdiff-deletedline\b/.test(cls)) {
        if (!(fromEmpty && text === '')) removed.push(`-${text}`);
      } else if (/\bdiff-addedline\b/.test(cls)) {
        added.push(`+${text}`);
      } else if (/\bdiff-context\b/.test(cls) && !contextTaken) {
        // A context row shows the same line on both sides: once. From an empty page, the one line
        // MediaWiki matched is the empty page's empty line: an added empty line of the new text.
        contextTaken = true;
        if (fromEmpty) {
          added.push(`+${text}`);
          continue;
        }
        flush();
        all.push(` ${text}`);
      }
    }
  }
  flush();
  const kept = Math.max(0, maxLines);
  return { lines: all.slice(0, kept), omitted: Math.max(0, all.length - kept) };
}
