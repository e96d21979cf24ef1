/**
 * Facts from outside the document that a request's diagnostics depend on: whether a file exists
 * (`missing-file`), whether an endpoint has credentials and the signed-in account's rights (the
 * write checks). The host answers them (LanguageServiceParams); a check reads them through its
 * Report, which records what it read in the piece, so that validationCache.ts reuses a kept piece
 * only while each fact still reads the same: a file made after a validation clears `missing-file`
 * without an edit, a sign-in clears `write-without-credentials`.
 */
import type { FeatureContext } from '../context';

export type FactKind = 'file' | 'signedIn' | 'rights';

/** A fact as read: its kind, what it is about (a file's URI, an endpoint) and its value as text. */
export interface ReadFact {
  readonly kind: FactKind;
  readonly at: string;
  readonly value: string;
}

const UNKNOWN = '?';

/** The value of a fact now, as text (`?`: the host does not say). */
export function factValue(ctx: FeatureContext, kind: FactKind, at: string): string {
  switch (kind) {
    case 'file': {
      const v = ctx.fileExists?.(at);
      return v === undefined ? UNKNOWN : String(v);
    }
    case 'signedIn': {
      const v = ctx.signedIn?.(at);
      return v === undefined ? UNKNOWN : String(v);
    }
    case 'rights': {
      const v = ctx.accountRights?.(at);
      return v === undefined ? UNKNOWN : v.join('|');
    }
  }
}

/** A yes/no fact's value (undefined: not known). */
export function asBoolean(value: string): boolean | undefined {
  return value === UNKNOWN ? undefined : value === 'true';
}

/** A list fact's value (undefined: not known). */
export function asList(value: string): readonly string[] | undefined {
  return value === UNKNOWN ? undefined : value ? value.split('|') : [];
}

/** Whether every fact a piece read still reads the same. */
export function factsHold(ctx: FeatureContext, facts: readonly ReadFact[] | undefined): boolean {
  if (!facts) return true;
  for (let i = 0; i < facts.length; i++) if (factValue(ctx, facts[i].kind, facts[i].at) !== facts[i].value) return false;
  return true;
}
