/**
 * What the hostile-content tests of the results view look for in chromium (webview-hostile,
 * webview-write): everything in the document that could run script or fetch from elsewhere, and
 * whether a payload ran (`__pwned`).
 */
import type { WebviewPage } from './webviewPage';

export interface Audit {
  bad: string[];
  scripts: number;
  imgs: string[];
}

/** Everything in the document that could run script or fetch from elsewhere. */
export async function audit(w: WebviewPage): Promise<Audit> {
  return w.page.evaluate((wikiOrigin) => {
    const bad: string[] = [];
    const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'data', 'background'];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      for (const a of Array.from(el.attributes)) {
        if (/^on/i.test(a.name)) bad.push(`<${el.tagName.toLowerCase()} ${a.name}>`);
        if (URL_ATTRS.includes(a.name.toLowerCase()) && !/^https?:\/\//i.test(a.value.trim())) bad.push(`<${el.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 60)}">`);
      }
      if (el.closest('.html') && el.hasAttribute('style')) bad.push(`<${el.tagName.toLowerCase()} style> in wiki HTML`);
    }
    for (const el of Array.from(document.body.querySelectorAll('svg, iframe, object, embed, math, form, style, base, frame, frameset, link, meta, template, noscript, video, audio, source, input[type=image]'))) {
      bad.push(`<${el.tagName.toLowerCase()}> element`);
    }
    for (const a of Array.from(document.querySelectorAll('a'))) {
      if (a.getAttribute('href') && a.closest('.html') && a.getAttribute('rel') !== 'noopener noreferrer') bad.push(`<a> in wiki HTML without rel=noopener: ${a.outerHTML.slice(0, 80)}`);
    }
    const imgs = Array.from(document.querySelectorAll('img')).map((i) => i.getAttribute('src') ?? '');
    for (const s of imgs) if (!s.startsWith(`${wikiOrigin}/`)) bad.push(`<img src="${s}"> not from the endpoint's origin`);
    const scripts = document.querySelectorAll('script').length;
    return { bad, scripts, imgs };
  }, w.wiki.origin);
}

export async function pwned(w: WebviewPage): Promise<unknown> {
  return w.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? (parent as unknown as { __pwned?: unknown }).__pwned);
}
