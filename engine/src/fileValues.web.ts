/**
 * fileValues.ts in the web bundles (scripts/webBuild.mjs): a browser reads no local file, so a
 * value read from a file is an error there, and no file is looked at.
 */
import { ResolveError } from './errors';
import type { FileValues } from './fileValueOptions';

export function readFileValue(written: string, name: string, line: number, _files: FileValues | undefined): string {
  throw new ResolveError(`Line ${line + 1}: ${name} is not sent: the value is read from the file '${written}', and files are not read in the browser.`, line);
}

/** In the browser no file can be looked at: every one counts as there. */
export function fileExistsAt(_uri: string): boolean {
  return true;
}
