/**
 * Columns and cells of a result table: the one place that decides the column order (a known
 * table's usual columns first, then every other field in first-seen order) and the text of a cell
 * (`cellText`: what the CLI's table and the results view show; `cellData`: what CSV, copying and the
 * view's filter use). Pure.
 */
import { isObj } from '../util/json';

/** Column orders for known tables; other fields follow in first-seen order. */
export const PREFERRED_COLUMNS: Record<string, string[]> = {
  allimages: ['name', 'title', 'timestamp', 'user', 'size', 'width', 'height', 'mime', 'url', 'descriptionurl', 'descriptionshorturl', 'ns'],
  logevents: ['logid', 'type', 'action', 'title', 'user', 'timestamp', 'params', 'comment', 'parsedcomment', 'ns', 'pageid', 'logpage', 'revid'],
  pages: ['pageid', 'ns', 'title', 'missing', 'invalid'],
  keyvalue: ['key', 'value'],
  /** paraminfo modules. */
  modules: ['name', 'path', 'group', 'prefix', 'source', 'classname'],
  /** paraminfo parameters of every module: the module, the name as written in a request, then the descriptor. */
  parameters: ['module', 'parameter', 'name', 'type', 'default', 'multi', 'required'],
};

/** Incrementally collected columns of a table: preferred ones first, then in first-seen order. */
export class ColumnSet {
  private readonly seen = new Set<string>();
  private readonly others: string[] = [];
  private scanned = 0;

  constructor(private readonly preferred: readonly string[] = []) {}

  /** Scans rows from where the last call stopped; returns true when new columns appeared. */
  update(rows: readonly unknown[]): boolean {
    let added = false;
    const add = (k: string) => {
      if (this.seen.has(k)) return;
      this.seen.add(k);
      this.others.push(k);
      added = true;
    };
    for (let i = this.scanned; i < rows.length; i++) {
      const r = rows[i];
      if (isObj(r)) for (const k in r) add(k);
      else add('value');
    }
    this.scanned = rows.length;
    return added;
  }

  reset(): void {
    this.seen.clear();
    this.others.length = 0;
    this.scanned = 0;
  }

  get columns(): string[] {
    const pref = this.preferred.filter((c) => this.seen.has(c));
    const p = new Set(pref);
    return [...pref, ...this.others.filter((c) => !p.has(c))];
  }
}

export function columnsOf(rows: readonly unknown[], preferred: readonly string[] = []): string[] {
  const c = new ColumnSet(preferred);
  c.update(rows);
  return c.columns;
}

/** A cell's value: records by column, plain values (lists of strings) as `value`. */
export function cellValue(row: unknown, column: string): unknown {
  if (isObj(row)) return row[column];
  return column === 'value' ? row : undefined;
}

/**
 * Between the titles of a title list in a cell (`Category:A | Category:B`). A page title cannot
 * contain `|` (it is the API's own separator of titles), so the text splits back into the titles
 * exactly and can be pasted into `titles=`.
 */
export const TITLE_SEPARATOR = ' | ';

/** Members a page reference may have besides its title; `lang` and `prefix` are written before it (`de:Titel`). */
const REFERENCE_KEYS = new Set(['ns', 'title', 'lang', 'prefix']);

function referenceTitle(x: unknown): string | undefined {
  if (!isObj(x) || typeof x.title !== 'string') return undefined;
  for (const k in x) if (!REFERENCE_KEYS.has(k)) return undefined;
  if (x.lang !== undefined && x.prefix !== undefined) return undefined;
  const before = x.lang ?? x.prefix;
  if (before === undefined) return x.title;
  return typeof before === 'string' ? `${before}:${x.title}` : undefined;
}

/**
 * The titles of a list of page references — `{ns, title}` (categories, links, templates, images),
 * `{lang, title}` (langlinks, as `lang:title`), `{prefix, title}` (iwlinks, as `prefix:title`) —
 * or undefined when `v` is not such a non-empty list (a member other than those makes it a record).
 */
export function titleList(v: unknown): string[] | undefined {
  if (!Array.isArray(v) || v.length === 0) return undefined;
  const out: string[] = [];
  for (const x of v) {
    const t = referenceTitle(x);
    if (t === undefined || t.includes('|')) return undefined;
    out.push(t);
  }
  return out;
}

/** Names a summary of a record shows before `…`. */
const SUMMARY_MEMBERS = 4;

/** What a nested value is, in a few words: `3 items`, `1 item`, `{size, width, height}` (at most four names, then `…`), `{}`. */
export function nestedSummary(v: object): string {
  if (Array.isArray(v)) return `${v.length.toLocaleString('en-US')} item${v.length === 1 ? '' : 's'}`;
  const keys = Object.keys(v);
  const shown = keys.slice(0, SUMMARY_MEMBERS).join(', ');
  return `{${shown}${keys.length > SUMMARY_MEMBERS ? ', …' : ''}}`;
}

/** A nested value shown whole as text: a title list, or a list of strings none of which holds `|`. */
function readableList(v: unknown): string | undefined {
  const titles = titleList(v);
  if (titles) return titles.join(TITLE_SEPARATOR);
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && !x.includes('|'))) return v.join(TITLE_SEPARATOR);
  return undefined;
}

function scalarText(v: unknown): string | undefined {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/**
 * The text of a cell as it is shown — the CLI's `--format table` and the results view: strings
 * as they are; a title list's titles and a list of strings joined with `TITLE_SEPARATOR`
 * (`Category:A | Category:B`); any other nested value summarised (`3 items`, `{size, width,
 * height}`), which the view opens whole in a JSON tree.
 */
export function cellText(v: unknown): string {
  const s = scalarText(v);
  if (s !== undefined) return s;
  return readableList(v) ?? (typeof v === 'object' ? nestedSummary(v as object) : String(v));
}

/**
 * The text of a cell as data — CSV export, copying a cell, the view's filter: the same as
 * `cellText` for plain values, title lists and lists of strings (which split back exactly), and
 * JSON for every other nested value, which a summary would lose.
 */
export function cellData(v: unknown): string {
  const s = scalarText(v);
  if (s !== undefined) return s;
  const list = readableList(v);
  if (list !== undefined) return list;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
