/**
 * The one rule for what a run is, used by every surface (the results view's badge, the run
 * notification, the exports, `wikiq run`'s exit status and status file, `wikiq test`, the Testing
 * view, MCP's `run_request`): `complete` (the wiki sent everything), `partial` (batches kept, and a
 * `continue` to resume from: stopped by a cap, the user or a failure after some batches) or
 * `failed` (nothing kept: the wiki refused the first batch, the network failed, or the run was
 * cancelled, before any batch was kept). Pure.
 */

export type RunStatus = 'complete' | 'partial' | 'failed';

/** What stopped a run early, as far as the rules below need it: the engine's error kind. */
export interface RunFailureKind {
  readonly kind: string;
}

/**
 * The batches whose records are in the result: every batch received, less the last when the wiki
 * answered it with an error (an API error's batch brings no records). The one rule for "kept".
 */
export function keptBatches(s: { batches: number; failure?: string | RunFailureKind }): number {
  const apiError = typeof s.failure === 'object' && s.failure.kind === 'api';
  return s.batches - (apiError && s.batches > 0 ? 1 : 0);
}

/** What the word depends on: the engine's `RunState`, the view's `ResultsModel` and an export's input all have this shape. */
export interface RunStatusInput {
  complete: boolean;
  /** The `continue` to resume from: set once a batch was kept and more are available (or given to a resumed run). */
  continue: Readonly<Record<string, string>> | null;
  /**
   * The batches kept (`keptBatches`). Absent in what was saved before the runs counted them (a
   * kept run, a restored panel): a `continue` then means batches were kept.
   */
  keptBatches?: number;
}

export function runStatus(s: RunStatusInput): RunStatus {
  if (s.complete) return 'complete';
  return s.continue && (s.keptBatches ?? 1) > 0 ? 'partial' : 'failed';
}
