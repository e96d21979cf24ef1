/**
 * A write's preview as the results view shows it (#39): the facts that decide the outcome, the
 * wiki's diff (its compare HTML, untrusted: the view sanitises it, ../media/src/purify.ts) and what
 * Save can do now (`SaveState`). The host makes it (client/src/results/writes.ts, with the state
 * changes of client/src/results/writeState.ts); the view draws it (../media/src/writeView.ts) and
 * posts `save` with the plan id, or `undo` after a save. Pure: no `vscode`, no DOM.
 */
import { isObj } from './json';

/** The longest diff HTML the view is sent (MediaWiki's compare rows; the engine bounds the answer too). */
export const MAX_DIFF_HTML = 2_000_000;
/** The longest text of a fact, a reason or a message the view is sent. */
export const MAX_WRITE_TEXT = 2_000;

/** A page another write names (move, delete…), with this account's permission as the wiki tested it. */
export interface WritePage {
  /** The parameter naming it (`from`, `to`, `title`…). */
  param: string;
  title: string;
  exists: boolean;
  revid?: number;
  protection: string[];
  permission?: { action: string; allowed: boolean; reasons: string[] };
}

/** The facts of the page and the account, as the wiki said them at the preview. */
export interface WriteFacts {
  /** The write module; absent: an edit (the diff below). */
  module?: string;
  /** Another write: the pages it names; its plan as `name = value` lines (no token); why it has no permission facts. */
  pages?: WritePage[];
  plan?: string[];
  note?: string;
  /** The page (another write: the pages it names, joined). */
  title: string;
  exists: boolean;
  revid?: number;
  timestamp?: string;
  /** `edit=sysop (infinity)`, one per restriction. */
  protection: string[];
  mayEdit: boolean;
  /** Why this account may not edit (the wiki's words). */
  reasons: string[];
  account: string;
  anonymous: boolean;
  /** The wiki's name and its api.php. */
  wiki: string;
  endpoint: string;
  /** The summary that will be saved (with the summary tag), when there is one. */
  summary?: string;
  /** `action=parse` warnings for the new text, when the engine gave them. */
  warnings?: string[];
}

/** What Save can do now. */
export type SaveState =
  /** Save offered: the plan the host keeps under this id. */
  | { kind: 'ready'; planId: string }
  /** No Save, and why (untrusted workspace, not signed in, the browser, no right to edit). */
  | { kind: 'absent'; reason: string }
  /** The file changed since the preview: the plan was dropped. */
  | { kind: 'stale'; reason: string }
  /** Confirmed and being sent. */
  | { kind: 'saving' }
  /** The wiki (or wikiq) refused: its words; nothing more can be saved from this preview. */
  | { kind: 'failed'; message: string }
  /** Saved: the new revision, its diff on the wiki, the account. `undo` is offered when there is a new revision. */
  | { kind: 'saved'; newrevid?: number; oldrevid?: number; diffUrl?: string; nochange: boolean; account: string; undo?: string };

export interface WriteView {
  facts: WriteFacts;
  /** MediaWiki's compare table rows as the wiki sent them: sanitised by the view before it enters the DOM. */
  diffHtml: string;
  save: SaveState;
}

/** Shows a write's preview above the tabs, or clears it (null: the panel shows a run). */
export interface WriteMessage {
  type: 'write';
  view: WriteView | null;
}

/** A plan id (engine/src/write/plans.ts: `crypto.randomUUID()`). */
export const isPlanId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);

const text = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_WRITE_TEXT;
const optText = (v: unknown) => v === undefined || text(v);
const optNum = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isSafeInteger(v));
const texts = (v: unknown) => Array.isArray(v) && v.length <= 50 && v.every(text);

const isPage = (p: unknown) => isObj(p) && text(p.param) && text(p.title) && typeof p.exists === 'boolean' && optNum(p.revid) && texts(p.protection)
  && (p.permission === undefined || (isObj(p.permission) && text(p.permission.action) && typeof p.permission.allowed === 'boolean' && texts(p.permission.reasons)));

function isFacts(f: unknown): f is WriteFacts {
  return isObj(f) && optText(f.module) && (f.pages === undefined || (Array.isArray(f.pages) && f.pages.length <= 50 && f.pages.every(isPage)))
    && (f.plan === undefined || texts(f.plan)) && optText(f.note) && text(f.title) && typeof f.exists === 'boolean' && optNum(f.revid) && optText(f.timestamp) && texts(f.protection)
    && typeof f.mayEdit === 'boolean' && texts(f.reasons) && text(f.account) && typeof f.anonymous === 'boolean' && text(f.wiki) && text(f.endpoint)
    && optText(f.summary) && (f.warnings === undefined || texts(f.warnings));
}

function isSaveState(s: unknown): s is SaveState {
  if (!isObj(s)) return false;
  switch (s.kind) {
    case 'ready': return isPlanId(s.planId);
    case 'absent': case 'stale': return text(s.reason);
    case 'saving': return true;
    case 'failed': return text(s.message);
    case 'saved': return optNum(s.newrevid) && optNum(s.oldrevid) && optText(s.diffUrl) && typeof s.nochange === 'boolean' && text(s.account) && optText(s.undo);
    default: return false;
  }
}

/** A write view as the view reads it: every field of the right type and bounded. */
export function isWriteView(v: unknown): v is WriteView {
  return isObj(v) && isFacts(v.facts) && typeof v.diffHtml === 'string' && v.diffHtml.length <= MAX_DIFF_HTML && isSaveState(v.save);
}
