/**
 * Files a tool's request may read, all inside the folder the server was started with (`--files-dir`,
 * its real path): a `.wikiq` file given as `file` (one request of it chosen by `name`), and values
 * read from files (`text = < ./page.wiki`), relative to that `.wikiq` file or, for a request given
 * as text, to the folder itself. Without `--files-dir` neither is read. The folder bound is checked
 * on real paths (a symbolic link inside it that leads out is refused), the engine's FileValues bound
 * the value's size (engine/src/fileValues.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listRequests, selectRequest, type FileValues } from '../../../engine/src';
import { paramsOf, parse, requestCount, requestOf } from '../../../core/src';
import { ToolRefusal } from './wikis';

/** A request chosen in a file: its index, and its lines (0-based, inclusive) for its diagnostics. */
export interface FileRequest {
  text: string;
  index: number;
  lines: { from: number; to: number };
  files: FileValues;
}

const NO_FOLDER = 'this server was started without --files-dir, so it reads no file: give the request as text (a value over several lines in the block form), or start it with --files-dir DIR';

/** Whether `absolute` is `folder` or inside it. */
function isInside(folder: string, absolute: string): boolean {
  const rel = path.relative(folder, absolute);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Where a request given as text reads its file values: the folder, bound to it; none without one. */
export function textFiles(filesDir: string | undefined): FileValues | undefined {
  return filesDir ? { base: filesDir, folders: [filesDir] } : undefined;
}

/**
 * The file values the request `index` of `text` reads (`name = < path`), refused here unless each is a file inside the
 * folder by its real path, so that a link cannot lead a read out of it; the engine then reads them
 * (bounded) relative to `base`.
 */
export function checkFileValues(text: string, index: number, files: FileValues | undefined): void {
  const file = parse(text);
  const request = index >= 0 && index < requestCount(file) ? requestOf(file, index) : undefined;
  for (const p of request ? paramsOf(request) : []) {
    const written = p.value?.file;
    if (written === undefined) continue;
    if (!files?.folders) throw new ToolRefusal(`${p.name} is read from the file '${written}', but ${NO_FOLDER}.`);
    let real: string;
    try {
      real = fs.realpathSync(path.resolve(files.base, written));
    } catch {
      throw new ToolRefusal(`${p.name} is read from the file '${written}', which does not exist in the folder this server reads (--files-dir).`);
    }
    if (!files.folders.some((f) => isInside(f, real))) throw new ToolRefusal(`${p.name} is read from '${written}', which is outside the folder this server reads (--files-dir): nothing was read.`);
  }
}

/** The `.wikiq` file `file` (inside `filesDir`, at most `maxChars`), and the request `name` of it (its ### title or number; default the first). */
export function requestInFile(filesDir: string | undefined, file: string, name: string | undefined, maxChars: number): FileRequest {
  if (!filesDir) throw new ToolRefusal(`file: ${NO_FOLDER}.`);
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(filesDir, file));
  } catch {
    throw new ToolRefusal(`file: '${file}' does not exist in the folder this server reads (${filesDir}).`);
  }
  if (!isInside(filesDir, real)) throw new ToolRefusal(`file: '${file}' is outside the folder this server reads (${filesDir}): nothing was read.`);
  const st = fs.statSync(real);
  if (!st.isFile()) throw new ToolRefusal(`file: '${file}' is not a file.`);
  if (st.size > maxChars) throw new ToolRefusal(`file: '${file}' holds ${st.size.toLocaleString('en')} bytes; a request file may hold ${maxChars.toLocaleString('en')}.`);
  const text = fs.readFileSync(real, 'utf8');
  const parsed = parse(text);
  if (!listRequests(parsed).length) throw new ToolRefusal(`file: '${file}' has no request.`);
  let request;
  try {
    request = selectRequest(parsed, name === undefined ? { index: listRequests(parsed)[0].index } : { name });
  } catch (e) {
    throw new ToolRefusal(`file: '${file}': ${(e as Error).message}`);
  }
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length - 1;
  return {
    text, index: request.index,
    lines: { from: lineOf(request.span.start), to: lineOf(request.span.end) },
    files: { base: path.dirname(real), folders: [filesDir] },
  };
}
