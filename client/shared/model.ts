/**
 * The results model: what a results view shows (the payload of a `render` message). The host builds
 * one from an engine run (`client/src/results/fromEngine.ts`); the view depends on nothing else.
 */

export interface ResultsMessage {
  code?: string;
  module?: string;
  text: string;
  /** The text is wiki HTML (errorformat=html): shown through the sanitiser, never as markup otherwise. */
  html?: boolean;
}

export interface RequestInfo {
  n: number;
  url: string;
  status: number;
  ms: number;
  bytes: number;
}

export interface ResultsModel {
  requestName: string;
  endpoint: string;
  params: Record<string, string>;
  httpStatus?: number;
  /** The run's duration (the engine's `RunState.ms`: first request sent to last answer read). */
  timeMs?: number;
  bytes?: number;
  batches: number;
  /** The batches whose records are in the result (the engine's; absent in what was saved before it was kept). */
  keptBatches?: number;
  complete: boolean;
  /** Stopped before the end (cancel, error, cap) with results kept. */
  partial: boolean;
  continue: Record<string, string> | null;
  errors: ResultsMessage[];
  warnings: ResultsMessage[];
  /** The merged result: `{ query: {...} }`, `{ paraminfo: {...} }`… */
  result: unknown;
  /** Bodies as received (the panel caps them before sending). */
  rawBatches: string[];
  debuginfo?: unknown;
  /** One line per HTTP request of the run (Debug tab). */
  requests?: RequestInfo[];
  /** Why the run stopped before the end, when it did (network error, cap…). */
  failure?: string;
  /** Set when the view shows fewer records than the run has (state restored after a reload). */
  truncatedFrom?: number;
  /** Set when the view shows a kept run from the history (its ISO start time): read-only, no paging. */
  keptAt?: string;
}

/** The model without its bulky members: what an incremental update carries as its header. */
export type ModelHeader = Omit<ResultsModel, 'result' | 'rawBatches'>;

export function headerOf(m: ResultsModel): ModelHeader {
  const { result: _r, rawBatches: _b, ...header } = m;
  return header;
}
