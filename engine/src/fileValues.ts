/**
 * Values read from files (`name = < ./page.wiki`, core's blockValue.ts): the parser records the
 * path, the resolver reads the file here, relative to the `.wikiq` file's folder, bounded in size,
 * and only where the caller allows (an untrusted workspace: inside its folders). Node's; the web
 * bundles take fileValues.web.ts (scripts/webBuild.mjs).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResolveError } from './errors';
import { FILE_VALUE_LIMIT, type FileValues } from './fileValueOptions';


/**
 * The text of the file `written` (as the parameter `name` on the 0-based `line` names it): read
 * whole, as UTF-8, exactly (no newline added or removed). A missing file, a folder, a file over
 * `FILE_VALUE_LIMIT` or one outside what `files` allows is a ResolveError naming the file.
 */
export function readFileValue(written: string, name: string, line: number, files: FileValues | undefined): string {
  const at = `Line ${line + 1}: ${name} is not sent:`;
  if (!files) throw new ResolveError(`${at} the value is read from the file '${written}', and this request has no file to read it relative to.`, line);
  const absolute = path.resolve(files.base, written);
  if (files.folders && !files.folders.some((f) => isInside(path.resolve(f), absolute))) throw new ResolveError(`${at} '${written}' (${absolute}) is outside the workspace folder, which an untrusted workspace does not read.`, line);
  let size: number;
  try {
    const st = fs.statSync(absolute);
    if (!st.isFile()) throw new ResolveError(`${at} '${written}' (${absolute}) is not a file.`, line);
    size = st.size;
  } catch (e) {
    if (e instanceof ResolveError) throw e;
    throw new ResolveError(`${at} the file '${written}' (${absolute}) does not exist or cannot be read.`, line);
  }
  if (size > FILE_VALUE_LIMIT) throw new ResolveError(`${at} the file '${written}' holds ${size.toLocaleString('en')} bytes, more than a value read from a file may (${FILE_VALUE_LIMIT.toLocaleString('en')} bytes, 2 MiB).`, line);
  try {
    // Read through one descriptor, at most the bound and one byte: a file grown since its size was read is still refused.
    const fd = fs.openSync(absolute, 'r');
    try {
      const buf = Buffer.alloc(FILE_VALUE_LIMIT + 1);
      let n = 0;
      for (let r = 1; r > 0 && n < buf.length; n += r) r = fs.readSync(fd, buf, n, buf.length - n, null);
      if (n > FILE_VALUE_LIMIT) throw new ResolveError(`${at} the file '${written}' holds more than a value read from a file may (${FILE_VALUE_LIMIT.toLocaleString('en')} bytes, 2 MiB).`, line);
      return new TextDecoder('utf-8').decode(buf.subarray(0, n));
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    if (e instanceof ResolveError) throw e;
    throw new ResolveError(`${at} the file '${written}' (${absolute}) cannot be read: ${(e as Error).message}`, line);
  }
}

/** Whether the file at `uri` exists (LanguageServiceParams `fileExists`); a URI that is no `file:` one cannot be looked at and counts as there. */
export function fileExistsAt(uri: string): boolean {
  if (!uri.startsWith('file:')) return true;
  try {
    return fs.statSync(fileURLToPath(uri)).isFile();
  } catch {
    return false;
  }
}

/** Whether `absolute` is `folder` or inside it. */
function isInside(folder: string, absolute: string): boolean {
  const rel = path.relative(folder, absolute);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
