/**
 * What the client tells the language server after a run (`wikiq/runFields`, common/protocol.ts):
 * the record fields of the run's first table, the one `every`, `some` and `no` read, so completion on
 * the request's `??` lines offers them. Editor-free; the columns come from the first
 * SAMPLE_ROWS records (as the results view sizes its columns from a sample). The request is named
 * by its `RequestRef` title (common/requestRef.ts), as the server names it.
 */
import { MAX_RUN_FIELDS, type RunFieldsParams } from '../../../common/protocol';
import type { RequestRef } from '../../../common/requestRef';
import { columnsOf, findTables, pickTable, preferredColumns, tableRows } from '../../../core/src';

const SAMPLE_ROWS = 200;

/** The fields of the run's first table of records, for request `ref`; undefined without a table. */
export function runFieldsOf(ref: RequestRef, result: unknown): RunFieldsParams | undefined {
  const spec = pickTable(findTables(result));
  if (!spec) return undefined;
  const fields = columnsOf(tableRows(result, spec).slice(0, SAMPLE_ROWS), preferredColumns(spec)).slice(0, MAX_RUN_FIELDS);
  return { uri: ref.uri, request: ref.title, fields };
}
