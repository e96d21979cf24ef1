/** Small helpers for reading untrusted JSON, shared by the catalogue readers and the results vocabulary. */
export type JsonObject = Record<string, unknown>;
/** A plain object (not null, not an array). */
export declare const isObj: (v: unknown) => v is JsonObject;
