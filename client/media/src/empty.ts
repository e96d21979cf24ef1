/**
 * What the view says where there is nothing to show: "No records", then what the wiki said (its
 * first error, as text) or why the run stopped, so an empty table or an empty result is never a
 * blank area or a bare `{}`.
 */
import type { ResultsModel } from '../../shared/model';
import { runStatus } from '../../shared/tables';
import { h } from './dom';

/** The sentence after "No records.": the wiki's first error, the failure, or what an empty answer means. */
export function emptyReason(m: ResultsModel): string {
  const e = m.errors[0];
  if (e) return `The wiki said: ${[e.module, e.code].filter(Boolean).join(' · ')}${e.code || e.module ? ' — ' : ''}${e.text}`;
  if (m.failure) return `The run stopped: ${m.failure}`;
  const status = runStatus(m);
  if (status === 'complete') return 'The wiki answered with an empty result.';
  return 'Nothing was received before the run stopped.';
}

export function emptyState(m: ResultsModel, what = 'No records.'): HTMLElement {
  return h('div', { class: 'empty', role: 'status' }, h('strong', null, what), ' ', h('span', { class: 'empty-reason' }, emptyReason(m)));
}

/** A result with nothing in it (`{}`, or only `batchcomplete`). */
export function isEmptyResult(result: unknown): boolean {
  if (typeof result !== 'object' || result === null) return true;
  return Object.keys(result).every((k) => k === 'batchcomplete' || k === 'continue' || k === 'warnings' || k === 'errors');
}
