/**
 * A test hook, not part of the results view's protocol (./messages): after each render the view
 * reports what it shows, so the real-editor tests (test/vscode) can wait for it. The view posts it
 * only when its page asks (`data-report-renders` on `#app`), which the host writes only when VS Code
 * runs the extension under its test harness (`ExtensionMode.Test`); the host reads it only then.
 */
import { isObj } from './json';
import { isTab } from './validate';
import type { TabId } from './messages';

/** What the view shows, after each render. */
export interface RenderedReport {
  type: 'rendered';
  tab: TabId;
  /** Table id shown in the Table tab (`allimages`, `pages`, `modules`…). */
  table?: string;
  /** Rows of the shown table after filtering. */
  rows: number;
  /** Text of the visible part of the shown tab (capped). */
  text: string;
  /** Text of the view's header: name, status, the paging or progress line (capped). */
  header?: string;
  /** Text of the run's assertions above the tabs, when it has some (capped). */
  assertions?: string;
  /** Text of a write's preview above the tabs (facts, Save, diff), when the panel shows one (capped). */
  write?: string;
}

/** The page attribute (on `#app`, as `data-report-renders="true"`) that asks the view for reports. */
export const REPORT_RENDERS_ATTRIBUTE = 'data-report-renders';

export const MAX_REPORT_TEXT = 100_000;

/** The report, when `m` is one (other fields dropped, text capped). */
export function parseRenderedReport(m: unknown): RenderedReport | undefined {
  if (!isObj(m) || m.type !== 'rendered' || !isTab(m.tab)) return undefined;
  if (m.table !== undefined && (typeof m.table !== 'string' || m.table.length > 200)) return undefined;
  if (typeof m.rows !== 'number' || !Number.isInteger(m.rows) || m.rows < 0 || typeof m.text !== 'string') return undefined;
  if (m.header !== undefined && typeof m.header !== 'string') return undefined;
  if (m.assertions !== undefined && typeof m.assertions !== 'string') return undefined;
  if (m.write !== undefined && typeof m.write !== 'string') return undefined;
  return {
    type: 'rendered', tab: m.tab, ...(m.table !== undefined ? { table: m.table } : {}), rows: m.rows, text: m.text.slice(0, MAX_REPORT_TEXT),
    ...(m.header !== undefined ? { header: m.header.slice(0, MAX_REPORT_TEXT) } : {}),
    ...(m.assertions !== undefined ? { assertions: m.assertions.slice(0, MAX_REPORT_TEXT) } : {}),
    ...(m.write !== undefined ? { write: m.write.slice(0, MAX_REPORT_TEXT) } : {}),
  };
}
