/**
 * A results model from an engine run. Pure: no `vscode`; only the engine's types.
 */
import type { ApiMessage, RunState } from '../../../engine/src/index';
import type { ResultsMessage, ResultsModel } from '../../shared/model';

const message = (m: ApiMessage): ResultsMessage => ({ ...(m.code ? { code: m.code } : {}), ...(m.module ? { module: m.module } : {}), text: m.text });

/** What the results view shows of a run: `result` is the session's merged result. */
export function modelFromRun(state: RunState, result: Record<string, unknown>): ResultsModel {
  const last = state.batchInfo[state.batchInfo.length - 1];
  const failure = state.failure;
  // API errors are already in `errors`; a cancel is not an error (the result is partial and resumable).
  const failureText = failure && failure.kind !== 'api' && failure.kind !== 'cancelled' ? failure.message : undefined;
  return {
    requestName: state.request.name,
    endpoint: state.request.endpoint,
    params: state.request.params,
    httpStatus: last?.status,
    timeMs: Math.round(state.ms),
    bytes: state.batchInfo.reduce((n, b) => n + b.bytes, 0),
    batches: state.batches,
    keptBatches: state.keptBatches,
    complete: state.complete,
    partial: !state.complete && !!failure,
    continue: state.complete ? null : state.continue,
    errors: state.errors.map(message),
    warnings: state.warnings.map(message),
    result,
    rawBatches: state.raw,
    debuginfo: state.debuginfo,
    requests: state.batchInfo.map((b) => ({ n: b.n, url: b.url, status: b.status, ms: b.ms, bytes: b.bytes })),
    ...(failureText ? { failure: failureText } : {}),
  };
}
