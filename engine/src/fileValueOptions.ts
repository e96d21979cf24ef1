/**
 * Where values read from files (`name = < ./page.wiki`, core's blockValue.ts) are read from: the
 * resolver's `files` option. The reading itself is fileValues.ts (Node) or fileValues.web.ts (the
 * browser, which reads none).
 */

/** The most a value read from a file may hold: 2 MiB. */
export const FILE_VALUE_LIMIT = 2 * 1024 * 1024;

/** Where file values are read from; without it (a request given as text alone), a file value is an error. */
export interface FileValues {
  /** The folder relative paths start from: the `.wikiq` file's. */
  readonly base: string;
  /** When given (an untrusted workspace): only files inside these folders are read. */
  readonly folders?: readonly string[];
}
