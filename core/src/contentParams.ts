/**
 * Which parameters take content names (titles, users, categories, files): data, with no imports,
 * so that the parser's block scanner can mark the blocks that name a checked one
 * (`Block.namesContent`, parser/blocks.ts) and content.ts and contentDiagnostics.ts read the same table.
 */

/** What a value names: a page title (any namespace), a user, a category or a file. */
export type ContentKind = 'title' | 'user' | 'category' | 'file';

export interface ContentParam {
  kind: ContentKind;
  /** The namespace prefix the value carries (`Category:` for `cmtitle`); none for `aifrom`. */
  prefix?: string;
  /** The namespace titles are looked up in (10 for `tltemplates`). */
  namespace?: number;
  /** The parameter (of the same module, without its prefix) whose value is the namespace (`apnamespace` for `apfrom`). */
  namespaceParam?: string;
  /**
   * Content diagnostics look its values up (contentDiagnostics.ts): each value is a whole name, and
   * a wrong one makes the request return nothing. Not prefixes (`apfrom`), nor filters a page may
   * name without the page existing (`tltemplates`, `imimages`).
   */
  check?: true;
  /** The request parameter that makes the API follow redirects in its values (`redirects` for `titles`); a checked title or category parameter without one never follows them (`cmtitle`). */
  redirectsParam?: string;
}

/**
 * Parameters that take content names, by module prefix + parameter name (`cmtitle`, so the
 * generator form `gcmtitle` is found too). Parameters the catalogue types `title` or `user` and
 * that are not here take any title (no prefix) or a user.
 */
export const CONTENT_PARAMS: Readonly<Record<string, ContentParam>> = {
  titles: { kind: 'title', check: true, redirectsParam: 'redirects' },
  cmtitle: { kind: 'category', prefix: 'Category:', check: true },
  tltemplates: { kind: 'title', prefix: 'Template:', namespace: 10 },
  imimages: { kind: 'file', prefix: 'File:' },
  clcategories: { kind: 'category', prefix: 'Category:', check: true },
  leuser: { kind: 'user', check: true },
  ususers: { kind: 'user', check: true },
  aiuser: { kind: 'user', check: true },
  ucuser: { kind: 'user', check: true },
  rvuser: { kind: 'user', check: true },
  aifrom: { kind: 'file' },
  aiprefix: { kind: 'file' },
  apfrom: { kind: 'title', namespaceParam: 'namespace' },
  apprefix: { kind: 'title', namespaceParam: 'namespace' },
  acfrom: { kind: 'category' },
  acprefix: { kind: 'category' },
  eititle: { kind: 'title' },
  bltitle: { kind: 'title' },
  letitle: { kind: 'title' },
};

/** The names of checked parameters, and their generator forms (`gcmtitle`): a request without one is not analysed by content diagnostics. */
export const CHECKED_NAMES: ReadonlySet<string> = new Set(Object.entries(CONTENT_PARAMS).filter(([, e]) => e.check).flatMap(([name]) => [name, `g${name}`]));
