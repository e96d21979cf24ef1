/**
 * Text the run commands show: the copied URL and curl command line, progress messages, the output channel's line
 * per HTTP request, and run settings read from configuration values. Needs no editor: no `vscode`, tested
 * with Node's test runner.
 */
import { generateCode, runStatus } from '../../../core/src';
import { RUN_OPTIONS, runLimits, waitText, type HttpLogEntry, type Progress, type RunOptionSpec, type RunState } from '../../../engine/src';
import { formatCount } from '../../shared/format';

export { curlCommand, shellQuote } from '../../../core/src';

/**
 * What "Copy as URL" / "Copy as curl" copy for a resolved request: the URL the runner sends for its
 * first batch (core's one encoder, `apiUrl`), or a curl command fetching exactly that URL.
 */
export function copyText(request: { endpoint: string; params: Record<string, string> }, as: 'url' | 'curl', userAgent: string): string {
  return generateCode(request, as, { userAgent });
}

export function progressMessage(p: Progress): string {
  const base = `batch ${formatCount(p.batches)}, ${formatCount(p.records)} record${p.records === 1 ? '' : 's'} so far`;
  return p.waiting ? `${base} — ${waitText(p.waiting)}` : base;
}

/**
 * The notification of a run that stopped early: the reason, then what was kept in the words of
 * `runStatus` — `failed` when nothing was received, else the batches kept (the batch the wiki
 * answered with an error is not kept).
 */
export function stoppedMessage(state: Pick<RunState, 'complete' | 'continue' | 'failure' | 'keptBatches'>): string | undefined {
  const f = state.failure;
  if (!f) return undefined;
  const status = runStatus(state);
  const kept = state.keptBatches;
  const tail = status === 'failed' ? ' (failed: nothing received)' : kept > 0 ? ` (${kept} batch${kept === 1 ? '' : 'es'} kept, ${status})` : '';
  return `wikiq: ${f.message}${tail}`;
}

/** One output channel line per HTTP request (the URL is already redacted by the engine). */
export function logLine(e: HttpLogEntry): string {
  return `${e.method} ${e.url} → ${e.status} in ${Math.round(e.ms)} ms, ${e.bytes} bytes`;
}

export interface RunSettings {
  timeoutMs: number;
  maxBytes: number;
  maxBatches: number;
  maxlag: number;
  /** Longest wait before a retry (wikiq.maxWaitSeconds). */
  maxWaitMs: number;
  userAgent?: string;
  escapeFormulas: boolean;
}

/** Reads run settings from configuration values, falling back to defaults for missing or bad ones. */
export function runSettings(get: (key: string) => unknown): RunSettings {
  const num = (key: string, dflt: number, min: number) => {
    const v = get(key);
    return typeof v === 'number' && Number.isFinite(v) && v >= min ? v : dflt;
  };
  const ua = get('userAgent');
  const esc = get('csv.escapeFormulas');
  // The engine's one table of run options: each setting's default and minimum.
  const opt = (o: RunOptionSpec) => (o.integer ? Math.floor : Number)(num(o.setting!, o.default, o.min));
  const limits = runLimits({
    timeout: opt(RUN_OPTIONS.timeout), maxResponse: opt(RUN_OPTIONS.maxResponse), maxBatches: opt(RUN_OPTIONS.maxBatches), maxlag: opt(RUN_OPTIONS.maxlag), maxWait: opt(RUN_OPTIONS.maxWait),
  });
  return {
    timeoutMs: limits.timeoutMs,
    maxBytes: limits.maxBytes,
    maxBatches: limits.maxBatches,
    maxlag: limits.maxlag,
    maxWaitMs: limits.maxBackoffMs,
    userAgent: typeof ua === 'string' && ua.trim() ? ua.trim() : undefined,
    escapeFormulas: esc === undefined ? true : esc !== false,
  };
}
