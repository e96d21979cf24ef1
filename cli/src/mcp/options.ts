/**
 * `wikiq mcp`'s options, read once from its flags into one typed object: the run options of
 * `wikiq run` (runFlags.ts: the engine's RUN_OPTIONS and their defaults), the catalogue's, and the
 * server's own bounds, and the writes' (`--allow-writes`, `--summary-tag`, `--files-dir`). Nothing
 * after this reads a flag.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { engineUserAgent, type RunLimits } from '../../../engine/src';
import { UsageError, num, str, type Args, type Io } from '../args';
import { catalogueOptions, type CatalogueOptions } from '../catalogue';
import { runLimitsOf } from '../runFlags';

/** The longest a tool call that answers a page takes; a `save_as` run may take longer (it goes to the end). */
export const CALL_MS = 120_000;
export const SAVE_MS = 30 * 60_000;

export interface McpOptions {
  /** run_request's `max_records` by default, and the most a call may ask for. */
  defaultRecords: number;
  maxRecords: number;
  /** Characters of records one answer holds at most. */
  maxChars: number;
  /** The run options shared with `wikiq run` (batches a call fetches at most, maxlag, waits, timeout, answer size). */
  limits: RunLimits;
  userAgent: string;
  catalogue: CatalogueOptions;
  /** The folder `save_as` writes into (its real path), when the user named one. */
  outDir?: string;
  callMs: number;
  saveMs: number;
  /** `--allow-writes`: the write tools (preview_write, save_write) exist; without it, none does. */
  allowWrites: boolean;
  /** `--summary-tag`: appended to an edit's summary before its preview (withSummaryTag). */
  summaryTag?: string;
  /** `--files-dir`: the folder (its real path) whose files a request may read (`file`, `text = < ./page.wiki`); none: no file is read. */
  filesDir?: string;
}

/** The longest `--summary-tag` (MediaWiki's summary holds 500 characters in all). */
export const MAX_SUMMARY_TAG = 200;

/**
 * The folder of `flag` (`--out-dir`, made when missing; `--files-dir`, which must exist), as its real
 * path: names are checked against it.
 */
function folderOf(args: Args, io: Io, flag: '--out-dir' | '--files-dir'): string | undefined {
  const dir = str(args, flag);
  if (dir === undefined) return undefined;
  const abs = path.resolve(io.cwd, dir);
  try {
    if (flag === '--out-dir') fs.mkdirSync(abs, { recursive: true });
    if (!fs.statSync(abs).isDirectory()) throw new Error('it is not a folder');
    return fs.realpathSync(abs);
  } catch (e) {
    throw new UsageError(`${flag} ${dir}: cannot use it as the folder of ${flag === '--out-dir' ? 'saved results' : 'files requests read'} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}

function summaryTagOf(args: Args): string | undefined {
  const tag = str(args, '--summary-tag')?.trim();
  if (tag !== undefined && (tag.length > MAX_SUMMARY_TAG || /[\r\n]/.test(tag))) throw new UsageError(`--summary-tag: one line of at most ${MAX_SUMMARY_TAG} characters.`);
  return tag || undefined;
}

export function mcpOptions(args: Args, io: Io): McpOptions {
  const defaultRecords = num(args, '--max-records', { integer: true, min: 1 }) ?? 100;
  return {
    defaultRecords,
    maxRecords: Math.max(defaultRecords, 1000),
    maxChars: (num(args, '--max-answer-kb', { min: 1 }) ?? 64) * 1000,
    limits: runLimitsOf(args),
    userAgent: str(args, '--user-agent') || engineUserAgent('mcp'),
    catalogue: catalogueOptions(args, io, 'live'),
    outDir: folderOf(args, io, '--out-dir'),
    callMs: CALL_MS,
    saveMs: SAVE_MS,
    allowWrites: args.flags.get('--allow-writes') === true,
    summaryTag: summaryTagOf(args),
    filesDir: folderOf(args, io, '--files-dir'),
  };
}
