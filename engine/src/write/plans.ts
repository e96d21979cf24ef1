/**
 * Write plans (#39): what a preview showed, kept so that exactly that request, and only once, can
 * be saved. A surface makes a plan from its preview (`planOfEdit`), shows it, and after a person
 * confirms, `take`s it and hands it to `saveWrite`. `take` removes the plan before anything is sent,
 * so a replayed, stale or unknown plan id saves nothing.
 *
 * The plans are held by their owner (the CLI's one run, the editor's results panels, one MCP
 * session), never at module level; entries past their age or past the count bound are dropped.
 */
import { RefusedError } from '../errors';
import type { ResolvedRequest } from '../resolve';
import type { ActionPreview } from './actionPreview';
import type { EditPreview } from './preview';

/** The revision an edit was previewed against: the save is refused unless it is still the latest. */
export interface PlanBase {
  title: string;
  exists: boolean;
  revid?: number;
  /** The previewed revision's timestamp (shown; not sent as `basetimestamp`, see save.ts editGuards). */
  timestamp?: string;
  /** The wiki's time at the preview (`starttimestamp`), when it said. */
  startedAt?: string;
}

export interface WritePlan {
  /** Made here (random): the only handle a surface passes back to save. */
  readonly id: string;
  readonly endpoint: string;
  /** The parameters exactly as previewed and as they will be sent, without any token or guard. */
  readonly params: Readonly<Record<string, string>>;
  /** The token type the module needs (`csrf`…), fetched at save time and never kept here. */
  readonly tokentype: string;
  /** For an edit: the previewed revision (guards and the check just before saving). */
  readonly base?: PlanBase;
  /** The account the preview was asked as. */
  readonly account: string;
  /** When the plan was made (ms since the epoch). */
  readonly madeAt: number;
}

/** What a surface gives to make a plan. */
export type PlanInput = Omit<WritePlan, 'id' | 'madeAt'>;

/** The plan of a previewed edit: its parameters (no token) and the revision it was previewed against. */
export function planOfEdit(request: ResolvedRequest, preview: EditPreview & { startedAt?: string }): PlanInput {
  const p = preview.page;
  return {
    endpoint: request.endpoint,
    params: preview.plan,
    tokentype: request.write?.tokentype ?? 'csrf',
    base: { title: p.title, exists: p.exists, revid: p.revid, timestamp: p.timestamp, startedAt: preview.startedAt },
    account: preview.account.name,
  };
}

/** The plan of a previewed write other than an edit (move, delete…): its parameters as shown, no revision guard. */
export function planOfAction(request: ResolvedRequest, preview: ActionPreview): PlanInput {
  return { endpoint: request.endpoint, params: preview.plan, tokentype: request.write?.tokentype ?? 'csrf', account: preview.account.name };
}

export interface WritePlansOptions {
  /** How long a plan may wait for its save (default 30 minutes): older, it must be previewed again. */
  maxAgeMs?: number;
  /** Plans kept at most (default 64): the oldest goes first. */
  maxPlans?: number;
  now?: () => number;
}

/** The plans one owner made; each is saved at most once. Keyed by plan id; cleared by `take`, age and count. */
export class WritePlans {
  private readonly plans = new Map<string, WritePlan>();
  private readonly maxAgeMs: number;
  private readonly maxPlans: number;
  private readonly now: () => number;

  constructor(opts: WritePlansOptions = {}) {
    this.maxAgeMs = opts.maxAgeMs ?? 30 * 60_000;
    this.maxPlans = opts.maxPlans ?? 64;
    this.now = opts.now ?? Date.now;
  }

  /** Keeps a new plan and returns it with its id. */
  add(input: PlanInput): WritePlan {
    const plan: WritePlan = { ...input, params: { ...input.params }, id: globalThis.crypto.randomUUID(), madeAt: this.now() };
    this.plans.set(plan.id, plan);
    while (this.plans.size > this.maxPlans) this.plans.delete(this.plans.keys().next().value!);
    return plan;
  }

  /** The plan, still unsaved and not too old; undefined otherwise. Does not remove it. */
  peek(id: string): WritePlan | undefined {
    const plan = this.plans.get(id);
    if (plan && this.now() - plan.madeAt > this.maxAgeMs) {
      this.plans.delete(id);
      return undefined;
    }
    return plan;
  }

  /** Removes and returns the plan, to be saved now; a plan unknown, already taken or too old is refused. */
  take(id: string): WritePlan {
    const plan = this.peek(id);
    this.plans.delete(id);
    if (!plan) {
      throw new RefusedError('This write plan is unknown, already saved or too old: nothing was sent. Preview the write again, then save.');
    }
    return plan;
  }

  /** Forgets a plan without saving it (its preview was closed or its file changed). */
  drop(id: string): void {
    this.plans.delete(id);
  }
}

/**
 * An edit's parameters with `tag` appended to its summary (the summary-tag setting; EditGroups-style
 * batch tags), applied before the preview so that what is previewed is what is saved. No tag, or a
 * request that is not an edit: the parameters unchanged.
 */
export function withSummaryTag(params: Record<string, string>, tag: string | undefined): Record<string, string> {
  const t = tag?.trim();
  if (!t || params.action !== 'edit') return params;
  return { ...params, summary: params.summary ? `${params.summary} ${t}` : t };
}
