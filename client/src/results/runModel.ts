/** Builds the results view's model from a run. Pure: no `vscode`. */
import { RunState, tablesOf } from '../../../engine/src/index';
import type { ResultsModel } from './protocol';

const REDACT = /^(cookie|authorization|proxy-authorization|set-cookie)$/i;

/** A deep copy of `debuginfo` with cookie and authorization headers masked wherever they appear. */
export function redactDebug(v: unknown, depth = 0): unknown {
  if (depth > 20) return '…';
  if (Array.isArray(v)) return v.map((x) => redactDebug(x, depth + 1));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = REDACT.test(k) ? '[redacted]' : redactDebug(x, depth + 1);
    return out;
  }
  if (typeof v === 'string') return v.replace(/^((?:cookie|authorization|proxy-authorization)\s*:\s*).*$/gim, '$1[redacted]');
  return v;
}

export function buildModel(state: RunState, result: Record<string, unknown>, records: number): ResultsModel {
  const last = state.batchInfo[state.batchInfo.length - 1];
  const tables = tablesOf(result).map((t) => ({ name: t.name, columns: t.columns, rows: t.rows }));
  const para = (result as { paraminfo?: { modules?: unknown[] } }).paraminfo;
  return {
    header: {
      name: state.request.name,
      endpoint: state.request.endpoint,
      status: last?.status,
      ms: state.batchInfo.reduce((n, b) => n + b.ms, 0),
      bytes: state.batchInfo.reduce((n, b) => n + b.bytes, 0),
      batches: state.batches,
      complete: state.complete,
      records,
      canContinue: !state.complete && !!state.continue,
      failure: state.failure?.message,
      errors: state.errors.map((e) => ({ code: e.code, text: e.text, line: e.line })),
      warnings: state.warnings.map((e) => ({ code: e.code, text: e.text, line: e.line })),
    },
    tables,
    modules: Array.isArray(para?.modules) ? para!.modules : [],
    json: result,
    raw: state.raw.slice(0, 20).map((r) => (r.length > 200_000 ? r.slice(0, 200_000) + `\n… (${r.length - 200_000} more characters; export to see all)` : r)),
    debuginfo: state.debuginfo === undefined ? undefined : redactDebug(state.debuginfo),
  };
}
