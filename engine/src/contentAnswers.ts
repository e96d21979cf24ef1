/**
 * What a content lookup (#31) sends and how its answer is read: the query strings of a completion
 * lookup and of a facts request, and the readers of their answers (pure: anything malformed is
 * left out, nothing read past CONTENT_LIMIT or FACTS_BATCH entries).
 */
import { type ContentFact, type ContentKind, type ContentSuggestion, isObj } from '../../core/src';
import { ApiError } from './errors';
import type { HttpResponse } from './http';
import { readJson } from './json';

/** Names asked per completion lookup. */
export const CONTENT_LIMIT = 15;
/** Names per facts request (the API's limit on `titles` and `ususers` without apihighlimits). */
export const FACTS_BATCH = 50;

/** The query string of a content request (without the endpoint). */
export function contentQuery(kind: ContentKind, prefix: string, namespace: number | undefined): Record<string, string> {
  const base = { action: 'query', format: 'json', formatversion: '2', maxlag: '5' };
  const limit = String(CONTENT_LIMIT);
  switch (kind) {
    case 'user':
      return { ...base, list: 'allusers', auprefix: prefix, auprop: 'editcount|groups', aulimit: limit };
    case 'category':
      return { ...base, list: 'allcategories', acprefix: prefix, acprop: 'size', aclimit: limit };
    case 'file':
      return { ...base, list: 'allimages', aiprefix: prefix, aiprop: 'size', ailimit: limit };
    default: {
      const ns = String(namespace ?? 0);
      // prefixsearch ranks as the wiki's own search box does; it needs some text.
      return prefix
        ? { ...base, generator: 'prefixsearch', gpssearch: prefix, gpsnamespace: ns, gpslimit: limit, prop: 'info' }
        : { ...base, generator: 'allpages', gapnamespace: ns, gaplimit: limit, prop: 'info' };
    }
  }
}

/**
 * The JSON of a lookup's answer (read by `readJson`: no deeper than its limit); an HTTP failure, an
 * answer that is not JSON or an API error (`readapidenied`: a private wiki) is thrown, naming the wiki.
 */
export function answerOf(endpoint: string, res: HttpResponse): unknown {
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const read = readJson(res.body, endpoint);
  if (!read) throw new Error(`the answer of ${endpoint} is not JSON`);
  const body = read.value;
  const e = isObj(body) && isObj(body.error) ? body.error : undefined;
  if (e) throw new ApiError(endpoint, String(e.code ?? 'unknown'), String(e.info ?? ''));
  return body;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, CONTENT_LIMIT) : []);

/** The suggestions in a content answer, in the wiki's order; anything malformed is left out. */
export function readContentAnswer(kind: ContentKind, body: unknown): ContentSuggestion[] {
  const q = isObj(body) && isObj(body.query) ? body.query : {};
  const out: ContentSuggestion[] = [];
  if (kind === 'user') {
    for (const u of list(q.allusers)) {
      const name = isObj(u) ? str(u.name) : undefined;
      if (name && isObj(u)) out.push({ name, editcount: num(u.editcount), groups: list(u.groups).filter((g): g is string => typeof g === 'string' && g !== '*') });
    }
  } else if (kind === 'category') {
    for (const c of list(q.allcategories)) {
      const name = isObj(c) ? str(c.category) : undefined;
      if (name && isObj(c)) out.push({ name, members: num(c.size) });
    }
  } else if (kind === 'file') {
    for (const f of list(q.allimages)) {
      const name = isObj(f) ? str(f.name) : undefined;
      if (name && isObj(f)) out.push({ name, size: num(f.size) });
    }
  } else {
    const pages = list(q.pages).filter(isObj);
    pages.sort((a, b) => (num(a.index) ?? 0) - (num(b.index) ?? 0));
    for (const p of pages) {
      const name = str(p.title);
      if (name) out.push({ name, redirect: p.redirect === true || undefined });
    }
  }
  return out;
}

/** The query string of a facts request: up to FACTS_BATCH names of one kind. */
export function factsQuery(kind: ContentKind, names: readonly string[]): Record<string, string> {
  const base = { action: 'query', format: 'json', formatversion: '2', maxlag: '5' };
  const joined = names.join('|');
  return kind === 'user'
    ? { ...base, list: 'users', ususers: joined, usprop: 'editcount|groups' }
    : { ...base, titles: joined, prop: 'info|categoryinfo|revisions|imageinfo', rvprop: 'timestamp|user', iiprop: 'size|user', redirects: '1' };
}

/** A user name as the wiki reads it: underscores as spaces, spaces collapsed, the first letter upper case. */
const userNormal = (name: string) => {
  const s = name.replace(/_/g, ' ').replace(/ {2,}/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** `from` → `to` of an answer's `normalized`, `converted` or `redirects` list. */
function mapping(v: unknown): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of Array.isArray(v) ? v.slice(0, FACTS_BATCH * 2) : []) {
    const from = isObj(r) ? str(r.from) : undefined;
    const to = isObj(r) ? str(r.to) : undefined;
    if (from !== undefined && to !== undefined) m.set(from, to);
  }
  return m;
}

/** What a facts answer's page says of its size, last edit (`prop=revisions`) and file (`prop=imageinfo`). */
function pageFacts(p: Record<string, unknown>): Pick<ContentFact, 'length' | 'lastEdit' | 'file'> {
  const rev = Array.isArray(p.revisions) && isObj(p.revisions[0]) ? p.revisions[0] : undefined;
  const ii = Array.isArray(p.imageinfo) && isObj(p.imageinfo[0]) ? p.imageinfo[0] : undefined;
  const timestamp = rev ? str(rev.timestamp) : undefined;
  const size = ii ? num(ii.size) : undefined;
  const length = num(p.length);
  return {
    ...(length !== undefined ? { length } : {}),
    ...(timestamp ? { lastEdit: { timestamp, ...(str(rev?.user) ? { user: str(rev?.user) } : {}) } } : {}),
    ...(ii && size !== undefined ? { file: { width: num(ii.width) ?? 0, height: num(ii.height) ?? 0, size, ...(str(ii.user) ? { user: str(ii.user) } : {}) } } : {}),
  };
}

/**
 * The fact of each name asked (`names`) in a facts answer: titles through the answer's `normalized`
 * (and `converted`) then `redirects` lists to their page; users by the name the wiki gives back.
 * A name the answer says nothing of (an interwiki or invalid title) has no fact.
 */
export function readFactsAnswer(kind: ContentKind, names: readonly string[], body: unknown): Map<string, ContentFact> {
  const q = isObj(body) && isObj(body.query) ? body.query : {};
  const out = new Map<string, ContentFact>();
  const groupsOf = (u: Record<string, unknown>) => (Array.isArray(u.groups) ? u.groups.slice(0, 100) : []).filter((g): g is string => typeof g === 'string' && g !== '*');
  if (kind === 'user') {
    const users = new Map<string, Record<string, unknown>>();
    for (const u of Array.isArray(q.users) ? q.users.slice(0, FACTS_BATCH * 2) : []) if (isObj(u) && typeof u.name === 'string') users.set(u.name, u);
    for (const name of names) {
      const u = users.get(name) ?? users.get(userNormal(name));
      if (!u || u.invalid) continue;
      const normal = str(u.name);
      out.set(name, { name, exists: !u.missing, normalised: normal && normal !== name ? normal : undefined, editcount: num(u.editcount), groups: groupsOf(u) });
    }
    return out;
  }
  const normalized = mapping(q.normalized);
  const converted = mapping(q.converted);
  const redirects = mapping(q.redirects);
  const pages = new Map<string, Record<string, unknown>>();
  for (const p of Array.isArray(q.pages) ? q.pages.slice(0, FACTS_BATCH * 2) : []) if (isObj(p) && typeof p.title === 'string') pages.set(p.title, p);
  for (const name of names) {
    const n1 = normalized.get(name) ?? name;
    const normal = converted.get(n1) ?? n1;
    const redirectTo = redirects.get(normal);
    const p = pages.get(redirectTo ?? normal);
    if (!p || p.invalid) continue;
    const ci = isObj(p.categoryinfo) ? p.categoryinfo : undefined;
    // A category is judged by its members: no categoryinfo is none (its page may exist or not).
    const members = ci ? { pages: num(ci.pages) ?? 0, files: num(ci.files) ?? 0, subcats: num(ci.subcats) ?? 0 } : kind === 'category' ? { pages: 0, files: 0, subcats: 0 } : undefined;
    out.set(name, { name, exists: !!redirectTo || !p.missing || p.special === true, redirectTo, normalised: normal !== name ? normal : undefined, members, ...pageFacts(p) });
  }
  return out;
}
