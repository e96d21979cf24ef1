/**
 * Allow-list sanitiser for the few wiki fields that hold HTML (`parsedcomment`, `parseddescription`,
 * HTML log params, HTML error messages). Parses with DOMParser (inert: no scripts run, nothing
 * loads) and rebuilds a fresh fragment keeping only b, i, em, strong, code, br, span and a with an
 * http(s) href; every other element is replaced by its text, every other attribute dropped.
 */
const KEEP = new Set(['B', 'I', 'EM', 'STRONG', 'CODE', 'BR', 'SPAN', 'A']);

export function sanitizeHtml(html: string, base?: string): DocumentFragment {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.createDocumentFragment();
  const copy = (from: Node, to: Node) => {
    for (const n of Array.from(from.childNodes)) {
      if (n.nodeType === Node.TEXT_NODE) to.appendChild(document.createTextNode(n.textContent ?? ''));
      else if (n.nodeType === Node.ELEMENT_NODE) {
        const el = n as Element;
        if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'TEMPLATE') continue;
        if (!KEEP.has(el.tagName)) {
          copy(el, to);
          continue;
        }
        const clean = document.createElement(el.tagName.toLowerCase());
        if (el.tagName === 'A') {
          const href = el.getAttribute('href');
          const url = href ? safeUrl(href, base) : undefined;
          if (url) {
            clean.setAttribute('href', url);
            clean.setAttribute('title', url);
          }
        }
        copy(el, clean);
        to.appendChild(clean);
      }
    }
  };
  copy(doc.body, out);
  return out;
}

/** An absolute http(s) URL, or undefined (javascript:, data:, … are refused). */
export function safeUrl(href: string, base?: string): string | undefined {
  try {
    const u = base ? new URL(href, base) : new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}
