/**
 * `wikiq diff A.json B.json`: what changed between two outputs of `wikiq run` (`--format json`,
 * with its `status`; or NDJSON, records only), table by table with core's `diffResults` — records
 * keyed by the list's identity (logid, rcid, revid, pageid, title…, or `--key FIELD`), added,
 * removed and changed with the fields that changed. Exit 0 equal, 1 different, 2 a usage or input
 * error. A partial or failed output is refused (its missing records would show as removed) unless
 * `--allow-partial`, which compares it and says so on stderr.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cellText, diffResults, diffSummary, isObj, pickTable, resultTables, type ResultDiff, type TableDiff } from '../../core/src';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../engine/src';
import { UsageError, choice, readText, str, type Args, type FlagSpec, type Io } from './args';
import { forTerminal } from './terminal';

export const DIFF_FLAGS: FlagSpec = {
  values: ['--format', '--key'],
  switches: ['--allow-partial'],
};

/** The largest output compared. */
export const MAX_DIFF_FILE_MB = 512;

/** Exit statuses of `wikiq diff`. */
export const DIFF_EXIT = { equal: 0, differ: 1, error: 2 } as const;

/** One side of the comparison: what the file holds. */
export interface DiffSide {
  file: string;
  /** `complete`, `partial` or `failed` (a JSON output); undefined for NDJSON (records only). */
  status?: string;
  endpoint?: string;
  request?: Record<string, unknown>;
  /** The merged result (JSON), or `{ records: [...] }` (NDJSON). */
  result: Record<string, unknown>;
  ndjson: boolean;
}

/** An input that is not a wikiq output: one line, exit 2. */
class InputError extends Error {}

const WRITE_ONE = 'write one with wikiq run FILE --format json --out A.json';

/** Reads a file `wikiq run` wrote (JSON output or NDJSON), or says in one line why it is not one. */
export function readOutput(file: string, io: Io): DiffSide {
  const abs = path.resolve(io.cwd, file);
  let size = 0;
  try {
    size = fs.statSync(abs).size;
  } catch {
    // readText says why in its words.
  }
  if (size > MAX_DIFF_FILE_MB * 1024 * 1024) throw new InputError(`${file}: too large to compare (${Math.round(size / 1024 / 1024)} MB; at most ${MAX_DIFF_FILE_MB} MB).`);
  const text = readText(file, io).replace(/^\uFEFF/, '');
  if (!text.trim()) throw new InputError(`${file}: empty; ${WRITE_ONE}.`);
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) throw new InputError(`${file}: nested too deep (more than ${MAX_JSON_DEPTH} levels) to be read.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return readNdjson(file, text);
  }
  if (!isObj(json) || typeof json.status !== 'string' || !['complete', 'partial', 'failed'].includes(json.status)) {
    throw new InputError(`${file}: not an output of wikiq run (a JSON object with "status": complete, partial or failed); ${WRITE_ONE}.`);
  }
  const { status, endpoint, request, ...result } = json;
  return { file, status, endpoint: typeof endpoint === 'string' ? endpoint : undefined, request: isObj(request) ? request : undefined, result, ndjson: false };
}

/** NDJSON: one JSON object per line (the records of one list). */
function readNdjson(file: string, text: string): DiffSide {
  const records: unknown[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    let r: unknown;
    try {
      r = JSON.parse(line);
    } catch {
      throw new InputError(`${file}:${i + 1}: not JSON; wikiq diff compares outputs of wikiq run (--format json, or ndjson); ${WRITE_ONE}.`);
    }
    if (!isObj(r)) throw new InputError(`${file}:${i + 1}: not a record (NDJSON lines are JSON objects); ${WRITE_ONE}.`);
    records.push(r);
  }
  return { file, result: { records }, ndjson: true };
}

/** A JSON output compared with an NDJSON one: the first table of records of its result. */
function asRecords(side: DiffSide): DiffSide {
  if (side.ndjson) return side;
  const t = pickTable(resultTables(side.result));
  return { ...side, result: { records: t ? t.rows : [] } };
}

export function diff(args: Args, io: Io): Promise<number> {
  try {
    return Promise.resolve(diffCommand(args, io));
  } catch (e) {
    // Every failure of diff is 2: its 1 means "different".
    io.err(`wikiq: ${e instanceof Error ? e.message : String(e)}${e instanceof UsageError ? "\nRun 'wikiq --help' for usage." : ''}`);
    return Promise.resolve(DIFF_EXIT.error);
  }
}

function diffCommand(args: Args, io: Io): number {
  if (args.positional.length !== 2) throw new UsageError(`wikiq diff takes two files (A.json B.json), not ${args.positional.length}.`);
  const format = choice(args, '--format', ['table', 'json'] as const, io.stdoutTty ? 'table' : 'json');
  const key = str(args, '--key');
  if (key !== undefined && !key.trim()) throw new UsageError('--key takes a field name, such as pageid.');
  let [a, b] = args.positional.map((f) => {
    try {
      return readOutput(f, io);
    } catch (e) {
      // A file that is not text (NUL bytes, not UTF-8) is an input error too.
      if (e instanceof UsageError || e instanceof InputError) throw e;
      throw new InputError(e instanceof Error ? e.message : String(e));
    }
  });
  for (const s of [a, b]) {
    if (s.status === undefined || s.status === 'complete') continue;
    const why = s.status === 'failed' ? 'a failed run (nothing was received)' : 'a partial run (more results remained)';
    if (!args.flags.has('--allow-partial')) throw new InputError(`${s.file} is ${why}: its missing records would show as removed or added. Run it to the end (wikiq run --all), or pass --allow-partial to compare what it holds.`);
    io.err(`wikiq: warning: ${s.file} is ${why}; compared as it is (--allow-partial).`);
  }
  if (a.ndjson !== b.ndjson) [a, b] = [asRecords(a), asRecords(b)];
  if (a.endpoint && b.endpoint && a.endpoint !== b.endpoint) io.err(`wikiq: note: the two runs are of different wikis (${a.endpoint}, ${b.endpoint}).`);
  const d = diffResults(a.result, b.result, { key });
  if (key && d.tables.length && !d.tables.some((t) => t.key === key)) io.err(`wikiq: warning: --key ${key}: no table has a unique ${key} in every record; each is keyed as usual.`);
  if (format === 'json') {
    const side = (s: DiffSide) => ({ file: s.file, ...(s.status ? { status: s.status } : {}), ...(s.endpoint ? { endpoint: s.endpoint } : {}) });
    io.out(JSON.stringify({ a: side(a), b: side(b), equal: d.equal, truncated: d.truncated, tables: d.tables }, null, 2));
  } else io.out(forTerminal(diffText(d, a.file, b.file, io.stdoutTty ? io.columns ?? 80 : undefined)));
  return d.equal ? DIFF_EXIT.equal : DIFF_EXIT.differ;
}

/** A value on one line (line breaks as spaces), cut to `max` characters with …. */
function oneLine(v: unknown, max: number): string {
  const s = cellText(v).replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, ' ');
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : s;
}

/** A record's line: its key, then its other fields as `field=value`. */
function recordLine(t: TableDiff, r: unknown): string {
  const keys = t.key ? t.key.split('+') : [];
  const head = keys.map((k) => oneLine((r as Record<string, unknown>)[k], 80)).join(' ');
  const rest = isObj(r) ? Object.entries(r).filter(([f]) => !keys.includes(f)).map(([f, v]) => `${f}=${oneLine(v, 40)}`) : [oneLine(r, 80)];
  return [head, ...rest].filter(Boolean).join('  ');
}

/**
 * The diff for a person: per table its key and summary, then `+` added, `-` removed and `~` changed
 * records (each changed field on its own line: before → after). On a terminal (`width`) each line
 * is cut to its width.
 */
export function diffText(d: ResultDiff, fileA: string, fileB: string, width?: number): string {
  const fit = (l: string) => (width && [...l].length > width ? `${[...l].slice(0, Math.max(10, width) - 1).join('')}…` : l);
  const out: string[] = [`${fileA} → ${fileB}: ${diffSummary(d)}`];
  for (const t of d.tables) {
    const changes = t.counts.added + t.counts.removed + t.counts.changed;
    out.push('', `${t.name} (${t.key ? `by ${t.key}` : 'whole records'}; ${t.counts.before} → ${t.counts.after} records): ${diffSummary(t)}`);
    if (t.note) out.push(`  (${t.note})`);
    if (!changes) continue;
    for (const r of t.added) out.push(fit(`+ ${recordLine(t, r)}`));
    for (const r of t.removed) out.push(fit(`- ${recordLine(t, r)}`));
    for (const c of t.changed) {
      const title = t.key !== 'title' && isObj(c.after) && typeof c.after.title === 'string' ? `  ${oneLine(c.after.title, 80)}` : '';
      out.push(fit(`~ ${oneLine(c.key, 80)}${title}`));
      for (const f of c.fields) out.push(fit(`    ${f.field}: ${'before' in f ? oneLine(f.before, 60) : '(none)'} → ${'after' in f ? oneLine(f.after, 60) : '(none)'}`));
    }
    const listed = t.added.length + t.removed.length + t.changed.length;
    if (listed < changes) out.push(`  … and ${changes - listed} more not listed (at most 1,000 of each kind are)`);
  }
  return out.join('\n');
}
