/**
 * Wiki help text arrives as HTML (`helpformat=html`); hover and completion show Markdown. This
 * converts with node-html-markdown, makes links absolute against the wiki, and keeps nothing
 * executable: only http(s) and mailto links survive, images and raw HTML are dropped.
 */
import type { NodeHtmlMarkdown } from 'node-html-markdown';

let nhm: NodeHtmlMarkdown | undefined;
/** Made on first use, so that bundles importing the engine without converting help (the client) carry no converter. */
function converter(): NodeHtmlMarkdown {
  if (nhm) return nhm;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: most runs convert no HTML
  const { NodeHtmlMarkdown: Converter } = require('node-html-markdown') as typeof import('node-html-markdown');
  nhm = new Converter(
    { keepDataImages: false, useLinkReferenceDefinitions: false, maxConsecutiveNewlines: 2 },
    {
      // Drop what must never reach a Markdown renderer.
      script: { ignore: true }, style: { ignore: true }, iframe: { ignore: true }, object: { ignore: true },
      img: { ignore: true }, svg: { ignore: true }, form: { ignore: true }, input: { ignore: true },
    },
  );
  return nhm;
}

export function absolutise(href: string, base: string): string | undefined {
  try {
    const u = new URL(href, base);
    if (u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:') return u.toString();
  } catch {
    // not a URL
  }
  return undefined;
}

/** Converts a fragment of wiki help HTML to safe Markdown. `base` is the api.php URL. */
export function htmlToMarkdown(html: string, base: string): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html.trim();
  // Rewrite links before conversion so relative wiki links work outside the wiki, and unsafe ones go.
  const rewritten = html.replace(/<a\b([^>]*?)href\s*=\s*("([^"]*)"|'([^']*)')([^>]*)>/gi, (_m, pre: string, _q, d: string, s: string, post: string) => {
    const abs = absolutise((d ?? s ?? '').replace(/&amp;/g, '&'), base);
    return abs ? `<a${pre}href="${abs.replace(/"/g, '%22')}"${post}>` : '<a>';
  });
  let md = converter().translate(rewritten).trim();
  // Belt and braces: no javascript:/data: link survives, whatever the converter did.
  md = md.replace(/\]\(\s*(javascript|data|vbscript):[^)]*\)/gi, ']()');
  return md;
}
