/**
 * Which tables a result has, their rows, columns, cell text and sort order, and the copy of the
 * model kept across reloads: the one thing the view takes from outside client/media and
 * client/shared. These live with the host's table code (being moved to `core/src/results/`), so
 * only this file names where they are.
 */
export {
  ColumnSet, PREFERRED_COLUMNS, cellText, cellValue, compareCells, findTables, recordCount, tableRows, truncateForState,
} from '../../src/results/model';
export type { TableSpec } from '../../src/results/model';
