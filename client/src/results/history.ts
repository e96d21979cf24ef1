/**
 * Run history: each run of a request kept (its records, state, wiki, resolved request and time) in
 * the workspace's storage, bounded per request and in bytes. Needs no editor: the folder is a
 * `HistoryFs` (the workspace file system API in `historyCommands.ts`, a Map in the unit tests).
 *
 * Layout: `<sha256(key)[0,16]>/index.json` — `{ version, key, runs: RunMeta[] }`, newest first — and
 * `<same>/<run id>.json`, one `KeptRun` each. The index is what the History menu lists; a run is
 * read (and checked) only when it is shown or compared. A file that does not read back as what was
 * written (cut short, edited, another version) is ignored and dropped from the index.
 *
 * Bounds: at most `maxRunsPerRequest` runs per request (the oldest go first), at most `maxBytes`
 * for all of them (the oldest of any request go first; a single run larger than that is not kept,
 * and the caller says so). No secrets: parameters named like a password or a token, and `Bearer`
 * values, are masked (credentials themselves are never parameters: the engine adds them on the wire).
 * One operation at a time: they queue.
 */
import { cyrb53, recordCount, runStatus, type RunStatus } from '../../../core/src/index';
import { formatBytes } from '../../shared/format';
import { isObj } from '../../shared/json';
import type { ResultsMessage, ResultsModel } from '../../shared/model';

/** The folder runs are kept in, by relative path ("a/b.json"). */
export interface HistoryFs {
  /** The file's bytes, or undefined when it does not exist. */
  read(file: string): Promise<Uint8Array | undefined>;
  write(file: string, data: Uint8Array): Promise<void>;
  /** Deletes a file or a folder (recursively); nothing when it does not exist. */
  delete(file: string): Promise<void>;
  /** The names in a folder ([] when it does not exist). */
  list(folder: string): Promise<string[]>;
}

export interface HistoryLimits {
  maxRunsPerRequest: number;
  maxBytes: number;
}

/** What the History menu shows of a kept run. */
export interface RunMeta {
  id: string;
  /** ISO time the run started. */
  time: string;
  status: RunStatus;
  records: number;
  batches: number;
  endpoint: string;
  /** Size of its file. */
  bytes: number;
}

/** A kept run: enough to show it again (as a results model) and to compare it. */
export interface KeptRun {
  id: string;
  time: string;
  requestName: string;
  endpoint: string;
  /** The resolved request as sent, secrets masked. */
  params: Record<string, string>;
  batches: number;
  /** The batches kept (absent in runs kept before it was written). */
  keptBatches?: number;
  complete: boolean;
  continue: Record<string, string> | null;
  errors: ResultsMessage[];
  warnings: ResultsMessage[];
  failure?: string;
  result: unknown;
}

const VERSION = 1;
const INDEX = 'index.json';
const SECRET_NAME = /password|token|secret/i;
const BEARER = /\bBearer\s+\S/i;

/** The folder of a key's runs (a request's runs are kept under its `requestKey`, common/requestRef.ts). */
export const folderOf = (key: string): string => cyrb53(key).toString(16).padStart(14, '0');

/** Parameters with secret-looking values masked. */
export function withoutSecrets(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) out[k] = SECRET_NAME.test(k) || BEARER.test(v) ? '***' : v;
  return out;
}

/** A kept run from what a results panel shows. */
export function keptRunOf(model: ResultsModel, id: string, time: Date): KeptRun {
  return {
    id, time: time.toISOString(), requestName: model.requestName, endpoint: model.endpoint, params: withoutSecrets(model.params),
    batches: model.batches, ...(model.keptBatches !== undefined ? { keptBatches: model.keptBatches } : {}), complete: model.complete, continue: model.continue, errors: model.errors, warnings: model.warnings,
    ...(model.failure ? { failure: model.failure } : {}), result: model.result,
  };
}

/** A kept run as a results model (shown read-only: no paging, no raw bodies). */
export function modelOfKept(run: KeptRun): ResultsModel {
  return {
    requestName: run.requestName, endpoint: run.endpoint, params: run.params, batches: run.batches, ...(run.keptBatches !== undefined ? { keptBatches: run.keptBatches } : {}), complete: run.complete,
    partial: !run.complete && !!run.failure, continue: run.continue, errors: run.errors, warnings: run.warnings,
    result: run.result, rawBatches: [], ...(run.failure ? { failure: run.failure } : {}), keptAt: run.time,
  };
}

export const statusOfKept = (run: KeptRun): RunStatus => runStatus(run);

const isString = (v: unknown): v is string => typeof v === 'string';
const isStringRecord = (v: unknown): v is Record<string, string> => isObj(v) && Object.values(v).every(isString);
const isMessages = (v: unknown): v is ResultsMessage[] => Array.isArray(v) && v.every((m) => isObj(m) && isString(m.text));

/** A kept run read back: the shape written, or undefined. */
export function parseKeptRun(v: unknown): KeptRun | undefined {
  if (!isObj(v)) return undefined;
  const ok = isString(v.id) && isString(v.time) && isString(v.requestName) && isString(v.endpoint) && isStringRecord(v.params)
    && typeof v.batches === 'number' && (v.keptBatches === undefined || typeof v.keptBatches === 'number') && typeof v.complete === 'boolean' && (v.continue === null || isStringRecord(v.continue))
    && isMessages(v.errors) && isMessages(v.warnings) && (v.failure === undefined || isString(v.failure)) && 'result' in v;
  return ok ? (v as unknown as KeptRun) : undefined;
}

function parseMeta(v: unknown): RunMeta | undefined {
  if (!isObj(v)) return undefined;
  const ok = isString(v.id) && /^[\w-]{1,64}$/.test(v.id) && isString(v.time) && ['complete', 'partial', 'failed'].includes(v.status as string)
    && typeof v.records === 'number' && typeof v.batches === 'number' && isString(v.endpoint) && typeof v.bytes === 'number';
  return ok ? (v as unknown as RunMeta) : undefined;
}

interface Index {
  version: number;
  key: string;
  runs: RunMeta[];
}

const encode = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));

function decode(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** What `save` did. */
export type SaveOutcome = { kept: true; dropped: number } | { kept: false; reason: string };

export class RunHistory {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly fs: HistoryFs, private readonly limits: () => HistoryLimits) {}

  /** Runs `f` after every operation before it. */
  private serial<T>(f: () => Promise<T>): Promise<T> {
    const next = this.queue.then(f, f);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async index(key: string): Promise<Index> {
    const v = decode(await this.fs.read(`${folderOf(key)}/${INDEX}`));
    if (!isObj(v) || v.version !== VERSION || v.key !== key || !Array.isArray(v.runs)) return { version: VERSION, key, runs: [] };
    return { version: VERSION, key, runs: v.runs.map(parseMeta).filter((m): m is RunMeta => !!m) };
  }

  private writeIndex(ix: Index): Promise<void> {
    return this.fs.write(`${folderOf(ix.key)}/${INDEX}`, encode(ix));
  }

  /** The kept runs of `key`, newest first. */
  list(key: string): Promise<RunMeta[]> {
    return this.serial(async () => (await this.index(key)).runs);
  }

  /** A kept run, checked; undefined (and forgotten) when its file is gone or does not read back. */
  load(key: string, id: string): Promise<KeptRun | undefined> {
    return this.serial(async () => {
      const ix = await this.index(key);
      if (!ix.runs.some((r) => r.id === id)) return undefined;
      const run = parseKeptRun(decode(await this.fs.read(`${folderOf(key)}/${id}.json`)));
      if (run?.id === id) return run;
      ix.runs = ix.runs.filter((r) => r.id !== id);
      await this.writeIndex(ix);
      return undefined;
    });
  }

  /** Keeps `run` under `key` (replacing a run of the same id: the same run grown), then applies the bounds. */
  save(key: string, run: KeptRun): Promise<SaveOutcome> {
    return this.serial(async () => {
      const { maxRunsPerRequest, maxBytes } = this.limits();
      if (maxRunsPerRequest < 1 || maxBytes <= 0) return { kept: false, reason: 'run history is off (wikiq.history.maxRunsPerRequest or wikiq.history.maxMB is 0)' };
      if (!/^[\w-]{1,64}$/.test(run.id)) return { kept: false, reason: `not a run id: ${run.id.slice(0, 80)}` };
      const data = encode(run);
      if (data.byteLength > maxBytes) return { kept: false, reason: `the run takes ${formatBytes(data.byteLength)}, more than wikiq.history.maxMB allows (${formatBytes(maxBytes)})` };
      const folder = folderOf(key);
      await this.fs.write(`${folder}/${run.id}.json`, data);
      const ix = await this.index(key);
      const meta: RunMeta = { id: run.id, time: run.time, status: statusOfKept(run), records: recordCount(run.result), batches: run.batches, endpoint: run.endpoint, bytes: data.byteLength };
      ix.runs = [meta, ...ix.runs.filter((r) => r.id !== run.id)].sort((a, b) => b.time.localeCompare(a.time));
      const over = ix.runs.slice(maxRunsPerRequest);
      ix.runs = ix.runs.slice(0, maxRunsPerRequest);
      for (const r of over) await this.fs.delete(`${folder}/${r.id}.json`);
      await this.writeIndex(ix);
      return { kept: true, dropped: over.length + await this.trimBytes(maxBytes, run.id) };
    });
  }

  /** Drops the oldest runs of any request until all fit in `maxBytes` (never `keep`). Returns how many went. */
  private async trimBytes(maxBytes: number, keep: string): Promise<number> {
    const indexes: Index[] = [];
    for (const name of await this.fs.list('')) {
      const v = decode(await this.fs.read(`${name}/${INDEX}`));
      if (isObj(v) && isString(v.key) && folderOf(v.key) === name) indexes.push(await this.index(v.key));
    }
    const all = indexes.flatMap((ix) => ix.runs.map((r) => ({ ix, r })));
    let total = all.reduce((n, x) => n + x.r.bytes, 0);
    if (total <= maxBytes) return 0;
    const changed = new Set<Index>();
    let dropped = 0;
    for (const { ix, r } of all.sort((a, b) => a.r.time.localeCompare(b.r.time))) {
      if (total <= maxBytes) break;
      if (r.id === keep) continue;
      await this.fs.delete(`${folderOf(ix.key)}/${r.id}.json`);
      ix.runs = ix.runs.filter((x) => x !== r);
      total -= r.bytes;
      changed.add(ix);
      dropped++;
    }
    for (const ix of changed) {
      if (ix.runs.length) await this.writeIndex(ix);
      else await this.fs.delete(folderOf(ix.key));
    }
    return dropped;
  }

  /** Forgets every run of `key`. */
  clear(key: string): Promise<void> {
    return this.serial(() => this.fs.delete(folderOf(key)));
  }
}
