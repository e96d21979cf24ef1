/**
 * A request of a document, as every surface names it: the results panels (one per request), the
 * run history (kept per request), the Test Explorer's items and the record fields the client tells
 * the language server after a run (`wikiq/runFields`). One type and one key for all of them, here
 * because the client and the server both make it (common/ imports nothing).
 *
 * A request is named by its `###` title (titles survive edits above the request), `request N` when
 * it has none; a title repeated in the file is numbered ` (2)`, ` (3)`… in file order, so each
 * request of a document has its own key.
 */

/** One request of a document. */
export interface RequestRef {
  /** The document's URI (`Uri.toString()`). */
  readonly uri: string;
  /** Its place in the file, from 0. */
  readonly index: number;
  /** Its name: the `###` title, else `request N`; a repeated title numbered ` (2)`… */
  readonly title: string;
}

/** What a request's name is made from (core's RequestNode has both). */
export interface NamedRequest {
  readonly index: number;
  /** The text after `###`; undefined or empty without a title. */
  readonly name?: string;
}

/** The refs of a document's requests, in file order (`requests` as the parser lists them). */
export function requestRefs(uri: string, requests: readonly NamedRequest[]): RequestRef[] {
  const seen = new Map<string, number>();
  return requests.map((r) => {
    const base = r.name?.trim() || `request ${r.index + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { uri, index: r.index, title: n === 1 ? base : `${base} (${n})` };
  });
}

/** The ref of request `index` of a document (undefined when it has no such request). */
export function requestRefAt(uri: string, requests: readonly NamedRequest[], index: number): RequestRef | undefined {
  return requestRefs(uri, requests.slice(0, index + 1))[index];
}

/** The one key of a request: its document's URI, `#`, its title (a Test Explorer item's id, a panel's and a history's key). */
export function requestKey(ref: RequestRef): string {
  return `${ref.uri}#${ref.title}`;
}

/** The document's URI and the title of a key (`requestKey`); a key without `#` is a URI alone (a file's test item). */
export function parseRequestKey(key: string): { uri: string; title: string } {
  // `Uri.toString()` escapes a `#` of a path (%23): the first `#` ends the URI; a title may hold more.
  const i = key.indexOf('#');
  return i < 0 ? { uri: key, title: '' } : { uri: key.slice(0, i), title: key.slice(i + 1) };
}
