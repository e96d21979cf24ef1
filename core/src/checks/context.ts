/**
 * What the checks of one piece of a document get besides its Report (report.ts): made for the
 * piece by validation.ts and dropped with it, so no check keeps state between pieces.
 */
import type { Analysis } from '../analysis';
import type { FeatureContext } from '../context';
import type { Expansion } from '../variables';

/** The checks of any piece: the file-level one, or one request's. */
export interface PieceChecks {
  readonly ctx: FeatureContext;
  /** Where a bound of expansion was reported in this piece (a file variable is met again in every request); made at the first. */
  limitsReported: Set<number> | undefined;
}

/** The checks of one request. */
export interface RequestChecks extends PieceChecks {
  /** The request's analysis: every check reads its parameters from `a.params`. */
  readonly a: Analysis;
  /** Expansions of values with variables, by the written part's text (most requests have none). */
  readonly expansions: Map<string, Expansion>;
  /** Every name the request's selections own (`ownedNames`), for "did you mean"; made at the first unknown name. */
  ownedNames: readonly string[] | undefined;
}

export function pieceChecks(ctx: FeatureContext): PieceChecks {
  return { ctx, limitsReported: undefined };
}

export function requestChecks(ctx: FeatureContext, a: Analysis): RequestChecks {
  return { ctx, a, expansions: new Map(), limitsReported: undefined, ownedNames: undefined };
}
