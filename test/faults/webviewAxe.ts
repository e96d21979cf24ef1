/**
 * axe-core (Deque's accessibility engine, the standard one) run inside the results view's page in
 * chromium: its script is evaluated into the page through the browser's debugging protocol (the
 * page's CSP, which allows no script but the view's own, stays on), then `axe.run` checks the
 * whole document as it is drawn — hidden panels are skipped by axe itself.
 */
import * as fs from 'node:fs';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { WebviewPage } from './webviewPage';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts a change may not bring: a blocker for someone (axe's two highest). */
export const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

/** One violation of a rule, with the elements that break it (at most five named). */
export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** axe could not decide and asks for a review ("incomplete"): an `aria-label` on an element with no role that takes a name is one. */
  review: boolean;
  nodes: string[];
}

/**
 * What axe leaves for review that is not a fault here: a colour contrast it cannot work out (text
 * over an image or a gradient; test/webviewMeasure.ts measures those from the rendered colours),
 * and a visible label that is a symbol (↑ ↓ ✕ with an aria-label: axe asks for review only when
 * the visible text is not words, and WCAG 2.5.3 exempts symbols; a real mismatch is a violation).
 */
const NOT_FAULTS_FOR_REVIEW = new Set(['color-contrast', 'label-content-name-mismatch']);

/** The violations of `impacts` in the page as it is drawn now, and what axe leaves for review at those impacts. */
export async function axeViolations(w: WebviewPage, impacts: readonly ImpactValue[] = BLOCKING): Promise<Violation[]> {
  if (!(await w.page.evaluate(() => 'axe' in window))) await w.page.evaluate(AXE_SOURCE);
  const results = await w.page.evaluate(() => (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations', 'incomplete'] }));
  const review = results.incomplete.filter((v) => !NOT_FAULTS_FOR_REVIEW.has(v.id));
  return [...results.violations.map((v) => ({ v, review: false })), ...review.map((v) => ({ v, review: true }))]
    .filter(({ v }) => v.impact && impacts.includes(v.impact))
    .map(({ v, review }) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      review,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ')}`),
    }));
}

/** Violations as lines a failing test prints: the rule, its impact and help, each element and why. */
export function describeViolations(where: string, vs: Violation[]): string {
  return `${where}: ${vs.length} serious or critical axe violation(s)\n${vs.map((v) => `- ${v.rule} (${v.impact}${v.review ? ', for review' : ''}): ${v.help}\n${v.nodes.map((n) => `    ${n}`).join('\n')}`).join('\n')}`;
}
