/**
 * `wikiq run --format table`: every table of a result in core's results vocabulary, fitted to the
 * terminal's width (long cells cut with …, columns that cannot fit left out and counted), numbers
 * right-aligned; paraminfo as a reference (module, parameter, type, default, limits). `--wide`
 * keeps every cell whole, as does a table piped or redirected (no terminal to fit) unless `--width N`
 * names a width. Cells are escaped for the terminal (terminal.ts).
 */
import { cellText, cellValue, resultTables, type ResultTable } from '../../core/src';
import { UsageError } from './args';
import { forTerminal } from './terminal';

export interface TableOptions {
  /** Columns available; default 80. */
  width?: number;
  /** Keep every cell and column whole (the default when stdout is not a terminal and no --width is given). */
  wide?: boolean;
}

const GAP = 2;
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const has = (p: Record<string, unknown>, k: string) => k in p && p[k] !== false;

/** A parameter's limits in words: range, values per request, size. */
export function limitsText(p: Record<string, unknown>): string {
  const parts: string[] = [];
  const higher = (v: unknown) => (v === undefined ? '' : ` (${String(v)} with higher rights)`);
  if (p.min !== undefined || p.max !== undefined) parts.push(`${String(p.min ?? '…')}–${String(p.max ?? '…')}${higher(p.highmax)}`);
  if (p.limit !== undefined) parts.push(`${String(p.limit)} values`);
  else if (p.lowlimit !== undefined) parts.push(`${String(p.lowlimit)} values${higher(p.highlimit)}`);
  for (const [k, unit] of [['maxbytes', 'bytes'], ['maxchars', 'characters']]) if (p[k] !== undefined) parts.push(`${String(p[k])} ${unit}`);
  return parts.join('; ');
}

function typeText(p: Record<string, unknown>): string {
  const t = Array.isArray(p.type) ? p.type.map(String).join('|') : cellText(p.type);
  return `${t}${has(p, 'multi') ? ' (multi)' : ''}${has(p, 'required') ? ' (required)' : ''}`;
}

/** paraminfo's tables as a reference: modules by path, parameters by module with type, default and limits. */
function reference(t: ResultTable): ResultTable {
  if (t.kind === 'parameters') {
    const rows = t.rows.filter(isObj).map((p) => ({
      module: p.module, parameter: p.parameter, type: typeText(p), default: 'default' in p ? (p.default === '' ? '(empty)' : p.default) : '', limits: limitsText(p),
    }));
    return { ...t, rows, columns: ['module', 'parameter', 'type', 'default', 'limits'] };
  }
  if (t.kind === 'paraminfo') return { ...t, columns: ['path', 'group', 'prefix', 'source', 'description'].filter((c) => t.rows.some((r) => isObj(r) && c in r)) };
  return t;
}

/** A cell on one line: line breaks and tabs as spaces, other controls and bidi overrides escaped (terminal.ts). */
const clean = (s: string) => forTerminal(s.replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, ' ')).replace(/\s+/g, ' ');

function cut(s: string, width: number): string {
  const chars = [...s];
  return chars.length <= width ? s : chars.slice(0, Math.max(0, width - 1)).join('') + '…';
}

const len = (s: string) => [...s].length;

/**
 * Column widths that fit `width`: every column keeps up to its natural width under a common cap,
 * never less than its minimum; undefined when even the minimums do not fit.
 */
export function fitWidths(natural: number[], minimum: number[], width: number): number[] | undefined {
  const total = (cap: number) => natural.reduce((s, n, i) => s + Math.min(n, Math.max(minimum[i], cap)), 0) + GAP * (natural.length - 1);
  if (total(0) > width) return undefined;
  let cap = Math.max(0, ...natural);
  while (cap > 0 && total(cap) > width) cap--;
  return natural.map((n, i) => Math.min(n, Math.max(minimum[i], cap)));
}

function render(t: ResultTable, opts: TableOptions): string {
  const cells = t.rows.map((r) => t.columns.map((c) => clean(cellText(cellValue(r, c)))));
  const numeric = t.columns.map((c) => t.rows.some((r) => cellValue(r, c) !== undefined) && t.rows.every((r) => ['number', 'undefined'].includes(typeof cellValue(r, c))));
  const natural = t.columns.map((c, i) => Math.max(len(c), ...cells.map((r) => len(r[i]))));
  let shown = t.columns.length;
  let widths = natural;
  if (!opts.wide) {
    const width = Math.max(10, opts.width ?? 80);
    const minimum = t.columns.map((c, i) => Math.min(natural[i], Math.max(3, Math.min(len(c), 8))));
    for (;;) {
      const fitted = fitWidths(natural.slice(0, shown), minimum.slice(0, shown), width);
      if (fitted || shown === 1) {
        widths = fitted ?? [width];
        break;
      }
      shown--;
    }
  }
  const line = (r: string[]) => r.slice(0, shown).map((x, i) => {
    const c = cut(x, widths[i]);
    const pad = ' '.repeat(Math.max(0, widths[i] - len(c)));
    return numeric[i] ? pad + c : c + pad;
  }).join(' '.repeat(GAP)).trimEnd();
  const hidden = t.columns.length - shown;
  const note = hidden ? `\n(${hidden} more column${hidden === 1 ? '' : 's'}: ${t.columns.slice(shown).join(', ')}; --wide shows them)` : '';
  return [line(t.columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + note;
}

/**
 * Every table of the result (or the one named `picked`), each as its name, its record count and
 * aligned columns, in the order of core's results vocabulary; JSON when there is none.
 */
export function formatTables(result: Record<string, unknown>, picked?: string, opts: TableOptions = {}): string {
  const tables = resultTables(result);
  const shown = picked ? tables.filter((t) => t.name === picked || t.id === picked) : tables;
  if (picked && !shown.length) throw new UsageError(`The result has no table '${picked}' (it has ${tables.map((t) => t.name).join(', ') || 'none'}).`);
  if (!shown.length) return JSON.stringify(result, null, 2) + '\n';
  return shown.map((t) => `${t.name} (${t.rows.length})\n${render(reference(t), opts)}\n`).join('\n');
}
