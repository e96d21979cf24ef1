export type TableKind = 'list' | 'pages' | 'paraminfo' | 'parameters' | 'objects' | 'keyvalue';
export interface TableSpec {
    /** Unique id: the path joined by '.', e.g. `query.allimages`. */
    id: string;
    /** The member name (`allimages`, `pages`, `modules`, `parameters`): what export's `table` names. */
    name: string;
    /** Where the table's data is in the result. */
    path: string[];
    kind: TableKind;
}
/** A table with its rows and columns. */
export interface ResultTable extends TableSpec {
    columns: string[];
    rows: unknown[];
}
/** The tables of a merged result, in the result's member order. */
export declare function findTables(result: unknown): TableSpec[];
export declare function getPath(root: unknown, path: readonly string[]): unknown;
/** The rows of a table. For lists and fv2 pages this is the array itself (appends show up). */
export declare function tableRows(result: unknown, spec: TableSpec): unknown[];
/** The preferred columns of a table (its usual order). */
export declare function preferredColumns(spec: TableSpec): readonly string[];
/** Tables of records (lists, pages, paraminfo modules), as opposed to derived ones and members shown as key/value. */
export declare const isRecordTable: (spec: TableSpec) => boolean;
/** Every table of a result with its rows and columns. */
export declare function resultTables(result: unknown): ResultTable[];
/** The table a single-table export or view starts with: `name` when given, else the first table of records. */
export declare function pickTable<T extends TableSpec>(tables: readonly T[], name?: string): T | undefined;
/** Records in the result's tables (paraminfo modules count as records, their parameters do not add to them). */
export declare function recordCount(result: unknown): number;
