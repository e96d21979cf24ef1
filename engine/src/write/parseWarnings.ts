/**
 * The parser's warnings for a text an edit would save (#39): `action=parse` with `title`, `text`,
 * `contentmodel`, `pst=1` (the text as it would be saved: signatures, subst:) and only
 * `prop=parsewarningshtml`, so the answer holds the warnings and nothing else. MediaWiki 1.39 warns,
 * for example, of a `{{DISPLAYTITLE:…}}` that is not the page's title, of a template called with a
 * parameter twice, of a template loop and of the parser's limits (expensive functions, include
 * size). Only the wikitext parser warns: another content model is not parsed (no request).
 * A read module (GET, or a POST form past PREVIEW_URL_BOUND); no token.
 */
import type { HttpClient } from '../http';
import { arrOf, objOf } from '../json';
import { ask, str } from './ask';
import { htmlText } from './compareDiff';

/** Warnings kept (a text can warn once per template call). */
export const MAX_PARSE_WARNINGS = 50;
/** Characters kept of one warning. */
export const PARSE_WARNING_CHARS = 500;

/**
 * The warnings of a parse answer (`parse.parsewarningshtml`) as plain text: tags dropped, entities
 * decoded, white space folded, at most MAX_PARSE_WARNINGS of at most PARSE_WARNING_CHARS each
 * (the last one says how many more there were).
 */
export function warningsOf(body: Record<string, unknown>): string[] {
  const all = arrOf(objOf(body.parse).parsewarningshtml).map((w) => htmlText(str(w)).replace(/\s+/g, ' ').trim()).filter(Boolean);
  const kept = all.slice(0, MAX_PARSE_WARNINGS).map((w) => (w.length > PARSE_WARNING_CHARS ? `${w.slice(0, PARSE_WARNING_CHARS)}…` : w));
  if (all.length > kept.length) kept.push(`… ${all.length - kept.length} more warnings not shown`);
  return kept;
}

/** The parser's warnings for `text` saved as `title` (none asked for a content model other than wikitext). */
export async function parseWarnings(
  http: HttpClient, endpoint: string, page: { title: string; text: string; contentmodel: string }, signal?: AbortSignal,
): Promise<string[]> {
  if (page.contentmodel !== 'wikitext') return [];
  const body = await ask(http, endpoint, {
    action: 'parse', title: page.title, contentmodel: page.contentmodel, pst: '1', prop: 'parsewarningshtml', text: page.text,
  }, signal);
  return warningsOf(body);
}
