/**
 * Why a run must stop, from the first instruction of the process: SIGINT and SIGTERM (Ctrl+C, CI's
 * `timeout`) alike, and stdout closed by its reader (`| head`). The run sees one AbortSignal whose
 * reason names the cause; a second signal ends the process at once.
 */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'EPIPE';

const controller = new AbortController();

/** Aborted, with a {@link StopReason}, when the run must stop. */
export const stopSignal: AbortSignal = controller.signal;

export function stop(reason: StopReason): void {
  if (!controller.signal.aborted) controller.abort(reason);
}

/** Installs the handlers; called by the entry before anything else is loaded. */
export function installSignalHandlers(): void {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (controller.signal.aborted && controller.signal.reason !== 'EPIPE') process.exit(sig === 'SIGINT' ? 130 : 143);
      stop(sig);
    });
  }
}

/** The reason a run was stopped for, if it was. */
export function stopReasonOf(signal: AbortSignal | undefined): StopReason | undefined {
  return signal?.aborted ? (signal.reason as StopReason) : undefined;
}
