/**
 * The allow-list sanitiser for the few wiki fields that hold HTML (`parsedcomment`,
 * `parseddescription`, log `params` values such as an HTML anchor, HTML error messages): DOMPurify
 * (parsing in an inert document: nothing runs, nothing loads) keeping only b, i, em, strong, code,
 * br, span and links whose href resolves to an http(s) URL (relative wiki links resolve against
 * the endpoint); links get rel="noopener noreferrer" and open through the host. Every other
 * element is dropped (its text kept, except for script/style-like elements), every other attribute
 * removed. The result is a DOM fragment: no string is ever parsed into the live document.
 */
import DOMPurify from 'dompurify';
import { safeHttpUrl } from '../../shared/url';

/** What both allow-lists share: no data-, aria- or unknown-protocol attributes; text kept; a fragment, never a string. */
const STRICT = {
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  RETURN_DOM_FRAGMENT: true as const,
  RETURN_DOM: false as const,
};

const CONFIG = {
  ...STRICT,
  ALLOWED_TAGS: ['b', 'i', 'em', 'strong', 'code', 'br', 'span', 'a'],
  ALLOWED_ATTR: ['href', 'title'],
  ALLOWED_URI_REGEXP: /^https?:\/\//i,
};

let base: string | undefined;
let hooked = false;

function hook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'href') return;
    const url = safeHttpUrl(data.attrValue, base);
    if (url) data.attrValue = url;
    else data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (!href) return;
    node.setAttribute('rel', 'noopener noreferrer');
    if (!node.getAttribute('title')) node.setAttribute('title', href);
  });
}

/** Sanitised wiki HTML as a fragment to insert; `endpoint` resolves relative links. */
export function sanitizeHtml(html: string, endpoint?: string): DocumentFragment {
  if (!DOMPurify.isSupported) {
    const f = document.createDocumentFragment();
    f.appendChild(document.createTextNode(html));
    return f;
  }
  hook();
  base = endpoint;
  try {
    return DOMPurify.sanitize(html, CONFIG);
  } finally {
    base = undefined;
  }
}

/**
 * MediaWiki's compare HTML (a write's preview: its table rows, as the wiki sent them) as a table to
 * insert. A DOMPurify instance of its own (its hooks apart from the links' above) keeps only the
 * diff's structure — table, rows, cells, div, ins, del, span, br — with `colspan`, `data-marker`
 * and only MediaWiki's diff classes (`diff-*`, `diffchange*`); no link, no URL, no handler, no
 * style survives, and text stays text. Without DOMPurify the rows are shown as text.
 */
const DIFF_CONFIG = {
  ...STRICT,
  ALLOWED_TAGS: ['table', 'tbody', 'tr', 'td', 'div', 'ins', 'del', 'span', 'br'],
  ALLOWED_ATTR: ['class', 'colspan', 'data-marker'],
  // Plain values, never URLs (no attribute kept takes one): checked by the hook below, not as URIs.
  ADD_URI_SAFE_ATTR: ['colspan', 'data-marker'],
  ALLOWED_URI_REGEXP: /^$/,
};
const DIFF_CLASS = /^(diff-[\w-]+|diffchange(-inline)?|mw-diff-[\w-]+)$/;

let diffPurifier: ReturnType<typeof DOMPurify> | undefined;

function diffPurify(): ReturnType<typeof DOMPurify> {
  if (diffPurifier) return diffPurifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'class') data.attrValue = data.attrValue.split(/\s+/).filter((c) => DIFF_CLASS.test(c)).join(' ');
    else if (data.attrName === 'colspan' && !/^[1-4]$/.test(data.attrValue)) data.keepAttr = false;
    else if (data.attrName === 'data-marker' && data.attrValue.length > 2) data.keepAttr = false;
  });
  return (diffPurifier = p);
}

/** The compare rows `html` sanitised into a table (class `diff`); never raw HTML into the live document. */
export function sanitizeDiff(html: string): HTMLTableElement {
  const table = document.createElement('table');
  table.className = 'diff';
  const p = diffPurify();
  if (!p.isSupported) {
    table.appendChild(document.createElement('tr')).appendChild(document.createElement('td')).textContent = html;
    return table;
  }
  const frag = p.sanitize(`<table><tbody>${html}</tbody></table>`, DIFF_CONFIG);
  // MediaWiki's four columns: marker, old text, marker, new text (the page's stylesheet sizes them).
  const cols = table.appendChild(document.createElement('colgroup'));
  for (const c of ['diff-marker', 'diff-content', 'diff-marker', 'diff-content']) cols.appendChild(document.createElement('col')).className = c;
  // Every row the wiki sent, also past a `</table>` in them; a table nested in a cell stays in its cell.
  const body = table.appendChild(document.createElement('tbody'));
  for (const tr of Array.from(frag.querySelectorAll('tr'))) if (!tr.parentElement?.closest('td')) body.appendChild(tr);
  return table;
}
