/**
 * The image a record carries, whatever module listed it: `allimages` (url, thumburl, size, user…),
 * `prop=imageinfo` (a page's `imageinfo[0]`), `prop=pageimages` (a page's `thumbnail` and
 * `original`). Pure; which URLs may load is `./url` `originOf` (the endpoint's origin only).
 */
import { isObj } from './json';
import { originOf, safeHttpUrl } from './url';

export interface ImageItem {
  title: string;
  /** Candidate URLs to show, the smallest first (thumbnail before the original). */
  sources: string[];
  size?: number;
  width?: number;
  height?: number;
  user?: string;
  timestamp?: string;
  mime?: string;
  /** The file's description page. */
  page?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The image of a record, or undefined when it carries none. */
export function imageOf(row: unknown): ImageItem | undefined {
  if (!isObj(row)) return undefined;
  const info = Array.isArray(row.imageinfo) && isObj(row.imageinfo[0]) ? row.imageinfo[0] : undefined;
  const rec = info ?? row;
  const sources: string[] = [];
  const add = (v: unknown) => {
    const s = str(v);
    if (s) sources.push(s);
  };
  add(rec.thumburl);
  if (isObj(row.thumbnail)) add(row.thumbnail.source);
  add(rec.url);
  if (isObj(row.original)) add(row.original.source);
  if (!sources.length) return undefined;
  const dims = isObj(row.original) && !num(rec.width) ? row.original : rec;
  return {
    title: str(row.title) ?? str(row.name) ?? '',
    sources,
    size: num(rec.size),
    width: num(dims.width),
    height: num(dims.height),
    user: str(rec.user),
    timestamp: str(rec.timestamp),
    mime: str(rec.mime),
    page: str(rec.descriptionurl),
  };
}

/** The first of an image's URLs that may load: http(s), from the endpoint's origin. */
export function loadableSource(item: ImageItem, endpoint: string): string | undefined {
  const origin = originOf(endpoint);
  if (!origin) return undefined;
  for (const s of item.sources) {
    const u = safeHttpUrl(s, endpoint);
    if (u && new URL(u).origin === origin) return u;
  }
  return undefined;
}
