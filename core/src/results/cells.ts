/**
 * Columns and cells of a result table: the one place that decides the column order (a known
 * table's usual columns first, then every other field in first-seen order) and the text of a cell
 * (what CSV, the CLI's table, filtering and copying show). Pure.
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

/** Plain text of a value, for CSV, the CLI's table, filtering and copying: strings as is, the rest as JSON. */
export function cellText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
