/**
 * The wiki's content as the language service sees it (#31): which parameters take titles, users,
 * categories or files (`CONTENT_PARAMS`, data in contentParams.ts, and the catalogue's `type`), the
 * provider that suggests names from the wiki (handed in, as the catalogue provider is: no I/O
 * here), and the completion items made from its answer. The server's provider is
 * engine/src/content.ts; the unit tests hand in their own.
 */
import { CompletionItem, CompletionItemKind, CompletionList, InsertTextFormat, MarkupKind, TextEdit } from 'vscode-languageserver-types';
import { type Owner, ownerOf, valuesOf } from './analysis';
import type { FeatureContext } from './context';
import { cursorAt } from './cursor';
import { paramsOf } from './parser/params';
import { endpointFor } from './variables';
import { CONTENT_PARAMS, type ContentKind, type ContentParam } from './contentParams';

export { CONTENT_PARAMS, type ContentKind, type ContentParam } from './contentParams';

/** One name the wiki suggests, with what the same request tells about it. */
export interface ContentSuggestion {
  /** Without the namespace prefix for categories and files (`allcategories`, `allimages`); a full title otherwise. */
  name: string;
  redirect?: boolean;
  /** Members of a category. */
  members?: number;
  /** Bytes of a file. */
  size?: number;
  editcount?: number;
  groups?: string[];
}

/** A cancellation token (the LSP one fits): set when a newer keystroke or the client cancels. */
export interface ContentToken {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** What the wiki says of one name (hover, content diagnostics). */
export interface ContentFact {
  /** The name asked about, as sent (with its namespace prefix). */
  name: string;
  /** A page: it exists (false: missing). A user: registered. */
  exists: boolean;
  /** A redirect's target. */
  redirectTo?: string;
  /** The wiki's normal form, where it differs from `name`. */
  normalised?: string;
  editcount?: number;
  groups?: string[];
  /** A category's members. */
  members?: { pages: number; files: number; subcats: number };
  /** A page's size in bytes (of the redirect's target, for a redirect). */
  length?: number;
  /** A page's last edit: when (ISO 8601) and by whom (absent when hidden). */
  lastEdit?: { timestamp: string; user?: string };
  /** A file: its dimensions (0 for a file that has none, such as audio), size in bytes and uploader of its current version. */
  file?: { width: number; height: number; size: number; user?: string };
}

export interface ContentProvider {
  /**
   * Names of `kind` starting with `prefix` (without the namespace prefix), ranked as the wiki ranks
   * them. `undefined`: no answer yet (the bound on waiting passed, or nothing may be sent); the
   * editor asks again. `token` cancels it (LSP cancellation).
   */
  suggest(endpoint: string, kind: ContentKind, prefix: string, options: { namespace?: number }, token?: ContentToken): Promise<ContentSuggestion[] | undefined>;
  /**
   * What the wiki says of each of `names` (full titles, or user names), by name as given: the
   * cached ones from the cache, the others in requests of up to 50 names. A name without an answer
   * (within the bound, not allowed, or nothing said of it) is not in the map. `options.waitMs`: the
   * longest the caller waits for one request once sent (a hover: HOVER_WAIT_MS); else the provider's own bound.
   */
  facts?(endpoint: string, kind: ContentKind, names: readonly string[], token?: ContentToken, options?: { waitMs?: number }): Promise<ReadonlyMap<string, ContentFact>>;
}

/** A hover waits at most this long for its facts request once sent (content diagnostics wait the provider's own bound). */
export const HOVER_WAIT_MS = 1000;

/** What the cursor's value asks the wiki for. */
export interface ContentQuery {
  endpoint: string;
  kind: ContentKind;
  /** The namespace prefix the value carries (`Category:`), or ''. */
  nsPrefix: string;
  /** What the user typed, without `nsPrefix`. */
  prefix: string;
  namespace?: number;
  /** The whole value under the cursor (trimmed), with `nsPrefix` where the parameter wants one: what a hover asks about. */
  value: string;
  /** The part of the value an item replaces (offsets). */
  start: number;
  end: number;
}

const KIND_NAMESPACE: Partial<Record<ContentKind, number>> = { category: 14, file: 6 };

/** What a parameter takes from the wiki's content: CONTENT_PARAMS, else the catalogue's `title` or `user` type. */
export function contentParamOf(owner: Owner): ContentParam | undefined {
  const p = owner.param;
  return CONTENT_PARAMS[owner.selection.module.prefix + p.name] ?? (p.type === 'title' ? { kind: 'title' } : p.type === 'user' ? { kind: 'user' } : undefined);
}

/** The content query at `offset`, if the cursor is in a value of a content parameter and the request has an endpoint. */
export function contentQueryAt(ctx: FeatureContext, offset: number): ContentQuery | undefined {
  const c = cursorAt(ctx.file, offset, (r) => ctx.analysis(r).params);
  if (c.kind !== 'paramValue') return undefined;
  const a = ctx.analysis(c.request);
  const owner = ownerOf(a, c.param.name);
  if (!owner) return undefined;
  const entry = contentParamOf(owner);
  const endpoint = endpointFor(ctx.file, c.request, ctx.env);
  if (!entry || !endpoint) return undefined;
  let namespace = entry.namespace ?? KIND_NAMESPACE[entry.kind];
  if (entry.namespaceParam) {
    const nsParam = paramsOf(c.request).find((q) => q.name === owner.selection.prefix + entry.namespaceParam);
    const v = nsParam ? valuesOf(nsParam, a.scope)[0] : undefined;
    if (v !== undefined && /^-?\d+$/.test(v)) namespace = Number(v);
  }
  const nsPrefix = entry.prefix ?? '';
  const typed = c.prefix;
  const prefix = nsPrefix && typed.toLowerCase().startsWith(nsPrefix.toLowerCase()) ? typed.slice(nsPrefix.length) : typed;
  const whole = c.part.text.trim();
  const value = nsPrefix && !whole.toLowerCase().startsWith(nsPrefix.toLowerCase()) ? nsPrefix + whole : whole;
  return { endpoint, kind: entry.kind, nsPrefix, prefix, value, namespace, start: c.span.start, end: c.span.end };
}

/** Escapes wiki text for Markdown: the wiki decides what a title may hold, not wikiq. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (ch) => `\\${ch}`);
}

const bytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`);

function describe(kind: ContentKind, s: ContentSuggestion): string {
  const parts: string[] = [kind === 'title' ? 'page' : kind];
  if (s.redirect) parts.push('redirect');
  if (s.members !== undefined) parts.push(`${s.members} member${s.members === 1 ? '' : 's'}`);
  if (s.size !== undefined) parts.push(bytes(s.size));
  if (s.editcount !== undefined) parts.push(`${s.editcount} edit${s.editcount === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/**
 * The completion items for `suggestions` (in the wiki's order), each replacing the value typed with
 * the namespace prefix the parameter wants; `suggestions` undefined: none yet, the list is incomplete.
 */
export function contentItems(ctx: FeatureContext, q: ContentQuery, suggestions: ContentSuggestion[] | undefined): CompletionList {
  const range = ctx.range({ start: q.start, end: q.end });
  const items: CompletionItem[] = (suggestions ?? []).map((s, i) => {
    const needsPrefix = (q.kind === 'category' || q.kind === 'file') && !!q.nsPrefix && !s.name.startsWith(q.nsPrefix);
    const value = needsPrefix ? q.nsPrefix + s.name : s.name;
    const detail = describe(q.kind, s);
    const groups = s.groups?.length ? `\n\nGroups: ${s.groups.map(escapeMarkdown).join(', ')}` : '';
    return {
      label: value,
      kind: q.kind === 'user' ? CompletionItemKind.Reference : q.kind === 'file' ? CompletionItemKind.File : CompletionItemKind.Value,
      detail,
      // Shown on every row of VS Code's suggest widget (`detail` only on the focused one).
      labelDetails: { description: detail },
      documentation: { kind: MarkupKind.Markdown, value: `**${escapeMarkdown(value)}** — ${escapeMarkdown(detail)}${groups}` },
      sortText: `00${String(i).padStart(3, '0')}`,
      filterText: value,
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: TextEdit.replace(range, value),
    };
  });
  return { isIncomplete: suggestions === undefined, items };
}

/** The Markdown of a fact (wiki text escaped), for a hover. */
export function factMarkdown(kind: ContentKind, f: ContentFact): string {
  const name = `**${escapeMarkdown(f.normalised ?? f.name)}**`;
  const lines: string[] = [];
  if (kind === 'user') {
    lines.push(f.exists ? `${name}: a registered user` : `${name}: no such user on this wiki`);
    if (f.editcount !== undefined) lines.push(`${f.editcount} edit${f.editcount === 1 ? '' : 's'}`);
    if (f.groups?.length) lines.push(`Groups: ${f.groups.map(escapeMarkdown).join(', ')}`);
  } else {
    lines.push(f.exists ? `${name}: the page exists` : `${name}: the page does not exist`);
    if (f.normalised) lines.push(`The wiki reads ${escapeMarkdown(f.name)} as ${escapeMarkdown(f.normalised)}`);
    if (f.redirectTo) lines.push(`A redirect to ${escapeMarkdown(f.redirectTo)}`);
    if (f.members) lines.push(`Members: ${f.members.pages} pages, ${f.members.files} files, ${f.members.subcats} subcategories`);
    if (f.file) {
      const dims = f.file.width && f.file.height ? `${f.file.width} × ${f.file.height} px, ` : '';
      lines.push(`File: ${dims}${bytes(f.file.size)}${f.file.user ? `, uploaded by ${escapeMarkdown(f.file.user)}` : ''}`);
    }
    if (f.length !== undefined) lines.push(`${f.redirectTo ? 'The target: ' : ''}${bytes(f.length)}${f.lastEdit ? `, last edited ${escapeMarkdown(f.lastEdit.timestamp.slice(0, 10))}${f.lastEdit.user ? ` by ${escapeMarkdown(f.lastEdit.user)}` : ''}` : ''}`);
  }
  return lines.join('  \n');
}
