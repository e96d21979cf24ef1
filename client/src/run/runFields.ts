/**
 * What the client tells the language server after a run (`wikiq/runFields`, common/protocol.ts):
 * the record fields of the run's first table, the one `every`, `some` and `no` read, so completion on
 * the request's `??` lines offers them. Editor-free; the columns come from the first
 * SAMPLE_ROWS records (as the results view sizes its columns from a sample).
 */
import { MAX_RUN_FIELDS, runFieldsKey, type RunFieldsParams } from '../../../common/protocol';
import { columnsOf, findTables, parse, pickTable, preferredColumns, tableRows } from '../../../core/src';

const SAMPLE_ROWS = 200;

/** The fields of the run's first table of records, for request `index` of document `uri` (its text as run); undefined without a table. */
export function runFieldsOf(uri: string, text: string, index: number, result: unknown): RunFieldsParams | undefined {
  const request = parse(text).requests[index];
  const spec = pickTable(findTables(result));
  if (!request || !spec) return undefined;
  const fields = columnsOf(tableRows(result, spec).slice(0, SAMPLE_ROWS), preferredColumns(spec)).slice(0, MAX_RUN_FIELDS);
  return { uri, request: runFieldsKey(request.name, request.index), fields };
}
