/** Column orders for known tables; other fields follow in first-seen order. */
export declare const PREFERRED_COLUMNS: Record<string, string[]>;
/** Incrementally collected columns of a table: preferred ones first, then in first-seen order. */
export declare class ColumnSet {
    private readonly preferred;
    private readonly seen;
    private readonly others;
    private scanned;
    constructor(preferred?: readonly string[]);
    /** Scans rows from where the last call stopped; returns true when new columns appeared. */
    update(rows: readonly unknown[]): boolean;
    reset(): void;
    get columns(): string[];
}
export declare function columnsOf(rows: readonly unknown[], preferred?: readonly string[]): string[];
/** A cell's value: records by column, plain values (lists of strings) as `value`. */
export declare function cellValue(row: unknown, column: string): unknown;
/** Plain text of a value, for CSV, the CLI's table, filtering and copying: strings as is, the rest as JSON. */
export declare function cellText(v: unknown): string;
