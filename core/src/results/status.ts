/**
 * The one word for the state of a run, used by the results view's badge, the run notification and
 * the export marker: `complete` (the wiki sent everything), `partial` (batches kept and a
 * `continue` to resume from, or stopped by the user/a cap) or `failed` (nothing received: the
 * wiki answered with an error, or the network failed, before any batch was kept). Pure.
 */

export type RunStatus = 'complete' | 'partial' | 'failed';

/** What the word depends on: the engine's `RunState`, the view's `ResultsModel` and an export's input all have this shape. */
export interface RunStatusInput {
  complete: boolean;
  /** The `continue` to resume from: set once a batch was kept and more are available. */
  continue: Readonly<Record<string, string>> | null;
  /** Why the run stopped early: the engine's error (with its kind) or its text. */
  failure?: string | { readonly kind: string };
  /** The wiki's errors. */
  errors?: readonly unknown[];
}

export function runStatus(s: RunStatusInput): RunStatus {
  if (s.complete) return 'complete';
  if (s.continue) return 'partial';
  const cancelled = typeof s.failure === 'object' && s.failure.kind === 'cancelled';
  return (s.failure && !cancelled) || (s.errors?.length ?? 0) > 0 ? 'failed' : 'partial';
}
